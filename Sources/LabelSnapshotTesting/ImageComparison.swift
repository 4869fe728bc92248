import Foundation
import TextRender

/// How two images are compared, and what a mismatch reports.
struct ImageComparison {
    var precision: Float
    var perceptualPrecision: Float
    /// How the images store colour; premultiplied colour is composited as it is.
    var alpha: ImageEncoding.Alpha = .straight

    struct Failure {
        var summary: String
        var diff: RGBAImage
    }

    /// Nil when the images match within the tolerance.
    func compare(expected: RGBAImage, actual: RGBAImage) -> Failure? {
        if expected == actual { return nil }
        guard expected.width == actual.width, expected.height == actual.height else {
            return Failure(summary: "image size \(actual.width)x\(actual.height) differs from the reference's "
                           + "\(expected.width)x\(expected.height)",
                           diff: Self.diffImage(expected: expected, actual: actual) { _, _ in true })
        }
        let limit = Double(1 - perceptualPrecision) * 100
        var differing = 0
        var largest = (delta: 0.0, x: 0, y: 0)
        var differs = [Bool](repeating: false, count: expected.width * expected.height)
        for y in 0..<expected.height {
            for x in 0..<expected.width {
                let a = expected[x, y], b = actual[x, y]
                if a == b { continue }
                let delta = Self.deltaE(a, b, premultiplied: alpha == .premultiplied)
                if delta > largest.delta { largest = (delta, x, y) }
                // With perceptualPrecision 1 any change of a byte fails, even one whose ΔE
                // rounds to 0.
                if perceptualPrecision >= 1 || delta > limit {
                    differing += 1
                    differs[y * expected.width + x] = true
                }
            }
        }
        let total = expected.width * expected.height
        let allowed = Int((Double(1 - precision) * Double(total)).rounded(.down))
        guard differing > allowed else { return nil }
        let share = String(format: "%.2f", Double(differing) / Double(max(total, 1)) * 100)
        var summary = "\(differing) of \(total) pixels (\(share)%) differ"
        summary += precision >= 1 ? " (precision 1: all must match)" : " (precision \(precision) allows \(allowed))"
        summary += String(format: "; largest difference ΔE %.1f at (%d, %d)", largest.delta, largest.x, largest.y)
        if perceptualPrecision < 1 { summary += String(format: ", perceptualPrecision %g allows ΔE %.1f", perceptualPrecision, limit) }
        let width = expected.width
        return Failure(summary: summary,
                       diff: Self.diffImage(expected: expected, actual: actual, premultiplied: alpha == .premultiplied) { x, y in
                           differs[y * width + x]
                       })
    }

    /// Differing pixels in opaque red over a faded grey copy of the reference, at the
    /// larger of the two sizes.
    static func diffImage(expected: RGBAImage, actual: RGBAImage, premultiplied: Bool = false,
                          differs: (Int, Int) -> Bool) -> RGBAImage {
        let width = max(expected.width, actual.width), height = max(expected.height, actual.height)
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let inside = x < expected.width && y < expected.height && x < actual.width && y < actual.height
                let offset = (y * width + x) * 4
                if !inside || differs(x, y) {
                    pixels[offset] = 255; pixels[offset + 1] = 0; pixels[offset + 2] = 0
                    continue
                }
                let p = expected[x, y]
                let alpha = Double(p.a) / 255
                let luma: Double = Double(p.r) * 0.3 + Double(p.g) * 0.59 + Double(p.b) * 0.11
                let grey: Double = luma * (premultiplied ? 1 : alpha) + 255 * (1 - alpha)
                let faded = UInt8((255 - (255 - grey) * 0.3).rounded())
                pixels[offset] = faded; pixels[offset + 1] = faded; pixels[offset + 2] = faded
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// CIE76 ΔE of two pixels, the larger of the values over black and over white, so a
    /// change of colour under low alpha and a change of alpha both count. `premultiplied`
    /// pixels already hold their colour times alpha.
    static func deltaE(_ a: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ b: (r: UInt8, g: UInt8, b: UInt8, a: UInt8),
                       premultiplied: Bool = false) -> Double {
        func lab(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), over background: Double) -> (Double, Double, Double) {
            let alpha = Double(p.a) / 255
            func linear(_ channel: UInt8) -> Double {
                let c = (Double(channel) / 255) * (premultiplied ? 1 : alpha) + background * (1 - alpha)
                return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
            }
            let r = linear(p.r), g = linear(p.g), bl = linear(p.b)
            let x = (0.4124 * r + 0.3576 * g + 0.1805 * bl) / 0.95047
            let y = 0.2126 * r + 0.7152 * g + 0.0722 * bl
            let z = (0.0193 * r + 0.1192 * g + 0.9505 * bl) / 1.08883
            func f(_ t: Double) -> Double { t > 0.008856 ? cbrt(t) : 7.787 * t + 16 / 116 }
            return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))
        }
        var largest = 0.0
        for background in [0.0, 1.0] {
            let p = lab(a, over: background), q = lab(b, over: background)
            largest = max(largest, ((p.0 - q.0) * (p.0 - q.0) + (p.1 - q.1) * (p.1 - q.1) + (p.2 - q.2) * (p.2 - q.2)).squareRoot())
        }
        return largest
    }
}
