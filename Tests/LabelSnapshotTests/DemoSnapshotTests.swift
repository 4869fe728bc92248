import Foundation
import LabelLayout
import LabelSnapshotTesting
import StyledText
import Testing

/// The demo game's labels: every key of every locale with the style the demo gives it,
/// as a layout dump and a PNG at @1x. References are in `__Snapshots__/DemoSnapshotTests/`;
/// re-record with `SNAPSHOT_TESTING_RECORD=all` (see the README).
@Suite("Demo label snapshots")
struct DemoSnapshotTests {
    @Test func button() throws { try assertSnapshots(tables: Demo.tables, style: Demo.style("button"), engine: Demo.engine, keys: ["menu.*"]) }
    @Test func score() throws { try assertSnapshots(tables: Demo.tables, style: Demo.style("score"), engine: Demo.engine, keys: ["hud.*"]) }
    @Test func title() throws { try assertSnapshots(tables: Demo.tables, style: Demo.style("title"), engine: Demo.engine, keys: ["title.*"]) }
    @Test func tip() throws { try assertSnapshots(tables: Demo.tables, style: Demo.style("tip"), engine: Demo.engine, keys: ["tip.*"]) }
    @Test func dialog() throws { try assertSnapshots(tables: Demo.tables, style: Demo.style("dialog"), engine: Demo.engine, keys: ["dialog.*"]) }
    @Test func meme() throws { try assertSnapshots(tables: Demo.tables, style: Demo.style("meme"), engine: Demo.engine, keys: ["meme.*"]) }

    /// The pseudo-locales show truncation and mirroring before any translation exists.
    @Test func pseudoButtons() throws {
        let english = try #require(Demo.tables.first { $0.locale == "en" })
        try assertSnapshots(tables: [PseudoLocalizer.accented.transform(english), PseudoLocalizer.mirrored.transform(english)],
                            style: Demo.style("button"), engine: Demo.engine, keys: ["menu.*"])
    }
}

/// The demo's inputs, read once.
enum Demo {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let stylesFolder = root.appendingPathComponent("Localizations/styles")

    /// Bundled fonts only, so the references do not depend on the host's fonts.
    static let engine = LayoutEngine(fonts: FontSources(
        bundledDirectories: [root.appendingPathComponent("Fonts").path], useHostFonts: false,
        fileSearchDirectories: [stylesFolder.path]),
        imageDirectories: [root.appendingPathComponent("Localizations/strings").path])

    static let tables: [StringTable] = {
        let folder = root.appendingPathComponent("Localizations/strings")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.sorted().compactMap {
            try? StringTable.load(contentsOf: folder.appendingPathComponent($0))
        }
    }()

    static func style(_ name: String) throws -> StyleSheet {
        try StyleSheet(contentsOf: stylesFolder.appendingPathComponent("\(name).json"))
    }

    /// The reference image a test of ``DemoSnapshotTests`` recorded.
    static func reference(test: String, locale: String, key: String) -> URL {
        root.appendingPathComponent("Tests/LabelSnapshotTests/__Snapshots__/DemoSnapshotTests")
            // SnapshotTesting turns every run of non-word characters in a name into "-".
            .appendingPathComponent("\(test)." + "\(locale).\(key)".replacingOccurrences(
                of: #"\W+"#, with: "-", options: .regularExpression) + ".png")
    }
}
