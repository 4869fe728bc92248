import Foundation

/// Where the fonts of this folder are at run time.
///
/// SwiftPM copies them, as resources of the `LabelgenFonts` target, into a bundle next
/// to every executable that links Labelgen, including a client package's executables and
/// test runners. The source folder itself is the second choice, for a binary that was
/// moved away from its bundle while the package checkout is still there.
public enum BundledFonts {
    /// The folder holding the bundled font files, or `nil` when neither the resource
    /// bundle nor the package's `Fonts/` folder can be found.
    public static let directory: String? = candidates.first(where: containsFonts)

    /// Every place looked at, in order, for error messages.
    public static var searchedPlaces: [String] { candidates }

    private static let candidates: [String] = {
        var places: [String] = []
        // SwiftPM names the bundle `<package>_<target>.resources`; the package part
        // depends on how the client named the dependency, so any prefix is accepted.
        // A build tool plugin's copy of labelgen is built for the host as `labelgen-tool`,
        // beside `<package>_LabelgenFonts-tool.resources`.
        let executableFolder = URL(fileURLWithPath: CommandLine.arguments.first ?? "")
            .resolvingSymlinksInPath().deletingLastPathComponent()
        for folder in [Bundle.main.bundleURL, executableFolder] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in names.sorted()
                where name.hasSuffix("_LabelgenFonts.resources") || name.hasSuffix("_LabelgenFonts-tool.resources") {
                let path = folder.appendingPathComponent(name).path
                if !places.contains(path) { places.append(path) }
            }
        }
        places.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent().path)
        return places
    }()

    private static func containsFonts(_ folder: String) -> Bool {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.contains { $0.hasSuffix(".ttf") || $0.hasSuffix(".otf") }
    }
}
