import Foundation

/// Where the hyphenation dictionaries of this folder are at run time.
///
/// SwiftPM copies them, as resources of the `LabelgenHyphenation` target, into a bundle
/// next to every executable that links Labelgen. The source folder itself is the second
/// choice, for a binary moved away from its bundle while the package checkout is there.
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
    public static let directory: String? = candidates.first(where: containsDictionaries)

    /// The path of `language`'s dictionary (an ISO 639-1 code such as "de"), or `nil`
    /// when Labelgen has none for it or the folder is missing.
    public static func dictionary(for language: String) -> String? {
        guard let name = files[language], let directory else { return nil }
        return URL(fileURLWithPath: directory).appendingPathComponent(name).path
    }

    private static let candidates: [String] = {
        var places: [String] = []
        // As for the fonts: the bundle is `<package>_<target>.resources`, any package
        // prefix, or `-tool` for the copy a build tool plugin runs.
        let executableFolder = URL(fileURLWithPath: CommandLine.arguments.first ?? "")
            .resolvingSymlinksInPath().deletingLastPathComponent()
        for folder in [Bundle.main.bundleURL, executableFolder] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in names.sorted()
                where name.hasSuffix("_LabelgenHyphenation.resources") || name.hasSuffix("_LabelgenHyphenation-tool.resources") {
                let path = folder.appendingPathComponent(name).path
                if !places.contains(path) { places.append(path) }
            }
        }
        places.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent().path)
        return places
    }()

    private static func containsDictionaries(_ folder: String) -> Bool {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.contains { $0.hasSuffix(".dic") }
    }
}
