/// Blurs a coverage (A8) buffer with a Gaussian approximated by three box blurs per axis
/// (W3C's filter-effects recipe for feGaussianBlur), each a running sum: the cost per
/// pixel is the same whatever the radius.
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
        let x0 = max(0, region.x0), y0 = max(0, region.y0)
        let x1 = min(width, region.x1), y1 = min(height, region.y1)
        guard x1 > x0, y1 > y0 else { return }
        let w = x1 - x0, h = y1 - y0
        var buffer = [Float](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w { buffer[y * w + x] = Float(data[(y + y0) * stride + x + x0]) }
        }
        var scratch = [Float](repeating: 0, count: max(w, h))
        var line = [Float](repeating: 0, count: max(w, h))
        for size in boxSizes where size > 1 {
            let radius = (size - 1) / 2
            for y in 0..<h {
                for x in 0..<w { line[x] = buffer[y * w + x] }
                Self.boxPass(&line, count: w, radius: radius, into: &scratch)
                for x in 0..<w { buffer[y * w + x] = scratch[x] }
            }
            for x in 0..<w {
                for y in 0..<h { line[y] = buffer[y * w + x] }
                Self.boxPass(&line, count: h, radius: radius, into: &scratch)
                for y in 0..<h { buffer[y * w + x] = scratch[y] }
            }
        }
        for y in 0..<h {
            for x in 0..<w {
                data[(y + y0) * stride + x + x0] = UInt8(min(255, max(0, buffer[y * w + x].rounded())))
            }
        }
    }

    /// One box blur of radius `radius` along a line; outside the line counts as zero.
    private static func boxPass(_ line: inout [Float], count: Int, radius: Int, into out: inout [Float]) {
        let scale = 1 / Float(2 * radius + 1)
        var sum: Float = 0
        for i in 0..<min(radius, count) { sum += line[i] }
        for i in 0..<count {
            let entering = i + radius
            if entering < count { sum += line[entering] }
            let leaving = i - radius - 1
            if leaving >= 0 { sum -= line[leaving] }
            out[i] = sum * scale
        }
    }
}
