import Foundation
import LabelSnapshotTesting
import Testing

/// The demo game's labels: every key of every locale with the style the demo gives it,
/// as a layout dump and a PNG at @1x. References are in `__Snapshots__/DemoSnapshotTests/`;
/// re-record with `SNAPSHOT_TESTING_RECORD=all` (see the README).
///
/// The tables are loaded inside each test, so a table that no longer parses fails the
/// tests instead of quietly taking its locale's snapshots out of the run.
@Suite("Demo label snapshots",
       .enabled(if: Demo.librariesMatch, "the references were recorded with other library versions (see the test of the recorded libraries)"))
struct DemoSnapshotTests {
    @Test func button() throws { try assertSnapshots(tables: Demo.tables(), style: Demo.style("button"), fonts: Demo.fonts, keys: Demo.keys["button"]!) }
    @Test func score() throws { try assertSnapshots(tables: Demo.tables(), style: Demo.style("score"), fonts: Demo.fonts, keys: Demo.keys["score"]!) }
    @Test func title() throws { try assertSnapshots(tables: Demo.tables(), style: Demo.style("title"), fonts: Demo.fonts, keys: Demo.keys["title"]!) }
    @Test func tip() throws { try assertSnapshots(tables: Demo.tables(), style: Demo.style("tip"), fonts: Demo.fonts, keys: Demo.keys["tip"]!) }
    @Test func dialog() throws { try assertSnapshots(tables: Demo.tables(), style: Demo.style("dialog"), fonts: Demo.fonts, keys: Demo.keys["dialog"]!) }
    @Test func meme() throws { try assertSnapshots(tables: Demo.tables(), style: Demo.style("meme"), fonts: Demo.fonts, keys: Demo.keys["meme"]!) }

    /// The pseudo-locales show truncation and mirroring before any translation exists.
    @Test func pseudoButtons() throws {
        try assertSnapshots(tables: Demo.pseudoTables(), style: Demo.style("button"), fonts: Demo.fonts,
                            keys: Demo.keys["button"]!)
    }

    /// A table that still parses but lost keys only shrinks what the tests above
    /// compare, while the references of the lost labels stay behind: each label must
    /// have its reference, and each reference its label.
    @Test("every committed reference belongs to a label the tests check, and every label has one")
    func referencesMatchLabels() throws {
        var expected = Set<String>()
        for (test, patterns) in Demo.keys {
            for table in try Demo.tables() {
                for entry in table.entries where patterns.contains(where: { KeyPattern($0).matches(entry.key) }) {
                    expected.insert(Demo.referenceName(test: test, locale: table.locale, key: entry.key))
                }
            }
        }
        for table in try Demo.pseudoTables() {
            for entry in table.entries where Demo.keys["button"]!.contains(where: { KeyPattern($0).matches(entry.key) }) {
                expected.insert(Demo.referenceName(test: "pseudoButtons", locale: table.locale, key: entry.key))
            }
        }
        let recorded = Set(try FileManager.default.contentsOfDirectory(atPath: Demo.referencesFolder.path)
            .filter { $0.hasSuffix(".png") }.map { String($0.dropLast(".png".count)) })
        // Control: the folder was found and holds the demo's references.
        #expect(recorded.count > 100, "\(Demo.referencesFolder.path)")
        #expect(expected.subtracting(recorded).isEmpty, "labels without a reference: \(expected.subtracting(recorded).sorted())")
        #expect(recorded.subtracting(expected).isEmpty, "references no test checks: \(recorded.subtracting(expected).sorted())")
        for name in recorded {
            let dump = Demo.referencesFolder.appendingPathComponent("\(name).txt")
            #expect(FileManager.default.fileExists(atPath: dump.path), "\(dump.lastPathComponent)")
        }
    }
}

/// The demo's inputs.
enum Demo {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let stylesFolder = root.appendingPathComponent("Localizations/styles")
    static let stringsFolder = root.appendingPathComponent("Localizations/strings")
    static let referencesFolder = root.appendingPathComponent("Tests/LabelSnapshotTests/__Snapshots__/DemoSnapshotTests")
    /// This file, for comparing with its references from another test file.
    static let filePath: StaticString = #filePath

    /// Bundled fonts only, so the references do not depend on the host's fonts.
    static let fonts = FontSources(bundledDirectories: [root.appendingPathComponent("Fonts").path], useHostFonts: false,
                                   fileSearchDirectories: [stylesFolder.path])

    /// Lays the demo's labels out as `assertSnapshots` does: inline images are found
    /// beside the string tables.
    static let engine = LayoutEngine(fonts: fonts, imageDirectories: [stringsFolder.path])

    /// The locales the references were recorded for: each needs a table that loads.
    static let locales: Set<String> = ["en", "de", "fr", "es", "ru", "ar", "he", "ja", "zh-Hans", "zh-Hant", "ko", "th", "hi"]

    /// Which keys each snapshot test draws, by test name (the style has the same name).
    static let keys: [String: [String]] = [
        "button": ["menu.*"], "score": ["hud.*"], "title": ["title.*"],
        "tip": ["tip.*"], "dialog": ["dialog.*"], "meme": ["meme.*"],
    ]

    /// Every table in the strings folder. Throws for one that does not load, and
    /// records a failure when a locale of ``locales`` has no table.
    static func tables() throws -> [StringTable] {
        let files = try FileManager.default.contentsOfDirectory(atPath: stringsFolder.path)
            .filter { $0.hasSuffix(".json") }.sorted()
        let tables = try files.map { try StringTable.load(contentsOf: stringsFolder.appendingPathComponent($0)) }
        let missing = locales.subtracting(tables.map(\.locale))
        try #require(missing.isEmpty, "no table for \(missing.sorted()) in \(stringsFolder.path)")
        for table in tables { try #require(!table.entries.isEmpty, "\(table.source) has no entries") }
        return tables
    }

    /// The English table through both pseudo-localizers.
    static func pseudoTables() throws -> [StringTable] {
        let english = try #require(try tables().first { $0.locale == "en" })
        return [PseudoLocalizer.accented.transform(english), PseudoLocalizer.mirrored.transform(english)]
    }

    static func style(_ name: String) throws -> StyleSheet {
        try StyleSheet(contentsOf: stylesFolder.appendingPathComponent("\(name).json"))
    }

    /// A reference's file name without its extension, as SnapshotTesting names it: every
    /// run of non-word characters in the snapshot's name becomes "-".
    static func referenceName(test: String, locale: String, key: String) -> String {
        "\(test)." + "\(locale).\(key)".replacingOccurrences(of: #"\W+"#, with: "-", options: .regularExpression)
    }

    /// The reference image a test of ``DemoSnapshotTests`` recorded.
    static func reference(test: String, locale: String, key: String) -> URL {
        referencesFolder.appendingPathComponent(referenceName(test: test, locale: locale, key: key) + ".png")
    }
}

/// The references hold only with the library versions they were recorded with: another
/// HarfBuzz, FreeType or Cairo moves pixels everywhere. A mismatch is reported once, as
/// such, and the snapshot comparisons are skipped instead of failing by the hundred.
@Suite("Snapshot references and libraries")
struct SnapshotLibraryTests {
    @Test("the references were recorded with this machine's HarfBuzz, FreeType, FriBidi, fontconfig and Cairo")
    func recordedLibraries() throws {
        if ProcessInfo.processInfo.environment["SNAPSHOT_TESTING_RECORD"] == "all" {
            let data = try JSONSerialization.data(withJSONObject: RenderLibraries.versions, options: [.prettyPrinted, .sortedKeys])
            try data.write(to: Demo.librariesFile)
        }
        let recorded = try #require(Demo.recordedLibraries, "no \(Demo.librariesFile.lastPathComponent) beside the references")
        #expect(recorded == RenderLibraries.versions, """
            the snapshot references were recorded with \(Demo.describe(recorded)); this machine has \
            \(Demo.describe(RenderLibraries.versions)). Run the tests on a machine with the recorded \
            versions (the README names them), or re-record with SNAPSHOT_TESTING_RECORD=all and review the changes.
            """)
    }
}

extension Demo {
    static let librariesFile = root.appendingPathComponent("Tests/LabelSnapshotTests/__Snapshots__/libraries.json")

    static var recordedLibraries: [String: String]? {
        guard let data = try? Data(contentsOf: librariesFile) else { return nil }
        return try? JSONDecoder().decode([String: String].self, from: data)
    }

    /// True while recording too, so a re-recording writes every reference.
    static var librariesMatch: Bool {
        ProcessInfo.processInfo.environment["SNAPSHOT_TESTING_RECORD"] == "all" || recordedLibraries == RenderLibraries.versions
    }

    static func describe(_ versions: [String: String]) -> String {
        versions.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    }
}
