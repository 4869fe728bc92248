import Foundation
import LabelSnapshotTesting
import Testing

/// `assertSnapshots(tables:…)` against references in temporary folders, so these tests
/// can record, compare and fail without touching the committed references.
@Suite("Table snapshots: file names, style forms, inline images")
struct TableSnapshotTests {
    static let tables = [
        StringTable(locale: "en", source: "en.json", entries: [
            .init(key: "menu.play", value: "Play"), .init(key: "hud.time_left", value: "Time: %d"),
        ]),
        StringTable(locale: "zh-Hans", source: "zh-Hans.json", entries: [.init(key: "menu.play", value: "开始")]),
    ]

    @Test("references are named <test>.<locale>-<key>.txt and .png, as the documentation says")
    func referenceNames() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let style = LabelStyle(font: FontSpec(size: 20))
        try recordingReferences {
            try assertSnapshots(tables: Self.tables, style: style, fonts: Demo.fonts, record: .missing,
                                snapshotDirectory: folder.path, testName: "menuButtons()")
        }
        let written = try Set(FileManager.default.contentsOfDirectory(atPath: folder.path))
        #expect(written == [
            "menuButtons.en-menu-play.txt", "menuButtons.en-menu-play.png",
            "menuButtons.en-hud-time_left.txt", "menuButtons.en-hud-time_left.png",
            "menuButtons.zh-Hans-menu-play.txt", "menuButtons.zh-Hans-menu-play.png",
        ])
        // The names SnapshotTesting gives, which the demo's reference check relies on.
        for table in Self.tables {
            for entry in table.entries {
                let name = Demo.referenceName(test: "menuButtons", locale: table.locale, key: entry.key)
                #expect(written.contains(name + ".png"), "\(name)")
            }
        }
        // Compared with what they recorded, the same labels pass.
        try assertSnapshots(tables: Self.tables, style: style, fonts: Demo.fonts, record: .never,
                            snapshotDirectory: folder.path, testName: "menuButtons()")
    }

    @Test("a style sheet and a LabelStyle draw the same labels when the sheet has no overrides, and a sheet's key override applies")
    func styleForms() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let style = LabelStyle(font: FontSpec(size: 20))
        try recordingReferences {
            try assertSnapshots(table: Self.tables[0], style: style, fonts: Demo.fonts, record: .missing,
                                snapshotDirectory: folder.path, testName: "forms()")
        }
        let plain = try StyleSheet(json: Data(#"{"font": {"size": 20}}"#.utf8), source: "plain.json")
        try assertSnapshots(tables: [Self.tables[0]], style: plain, fonts: Demo.fonts, record: .never,
                            snapshotDirectory: folder.path, testName: "forms()")
        try assertSnapshots(table: Self.tables[0], style: plain, fonts: Demo.fonts, record: .never,
                            snapshotDirectory: folder.path, testName: "forms()")

        // Control: an override for one key changes that key's label, and only it.
        let overridden = try StyleSheet(json: Data(#"{"font": {"size": 20}, "keys": {"menu.play": {"font": {"size": 30}}}}"#.utf8),
                                        source: "overridden.json")
        try withKnownIssue("the overridden label differs from the reference") {
            try assertSnapshots(tables: [Self.tables[0]], style: overridden, fonts: Demo.fonts, record: .never,
                                snapshotDirectory: folder.path, testName: "forms()")
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("Snapshot \"en.menu.play\" does not match reference") }
        }
        try assertSnapshots(tables: [Self.tables[0]], style: overridden, fonts: Demo.fonts, keys: ["hud.*"],
                            record: .never, snapshotDirectory: folder.path, testName: "forms()")
    }

    @Test("placeholders are filled with the style's samples, escaped as labelgen escapes them")
    func samples() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var style = LabelStyle(font: FontSpec(size: 20))
        style.samples = ["%d": "<b>42</b>"]
        let table = StringTable(locale: "en", source: "en.json", entries: [.init(key: "hud.time_left", value: "Time: %d")])
        try recordingReferences {
            try assertSnapshots(table: table, style: style, fonts: Demo.fonts, image: false, record: .missing,
                                snapshotDirectory: folder.path, testName: "samples()")
        }
        let dump = try String(contentsOf: folder.url.appendingPathComponent("samples.en-hud-time_left.txt"), encoding: .utf8)
        #expect(dump.hasPrefix("text: \"Time: <b>42</b>\"\n"), "\(dump)")
    }

    @Test("an inline image is found beside the table's file, after the given image folders, as labelgen finds it")
    func inlineImageBesideTable() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let tableFolder = folder.url.appendingPathComponent("strings")
        let styleFolder = folder.url.appendingPathComponent("styles")
        let references = folder.url.appendingPathComponent("references")
        for url in [tableFolder, styleFolder, references] {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }
        try Self.square(red: 255, blue: 0).write(to: tableFolder.appendingPathComponent("coin.png"))
        try Data(#"{"hud": {"coins": "<img src=\"coin.png\"/> 12"}}"#.utf8).write(to: tableFolder.appendingPathComponent("en.json"))
        let table = try StringTable.load(contentsOf: tableFolder.appendingPathComponent("en.json"))
        let style = LabelStyle(font: FontSpec(size: 20))

        try recordingReferences {
            try assertSnapshots(table: table, style: style, fonts: Demo.fonts, record: .missing,
                                snapshotDirectory: references.path, testName: "coins()")
        }
        let dump = try String(contentsOf: references.appendingPathComponent("coins.en-hud-coins.txt"), encoding: .utf8)
        #expect(dump.contains("image \"coin.png\" 20x20"), "\(dump)")
        let image = try PNGDecoder().decode(contentsOf: references.appendingPathComponent("coins.en-hud-coins.png"))
        #expect(Self.count(image) { $0.r > 200 && $0.b < 50 && $0.a == 255 } > 100, "the coin's red is not drawn")
        try assertSnapshots(table: table, style: style, fonts: Demo.fonts, record: .never,
                            snapshotDirectory: references.path, testName: "coins()")

        // A picture of the same name in a given folder (for labelgen, the style's) wins.
        try Self.square(red: 0, blue: 255).write(to: styleFolder.appendingPathComponent("coin.png"))
        try withKnownIssue("the blue coin beside the style replaces the red one beside the table") {
            try assertSnapshots(table: table, style: style, fonts: Demo.fonts, imageDirectories: [styleFolder.path],
                                layout: false, record: .never, snapshotDirectory: references.path, testName: "coins()")
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("Snapshot \"en.hud.coins\" does not match reference") }
        }
    }

    /// A 16×16 opaque PNG of one colour.
    static func square(red: UInt8, blue: UInt8) throws -> Data {
        try PNGEncoder().encode(RGBAImage(width: 16, height: 16, pixels: Array((0..<256).map { _ in [red, 0, blue, 255] }.joined())))
    }

    static func count(_ image: RGBAImage, where matches: ((r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool) -> Int {
        (0..<image.height).reduce(0) { total, y in total + (0..<image.width).count { matches(image[$0, y]) } }
    }
}
