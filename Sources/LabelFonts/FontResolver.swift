import Foundation
import StyledText

/// Resolves a style's font to faces and finds fallback faces per character, caching
/// every face it opens. Shared by all threads of an engine.
package final class FontResolver: @unchecked Sendable {
    // @unchecked: all mutable state (the caches) is guarded by `lock`.
    let sources: FontSources
    private let bundled: FontConfig
    private var host: FontConfig??
    private var faces: [FontMatch: FontFace] = [:]
    /// Variable-font instances by file, face and resolved axis values, so every chain
    /// that asks for the same instance gets the same object (and its outline cache).
    private var instances: [InstanceKey: FontFace] = [:]
    private var chains: [ChainKey: [FontFace]] = [:]
    private var hostFallbacks: [HostKey: FontFace?] = [:]
    private let lock = Lock()

    private struct ChainKey: Hashable {
        var family: String?
        var files: [String]
        var weight: Int
        var italic: Bool
        var metrics: VerticalMetrics
        var variations: [String: Double]
        var language: String
    }

    private struct InstanceKey: Hashable {
        var path: String
        var index: Int
        var variations: [String: Double]
    }

    private struct HostKey: Hashable {
        var scalars: [UInt32]
        var weight: Int
    }

    package init(sources: FontSources) {
        self.sources = sources
        self.bundled = FontConfig(bundledDirectories: sources.bundledDirectories)
    }

    /// The faces to try for `font` in `language`, best first: the style's own face, then
    /// every bundled face in fontconfig's order of preference for that language.
    package func chain(for font: FontSpec, language: String) throws(FontError) -> [FontFace] {
        let key = ChainKey(family: font.family, files: font.files, weight: font.weight,
                           italic: font.italic, metrics: font.metrics, variations: font.variations, language: language)
        if let cached = lock.withLock({ chains[key] }) { return cached }
        try checkBundledFolders(needed: font.files.isEmpty)

        var chain: [FontFace] = []
        if !font.files.isEmpty {
            for file in font.files {
                let path = try locate(file)
                guard let info = FontFileInfo.read(path: path, index: 0) else {
                    throw .fontUnreadable(path: path, reason: "it is not a font file FreeType can read")
                }
                chain.append(try face(FontMatch(path: path, index: 0, family: info.family, weight: info.weight)))
            }
        }
        let family = font.family ?? FontSpec.defaultFamily
        let sorted = Self.choosingMetrics(
            font.metrics, in: bundled.sorted(family: family, weight: font.weight, italic: font.italic, language: language))
        if font.files.isEmpty {
            if let own = Self.ownFace(family, metrics: font.metrics, in: sorted) {
                chain.append(try face(own))
            } else if let hostMatch = hostConfig()?.sorted(family: family, weight: font.weight, italic: font.italic, language: language)
                .first(where: { $0.family.caseInsensitiveCompare(family) == .orderedSame }) {
                chain.append(try face(hostMatch))
            } else {
                throw .fontNotFound(family: family, searched: sources.bundledDirectories + (sources.useHostFonts ? ["installed fonts"] : []))
            }
        }
        // Fallbacks: one face per family, the weight closest to the style's first.
        var seenFamilies = Set(chain.map { $0.family.lowercased() })
        let byCloseness = sorted.sorted {
            abs($0.weight - font.weight) < abs($1.weight - font.weight)
        }
        for match in sorted where !seenFamilies.contains(match.family.lowercased()) {
            let best = byCloseness.first { $0.family == match.family } ?? match
            seenFamilies.insert(match.family.lowercased())
            if let face = try? face(best) { chain.append(face) }
        }
        // Axis values apply to every face of the chain that has the axis, fallbacks
        // included, as CSS's font-variation-settings does.
        let result = chain.map { instance(of: $0, variations: font.variations, weight: font.weight) }
        lock.withLock { chains[key] = result }
        return result
    }

    /// A missing bundled folder is an error, never a quiet switch to other fonts. Without
    /// any folder, only a style that pins its own files can be laid out.
    private func checkBundledFolders(needed: Bool) throws(FontError) {
        let missing = sources.bundledDirectories.filter { folder in
            var isDirectory: ObjCBool = false
            return !FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) || !isDirectory.boolValue
        }
        if !missing.isEmpty {
            throw .bundledFontsMissing(searched: missing)
        }
        if needed && sources.bundledDirectories.isEmpty && !sources.useHostFonts {
            throw .bundledFontsMissing(searched: FontSources.bundledSearchPlaces)
        }
    }

    /// The face a style's family names. Region-specific names of a CJK family ("Noto Sans
    /// CJK TC") find the bundled multi-region face of that family, whose `locl` feature
    /// gives the forms of the label's language. In compact metrics a family with a UI
    /// version ("Noto Sans Arabic UI") is drawn with that version.
    static func ownFace(_ family: String, metrics: VerticalMetrics, in sorted: [FontMatch]) -> FontMatch? {
        func named(_ name: String) -> FontMatch? {
            sorted.first { $0.family.caseInsensitiveCompare(name) == .orderedSame }
        }
        if metrics == .compact, let compact = named(family + " UI") { return compact }
        if let exact = named(family) { return exact }
        let base = regionless(family)
        guard base != family.lowercased() else { return nil }
        return sorted.first { regionless($0.family) == base }
    }

    /// Keeps one of each pair of a tall-metric family and its UI version: the UI version
    /// for compact metrics, the original for tall ones.
    static func choosingMetrics(_ metrics: VerticalMetrics, in sorted: [FontMatch]) -> [FontMatch] {
        let families = Set(sorted.map { $0.family.lowercased() })
        return sorted.filter { match in
            let name = match.family.lowercased()
            switch metrics {
            case .compact: return !families.contains(name + " ui")
            case .tall: return !(name.hasSuffix(" ui") && families.contains(String(name.dropLast(3))))
            }
        }
    }

    /// "noto sans cjk" for "Noto Sans CJK JP", "… SC", "… TC", "… HK" and "… KR".
    static func regionless(_ family: String) -> String {
        let name = family.lowercased()
        for region in [" jp", " sc", " tc", " hk", " kr"] where name.hasSuffix(region) {
            return String(name.dropLast(region.count))
        }
        return name
    }

    /// A host face covering every one of `scalars`, when no bundled face does.
    package func hostFallback(for scalars: [UInt32], weight: Int, language: String) -> FontFace? {
        guard sources.useHostFonts else { return nil }
        let key = HostKey(scalars: scalars, weight: weight)
        if let cached = lock.withLock({ hostFallbacks[key] }) { return cached }
        var found: FontFace?
        if let host = hostConfig() {
            for match in host.sorted(family: "sans-serif", weight: weight, italic: false, language: language) {
                guard let face = try? face(match) else { continue }
                if scalars.allSatisfy({ Unicode.Scalar($0).map(face.covers) ?? false }) {
                    found = face
                    break
                }
            }
        }
        lock.withLock { hostFallbacks[key] = found }
        return found
    }

    private func hostConfig() -> FontConfig? {
        guard sources.useHostFonts else { return nil }
        return lock.withLock {
            if let host { return host }
            let loaded = FontConfig(host: ())
            host = .some(loaded)
            return loaded
        }
    }

    private func instance(of face: FontFace, variations: [String: Double], weight: Int) -> FontFace {
        let resolved = face.resolvedVariations(variations, weight: weight)
        guard !resolved.isEmpty else { return face }
        let key = InstanceKey(path: face.path, index: face.index, variations: resolved)
        if let cached = lock.withLock({ instances[key] }) { return cached }
        let made = face.instance(at: resolved)
        return lock.withLock {
            if let raced = instances[key] { return raced }
            instances[key] = made
            return made
        }
    }

    private func face(_ found: FontMatch) throws(FontError) -> FontFace {
        // fontconfig lists each named instance of a variable font ("Inter Bold") as the
        // face index plus the instance number times 65536. The face itself is opened at
        // its defaults; the style's weight and axis values then pick the instance.
        var match = found
        if match.index >> 16 != 0 {
            match.index &= 0xFFFF
            match.weight = 400
        }
        if let cached = lock.withLock({ faces[match] }) { return cached }
        let face = try FontFace(path: match.path, index: match.index, family: match.family, weight: match.weight)
        return lock.withLock {
            if let raced = faces[match] { return raced }
            faces[match] = face
            return face
        }
    }

    private func locate(_ file: String) throws(FontError) -> String {
        if file.hasPrefix("/") {
            guard FileManager.default.fileExists(atPath: file) else {
                throw .fontUnreadable(path: file, reason: "no such file")
            }
            return file
        }
        let folders = sources.fileSearchDirectories + [FileManager.default.currentDirectoryPath]
        for folder in folders {
            let candidate = URL(fileURLWithPath: folder).appendingPathComponent(file).standardizedFileURL.path
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
        }
        throw .fontUnreadable(path: file, reason: "no such file (looked in \(folders.joined(separator: ", ")))")
    }
}
