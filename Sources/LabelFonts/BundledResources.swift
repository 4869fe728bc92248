import Foundation
import LabelgenFonts
import LabelgenHyphenation

/// Where the files of one of Labelgen's resource targets are at run time.
///
/// SwiftPM copies them, as resources of the target, into a bundle next to every
/// executable that links Labelgen, including a client package's executables and test
/// runners. The target's source folder itself is the second choice, for a binary that was
/// moved away from its bundle while the package checkout is still there.
package struct ResourceLocator: Sendable {
    /// Every place looked at, in order, for error messages.
    package let candidates: [String]
    /// The first of ``candidates`` that holds a resource file, or `nil`.
    package let directory: String?

    /// - Parameters:
    ///   - target: The resource target's name, e.g. `LabelgenFonts`.
    ///   - sourceFolder: The target's folder in the package checkout.
    ///   - holds: Whether a file name is one of the target's resources.
    package init(target: String, sourceFolder: String, holds: (String) -> Bool) {
        var places: [String] = []
        // SwiftPM names the bundle `<package>_<target>.resources`; the package part
        // depends on how the client named the dependency, so any prefix is accepted.
        // A build tool plugin's copy of labelgen is built for the host as `labelgen-tool`,
        // beside `<package>_<target>-tool.resources`.
        let executableFolder = URL(fileURLWithPath: CommandLine.arguments.first ?? "")
            .resolvingSymlinksInPath().deletingLastPathComponent()
        for folder in [Bundle.main.bundleURL, executableFolder] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in names.sorted()
                where name.hasSuffix("_\(target).resources") || name.hasSuffix("_\(target)-tool.resources") {
                let path = folder.appendingPathComponent(name).path
                if !places.contains(path) { places.append(path) }
            }
        }
        places.append(sourceFolder)
        candidates = places
        directory = places.first { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).contains(where: holds)
        }
    }
}

/// Where the bundled fonts (the package's `Fonts/` folder) are at run time; see
/// `ResourceLocator` for where it looks.
public enum BundledFonts {
    /// The folder holding the bundled font files, or `nil` when neither the resource
    /// bundle nor the package's `Fonts/` folder can be found.
    public static var directory: String? { locator.directory }

    /// Every place looked at, in order, for error messages.
    public static var searchedPlaces: [String] { locator.candidates }

    private static let locator = ResourceLocator(target: "LabelgenFonts", sourceFolder: LabelgenFontsSource.folder) {
        $0.hasSuffix(".ttf") || $0.hasSuffix(".otf")
    }
}

/// Where the hyphenation dictionaries (the package's `Hyphenation/` folder) are at run
/// time, found as the fonts are.
public enum BundledHyphenation {
    /// The dictionary file of each language that has one, by ISO 639-1 code.
    public static let files: [String: String] = [
        "de": "hyph_de_DE.dic",
        "en": "hyph_en_US.dic",
        "fi": "hyph_fi.dic",
        "nl": "hyph_nl_NL.dic",
    ]

    /// The folder holding the dictionaries, or `nil` when neither the resource bundle nor
    /// the package's `Hyphenation/` folder can be found.
    public static var directory: String? { locator.directory }

    /// The path of `language`'s dictionary (an ISO 639-1 code such as "de"), or `nil`
    /// when Labelgen has none for it or the folder is missing.
    public static func dictionary(for language: String) -> String? {
        guard let name = files[language], let directory else { return nil }
        return URL(fileURLWithPath: directory).appendingPathComponent(name).path
    }

    private static let locator = ResourceLocator(target: "LabelgenHyphenation", sourceFolder: LabelgenHyphenationSource.folder) {
        $0.hasSuffix(".dic")
    }
}
