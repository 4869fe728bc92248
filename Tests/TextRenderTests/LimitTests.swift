import Foundation
import LabelLayout
import StyledText
import Testing
import TextRender

@Suite("Render and image limits")
struct RenderLimitTests {
    @Test("a canvas over the side or pixel limit is refused before it is allocated, saying both sizes")
    func canvas() throws {
        let layout = try label("Score")
        let side = #expect(throws: RenderError.self) { try Renderer(limits: Limits(canvasSide: 200)).render(layout) }
        #expect(side == .canvasTooLarge(width: 240, height: 80, scale: 1, limit: .side(200)))
        #expect(side?.description == "the label image would be 240x80 pixels; at most 200 on a side is allowed")
        let pixels = #expect(throws: RenderError.self) {
            try Renderer(limits: Limits(canvasPixels: 50_000)).render(layout, scale: 2)
        }
        #expect(pixels == .canvasTooLarge(width: 480, height: 160, scale: 2, limit: .pixels(50_000)))
        #expect(pixels?.description
                == "the label image at @2x would be 480x160 pixels (76800 pixels); at most 50000 pixels is allowed")
        #expect(try Renderer(limits: Limits(canvasSide: 240, canvasPixels: 240 * 80)).render(layout).image.width == 240)
    }

    @Test("a canvas 32767 pixels wide, which Cairo would paint blank, is refused whatever the limits; 32766 is drawn")
    func widestDrawableCanvas() throws {
        let roomy = Limits(canvasSide: 40_000, canvasPixels: 1 << 30, scale: 40)
        // 4096 points at 32767 / 4096 pixels a point: 32767 pixels exactly.
        let layout = try label("Wide", size: 0.5, box: Box(width: 4096, height: 2))
        let refused = #expect(throws: RenderError.self) { try Renderer(limits: roomy).render(layout, scale: 32767.0 / 4096) }
        #expect(refused == .canvasTooLarge(width: 32767, height: 16, scale: 32767.0 / 4096, limit: .side(Renderer.largestSide)))
        let drawn = try Renderer(limits: roomy).render(layout, scale: 32766.0 / 4096).image
        #expect(drawn.width == 32766)
        #expect(drawn.inkBounds(threshold: 64) != nil, "nothing was drawn")
    }

    @Test("texts at the length limit are laid out, cut and drawn: floods of marks, invisible characters, bidi controls, no spaces",
          arguments: [
              ("combining", "e" + String(repeating: "\u{301}", count: 20)),
              ("zero-width", "a\u{200B}\u{200D}\u{2060}\u{FEFF}"),
              ("bidi controls", "abc \u{202E}\u{5D0}\u{5D1} \u{2067}x\u{2069}\u{202C} "),
              ("Thai", "สวัสดีครับ"),
          ])
    func textsAtTheLengthLimit(kind: String, unit: String) throws {
        let scalars = unit.unicodeScalars.count
        let text = String(repeating: unit, count: Limits().textLength / scalars)
            + String(String.UnicodeScalarView(unit.unicodeScalars.prefix(Limits().textLength % scalars)))
        #expect(text.unicodeScalars.count == Limits().textLength, "\(kind)")
        let layout = try label(text, size: 32) {
            $0.font.minSize = 12
            $0.maxLines = 2
            $0.stroke = Stroke(width: 3, color: .black)
        }
        #expect(layout.isTruncated, "\(kind)")
        #expect(layout.lines.count <= 2, "\(kind)")
        let image = try Renderer().render(layout).image
        #expect(image.width == 240 && image.height == 80, "\(kind)")
        #expect(image.pixels.contains { $0 != 0 }, "\(kind): nothing was drawn")
        #expect(throws: LayoutError.self) { try engine.layout(text + "x", style: layout.style, locale: "en") }
    }

    @Test("a tight canvas grown past Int by a style built in code is refused, not trapped on")
    func absurdTightCanvas() throws {
        let layout = try label("Wide", box: nil) {
            $0.canvas = .tight
            $0.tracking = 1e300
        }
        #expect(throws: RenderError.self) { try Renderer().render(layout) }
    }

    @Test("a PNG over the decoder's limits is refused from its header, before its pixels are decoded")
    func pngLimits() throws {
        // A PNG signature and header claiming 30000x30000 pixels, and no image data at all:
        // refused for its size, not as corrupt, so nothing was read past the header.
        let huge = #expect(throws: ImageError.self) { try PNGDecoder().decode(pngHeader(width: 30000, height: 30000)) }
        #expect(huge == .tooLarge(.png, width: 30000, height: 30000, limit: .pixels(128 << 20)))
        #expect(huge?.description == "the PNG image is 30000x30000 pixels (858.3 Mpixel); at most 128 Mpixel is allowed")
        let beyondCairo = #expect(throws: ImageError.self) {
            try PNGDecoder(maximumSide: 40000).decode(pngHeader(width: 32768, height: 1))
        }
        #expect(beyondCairo == .tooLarge(.png, width: 32768, height: 1, limit: .side(32767)))
        let small = try PNGEncoder().encode(makeImage(20, 10) { _, _ in [1, 2, 3, 255] })
        let wide = #expect(throws: ImageError.self) { try PNGDecoder(maximumSide: 16).decode(small) }
        #expect(wide == .tooLarge(.png, width: 20, height: 10, limit: .side(16)))
        #expect(wide?.description == "the PNG image is 20x10 pixels; at most 16 on a side can be read")
        let many = #expect(throws: ImageError.self) { try PNGDecoder(maximumPixels: 199).decode(small) }
        #expect(many == .tooLarge(.png, width: 20, height: 10, limit: .pixels(199)))
        #expect(many?.description == "the PNG image is 20x10 pixels (200 pixels); at most 199 pixels is allowed")
        #expect(try PNGDecoder(maximumSide: 20, maximumPixels: 200).decode(small).width == 20)
    }
}

/// The signature and header (IHDR, RGBA, 8 bits) of a PNG of the given size, with no
/// image data after them.
func pngHeader(width: Int, height: Int) -> Data {
    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
    for side in [width, height] { png += [UInt8(side >> 24), UInt8(side >> 16 & 0xFF), UInt8(side >> 8 & 0xFF), UInt8(side & 0xFF)] }
    png += [8, 6, 0, 0, 0]
    return Data(png)
}
