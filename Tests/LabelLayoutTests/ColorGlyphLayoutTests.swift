import Foundation
import LabelLayout
import StyledText
import Testing

/// The COLR test font: see Tests/Fixtures/README.md for its glyphs.
private let colrFont = packageRoot.appendingPathComponent("Tests/Fixtures/LabelgenColrTest.ttf").path

@Suite("COLR colour glyphs in layout")
struct ColorGlyphLayoutTests {
    private func layout(_ text: String) throws -> TextLayout {
        try engine.layout(text, style: style(size: 100, family: "Labelgen COLR Test") { $0.font.files = [colrFont] },
                          locale: "en")
    }

    @Test("a face reads each glyph's COLR layers, bottom first, in palette 0's colours or the text's (nil)")
    func layers() throws {
        let run = try #require(try layout("\u{E000}\u{E001}x").lines.first?.runs.first)
        #expect(run.face.hasColorLayers)
        let ids = run.glyphs.map(\.id)
        let tricolor = try #require(run.face.colorGlyph(glyph: ids[0]))
        #expect(tricolor.layers.map(\.color) == [Color(red: 1, green: 0, blue: 0), nil, Color(red: 0, green: 0, blue: 1)])
        // Each layer is its own outline: the left one spans x 50–350 units.
        let xs = tricolor.layers[0].outline.elements.compactMap { element -> Double? in
            if case let .line(x, _) = element { return x }
            if case let .move(x, _) = element { return x }
            return nil
        }
        #expect(abs((xs.min() ?? 0) - 0.05) < 1e-9 && abs((xs.max() ?? 0) - 0.35) < 1e-9)
        let stack = try #require(run.face.colorGlyph(glyph: ids[1]))
        #expect(stack.layers.map(\.color) == [Color(red: 0, green: 160 / 255, blue: 0), Color(red: 0, green: 0, blue: 1)])
        #expect(run.face.colorGlyph(glyph: ids[2]) == nil, "x is an outline glyph")
    }

    @Test("a glyph only COLR version 1 colours, and every glyph of a face without COLR, has no layers")
    func noLayers() throws {
        let paintOnly = try #require(try layout("\u{E002}").lines.first?.runs.first)
        #expect(paintOnly.face.colorGlyph(glyph: paintOnly.glyphs[0].id) == nil)
        let noto = try #require(try engine.layout("Ok", style: style(), locale: "en").lines.first?.runs.first)
        #expect(!noto.face.hasColorLayers)
        #expect(noto.glyphs.allSatisfy { noto.face.colorGlyph(glyph: $0.id) == nil })
    }

    @Test("a colour glyph's ink is its layers' even when its own outline is empty")
    func inkFromLayers() throws {
        let laidOut = try layout("\u{E000}")
        let glyph = try #require(laidOut.lines.first?.runs.first?.glyphs.first)
        // Layers span x 50–950, y 0–700 units at 100 px per em.
        #expect(abs(laidOut.inkBounds.x - (glyph.x + 5)) < 0.01)
        #expect(abs(laidOut.inkBounds.width - 90) < 0.01)
        #expect(abs(laidOut.inkBounds.height - 70) < 0.01)
    }
}
