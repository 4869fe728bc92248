import TestSupport
import Testing
@testable import TextRender

/// Coverage as a label's masks have it: long runs of clear and of full ink, and edges
/// of every value in between.
private func coverage(count: Int, using rng: inout SplitMix64) -> [UInt8] {
    var bytes: [UInt8] = []
    while bytes.count < count {
        let run = Int.random(in: 1...12, using: &rng)
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: bytes += repeatElement(0, count: run)
        case 1: bytes += repeatElement(255, count: run)
        default: bytes += (0..<run).map { _ in UInt8.random(in: 0...255, using: &rng) }
        }
    }
    return Array(bytes.prefix(count))
}

/// The blur as one plain loop per line: one running sum per row, then per column, each
/// adding the pixel entering the box and subtracting the one leaving it when they exist,
/// in floats. The faster loops must give these values to the bit.
private func referenceBlur(_ data: [UInt8], width: Int, height: Int, stride: Int,
                           region: (x0: Int, y0: Int, x1: Int, y1: Int),
                           sigma: Double) -> (values: [Float], x: Int, y: Int, width: Int, height: Int)? {
    let x0 = max(0, region.x0), y0 = max(0, region.y0)
    let x1 = min(width, region.x1), y1 = min(height, region.y1)
    guard x1 > x0, y1 > y0 else { return nil }
    let w = x1 - x0, h = y1 - y0
    var values = [Float](repeating: 0, count: w * h)
    for y in 0..<h {
        for x in 0..<w { values[y * w + x] = Float(data[(y + y0) * stride + x + x0]) }
    }
    func boxBlur(_ count: Int, _ radius: Int, _ scale: Float, _ index: (Int) -> Int) {
        let line = (0..<count).map { values[index($0)] }
        var sum: Float = 0
        for i in 0..<min(radius, count) { sum += line[i] }
        for i in 0..<count {
            if i + radius < count { sum += line[i + radius] }
            if i - radius - 1 >= 0 { sum -= line[i - radius - 1] }
            values[index(i)] = sum * scale
        }
    }
    if sigma > 0.05 {
        for size in GaussianBlur(sigma: sigma).boxSizes where size > 1 {
            let radius = (size - 1) / 2
            let scale = 1 / Float(2 * radius + 1)
            for y in 0..<h { boxBlur(w, radius, scale) { y * w + $0 } }
            for x in 0..<w { boxBlur(h, radius, scale) { $0 * w + x } }
        }
    }
    return (values, x0, y0, w, h)
}

/// Buffers of odd sizes and strides, regions inside, across and outside the edges, and
/// radii from none to wider than the region.
private let cases: [(width: Int, height: Int, padding: Int, region: (x0: Int, y0: Int, x1: Int, y1: Int))] = [
    (1, 1, 0, (0, 0, 1, 1)),
    (7, 5, 1, (-3, -3, 10, 10)),
    (8, 8, 0, (0, 0, 8, 8)),
    (9, 17, 3, (0, 0, 9, 17)),
    (37, 23, 3, (2, 3, 31, 20)),
    (64, 16, 0, (-8, 0, 64, 16)),
    (131, 41, 5, (5, 1, 130, 40)),
    (203, 67, 1, (-20, 11, 190, 300)),
    (50, 50, 2, (60, 0, 80, 50)),
]
private let sigmas: [Double] = [0.04, 0.3, 0.8, 1.5, 3, 6, 11.7, 25]

@Suite("Gaussian blur loops")
struct GaussianBlurTests {
    @Test("apply gives the plain loops' bytes inside the region and leaves the rest alone", arguments: sigmas)
    func applyMatchesReference(sigma: Double) {
        var rng = SplitMix64(seed: UInt64(sigma * 1000))
        for test in cases {
            let stride = test.width + test.padding
            let original = coverage(count: stride * test.height, using: &rng)
            var expected = original
            if sigma > 0.05, let blurred = referenceBlur(original, width: test.width, height: test.height, stride: stride,
                                                          region: test.region, sigma: sigma) {
                for y in 0..<blurred.height {
                    for x in 0..<blurred.width {
                        let value = min(255, max(0, blurred.values[y * blurred.width + x]))
                        expected[(y + blurred.y) * stride + x + blurred.x] = UInt8(value.rounded())
                    }
                }
            }
            var actual = original
            actual.withUnsafeMutableBufferPointer { buffer in
                GaussianBlur(sigma: sigma).apply(buffer.baseAddress!, width: test.width, height: test.height,
                                                 stride: stride, region: test.region)
            }
            let differing = zip(actual, expected).filter { $0 != $1 }.count
            #expect(differing == 0, "\(test.width)x\(test.height) stride \(stride) region \(test.region)")
        }
    }

    @Test("withBlurred passes on the plain loops' floats to the bit", arguments: sigmas)
    func floatsMatchReference(sigma: Double) {
        var rng = SplitMix64(seed: UInt64(sigma * 1000) + 1)
        for test in cases {
            let stride = test.width + test.padding
            let data = coverage(count: stride * test.height, using: &rng)
            let expected = referenceBlur(data, width: test.width, height: test.height, stride: stride,
                                         region: test.region, sigma: sigma)
            var actual: (values: [Float], x: Int, y: Int, width: Int, height: Int)?
            data.withUnsafeBufferPointer { buffer in
                GaussianBlur(sigma: sigma).withBlurred(buffer.baseAddress!, width: test.width, height: test.height,
                                                       stride: stride, region: test.region) { values, area in
                    actual = (Array(UnsafeBufferPointer(start: values, count: area.width * area.height)),
                              area.x, area.y, area.width, area.height)
                }
            }
            let label = "\(test.width)x\(test.height) stride \(stride) region \(test.region)"
            #expect((actual == nil) == (expected == nil), "\(label)")
            guard let actual, let expected else { continue }
            #expect(actual.x == expected.x && actual.y == expected.y, "\(label)")
            #expect(actual.width == expected.width && actual.height == expected.height, "\(label)")
            let differing = zip(actual.values, expected.values).filter { $0.bitPattern != $1.bitPattern }.count
            #expect(differing == 0, "\(label)")
        }
    }

    @Test("bytes are the values clamped and rounded half away from zero, ties and their neighbours too")
    func roundingMatchesRounded() {
        var rng = SplitMix64(seed: 7)
        var values: [Float] = [-1000, -1, -0.5, -0.0, 0, 255, 255.4, 255.5, 256, 300, .greatestFiniteMagnitude]
        for whole in 0...255 {
            for fraction: Float in [0, 0.25, 0.5, 0.75] {
                let value = Float(whole) + fraction
                values += [value.nextDown, value, value.nextUp]
            }
        }
        values += (0..<1000).map { _ in Float.random(in: -2...258, using: &rng) }
        var bytes = [UInt8](repeating: 0, count: values.count)
        values.withUnsafeBufferPointer { input in
            bytes.withUnsafeMutableBufferPointer { output in
                GaussianBlur.roundToBytes(input.baseAddress!, count: input.count, into: output.baseAddress!)
            }
        }
        for (value, byte) in zip(values, bytes) {
            #expect(byte == UInt8(min(255, max(0, value)).rounded()), "\(value)")
        }
    }
}
