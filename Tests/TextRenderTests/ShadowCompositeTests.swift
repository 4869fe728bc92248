import StyledText
import TestSupport
import Testing
@testable import TextRender

@Suite("Shadows composited over their region only")
struct ShadowCompositeTests {
    /// A canvas-sized mask with ink only inside `ink`, blurred as ``ShadowLayer`` blurs
    /// it: over the ink grown by three sigma and two pixels. Unblurred (sigma 0), its
    /// region is the ink itself, so coverage reaches the region's edge.
    private func blurredMask(width: Int, height: Int, ink: PixelRegion, sigma: Double,
                             using rng: inout SplitMix64) throws -> (CairoSurface, PixelRegion) {
        let mask = try CairoSurface(width: width, height: height, format: .alpha)
        let region = sigma == 0 ? ink : ink.outset(by: Int((3 * sigma).rounded(.up)) + 2)
        mask.withPixels { data, stride in
            // Ink may lie partly or wholly off the canvas.
            for y in max(0, ink.y0)..<max(0, min(height, ink.y1)) {
                for x in max(0, ink.x0)..<max(0, min(width, ink.x1)) where Int.random(in: 0..<3, using: &rng) > 0 {
                    data[y * stride + x] = Int.random(in: 0..<2, using: &rng) == 0 ? 255 : UInt8.random(in: 0...255, using: &rng)
                }
            }
            GaussianBlur(sigma: sigma).apply(data, width: width, height: height, stride: stride,
                                             region: (region.x0, region.y0, region.x1, region.y1))
        }
        return (mask, region)
    }

    /// A canvas with something under the shadow already, translucent and opaque.
    private func canvas(width: Int, height: Int) throws -> CairoSurface {
        let surface = try CairoSurface(width: width, height: height, format: .argb)
        let context = CairoContext(surface)
        context.setSource(Color(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.6))
        context.rectangle(x: 3, y: 2, width: Double(width) / 2, height: Double(height) - 4)
        context.fill()
        return surface
    }

    private func pixels(_ surface: CairoSurface) -> [UInt8] {
        surface.withPixels { data, stride in Array(UnsafeBufferPointer(start: data, count: stride * surface.height)) }
    }

    @Test("the same pixels as compositing the whole mask, at whole, fractional and negative offsets, near the edges too")
    func sameAsWholeCanvas() throws {
        var rng = SplitMix64(seed: 17)
        let width = 160, height = 90
        for round in 0..<60 {
            let x0 = Int.random(in: -20...(width - 10), using: &rng), y0 = Int.random(in: -20...(height - 10), using: &rng)
            let ink = PixelRegion(x0: x0, y0: y0, x1: x0 + Int.random(in: 1...60, using: &rng),
                                  y1: y0 + Int.random(in: 1...40, using: &rng))
            let sigma = [0, 0.5, 2, 6.5][round % 4]
            let (mask, region) = try blurredMask(width: width, height: height, ink: ink, sigma: sigma, using: &rng)
            let offsets: [Double] = [0, 3, -7, 0.5, -2.25, 13.75]
            let x = offsets.randomElement(using: &rng)!, y = offsets.randomElement(using: &rng)!
            let color = Color(red: 0.1, green: 0, blue: 0.3, alpha: [1, 0.67, 0.2][round % 3])

            let whole = try canvas(width: width, height: height)
            let wholeContext = CairoContext(whole)
            wholeContext.setSource(color)
            wholeContext.mask(mask, x: x, y: y)
            let clipped = try canvas(width: width, height: height)
            let clippedContext = CairoContext(clipped)
            clippedContext.setSource(color)
            ShadowLayer.composite(mask, clearOutside: region, x: x, y: y, on: clippedContext)

            #expect(pixels(clipped) == pixels(whole), "round \(round): ink \(ink), offset (\(x), \(y)), sigma \(sigma)")
        }
    }
}
