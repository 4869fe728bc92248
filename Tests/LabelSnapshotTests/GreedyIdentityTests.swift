import Foundation
import LabelSnapshotTesting
import Testing

/// Line breaking as it was before wrap styles, phrases and kinsoku strictness existed
/// (`"wrapStyle": "greedy", "wordBreak": "normal", "lineBreak": "normal"`) draws every
/// demo label with exactly the pixels it drew then. The pixels of that engine are kept
/// as one hash per image in `__Snapshots__/GreedyIdentityTests/pixels.json`, made from the
/// demo references that engine recorded (commit ec95e00); they are not made again when
/// the references are. To make them again for other library versions, record the demo
/// references with that commit, put them in place and run this test with
/// `LABELGEN_RECORD_GREEDY_IDENTITY=1`. When a change to drawing, not to breaking, moves
/// pixels (the glyph rasterizer of 2026-11), first run this test before the change: if it
/// passes, today's greedy layouts are that engine's, and running it after the change with
/// `LABELGEN_RECORD_GREEDY_IDENTITY=drawn` records them as drawn now.
@Suite("Greedy line breaking draws what it drew before wrap styles",
       .enabled(if: Demo.librariesMatch, "the pixel hashes were recorded with other library versions"))
struct GreedyIdentityTests {
    static let hashesFile = Demo.root.appendingPathComponent(
        "Tests/LabelSnapshotTests/__Snapshots__/GreedyIdentityTests/pixels.json")

    @Test("every demo label, with today's greedy breaking, has its recorded pixels")
    func legacyBreakingIsPixelIdentical() throws {
        if let mode = ProcessInfo.processInfo.environment["LABELGEN_RECORD_GREEDY_IDENTITY"], ["1", "drawn"].contains(mode) {
            let actual = mode == "drawn" ? try Self.renderAll() : try Self.references()
            try FileManager.default.createDirectory(at: Self.hashesFile.deletingLastPathComponent(),
                                                    withIntermediateDirectories: true)
            let data = try JSONSerialization.data(withJSONObject: actual, options: [.prettyPrinted, .sortedKeys])
            try data.write(to: Self.hashesFile)
            Issue.record("recorded \(actual.count) hashes to \(Self.hashesFile.path); run again without the variable")
            return
        }
        let actual = try Self.renderAll()
        let data = try Data(contentsOf: Self.hashesFile)
        let recorded = try JSONDecoder().decode([String: String].self, from: data)
        // Control: the recording covers the demo, and the demo still has those labels.
        #expect(recorded.count > 300)
        #expect(Set(recorded.keys) == Set(actual.keys),
                "labels added or lost: \(Set(recorded.keys).symmetricDifference(actual.keys).sorted().prefix(10))")
        let changed = actual.filter { recorded[$0.key] != nil && recorded[$0.key] != $0.value }.keys.sorted()
        #expect(changed.isEmpty, "\(changed.count) labels drawn differently: \(changed.prefix(20))")
    }

    /// The pixel hashes of the demo references, by reference name.
    static func references() throws -> [String: String] {
        var hashes: [String: String] = [:]
        for (test, patterns) in Demo.keys {
            for table in try Demo.tables() {
                for entry in table.entries where patterns.contains(where: { KeyPattern($0).matches(entry.key) }) {
                    let data = try Data(contentsOf: Demo.reference(test: test, locale: table.locale, key: entry.key))
                    hashes[Demo.referenceName(test: test, locale: table.locale, key: entry.key)] =
                        Self.hash(try PNGDecoder().decode(data))
                }
            }
        }
        return hashes
    }

    /// Pixel hashes of every demo label drawn now at @1x, by reference name.
    static func renderAll() throws -> [String: String] {
        let renderer = Renderer()
        var hashes: [String: String] = [:]
        for (test, patterns) in Demo.keys {
            let sheet = try Demo.style(test)
            for table in try Demo.tables() {
                for entry in table.entries where patterns.contains(where: { KeyPattern($0).matches(entry.key) }) {
                    var style = try sheet.style(forKey: entry.key, locale: table.locale)
                    Self.legacy(&style)
                    let text = Placeholders.fill(entry.value, samples: style.markup
                        ? style.samples.mapValues(Markup.escaped) : style.samples).text
                    let layout = try Demo.engine.layout(text, style: style, locale: table.locale)
                    let image = try renderer.render(layout, scale: 1).image
                    hashes[Demo.referenceName(test: test, locale: table.locale, key: entry.key)] = Self.hash(image)
                }
            }
        }
        return hashes
    }

    /// The settings that break lines as the engine did before wrap styles existed.
    static func legacy(_ style: inout LabelStyle) {
        style.wrapStyle = .greedy
        style.wordBreak = .normal
        style.lineBreak = .normal
    }

    /// FNV-1a over the size and the pixels, eight bytes at a time.
    static func hash(_ image: RGBAImage) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ value: UInt64) { hash = (hash ^ value) &* 0x0000_0100_0000_01b3 }
        mix(UInt64(image.width))
        mix(UInt64(image.height))
        image.pixels.withUnsafeBytes { bytes in
            let words = bytes.count / 8
            for i in 0..<words { mix(bytes.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self)) }
            for i in (words * 8)..<bytes.count { mix(UInt64(bytes[i])) }
        }
        return String(hash, radix: 16)
    }
}
