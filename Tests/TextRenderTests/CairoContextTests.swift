import CCairo
import LabelLayout
import StyledText
import Testing
import TextRender

@Suite("Drawing into a caller's Cairo context")
struct CairoContextTests {
    /// A caller's opaque surface filled with one colour, its context, and its pixels read back.
    private final class Target {
        let surface: OpaquePointer
        let context: OpaquePointer
        let width: Int, height: Int

        init(width: Int, height: Int, scale: Double = 1) {
            self.width = width
            self.height = height
            surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
            context = cairo_create(surface)!
            cairo_set_source_rgb(context, 0, 0, 0.5)
            cairo_paint(context)
            cairo_scale(context, scale, scale)
        }

        deinit {
            cairo_destroy(context)
            cairo_surface_destroy(surface)
        }

        /// (r, g, b) of a pixel; the surface is opaque, so premultiplication does not matter.
        func pixel(_ x: Int, _ y: Int) -> (r: UInt8, g: UInt8, b: UInt8) {
            cairo_surface_flush(surface)
            let data = cairo_image_surface_get_data(surface)!
            let stride = Int(cairo_image_surface_get_stride(surface))
            let p = data.advanced(by: y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
            return (UInt8(p >> 16 & 0xFF), UInt8(p >> 8 & 0xFF), UInt8(p & 0xFF))
        }
    }

    @Test("the label is composited where asked, over what the caller drew, as the image would be")
    func drawsInPlace() throws {
        let layout = try label("Go", size: 40, box: Box(width: 120, height: 60)) {
            $0.fill = .color(Color(red: 1, green: 1, blue: 0))
        }
        let image = try Renderer().render(layout).image
        let target = Target(width: 300, height: 200)
        try Renderer().draw(layout, into: target.context, x: 100, y: 50)
        var compared = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let source = image[x, y]
                let drawn = target.pixel(100 + x, 50 + y)
                // Straight-alpha source over the caller's navy background.
                let a = Double(source.a) / 255
                let expected = (Double(source.r) * a, Double(source.g) * a, Double(source.b) * a + 127.5 * (1 - a))
                #expect(abs(Double(drawn.r) - expected.0) <= 2 && abs(Double(drawn.g) - expected.1) <= 2
                        && abs(Double(drawn.b) - expected.2) <= 2, "at \(x), \(y): \(drawn) vs \(expected)")
                compared += source.a > 128 ? 1 : 0
            }
        }
        #expect(compared > 200, "the label has solid ink to compare")
        // Outside the label's box the caller's pixels are untouched.
        #expect(target.pixel(20, 20) == (0, 0, 127) || target.pixel(20, 20) == (0, 0, 128))
        #expect(target.pixel(280, 180) == target.pixel(20, 20))
    }

    @Test("on a context scaled by 2, the label is drawn at @2x, as sharp as the @2x image")
    func scaledContext() throws {
        let layout = try label("Go", size: 40, box: Box(width: 120, height: 60)) {
            $0.fill = .color(Color(red: 1, green: 1, blue: 1))
        }
        let image = try Renderer().render(layout, scale: 2).image
        let target = Target(width: 400, height: 300, scale: 2)
        try Renderer().draw(layout, into: target.context, x: 20, y: 30, scale: 2)
        var worst = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let expected = Int(image[x, y].a) // white over navy: red channel equals coverage
                worst = max(worst, abs(Int(target.pixel(40 + x, 60 + y).r) - expected))
            }
        }
        #expect(worst <= 2, "largest difference from the @2x image: \(worst)")
    }
}
