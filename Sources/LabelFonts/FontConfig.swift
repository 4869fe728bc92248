import CFontconfig
import LabelCore

/// A font found by fontconfig: a file and a face index, plus what the caller needs to
/// decide between candidates.
struct FontMatch: Hashable, Sendable {
    var path: String
    var index: Int
    var family: String
    var weight: Int
}

/// One fontconfig configuration: either only the bundled font folder, or the host's
/// fonts. Keeping them apart is what makes output independent of the host whenever the
/// bundled fonts cover the text.
final class FontConfig: @unchecked Sendable {
    // @unchecked: fontconfig configurations are not thread-safe while being built; this
    // one is fully built in init and afterwards only queried under `lock`.
    private let config: OpaquePointer
    private let lock = Lock()

    /// A configuration holding exactly the fonts in `directories`, nothing of the host's.
    init(bundledDirectories directories: [String]) {
        // The host's configuration file gives cache folders and rules, but its font
        // list is never built: only the application fonts added here are searched.
        let config = FcInitLoadConfig() ?? FcConfigCreate()!
        for directory in directories {
            _ = FcConfigAppFontAddDir(config, directory)
        }
        self.config = config
    }

    /// The host's configuration (its fonts.conf and installed fonts).
    init?(host: Void) {
        guard let config = FcInitLoadConfigAndFonts() else { return nil }
        self.config = config
    }

    deinit {
        FcConfigDestroy(config)
    }

    /// Fonts ordered by how well they match `family`, `weight`, `italic` and `language`,
    /// best first. fontconfig substitutes generic names ("sans-serif") on host configs.
    func sorted(family: String?, weight: Int, italic: Bool, language: String?) -> [FontMatch] {
        lock.withLock {
            let pattern = FcPatternCreate()!
            defer { FcPatternDestroy(pattern) }
            if let family {
                _ = FcPatternAddString(pattern, CFontconfig_FAMILY, family)
            }
            _ = FcPatternAddInteger(pattern, CFontconfig_WEIGHT, FcWeightFromOpenType(Int32(weight)))
            _ = FcPatternAddInteger(pattern, CFontconfig_SLANT, italic ? Int32(FC_SLANT_ITALIC) : Int32(FC_SLANT_ROMAN))
            if let language, !language.isEmpty {
                _ = FcPatternAddString(pattern, CFontconfig_LANG, language)
            }
            _ = FcConfigSubstitute(config, pattern, FcMatchPattern)
            FcDefaultSubstitute(pattern)
            var result = FcResultNoMatch
            guard let set = FcFontSort(config, pattern, FcFalse, nil, &result) else { return [] }
            defer { FcFontSetDestroy(set) }
            var matches: [FontMatch] = []
            let count = Int(set.pointee.nfont)
            matches.reserveCapacity(count)
            for i in 0..<count {
                guard let font = set.pointee.fonts[i] else { continue }
                if let match = Self.match(from: font) { matches.append(match) }
            }
            return matches
        }
    }

    private static func match(from pattern: OpaquePointer) -> FontMatch? {
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, CFontconfig_FILE, 0, &file) == FcResultMatch, let file else {
            return nil
        }
        var index: Int32 = 0
        _ = FcPatternGetInteger(pattern, CFontconfig_INDEX, 0, &index)
        var familyName: UnsafeMutablePointer<FcChar8>?
        var family = ""
        if FcPatternGetString(pattern, CFontconfig_FAMILY, 0, &familyName) == FcResultMatch, let familyName {
            family = String(cString: familyName)
        }
        var weight: Int32 = Int32(FC_WEIGHT_REGULAR)
        _ = FcPatternGetInteger(pattern, CFontconfig_WEIGHT, 0, &weight)
        return FontMatch(
            path: String(cString: file), index: Int(index), family: family,
            weight: Int(FcWeightToOpenType(weight)))
    }
}
