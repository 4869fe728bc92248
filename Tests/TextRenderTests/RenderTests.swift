import Foundation
import LabelLayout
import StyledText
import Testing
import TextRender

let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let engine = LayoutEngine(fonts: FontSources(
    bundledDirectories: [packageRoot.appendingPathComponent("Fonts").path], useHostFonts: false),
    // The demo strings name their pictures relative to the tables' folder.
    imageDirectories: [packageRoot.appendingPathComponent("Localizations/strings").path])

func label(_ text: String, size: Double = 40, box: Box? = Box(width: 240, height: 80), locale: String = "en",
           _ configure: (inout LabelStyle) -> Void = { _ in }) throws -> TextLayout {
    var style = LabelStyle(font: FontSpec(weight: 700, size: size))
    style.box = box
    style.align = .center
    configure(&style)
    return try engine.layout(text, style: style, locale: locale)
}

@Suite("Rendering")
struct RenderTests {
    @Test("the image is the box at scale 1 and scaled at @2x and @3x")
    func pixelSize() throws {
        let layout = try label("Play")
        for scale in [1.0, 2, 3] {
            let rendered = try Renderer().render(layout, scale: scale)
            #expect(rendered.image.width == Int(240 * scale))
            #expect(rendered.image.height == Int(80 * scale))
        }
    }

    @Test("ink lies where the layout put the glyphs")
    func inkWhereTextIs() throws {
        let layout = try label("Play")
        let image = try Renderer().render(layout).image
        let ink = try #require(image.inkBounds(threshold: 32))
        #expect(abs(Double(ink.minX) - layout.inkBounds.minX) <= 2)
        #expect(abs(Double(ink.maxX + 1) - layout.inkBounds.maxX) <= 2)
        #expect(abs(Double(ink.minY) - layout.inkBounds.minY) <= 2)
        #expect(abs(Double(ink.maxY + 1) - layout.inkBounds.maxY) <= 2)
        // Centred: the ink's middle is near the box's middle.
        #expect(abs(Double(ink.minX + ink.maxX) / 2 - 120) < 6)
    }

    @Test("an empty label renders a transparent image")
    func emptyLabel() throws {
        let image = try Renderer().render(try label("")).image
        #expect(image.inkBounds() == nil)
    }

    @Test("rendering twice gives identical pixels and PNG bytes")
    func deterministic() throws {
        let layout = try label("Score 12 345") { $0.stroke = Stroke(width: 3, color: .black); $0.shadows = [Shadow(blur: 6)] }
        let a = try Renderer().render(layout, scale: 2)
        let b = try Renderer().render(layout, scale: 2)
        #expect(a.image == b.image)
        #expect(try PNGEncoder().encode(a.image) == PNGEncoder().encode(b.image))
    }

    @Test("PNG output has the signature and the image's size")
    func pngHeader() throws {
        let image = try Renderer().render(try label("Hi"), scale: 2).image
        let png = try PNGEncoder().encode(image)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == image.width && height == image.height)
    }

    /// Compared with the same label drawn without a stroke: a stroke centred on the
    /// outline and painted over the fill would tint the glyph's inner edge and reach
    /// only half its width outside.
    @Test("the outside stroke never covers the glyph interior, also under a translucent fill")
    func strokeOutsideOnly() throws {
        let fill = Color(red: 0, green: 0, blue: 1, alpha: 0.5)
        let plainLayout = try label("I", size: 80, box: Box(width: 100, height: 120)) { $0.fill = .color(fill) }
        let strokedLayout = try label("I", size: 80, box: Box(width: 100, height: 120)) {
            $0.fill = .color(fill)
            $0.stroke = Stroke(width: 4, color: Color(red: 1, green: 0, blue: 0))
        }
        // Control: the stroke's extents shift nothing, so the two images line up.
        #expect(plainLayout.lines.map { $0.runs.map(\.glyphs) } == strokedLayout.lines.map { $0.runs.map(\.glyphs) })
        let plain = try Renderer().render(plainLayout).image
        let stroked = try Renderer().render(strokedLayout).image
        let full = (0..<plain.height).flatMap { y in (0..<plain.width).map { plain[$0, y].a } }.max() ?? 0
        #expect(abs(Int(full) - 128) <= 1)

        // Every pixel the fill covers wholly is exactly the fill, no stroke colour mixed
        // in; outside the outline the stroke is its own colour, no fill mixed in.
        var interior = 0
        var tinted: [String] = [], mixed: [String] = []
        for y in 0..<plain.height {
            for x in 0..<plain.width {
                let p = stroked[x, y]
                if plain[x, y].a == full {
                    interior += 1
                    if !(p.r == 0 && p.g == 0 && p.b == 255 && p.a == full) { tinted.append("(\(x), \(y)): \(p)") }
                } else if plain[x, y].a == 0 && p.a > 0 && !(p.r == 255 && p.g == 0 && p.b == 0) {
                    mixed.append("(\(x), \(y)): \(p)")
                }
            }
        }
        #expect(interior > 200, "\(interior) wholly covered pixels")
        #expect(tinted.count == 0, "\(tinted.count) pixels inside the I are not the fill: \(tinted.prefix(4))")
        #expect(mixed.count == 0, "\(mixed.count) pixels outside the I are not the stroke: \(mixed.prefix(4))")

        // On the middle row the stroke reaches its full width outside the outline: the
        // three pixels left of the stem's first inked pixel are opaque stroke colour.
        let ink = try #require(plain.inkBounds())
        let row = (ink.minY + ink.maxY) / 2
        let edge = try #require((0..<plain.width).first { plain[$0, row].a > 0 })
        for x in (edge - 3)..<edge {
            let p = stroked[x, row]
            #expect(p.r == 255 && p.g == 0 && p.b == 0 && p.a == 255, "stroke at (\(x), \(row)): \(p), stem edge at \(edge)")
        }
        #expect(stroked[edge - 6, row].a == 0, "the stroke reaches further than its width")
    }

    @Test("edges keep straight alpha: a white glyph's anti-aliased edge is white, not grey")
    func straightAlpha() throws {
        let layout = try label("Ove", size: 40) { $0.fill = .color(.white) }
        let image = try Renderer().render(layout).image
        var partial = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image[x, y]
                guard p.a > 0 && p.a < 255 else { continue }
                partial += 1
                #expect(p.r >= 254 && p.g >= 254 && p.b >= 254, "grey edge at \(x),\(y): \(p)")
            }
        }
        #expect(partial > 20)
    }

    /// Wrapped lines, not only hard breaks: a gradient restarted per paragraph would
    /// pass on "A\nB". Each line's ink runs from the first colour at its top to the last
    /// at its bottom; the same label with a label-scoped gradient must measure otherwise.
    @Test("a line-scoped gradient restarts on every line")
    func gradientPerLine() throws {
        let first = Color(red: 1, green: 0, blue: 0), last = Color(red: 0, green: 0, blue: 1)
        func draw(_ scope: GradientScope) throws -> (layout: TextLayout, image: RGBAImage) {
            let layout = try label("HOME HOME HOME", size: 40, box: Box(width: 160, height: 200)) {
                $0.fill = .gradient(Gradient(colors: [first, last], scope: scope))
            }
            return (layout, try Renderer().render(layout).image)
        }
        typealias Ink = (r: UInt8, g: UInt8, b: UInt8, a: UInt8)
        /// The first and last rows of each run of rows holding opaque ink, top to bottom,
        /// with the first opaque pixel of each.
        func bands(_ image: RGBAImage) -> [(top: Ink, bottom: Ink)] {
            func opaque(_ y: Int) -> Ink? { (0..<image.width).map { image[$0, y] }.first { $0.a == 255 } }
            var result: [(top: Ink, bottom: Ink)] = []
            var y = 0
            while y < image.height {
                guard let top = opaque(y) else { y += 1; continue }
                var bottom = top
                while y + 1 < image.height, let next = opaque(y + 1) { bottom = next; y += 1 }
                result.append((top, bottom))
                y += 1
            }
            return result
        }

        let perLine = try draw(.line)
        #expect(perLine.layout.lineTexts == ["HOME", "HOME", "HOME"])
        let lines = bands(perLine.image)
        try #require(lines.count == perLine.layout.lines.count, "\(lines.count) ink bands")
        for (index, line) in lines.enumerated() {
            #expect(line.top.r > 230 && line.top.b < 25, "line \(index) top \(line.top)")
            #expect(line.bottom.b > 230 && line.bottom.r < 25, "line \(index) bottom \(line.bottom)")
        }

        // Control: spanning the label, only the first line starts red and only the last
        // ends blue; the lines between are neither.
        let whole = try draw(.label)
        let spanned = bands(whole.image)
        try #require(spanned.count == lines.count)
        #expect(spanned[0].top.r > 230 && spanned[0].top.b < 25, "\(spanned[0].top)")
        #expect(spanned[spanned.count - 1].bottom.b > 230 && spanned[spanned.count - 1].bottom.r < 25)
        #expect(spanned[0].bottom.b < 200, "first line's bottom \(spanned[0].bottom)")
        #expect(spanned[spanned.count - 1].top.r < 200, "last line's top \(spanned[spanned.count - 1].top)")
        #expect(spanned[1].top.r < 200 && spanned[1].bottom.b < 200, "middle line \(spanned[1])")
    }

    @Test("no ink touches the outermost pixel ring, whatever the effects")
    func nothingClipped() throws {
        let layout = try label("Wg", size: 60, box: Box(width: 200, height: 100)) {
            $0.stroke = Stroke(width: 6, color: .black)
            $0.shadows = [Shadow(color: .black, offsetX: 4, offsetY: 6, blur: 10, spread: 2)]
            $0.font.minSize = 10
        }
        for scale in [1.0, 2] {
            let image = try Renderer().render(layout, scale: scale).image
            for x in 0..<image.width {
                #expect(image[x, 0].a == 0 && image[x, image.height - 1].a == 0)
            }
            for y in 0..<image.height {
                #expect(image[0, y].a == 0 && image[image.width - 1, y].a == 0)
            }
        }
    }

    @Test("a tight canvas crops to ink plus effects, clips nothing, and reports the box origin")
    func tightCanvas() throws {
        let layout = try label("Go", size: 40, box: Box(width: 400, height: 200)) {
            $0.canvas = .tight
            $0.stroke = Stroke(width: 3, color: .black)
            $0.shadows = [Shadow(color: .black, offsetX: 0, offsetY: 5, blur: 6)]
        }
        let rendered = try Renderer().render(layout, scale: 2)
        let image = rendered.image
        #expect(image.width < 800 && image.height < 400)
        for x in 0..<image.width { #expect(image[x, 0].a == 0 && image[x, image.height - 1].a == 0) }
        for y in 0..<image.height { #expect(image[0, y].a == 0 && image[image.width - 1, y].a == 0) }
        // The ink's left edge sits where the layout put it, relative to the reported origin.
        let ink = try #require(image.inkBounds(threshold: 128))
        let expectedLeft = Double(rendered.boxOriginX) + (layout.inkBounds.minX - 3) * 2
        #expect(abs(Double(ink.minX) - expectedLeft) <= 3)
    }

    @Test("a shadow with offset [0, 0] glows around the text")
    func glow() throws {
        let plain = try label("O", size: 60, box: Box(width: 160, height: 120))
        let glowing = try label("O", size: 60, box: Box(width: 160, height: 120)) {
            $0.shadows = [Shadow(color: Color(red: 1, green: 1, blue: 0), blur: 8)]
        }
        let a = try #require(try Renderer().render(plain).image.inkBounds(threshold: 8))
        let b = try #require(try Renderer().render(glowing).image.inkBounds(threshold: 8))
        #expect(b.minX < a.minX - 2 && b.maxX > a.maxX + 2 && b.minY < a.minY - 2 && b.maxY > a.maxY + 2)
    }
}

@Suite("Rendering hyphenated labels")
struct HyphenationRenderTests {
    @Test("the hyphen that ends a hyphenated line is drawn where the layout put it")
    func hyphenIsVisible() throws {
        let layout = try label("Donaudampfschifffahrtsgesellschaftskapitän", box: Box(width: 220, height: 120), locale: "de") {
            $0.font.minSize = 8
            $0.maxLines = 2
            $0.hyphenate = true
        }
        let hyphenID = try label("\u{2010}", locale: "de").lines[0].runs[0].glyphs[0].id
        let run = try #require(layout.lines.first?.runs.last)
        let hyphen = try #require(run.glyphs.last)
        try #require(hyphen.id == hyphenID, "the first line does not end with a hyphen: \(layout.lineTexts)")
        let box = try #require(run.inkBox(hyphen.id))
        let image = try Renderer().render(layout).image
        // Across the hyphen's ink box, at least one row of pixels is mostly covered.
        let minX = Int((hyphen.x + box.minX * run.fontSize).rounded(.down))
        let maxX = Int((hyphen.x + box.maxX * run.fontSize).rounded(.up)) - 1
        let minY = Int((hyphen.y - box.maxY * run.fontSize).rounded(.down))
        let maxY = Int((hyphen.y - box.minY * run.fontSize).rounded(.up)) - 1
        try #require(minX + 3 <= maxX && minY <= maxY && maxX < image.width && maxY < image.height)
        let coveredRows = (minY...maxY).filter { y in
            (minX...maxX).filter { image[$0, y].a > 100 }.count >= maxX - minX - 1
        }
        #expect(!coveredRows.isEmpty, "no row of the hyphen's box is inked")
        // Right of the hyphen the first line has no ink.
        let lineTop = Int(layout.lines[0].top), lineBottom = Int(layout.lines[0].top + layout.lines[0].height)
        var beyond = 0
        for y in max(0, lineTop)..<min(image.height, lineBottom) {
            for x in min(image.width, maxX + 3)..<image.width where image[x, y].a > 0 { beyond += 1 }
        }
        #expect(beyond == 0)
    }
}
