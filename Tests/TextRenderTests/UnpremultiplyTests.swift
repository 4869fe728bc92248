import TestSupport
import Testing
@testable import TextRender

/// Premultiplied ARGB32 pixels: clear and opaque ones in runs of any length, as in a
/// label, with translucent ones between, some of them with colour above their alpha,
/// and clear ones that still hold colour.
private func pixelRuns(count: Int, using rng: inout SplitMix64) -> [UInt32] {
    var pixels: [UInt32] = []
    func random(alpha: UInt32, upTo most: UInt32) -> UInt32 {
        let r = UInt32.random(in: 0...most, using: &rng), g = UInt32.random(in: 0...most, using: &rng)
        let b = UInt32.random(in: 0...most, using: &rng)
        return alpha << 24 | r << 16 | g << 8 | b
    }
    while pixels.count < count {
        let run = Int.random(in: 1...20, using: &rng)
        switch Int.random(in: 0..<6, using: &rng) {
        case 0: pixels += repeatElement(0, count: run)
        case 1: pixels += (0..<run).map { _ in random(alpha: 255, upTo: 255) }
        case 2: pixels += (0..<run).map { _ in random(alpha: 0, upTo: 255) }
        case 3:
            // Alphas next to the clear and opaque ones, alone among those.
            let alpha: UInt32 = [1, 2, 253, 254].randomElement(using: &rng)!
            pixels.append(random(alpha: alpha, upTo: alpha))
        case 4: pixels += (0..<run).map { _ in random(alpha: UInt32.random(in: 1...254, using: &rng), upTo: 255) }
        default:
            pixels += (0..<run).map { _ in
                let alpha = UInt32.random(in: 1...254, using: &rng)
                return random(alpha: alpha, upTo: alpha)
            }
        }
    }
    return Array(pixels.prefix(count))
}

/// Straight RGBA bytes for one pixel, as the plain arithmetic has them: colour divided
/// by alpha, rounded to nearest, at most 255; clear and opaque pixels keep their bytes.
private func straight(_ argb: UInt32) -> [UInt8] {
    let a = Int(argb >> 24)
    let channels = [Int(argb >> 16 & 0xFF), Int(argb >> 8 & 0xFF), Int(argb & 0xFF)]
    let rgb = channels.map { c in a == 0 || a == 255 ? UInt8(c) : UInt8(min(255, (c * 255 + a / 2) / a)) }
    return rgb + [UInt8(a)]
}

@Suite("Unpremultiplying Cairo's pixels")
struct UnpremultiplyTests {
    @Test("every pixel converts as alone, whatever its neighbours", arguments: [1, 7, 8, 9, 13, 16, 33, 100])
    func matchesPlainArithmetic(width: Int) throws {
        var rng = SplitMix64(seed: UInt64(width))
        let height = 40
        let surface = try CairoSurface(width: width, height: height, format: .argb)
        let source = pixelRuns(count: width * height, using: &rng)
        surface.withPixels { data, stride in
            for y in 0..<height {
                let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width { row[x] = source[y * width + x] }
            }
        }
        let image = RGBAImage(cairo: surface)
        #expect(image.width == width && image.height == height)
        let expected = source.flatMap(straight)
        let differing = (0..<(width * height)).filter { image.pixels[$0 * 4..<$0 * 4 + 4] != expected[$0 * 4..<$0 * 4 + 4] }
        #expect(differing.isEmpty, "pixels \(differing.prefix(8)) of \(width)x\(height)")
    }
}
