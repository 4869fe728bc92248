import Testing
import TextRender

/// `straightened()`, the contact sheet's way back from premultiplied files to the straight
/// colour browsers expect, held to exact rounding for every colour and alpha byte.
@Suite("Straightening premultiplied colour")
struct StraightenedRoundingTests {
    /// The integer nearest to c * 255 / a, the upper one when two are equally near,
    /// found by comparing distances (n * a against c * 255) rather than by the formula
    /// the product uses; at most 255.
    static func nearest(_ c: Int, over a: Int) -> UInt8 {
        let low = c * 255 / a
        let below = c * 255 - low * a, above = (low + 1) * a - c * 255
        return UInt8(min(255, above <= below ? low + 1 : low))
    }

    @Test("every colour over every alpha divides back to the nearest value, at most 255; clear pixels are black, opaque ones kept")
    func everyPair() {
        // Row a holds alpha a; column c colour c in red, and in green and blue offset so
        // each channel meets every value at every alpha.
        var pixels: [UInt8] = []
        pixels.reserveCapacity(256 * 256 * 4)
        for a in 0..<256 {
            for c in 0..<256 { pixels += [UInt8(c), UInt8((c + 85) % 256), UInt8((c + 170) % 256), UInt8(a)] }
        }
        let straight = RGBAImage(width: 256, height: 256, pixels: pixels).straightened()
        #expect(straight.width == 256 && straight.height == 256)
        var wrong: [String] = []
        for index in stride(from: 0, to: pixels.count, by: 4) {
            let a = Int(pixels[index + 3])
            #expect(straight.pixels[index + 3] == pixels[index + 3])
            for channel in index..<(index + 3) {
                let c = Int(pixels[channel])
                let expected = a == 0 ? 0 : a == 255 ? UInt8(c) : Self.nearest(c, over: a)
                if straight.pixels[channel] != expected, wrong.count < 8 {
                    wrong.append("colour \(c) at alpha \(a) gives \(straight.pixels[channel]), not \(expected)")
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong)")
    }

    @Test("straightening undoes premultiplying to within the rounding an alpha allows")
    func roundTrip() {
        var pixels: [UInt8] = []
        for a in 1..<256 { for c in 0..<256 { pixels += [UInt8(c), UInt8(c), UInt8(c), UInt8(a)] } }
        let image = RGBAImage(width: 256, height: 255, pixels: pixels)
        let back = image.premultiplied().straightened()
        var worst = 0.0
        for index in stride(from: 0, to: pixels.count, by: 4) {
            let a = Double(pixels[index + 3])
            // Premultiplying rounds by at most half a step, which dividing by a / 255
            // widens to 127.5 / a; straightening's own rounding adds another half.
            let off = abs(Double(back.pixels[index]) - Double(pixels[index]))
            worst = max(worst, off / (127.5 / a + 0.5))
        }
        #expect(worst <= 1, "worst error \(worst) of what rounding allows")
    }
}
