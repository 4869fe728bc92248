import LabelLayout
import StyledText
import Testing
import TextRender

@Suite("Drawing a label onto an image")
struct DrawOntoImageTests {
    /// A background with every kind of pixel: opaque colours, translucent ones of
    /// rising alpha, and a transparent band.
    private static func background(width: Int, height: Int) -> RGBAImage {
        makeImage(width, height) { x, y in
            if y < height / 4 { return [0, 0, 0, 0] }
            if x < width / 2 { return [UInt8(x % 256), 40, 128, 255] }
            return [200, UInt8(y % 256), 30, UInt8(255 * (x - width / 2) / (width - width / 2))]
        }
    }

    /// `label` laid over `image` with its top left corner at (`x`, `y`), by the
    /// straight-alpha "over" formula in floating point: what drawing onto the image
    /// must give.
    private static func composited(_ label: RGBAImage, over image: RGBAImage, x: Int, y: Int) -> RGBAImage {
        var out = image
        for ly in 0..<label.height {
            for lx in 0..<label.width {
                let tx = x + lx, ty = y + ly
                guard tx >= 0, ty >= 0, tx < image.width, ty < image.height else { continue }
                let s = label[lx, ly], d = image[tx, ty]
                let sa = Double(s.a) / 255, da = Double(d.a) / 255
                let a = sa + da * (1 - sa)
                guard a > 0 else { continue }
                func mix(_ sc: UInt8, _ dc: UInt8) -> UInt8 {
                    UInt8((((Double(sc) * sa + Double(dc) * da * (1 - sa)) / a)).rounded())
                }
                let i = (ty * image.width + tx) * 4
                out.pixels[i] = mix(s.r, d.r)
                out.pixels[i + 1] = mix(s.g, d.g)
                out.pixels[i + 2] = mix(s.b, d.b)
                out.pixels[i + 3] = UInt8((a * 255).rounded())
            }
        }
        return out
    }

    /// A label with translucent edges everywhere: stroke, soft shadow, translucent fill,
    /// on a tight canvas, so the box's origin is not the image's.
    private static func layout() throws -> TextLayout {
        try label("Go!", size: 40, box: nil) {
            $0.canvas = .tight
            $0.fill = .color(Color(red: 1, green: 0.8, blue: 0.1, alpha: 0.8))
            $0.stroke = Stroke(width: 3, color: Color(red: 0.1, green: 0.2, blue: 0.6))
            $0.shadows = [Shadow(color: Color(red: 0, green: 0, blue: 0, alpha: 0.7), offsetX: 2, offsetY: 3, blur: 6)]
        }
    }

    /// Draws the label onto the background at (`x`, `y`) and compares it with render()
    /// composited by hand: within one level where the label has ink, exact elsewhere.
    ///
    /// - Returns: How many pixels the label changed.
    private static func expectDrawn(at x: Int, _ y: Int, scale: Double, width: Int, height: Int) throws -> Int {
        let layout = try layout()
        let rendered = try Renderer().render(layout, scale: scale)
        let before = background(width: width, height: height)
        var drawn = before
        try Renderer().draw(layout, onto: &drawn, atX: x, y: y, scale: scale)
        let expected = composited(rendered.image, over: before, x: x - rendered.boxOriginX, y: y - rendered.boxOriginY)
        var worst = 0, covered = 0
        for index in drawn.pixels.indices {
            worst = max(worst, abs(Int(drawn.pixels[index]) - Int(expected.pixels[index])))
        }
        for py in 0..<height {
            for px in 0..<width where expected[px, py] != before[px, py] || drawn[px, py] != before[px, py] {
                covered += 1
            }
        }
        let untouched = zip(drawn.pixels, expected.pixels).enumerated().allSatisfy { index, pair in
            let p = index / 4, lx = p % width - x + rendered.boxOriginX, ly = p / width - y + rendered.boxOriginY
            let inLabel = lx >= 0 && ly >= 0 && lx < rendered.image.width && ly < rendered.image.height
            return (inLabel && rendered.image[lx, ly].a > 0) || pair.0 == pair.1
        }
        #expect(worst <= 1, "largest difference from render() composited by hand: \(worst)")
        #expect(untouched, "pixels the label does not cover keep their values")
        return covered
    }

    @Test("onto a non-empty image at an offset, the label is render()'s pixels composited over it")
    func drawsAtOffset() throws {
        #expect(try Self.expectDrawn(at: 60, 70, scale: 1, width: 240, height: 160) > 1000)
    }

    @Test("a label hanging off the image's edges is cut off there")
    func clipsAtEdges() throws {
        // Ink on both sides of each edge: the part inside is compared pixel by pixel.
        #expect(try Self.expectDrawn(at: -25, -12, scale: 1, width: 120, height: 60) > 300)
        #expect(try Self.expectDrawn(at: 90, 40, scale: 1, width: 120, height: 60) > 30)
    }

    @Test("at @2x the label is drawn as sharp as render(scale: 2), at image pixels")
    func drawsAtScale() throws {
        #expect(try Self.expectDrawn(at: 120, 140, scale: 2, width: 480, height: 320) > 4000)
    }

    @Test("a label that cannot be drawn leaves the image as it was")
    func failureLeavesImage() throws {
        let before = Self.background(width: 40, height: 40)
        var image = before
        #expect(throws: RenderError.scaleOutOfRange(0)) {
            try Renderer().draw(try Self.layout(), onto: &image, atX: 0, y: 0, scale: 0)
        }
        #expect(image == before)
    }
}
