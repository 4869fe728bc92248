/// Blurs a coverage (A8) buffer with a Gaussian approximated by three box blurs per axis
/// (W3C's filter-effects recipe for feGaussianBlur), each a running sum: the cost per
/// pixel is the same whatever the radius.
///
/// The passes run in the order horizontal, vertical for each box, and every pixel's sum
/// adds and subtracts the same values in the same order as a plain one-line-at-a-time
/// running sum, so the result is the same to the bit however the loops are arranged.
/// The vertical passes sweep rows, keeping one running sum per column: every load and
/// store is then sequential and the column loop vectorizes.
struct GaussianBlur {
    let sigma: Double

    /// Box sizes whose three passes match the Gaussian's variance.
    var boxSizes: [Int] {
        let ideal = (12 * sigma * sigma / 3 + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        let upper = lower + 2
        let m = Int(((12 * sigma * sigma - 3 * Double(lower * lower) - 12 * Double(lower) - 9)
                     / (-4 * Double(lower) - 4)).rounded())
        return (0..<3).map { $0 < m ? lower : upper }
    }

    /// Blurs `width` x `height` bytes at `data` with row `stride`, in place, limited to
    /// `region` (x0, y0, x1, y1 exclusive) which must hold everything the blur reaches.
    func apply(_ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int,
               region: (x0: Int, y0: Int, x1: Int, y1: Int)) {
        guard sigma > 0.05 else { return }
        withBlurred(data, width: width, height: height, stride: stride, region: region) { blurred, area in
            for y in 0..<area.height {
                let row = blurred + y * area.width
                let target = data + (y + area.y) * stride + area.x
                for x in 0..<area.width {
                    // Rounds half away from zero, as `rounded()` does, without a libm call:
                    // `c - Float(whole)` is exact for 0 <= c <= 255.
                    let c = min(255, max(0, row[x]))
                    let whole = Int32(c)
                    target[x] = UInt8(truncatingIfNeeded: c - Float(whole) >= 0.5 ? whole + 1 : whole)
                }
            }
        }
    }

    /// The part of a buffer a blur covered: `width` x `height` pixels from (`x`, `y`).
    struct Area {
        var x: Int, y: Int, width: Int, height: Int
    }

    /// Blurs `region` of the bytes at `data` (clipped to the buffer) and passes `body`
    /// the result unrounded, one float per pixel in rows of the area's width: for work
    /// that needs more than eight bits, such as a bevel's slopes. `body` is not called
    /// when the region and the buffer do not meet.
    func withBlurred(_ data: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int,
                     region: (x0: Int, y0: Int, x1: Int, y1: Int),
                     _ body: (UnsafePointer<Float>, Area) -> Void) {
        let x0 = max(0, region.x0), y0 = max(0, region.y0)
        let x1 = min(width, region.x1), y1 = min(height, region.y1)
        guard x1 > x0, y1 > y0 else { return }
        let w = x1 - x0, h = y1 - y0
        let current = UnsafeMutablePointer<Float>.allocate(capacity: w * h)
        let next = UnsafeMutablePointer<Float>.allocate(capacity: w * h)
        let sums = UnsafeMutablePointer<Float>.allocate(capacity: w)
        defer {
            current.deallocate()
            next.deallocate()
            sums.deallocate()
        }
        for y in 0..<h {
            let source = data + (y + y0) * stride + x0
            let row = current + y * w
            for x in 0..<w { row[x] = Float(source[x]) }
        }
        var input = current, output = next
        if sigma > 0.05 {
            for size in boxSizes where size > 1 {
                let radius = (size - 1) / 2
                let scale = 1 / Float(2 * radius + 1)
                for y in 0..<h {
                    Self.horizontalPass(input + y * w, count: w, radius: radius, scale: scale, into: output + y * w)
                }
                swap(&input, &output)
                Self.verticalPass(input, width: w, height: h, radius: radius, scale: scale, sums: sums, into: output)
                swap(&input, &output)
            }
        }
        body(input, Area(x: x0, y: y0, width: w, height: h))
    }

    /// One box blur of radius `radius` along a line; outside the line counts as zero.
    private static func horizontalPass(_ line: UnsafePointer<Float>, count: Int, radius: Int, scale: Float,
                                       into out: UnsafeMutablePointer<Float>) {
        var sum: Float = 0
        for i in 0..<min(radius, count) { sum += line[i] }
        // The same additions and subtractions as one loop with both bounds checks,
        // split where each check is known.
        let entering = max(0, count - radius)
        let leaving = min(count, radius + 1)
        var i = 0
        while i < min(entering, leaving) {
            sum += line[i + radius]
            out[i] = sum * scale
            i += 1
        }
        while i < entering {
            sum += line[i + radius]
            sum -= line[i - radius - 1]
            out[i] = sum * scale
            i += 1
        }
        while i < leaving {
            out[i] = sum * scale
            i += 1
        }
        while i < count {
            sum -= line[i - radius - 1]
            out[i] = sum * scale
            i += 1
        }
    }

    /// The same box blur down every column at once: `sums` holds each column's running sum.
    private static func verticalPass(_ input: UnsafePointer<Float>, width: Int, height: Int, radius: Int, scale: Float,
                                     sums: UnsafeMutablePointer<Float>, into out: UnsafeMutablePointer<Float>) {
        sums.update(repeating: 0, count: width)
        for y in 0..<min(radius, height) {
            let row = input + y * width
            for x in 0..<width { sums[x] += row[x] }
        }
        for y in 0..<height {
            if y + radius < height {
                let row = input + (y + radius) * width
                for x in 0..<width { sums[x] += row[x] }
            }
            if y - radius - 1 >= 0 {
                let row = input + (y - radius - 1) * width
                for x in 0..<width { sums[x] -= row[x] }
            }
            let target = out + y * width
            for x in 0..<width { target[x] = sums[x] * scale }
        }
    }
}
