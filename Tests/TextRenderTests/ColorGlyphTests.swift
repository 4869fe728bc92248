import Foundation
import LabelLayout
import StyledText
import Testing
import TextRender

/// The COLR test font (Tests/Fixtures/README.md): U+E000 is red | text colour | blue
/// side by side, U+E001 a blue square over a green one, U+E002 a COLR version 1-only
/// glyph, `x` an outline glyph.
private let colrFont = packageRoot.appendingPathComponent("Tests/Fixtures/LabelgenColrTest.ttf").path

private let red = Pixel(255, 0, 0), blue = Pixel(0, 0, 255), green = Pixel(0, 160, 0)
private let gold = Pixel(255, 215, 0)

/// An opaque colour, to compare pixels with.
private struct Pixel: Equatable, CustomStringConvertible {
    var r, g, b, a: UInt8
    init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) { self.r = r; self.g = g; self.b = b; self.a = a }
    init(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) { self.init(p.r, p.g, p.b, p.a) }
    var description: String { "(\(r), \(g), \(b), \(a))" }
}

/// A label in the COLR test font, drawn at `scale`, and where its glyphs' points are.
private struct ColorLabel {
    let layout: TextLayout
    let rendered: RenderedLabel
    var image: RGBAImage { rendered.image }

    init(_ text: String, scale: Double = 1, _ configure: (inout LabelStyle) -> Void = { _ in }) throws {
        // At 97 px per em no layer edge falls on a pixel boundary: the edge pixels where
        // two layers meet are each partly covered by both.
        layout = try label(text, size: 97, box: nil) { style in
            style.font.family = "Labelgen COLR Test"
            style.font.weight = 400
            style.font.files = [colrFont]
            style.fill = .color(Color(red: 1, green: 215 / 255, blue: 0))
            configure(&style)
        }
        rendered = try Renderer().render(layout, scale: scale)
    }

    /// The image pixel at (`x`, `y`) font units (1000 per em, y up) from glyph `index`'s origin.
    func point(glyph index: Int, _ x: Double, _ y: Double) -> (x: Int, y: Int) {
        let glyph = layout.lines[0].runs.flatMap(\.glyphs)[index]
        let scale = rendered.scale, size = layout.fontSize
        let px = Double(rendered.boxOriginX) + (glyph.x + x / 1000 * size) * scale
        let py = Double(rendered.baselines[0]) - y / 1000 * size * scale
        return (Int(px.rounded(.down)), Int(py.rounded(.down)))
    }

    func pixel(glyph index: Int, _ x: Double, _ y: Double) -> Pixel {
        let p = point(glyph: index, x, y)
        return Pixel(image[p.x, p.y])
    }

    /// Every pixel whose square lies wholly inside the font-unit rectangle of glyph
    /// `index` (inset by `inset` pixels more).
    func pixels(glyph index: Int, x0: Double, y0: Double, x1: Double, y1: Double, inset: Int = 1)
        -> [(x: Int, y: Int, pixel: Pixel)] {
        let topLeft = point(glyph: index, x0, y1), bottomRight = point(glyph: index, x1, y0)
        var result: [(x: Int, y: Int, pixel: Pixel)] = []
        for y in (topLeft.y + inset)..<(bottomRight.y - inset) {
            for x in (topLeft.x + inset)..<(bottomRight.x - inset) {
                result.append((x, y, Pixel(image[x, y])))
            }
        }
        return result
    }
}

@Suite("Rendering COLR colour glyphs")
struct ColorGlyphTests {
    @Test("a COLR glyph's layers keep their palette colours; a text-coloured layer and an outline glyph take the fill",
          arguments: [1.0, 2.0])
    func layerColors(scale: Double) throws {
        let label = try ColorLabel("\u{E000}\u{E001}x", scale: scale)
        // U+E000: red | fill | blue, each layer 300 units wide.
        #expect(label.pixel(glyph: 0, 200, 350) == red)
        #expect(label.pixel(glyph: 0, 500, 350) == gold)
        #expect(label.pixel(glyph: 0, 800, 350) == blue)
        // U+E001: the blue square lies over the green one, as the layer order says.
        #expect(label.pixel(glyph: 1, 500, 400) == blue)
        #expect(label.pixel(glyph: 1, 200, 700) == green)
        #expect(label.pixel(glyph: 1, 800, 100) == green)
        // `x` is an outline glyph of the same font.
        #expect(label.pixel(glyph: 2, 400, 300) == gold)
        // Layers that meet leave no seam: across the whole glyph every pixel is opaque.
        let seams = label.pixels(glyph: 0, x0: 50, y0: 0, x1: 950, y1: 700).filter { $0.pixel.a != 255 }
        #expect(seams.count == 0, "\(seams.count) pixels inside U+E000 are not opaque: \(seams.prefix(4).map { "(\($0.x), \($0.y)): \($0.pixel)" })")
    }

    @Test("a COLR version 1-only glyph draws its outline in the fill colour")
    func versionOneOnly() throws {
        let label = try ColorLabel("\u{E002}")
        #expect(label.pixel(glyph: 0, 500, 400) == gold)
    }

    @Test("a text-coloured layer takes a gradient fill over the line, and a markup colour over it")
    func textColoredLayer() throws {
        let gradient = try ColorLabel("\u{E000}x") { style in
            style.fill = .gradient(Gradient(colors: [Color(red: 1, green: 1, blue: 1), Color(red: 0, green: 0, blue: 0)]))
        }
        let top = gradient.pixel(glyph: 0, 500, 680), bottom = gradient.pixel(glyph: 0, 500, 20)
        #expect(top.r > 200 && top.r == top.g && top.g == top.b, "top of the middle layer: \(top)")
        #expect(bottom.r < 60 && bottom.r == bottom.g && bottom.g == bottom.b, "bottom of the middle layer: \(bottom)")
        // The same gradient as the outline glyph beside it, row for row.
        #expect(gradient.pixel(glyph: 0, 500, 300) == gradient.pixel(glyph: 1, 400, 300))
        #expect(gradient.pixel(glyph: 0, 200, 680) == red)

        let style = LabelStyle(font: FontSpec(family: "Labelgen COLR Test", size: 100, files: [colrFont]))
        let layout = try engine.layout(try Markup.parse("<color=#00FF00>\u{E000}</color>"), style: style, locale: "en")
        let marked = try Renderer().render(layout)
        let glyph = layout.lines[0].runs[0].glyphs[0]
        let x = marked.boxOriginX + Int(glyph.x + 50), y = marked.baselines[0] - 35  // 500 and 350 units
        #expect(Pixel(marked.image[x, y]) == Pixel(0, 255, 0))
        #expect(Pixel(marked.image[x - 30, y]) == red)
    }

    @Test("an outside stroke goes around all the layers together and never inside the glyph", arguments: [1.0, 2.0])
    func strokeAround(scale: Double) throws {
        let magenta = Color(red: 1, green: 0, blue: 1)
        let plain = try ColorLabel("\u{E000}", scale: scale)
        let stroked = try ColorLabel("\u{E000}", scale: scale) { $0.stroke = Stroke(width: 4, color: magenta) }
        // Inside the glyph the stroked label is the unstroked one, pixel for pixel: no
        // stroke colour between the layers, and no layer outlined on its own.
        var differing: [String] = []
        let inside = plain.pixels(glyph: 0, x0: 50, y0: 0, x1: 950, y1: 700)
        for (x, y, pixel) in inside {
            let p = stroked.point(glyph: 0, 0, 0), q = plain.point(glyph: 0, 0, 0)
            let other = Pixel(stroked.image[x + p.x - q.x, y + p.y - q.y])
            if other != pixel { differing.append("(\(x), \(y)): \(other) instead of \(pixel)") }
        }
        #expect(inside.count > 1000)
        #expect(differing.count == 0, "\(differing.count) pixels inside differ: \(differing.prefix(4))")
        // Around the glyph the stroke is there, opaque, on all four sides and beside
        // each layer: 20 units (about 2 px at scale 1) out, inside the 4 px stroke.
        let out = 20.0
        let outside = [(200, 700 + out), (500, 700 + out), (800, 700 + out), (500, -out),
                       (50 - out, 350), (950 + out, 350)]
        for (x, y) in outside {
            #expect(stroked.pixel(glyph: 0, Double(x), y) == Pixel(255, 0, 255), "stroke at (\(x), \(y)) units")
        }
    }

    @Test("a shadow has the shape of all the layers together")
    func shadowShape() throws {
        let shadowed = try ColorLabel("\u{E000}") {
            $0.shadows = [Shadow(color: Color(red: 0, green: 0, blue: 0), offsetY: 20)]
        }
        // 20 px below the glyph's bottom edge lies the shadow, under every layer.
        for x in [200.0, 500, 800] {
            #expect(shadowed.pixel(glyph: 0, x, -100) == Pixel(0, 0, 0), "shadow under x = \(x) units")
            #expect(shadowed.pixel(glyph: 0, x, 100) != Pixel(0, 0, 0), "the glyph over its shadow at x = \(x) units")
        }
    }
}
