import Foundation
import LabelLayout
import StringTables
import StyledText
import Testing
import TextRender

@Suite("Demo labels")
struct DemoBorderTests {
    @Test("no ink touches the outermost pixel ring of any demo label", arguments: ["title", "score", "button", "dialog", "tip", "meme"])
    func nothingClipped(style name: String) throws {
        let localizations = packageRoot.appendingPathComponent("Localizations")
        let sheet = try StyleSheet(contentsOf: localizations.appendingPathComponent("styles/\(name).json"))
        let prefix = ["title": "title.", "score": "hud.", "button": "menu.", "dialog": "dialog.", "tip": "tip.", "meme": "meme."][name]!
        let tables = try FileManager.default.contentsOfDirectory(atPath: localizations.appendingPathComponent("strings").path)
            .filter { $0.hasSuffix(".json") }.sorted()
        var checked = 0
        for file in tables {
            let table = try StringTable.load(contentsOf: localizations.appendingPathComponent("strings/\(file)"))
            for entry in table.entries where entry.key.hasPrefix(prefix) {
                let style = try sheet.style(forKey: entry.key, locale: table.locale)
                let image = try Renderer().render(try engine.layout(entry.value, style: style, locale: table.locale)).image
                let ring = (0..<image.width).flatMap { [image[$0, 0].a, image[$0, image.height - 1].a] }
                    + (0..<image.height).flatMap { [image[0, $0].a, image[image.width - 1, $0].a] }
                #expect(ring.allSatisfy { $0 == 0 }, "\(table.locale)/\(entry.key) touches its border")
                checked += 1
            }
        }
        #expect(checked >= 12)
    }
}
