import Foundation
import StyledText

/// Where fonts come from: the bundled font folders, searched first and alone whenever
/// they cover the text, then (optionally) the host's installed fonts.
public struct FontSources: Sendable, Hashable {
    /// Folders of bundled fonts (the project's `Fonts/`).
    public var bundledDirectories: [String]
    /// Whether characters no bundled font covers may use the host's fonts.
    public var useHostFonts: Bool
    /// Folders against which relative `font.files` paths are resolved, in order.
    public var fileSearchDirectories: [String]

    public init(bundledDirectories: [String], useHostFonts: Bool = true, fileSearchDirectories: [String] = []) {
        self.bundledDirectories = bundledDirectories
        self.useHostFonts = useHostFonts
        self.fileSearchDirectories = fileSearchDirectories
    }

    /// The bundled font folder: `$LABELGEN_FONTS` if set, else the first `Fonts/` folder
    /// found walking up from the executable, then from the current directory.
    public static func locateBundledFonts() -> [String] {
        if let explicit = ProcessInfo.processInfo.environment["LABELGEN_FONTS"], !explicit.isEmpty {
            return explicit.split(separator: ":").map(String.init)
        }
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        let starts = [executable.deletingLastPathComponent(),
                      URL(fileURLWithPath: FileManager.default.currentDirectoryPath)]
        for start in starts {
            var folder = start.standardizedFileURL
            while true {
                let candidate = folder.appendingPathComponent("Fonts")
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), isDirectory.boolValue {
                    return [candidate.path]
                }
                let parent = folder.deletingLastPathComponent()
                if parent.path == folder.path { break }
                folder = parent
            }
        }
        return []
    }
}

/// Resolves a style's font to faces and finds fallback faces per character, caching
/// every face it opens. Shared by all threads of an engine.
final class FontResolver: @unchecked Sendable {
    // @unchecked: all mutable state (the caches) is guarded by `lock`.
    let sources: FontSources
    private let bundled: FontConfig
    private var host: FontConfig??
    private var faces: [FontMatch: FontFace] = [:]
    private var chains: [ChainKey: [FontFace]] = [:]
    private var hostFallbacks: [HostKey: FontFace?] = [:]
    private let lock = Mutex()

    private struct ChainKey: Hashable {
        var family: String?
        var files: [String]
        var weight: Int
        var italic: Bool
        var language: String
    }

    private struct HostKey: Hashable {
        var scalars: [UInt32]
        var weight: Int
    }

    init(sources: FontSources) {
        self.sources = sources
        self.bundled = FontConfig(bundledDirectories: sources.bundledDirectories)
    }

    /// The faces to try for `font` in `language`, best first: the style's own face, then
    /// every bundled face in fontconfig's order of preference for that language.
    func chain(for font: FontSpec, language: String) throws(LayoutError) -> [FontFace] {
        let key = ChainKey(family: font.family, files: font.files, weight: font.weight,
                           italic: font.italic, language: language)
        if let cached = lock.withLock({ chains[key] }) { return cached }

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
        let family = font.family ?? "Noto Sans"
        let sorted = bundled.sorted(family: family, weight: font.weight, italic: font.italic, language: language)
        if font.files.isEmpty {
            if let exact = sorted.first(where: { $0.family.caseInsensitiveCompare(family) == .orderedSame }) {
                chain.append(try face(exact))
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
        let result = chain
        lock.withLock { chains[key] = result }
        return result
    }

    /// A host face covering every one of `scalars`, when no bundled face does.
    func hostFallback(for scalars: [UInt32], weight: Int, language: String) -> FontFace? {
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

    private func face(_ match: FontMatch) throws(LayoutError) -> FontFace {
        if let cached = lock.withLock({ faces[match] }) { return cached }
        let face = try FontFace(path: match.path, index: match.index, family: match.family, weight: match.weight)
        return lock.withLock {
            if let raced = faces[match] { return raced }
            faces[match] = face
            return face
        }
    }

    private func locate(_ file: String) throws(LayoutError) -> String {
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
