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
           _ configure: (inout LabelStyle) -> Void = { _ in }) throws -> LabelLayout {
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

    @Test("the outside stroke never covers the glyph interior, also under a translucent fill")
    func strokeOutsideOnly() throws {
        let layout = try label("I", size: 80, box: Box(width: 100, height: 120)) {
            $0.fill = .color(Color(red: 0, green: 0, blue: 1, alpha: 0.5))
            $0.stroke = Stroke(width: 4, color: Color(red: 1, green: 0, blue: 0))
        }
        let image = try Renderer().render(layout).image
        let ink = try #require(image.inkBounds(threshold: 200))
        // The middle of the I's stem: fill only.
        let middle = image[(ink.minX + ink.maxX) / 2, (ink.minY + ink.maxY) / 2]
        #expect(middle.r == 0 && middle.b == 255)
        #expect(abs(Int(middle.a) - 128) <= 1)
        // On the same row, the first opaque pixel from the left is the stroke (the I has
        // serifs, so the ink box is wider than the stem).
        let row = (ink.minY + ink.maxY) / 2
        let firstOpaque = try #require((0..<image.width).first { image[$0, row].a == 255 })
        let edge = image[firstOpaque + 1, row]
        #expect(edge.r == 255 && edge.b == 0 && edge.a == 255, "edge \(edge) at \(ink)")
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

    @Test("a line-scoped gradient restarts on every line")
    func gradientPerLine() throws {
        let first = Color(hex: "#FF0000")!, last = Color(hex: "#0000FF")!
        let layout = try label("HOME\nHOME", size: 40, box: Box(width: 200, height: 140)) {
            $0.fill = .gradient(Gradient(colors: [first, last], scope: .line))
        }
        let image = try Renderer().render(layout).image
        // The top and bottom ink rows of each line: red at the top, blue at the bottom.
        var rows: [Int] = []
        for y in 0..<image.height where (0..<image.width).contains(where: { image[$0, y].a == 255 }) { rows.append(y) }
        let split = rows.firstIndex { $0 > rows[0] + 1 && !rows.contains($0 - 1) }!
        for band in [Array(rows[..<split]), Array(rows[split...])] {
            let top = band.first!, bottom = band.last!
            let topPixel = (0..<image.width).map { image[$0, top] }.first { $0.a == 255 }!
            let bottomPixel = (0..<image.width).map { image[$0, bottom] }.first { $0.a == 255 }!
            #expect(topPixel.r > 230 && topPixel.b < 25, "top \(topPixel)")
            #expect(bottomPixel.b > 230 && bottomPixel.r < 25, "bottom \(bottomPixel)")
        }
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
