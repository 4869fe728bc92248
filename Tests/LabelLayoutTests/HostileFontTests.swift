import Foundation
import LabelLayout
import StyledText
import Testing

/// Font files that styles name come from artists' folders and downloads. A file that
/// cannot be used is an error naming it, never a crash or a label drawn from garbage.
@Suite("Hostile fonts")
struct HostileFontTests {
    /// Ways of breaking a real font, each given as a change to its bytes.
    enum Damage: String, CaseIterable, CustomTestStringConvertible {
        case garbledVersion, noTables, truncated, noGlyphs, zeroUnitsPerEm, hugeUnitsPerEm

        var testDescription: String { rawValue }

        func apply(to font: inout [UInt8]) {
            switch self {
            case .garbledVersion:
                font.replaceSubrange(0..<4, with: Array("XXXX".utf8))
            case .noTables:
                font[4] = 0; font[5] = 0
            case .truncated:
                font.removeSubrange(600...)
            case .noGlyphs:
                let maxp = HostileFontTests.table("maxp", in: font)
                font[maxp + 4] = 0; font[maxp + 5] = 0
            case .zeroUnitsPerEm:
                let head = HostileFontTests.table("head", in: font)
                font[head + 18] = 0; font[head + 19] = 0
            case .hugeUnitsPerEm:
                let head = HostileFontTests.table("head", in: font)
                font[head + 18] = 0xFF; font[head + 19] = 0xFF
            }
        }
    }

    @Test("a bundled font with damaged bytes is an error naming the file", arguments: Damage.allCases)
    func damagedFont(damage: Damage) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("LabelgenTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var font = [UInt8](try Data(contentsOf: packageRoot.appendingPathComponent("Fonts/NotoSans-Regular.ttf")))
        damage.apply(to: &font)
        let file = folder.appendingPathComponent("Damaged.ttf")
        try Data(font).write(to: file)

        let pinned = LayoutEngine(fonts: FontSources(bundledDirectories: [], useHostFonts: false))
        var style = LabelStyle(font: FontSpec(size: 24, files: [file.path]))
        style.box = Box(width: 200, height: 60)
        do {
            let layout = try pinned.layout("Hello", style: style, locale: "en")
            Issue.record("laid out with \(layout.lines.first?.runs.first?.face.unitsPerEm ?? -1) units per em")
        } catch {
            guard case .fontUnreadable(let path, _) = error else {
                Issue.record("expected an error naming the font, got \(error)")
                return
            }
            #expect(path == file.path)
            #expect(error.description.hasPrefix("\(file.path): cannot use this font: "))
        }
    }

    /// The offset of the table tagged `tag`, from the font's table directory.
    static func table(_ tag: String, in font: [UInt8]) -> Int {
        func be(_ at: Int, _ count: Int) -> Int { font[at..<(at + count)].reduce(0) { $0 << 8 | Int($1) } }
        for entry in 0..<be(4, 2) {
            let record = 12 + 16 * entry
            if font[record..<(record + 4)].elementsEqual(tag.utf8) { return be(record + 8, 4) }
        }
        fatalError("the font has no \(tag) table")
    }
}
