import Foundation
import LabelLayout
import StyledText
import Testing
import TextRender

private let imageEngine = LayoutEngine(
    fonts: FontSources(bundledDirectories: [packageRoot.appendingPathComponent("Fonts").path], useHostFonts: false),
    imageDirectories: [packageRoot.appendingPathComponent("Localizations/images").path])

private struct Pixel: Equatable {
    var r, g, b, a: Int
}

private extension RGBAImage {
    func pixel(_ x: Int, _ y: Int) -> Pixel {
        let i = (y * width + x) * 4
        return Pixel(r: Int(pixels[i]), g: Int(pixels[i + 1]), b: Int(pixels[i + 2]), a: Int(pixels[i + 3]))
    }

    func alphaDifference(_ other: RGBAImage) -> Int {
        var worst = 0
        for i in stride(from: 3, to: pixels.count, by: 4) { worst = max(worst, abs(Int(pixels[i]) - Int(other.pixels[i]))) }
        return worst
    }
}

/// White text with a 4 px black outside stroke, the style most game labels use.
private func stroked(_ text: String, engine: LayoutEngine = engine, _ configure: (inout LabelStyle) -> Void = { _ in }) throws -> TextLayout {
    var style = LabelStyle(font: FontSpec(weight: 700, size: 60))
    style.box = Box(width: 320, height: 100)
    style.align = .center
    style.fill = .color(.white)
    style.stroke = Stroke(width: 4, color: .black)
    configure(&style)
    return try engine.layout(text, style: style, locale: "en")
}

@Suite("Rendering styled runs")
struct StyledRenderTests {
    @Test("one stroke around the whole silhouette across a colour change: no seam, each run its colour")
    func strokeAcrossColourChange() throws {
        let plain = try stroked("HHHH")
        let mixed = try stroked("<color=#FF0000>HH</color><color=#0000FF>HH</color>")
        #expect(plain.lines[0].runs.flatMap { $0.glyphs.map(\.x) } == mixed.lines[0].runs.flatMap { $0.glyphs.map(\.x) })
        let a = try Renderer().render(plain).image, b = try Renderer().render(mixed).image
        // The same silhouette, stroke included, to the pixel.
        #expect(a.alphaDifference(b) == 0)

        let glyphs = mixed.lines[0].runs.flatMap(\.glyphs)
        let row = Int(mixed.lines[0].baseline - 20)
        // Between the second and third H, where the runs meet, the outline is pure black.
        let face = mixed.lines[0].runs[0].face
        let secondRight = glyphs[1].x + face.inkExtents(glyph: glyphs[1].id)!.maxX * 60
        let thirdLeft = glyphs[2].x + face.inkExtents(glyph: glyphs[2].id)!.minX * 60
        var covered = 0
        for x in Int(secondRight.rounded(.up))..<Int(thirdLeft.rounded(.down)) {
            let p = b.pixel(x, row)
            #expect(p.a == 0 || (p.r == 0 && p.g == 0 && p.b == 0), "x \(x): \(p)")
            if p.a > 0 { covered += 1 }
        }
        #expect(covered > 0)
        var reds = 0, blues = 0
        for x in 0..<b.width {
            let p = b.pixel(x, row)
            if p.r == 255 && p.g == 0 && p.b == 0 { reds += 1; #expect(Double(x) < glyphs[2].x) }
            if p.b == 255 && p.r == 0 && p.g == 0 { blues += 1; #expect(Double(x) > glyphs[1].x + 20) }
        }
        #expect(reds > 10 && blues > 10)
    }

    @Test("runs change the stroke: none around one, another colour around another, one silhouette")
    func strokePerRun() throws {
        let none = try stroked("<stroke=none>HH</stroke>HH")
        let image = try Renderer().render(none).image
        let glyphs = none.lines[0].runs.flatMap(\.glyphs)
        let row = Int(none.lines[0].baseline - 20)
        let leftInk = Int(image.inkBounds(threshold: 1)!.minX)
        // The first H's stem starts where the ink starts: no stroke before it.
        #expect(image.pixel(leftInk + 1, row).r > 200)
        let rightEnd = Int(image.inkBounds(threshold: 1)!.maxX)
        #expect(image.pixel(rightEnd - 1, row) .r < 60 && image.pixel(rightEnd - 1, row).a > 0)
        #expect(Double(leftInk) > glyphs[0].x)

        let plain = try Renderer().render(try stroked("HHHH")).image
        let recoloured = try Renderer().render(try stroked("<stroke=#FF0000>HH</stroke>HH")).image
        #expect(plain.alphaDifference(recoloured) == 0)
        let ink = plain.inkBounds(threshold: 128)!
        #expect(recoloured.pixel(ink.minX + 1, row) == Pixel(r: 255, g: 0, b: 0, a: 255))
        #expect(recoloured.pixel(ink.maxX - 1, row) == Pixel(r: 0, g: 0, b: 0, a: 255))

        // A wider stroke on one run widens the canvas margin too, so nothing is clipped.
        let wide = try stroked("HH<stroke=12>HH</stroke>") { $0.canvas = .tight }
        #expect(wide.effectExtents.right >= 12)
        let tight = try Renderer().render(wide).image
        #expect(tight.pixel(tight.width - 1, row).a == 0)
    }

    @Test("a run's colour overrides the gradient, which spans runs of different sizes")
    func gradientAcrossRuns() throws {
        let gradient = Fill.gradient(Gradient(colors: [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1)]))
        let layout = try stroked("<size=50%>HH</size>HH<color=#00FF00>HH</color>") { $0.fill = gradient; $0.stroke = nil }
        let image = try Renderer().render(layout).image
        let runs = layout.lines[0].runs
        let small = runs[0], big = runs[1], green = runs[2]
        let smallTop = Int((small.glyphs[0].y - small.face.inkExtents(glyph: small.glyphs[0].id)!.maxY * small.fontSize).rounded()) + 2
        // Inside the stems (an H's left stem starts about 0.1 em after its origin).
        let smallStem = Int((small.glyphs[0].x + 0.15 * small.fontSize).rounded())
        let bigStem = Int((big.glyphs[0].x + 0.15 * big.fontSize).rounded())
        let greenStem = Int((green.glyphs[0].x + 0.15 * green.fontSize).rounded())
        let inSmall = image.pixel(smallStem, smallTop), inBig = image.pixel(bigStem, smallTop)
        // Half way down the line's ink, the small H's top is already a mix, as the big H is there.
        #expect(inSmall.a == 255 && inSmall.r < 230 && inSmall.b > 25)
        #expect(abs(inSmall.r - inBig.r) <= 2 && abs(inSmall.b - inBig.b) <= 2)
        #expect(image.pixel(greenStem, smallTop) == Pixel(r: 0, g: 255, b: 0, a: 255))
    }

    @Test("underlines are painted, stroked and shadowed with their run; italics slant")
    func decorations() throws {
        let layout = try stroked("<u><color=#00FF00>Under</color></u>") { $0.stroke = nil }
        let image = try Renderer().render(layout).image
        let bar = try #require(layout.lines[0].runs.flatMap(\.decorations).first)
        let y = Int(bar.rect.midY)
        #expect(image.pixel(Int(bar.rect.midX), y) == Pixel(r: 0, g: 255, b: 0, a: 255))
        #expect(image.pixel(Int(bar.rect.minX + 2), y).g == 255)

        // The same label slanted: the top of a stem moves right of its foot.
        let upright = try Renderer().render(try stroked("I") { $0.stroke = nil }).image
        let slanted = try Renderer().render(try stroked("<i>I</i>") { $0.stroke = nil }).image
        func centre(_ image: RGBAImage, row: Int) -> Double {
            let xs = (0..<image.width).filter { image.pixel($0, row).a > 128 }
            return Double(xs.reduce(0, +)) / Double(max(1, xs.count))
        }
        let ink = upright.inkBounds(threshold: 128)!
        let top = ink.minY + 3, foot = ink.maxY - 3
        #expect(abs(centre(upright, row: top) - centre(upright, row: foot)) < 1)
        #expect(centre(slanted, row: top) - centre(slanted, row: foot) > 0.15 * Double(foot - top))
    }

    @Test("an inline image keeps its colours, and the stroke and shadow go around it")
    func inlineImagePixels() throws {
        let layout = try stroked("A<img src=\"button_a.png\" height=50/>B", engine: imageEngine) {
            $0.shadows = [Shadow(color: .black, offsetX: 0, offsetY: 12, blur: 0)]
        }
        let image = try Renderer().render(layout).image
        let run = try #require(layout.lines[0].runs.first { $0.image != nil })
        let x0 = run.glyphs[0].x, baseline = run.glyphs[0].y
        let mid = Int(baseline - 25)
        // The button's green disc, 14 % in from its left edge, in its own colour.
        let ring = image.pixel(Int(x0 + 7), mid)
        #expect(ring.g > 140 && ring.r < 80 && ring.b < 100 && ring.a == 255, "\(ring)")
        // The black stroke just above the picture's round top.
        let outside = image.pixel(Int(x0 + 25), Int(baseline.rounded() - 50 - 1))
        #expect(outside.a == 255 && outside.r < 40, "\(outside) at y \(Int(baseline - 52)), picture top \(baseline - 50)")
        // The shadow under the picture, below its stroke.
        let under = image.pixel(Int(x0 + 25), Int(baseline + 4 + 6))
        #expect(under.a > 200 && under.r < 40, "\(under)")
    }
}

@Suite("Strokes that paint nothing")
struct InvisibleStrokeTests {
    private static let transparent = Color(red: 0, green: 0, blue: 0, alpha: 0)

    /// Lays out and renders `text` in two variants of one style, for comparison.
    private static func pair(_ text: String, plainText: String? = nil, canvas: CanvasMode,
                             _ configure: @escaping (inout LabelStyle) -> Void) throws
        -> (plain: (TextLayout, RenderedLabel), stroked: (TextLayout, RenderedLabel)) {
        func make(_ text: String, _ change: (inout LabelStyle) -> Void) throws -> (TextLayout, RenderedLabel) {
            let layout = try label(text, size: 40, box: canvas == .box ? Box(width: 240, height: 80) : nil) {
                $0.canvas = canvas
                $0.verticalAlign = .top
                $0.shadows = [Shadow(offsetX: 2, offsetY: 2, blur: 4)]
                change(&$0)
            }
            return (layout, try Renderer().render(layout, scale: 2))
        }
        return (try make(plainText ?? text) { _ in }, try make(text, configure))
    }

    @Test("a transparent or zero-width stroke gives the canvas, baselines and pixels of no stroke",
          arguments: [CanvasMode.tight, .box], ["transparent", "zero width", "transparent run"])
    func sameAsNoStroke(canvas: CanvasMode, kind: String) throws {
        let (plain, stroked) = switch kind {
        case "transparent": try Self.pair("Play", canvas: canvas) { $0.stroke = Stroke(width: 10, color: Self.transparent) }
        case "zero width": try Self.pair("Play", canvas: canvas) { $0.stroke = Stroke(width: 0, color: .black) }
        default: try Self.pair("Pl<stroke=10 #00000000>ay</stroke>", plainText: "Play", canvas: canvas) { _ in }
        }
        #expect(stroked.0.effectExtents == plain.0.effectExtents, "\(kind)")
        #expect(stroked.0.lines.map(\.baseline) == plain.0.lines.map(\.baseline), "\(kind)")
        #expect(stroked.1.baselines == plain.1.baselines, "\(kind)")
        #expect(stroked.1.boxOriginX == plain.1.boxOriginX && stroked.1.boxOriginY == plain.1.boxOriginY, "\(kind)")
        #expect(stroked.1.image == plain.1.image, "\(kind): the same pixels")
    }
}
