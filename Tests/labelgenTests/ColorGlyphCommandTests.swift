import Foundation
import Testing
import TextRender

/// A style naming a COLR font of the user's own (`font.files`) gets its colour glyphs.
@Suite("COLR colour glyphs from the command line")
struct ColorGlyphCommandTests {
    @Test("a COLR glyph keeps its palette colours at every scale; the text-coloured layer takes the fill, the stroke goes around")
    func colorGlyphLabels() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        let font = CLI.packageRoot.appendingPathComponent("Tests/Fixtures/LabelgenColrTest.ttf").path
        try tmp.writeJSON([
            "font": ["family": "Labelgen COLR Test", "size": 100, "files": [font]],
            "fill": "#FFD700",
            "stroke": ["width": 4, "color": "#FF00FF"],
            "scales": [1, 2],
        ] as [String: Any], to: "style.json")
        // U+E000: red, text colour and blue layers, each 30 × 70 px at scale 1.
        try tmp.writeJSON(["flag": "\u{E000}"], to: "en.json")

        let result = try await CLI.run([tmp("en.json").path, "--style", tmp("style.json").path, "--out", tmp("out").path])
        #expect(result.status == 0, "\(result)")
        for (file, scale) in [("flag.png", 1), ("flag@2x.png", 2)] {
            let image = try PNGDecoder().decode(contentsOf: tmp("out/en/\(file)"))
            var counts: [String: Int] = [:]
            for index in stride(from: 0, to: image.pixels.count, by: 4) {
                let rgba = Array(image.pixels[index..<index + 4])
                let name = switch rgba {
                case [255, 0, 0, 255]: "red"
                case [255, 215, 0, 255]: "gold"
                case [0, 0, 255, 255]: "blue"
                case [255, 0, 255, 255]: "stroke"
                default: "other"
                }
                counts[name, default: 0] += 1
            }
            // Each layer's solid inside: at least (30 - 2) × (70 - 2) px at scale 1.
            let layer = 28 * 68 * scale * scale
            for name in ["red", "gold", "blue"] {
                #expect(counts[name, default: 0] >= layer, "\(file): \(counts)")
            }
            #expect(counts["stroke", default: 0] >= 2 * (90 + 70) * 3 * scale * scale, "\(file): \(counts)")
        }
    }
}
