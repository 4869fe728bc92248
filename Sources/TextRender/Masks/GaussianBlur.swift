/// Blurs a coverage (A8) buffer with a Gaussian approximated by three box blurs per axis
/// (W3C's filter-effects recipe for feGaussianBlur), each a running sum: the cost per
/// pixel is the same whatever the radius.
///
/// The passes run in the order horizontal, vertical for each box, and every pixel's sum
/// adds and subtracts the same values in the same order as a plain one-line-at-a-time
/// running sum, so the result is the same to the bit however the loops are arranged.
/// The vertical passes sweep rows, keeping one running sum per column: every load and
/// store is then sequential and the column loop vectorizes. The horizontal passes run
/// eight rows at once, one per vector lane.
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
                Self.roundToBytes(blurred + y * area.width, count: area.width, into: data + (y + area.y) * stride + area.x)
            }
        }
    }

    /// Clamps `count` values to 0...255 and rounds them half away from zero, as
    /// `rounded()` does, in float arithmetic only, which vectorizes (a conversion to an
    /// integer would check its range first). Adding 2^23 to 0 <= c <= 255 rounds it to
    /// the nearest integer, ties to even, and leaves that integer in the float's low
    /// bits; `c - nearest` is exact, and 0.5 only on a tie that went down.
    static func roundToBytes(_ values: UnsafePointer<Float>, count: Int, into target: UnsafeMutablePointer<UInt8>) {
        for x in 0..<count {
            let c = min(255, max(0, values[x]))
            let shifted = c + 8_388_608
            let nearest = shifted - 8_388_608
            target[x] = UInt8(truncatingIfNeeded: shifted.bitPattern &+ (c - nearest == 0.5 ? 1 : 0))
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
        let columns = UnsafeMutablePointer<SIMD8<Float>>.allocate(capacity: w)
        let blurredColumns = UnsafeMutablePointer<SIMD8<Float>>.allocate(capacity: w)
        defer {
            current.deallocate()
            next.deallocate()
            sums.deallocate()
            columns.deallocate()
            blurredColumns.deallocate()
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
                Self.horizontalPass(input, width: w, height: h, radius: radius, scale: scale,
                                    columns: columns, blurred: blurredColumns, into: output)
                swap(&input, &output)
                Self.verticalPass(input, width: w, height: h, radius: radius, scale: scale, sums: sums, into: output)
                swap(&input, &output)
            }
        }
        body(input, Area(x: x0, y: y0, width: w, height: h))
    }

    /// One box blur of radius `radius` along every row of a `width` x `height` buffer.
    ///
    /// A row's running sum is one long chain of dependent additions, so rows go eight at
    /// a time, one per lane: each lane adds and subtracts exactly what the row's own
    /// loop would. The lanes need a row's pixels in one vector, so each strip of eight
    /// rows is transposed in 8 x 8 blocks into `columns` (in registers: gathering lane
    /// by lane costs about as much as the scalar loop saves) and transposed back.
    private static func horizontalPass(_ input: UnsafePointer<Float>, width: Int, height: Int, radius: Int, scale: Float,
                                       columns: UnsafeMutablePointer<SIMD8<Float>>,
                                       blurred: UnsafeMutablePointer<SIMD8<Float>>,
                                       into out: UnsafeMutablePointer<Float>) {
        var y = 0
        while y + 8 <= height {
            let source = input + y * width, target = out + y * width
            transpose(rowsOf: source, width: width, into: columns)
            boxBlur(columns, count: width, radius: radius, scale: scale, into: blurred)
            transpose(columns: blurred, count: width, intoRowsOf: target)
            y += 8
        }
        while y < height {
            boxBlur(input + y * width, count: width, radius: radius, scale: scale, into: out + y * width)
            y += 1
        }
    }

    /// One box blur of radius `radius` along a line of `Element`s, each its own line
    /// when it is a vector; outside the line counts as zero.
    @inline(__always)
    private static func boxBlur<Element: BoxBlurElement>(_ line: UnsafePointer<Element>, count: Int, radius: Int,
                                                         scale: Float, into out: UnsafeMutablePointer<Element>) {
        var sum = Element.zero
        for i in 0..<min(radius, count) { sum += line[i] }
        // The same additions and subtractions as one loop with both bounds checks,
        // split where each check is known.
        let entering = max(0, count - radius)
        let leaving = min(count, radius + 1)
        var i = 0
        while i < min(entering, leaving) {
            sum += line[i + radius]
            out[i] = sum.scaled(by: scale)
            i += 1
        }
        while i < entering {
            sum += line[i + radius]
            sum -= line[i - radius - 1]
            out[i] = sum.scaled(by: scale)
            i += 1
        }
        while i < leaving {
            out[i] = sum.scaled(by: scale)
            i += 1
        }
        while i < count {
            sum -= line[i - radius - 1]
            out[i] = sum.scaled(by: scale)
            i += 1
        }
    }

    /// Eight rows of `width` floats from `rows` (one after another) as `width` columns
    /// of eight.
    @inline(__always)
    private static func transpose(rowsOf rows: UnsafePointer<Float>, width: Int,
                                  into columns: UnsafeMutablePointer<SIMD8<Float>>) {
        let raw = UnsafeRawPointer(rows)
        var x = 0
        while x + 8 <= width {
            func row(_ r: Int) -> SIMD8<Float> {
                raw.loadUnaligned(fromByteOffset: (r * width + x) * 4, as: SIMD8<Float>.self)
            }
            let block = transposed((row(0), row(1), row(2), row(3), row(4), row(5), row(6), row(7)))
            (columns[x], columns[x + 1], columns[x + 2], columns[x + 3]) = (block.0, block.1, block.2, block.3)
            (columns[x + 4], columns[x + 5], columns[x + 6], columns[x + 7]) = (block.4, block.5, block.6, block.7)
            x += 8
        }
        while x < width {
            columns[x] = SIMD8(rows[x], rows[width + x], rows[2 * width + x], rows[3 * width + x],
                               rows[4 * width + x], rows[5 * width + x], rows[6 * width + x], rows[7 * width + x])
            x += 1
        }
    }

    /// The inverse of `transpose(rowsOf:width:into:)`.
    @inline(__always)
    private static func transpose(columns: UnsafePointer<SIMD8<Float>>, count width: Int,
                                  intoRowsOf rows: UnsafeMutablePointer<Float>) {
        let raw = UnsafeMutableRawPointer(rows)
        var x = 0
        while x + 8 <= width {
            let block = transposed((columns[x], columns[x + 1], columns[x + 2], columns[x + 3],
                                    columns[x + 4], columns[x + 5], columns[x + 6], columns[x + 7]))
            func store(_ r: Int, _ row: SIMD8<Float>) {
                raw.storeBytes(of: row, toByteOffset: (r * width + x) * 4, as: SIMD8<Float>.self)
            }
            store(0, block.0); store(1, block.1); store(2, block.2); store(3, block.3)
            store(4, block.4); store(5, block.5); store(6, block.6); store(7, block.7)
            x += 8
        }
        while x < width {
            let column = columns[x]
            for r in 0..<8 { rows[r * width + x] = column[r] }
            x += 1
        }
    }

    typealias Block = (SIMD8<Float>, SIMD8<Float>, SIMD8<Float>, SIMD8<Float>,
                       SIMD8<Float>, SIMD8<Float>, SIMD8<Float>, SIMD8<Float>)

    /// An 8 x 8 block transposed. Splitting the 64 values, in order, into the even and
    /// the odd ones rotates each one's six index bits right by one; three splits turn
    /// (row, column) into (column, row). Each split is shuffles of vector pairs only.
    @inline(__always)
    static func transposed(_ block: Block) -> Block {
        func split(_ v: Block) -> Block {
            let a = SIMD16(lowHalf: v.0, highHalf: v.1), b = SIMD16(lowHalf: v.2, highHalf: v.3)
            let c = SIMD16(lowHalf: v.4, highHalf: v.5), d = SIMD16(lowHalf: v.6, highHalf: v.7)
            return (a.evenHalf, b.evenHalf, c.evenHalf, d.evenHalf, a.oddHalf, b.oddHalf, c.oddHalf, d.oddHalf)
        }
        return split(split(split(block)))
    }

    /// The same box blur down every column at once: `sums` holds each column's running
    /// sum. Each row's additions, subtraction and scaling share one loop, so the sums
    /// are loaded and stored once per row.
    private static func verticalPass(_ input: UnsafePointer<Float>, width: Int, height: Int, radius: Int, scale: Float,
                                     sums: UnsafeMutablePointer<Float>, into out: UnsafeMutablePointer<Float>) {
        sums.update(repeating: 0, count: width)
        for y in 0..<min(radius, height) {
            let row = input + y * width
            for x in 0..<width { sums[x] += row[x] }
        }
        let entering = max(0, height - radius)
        let leaving = min(height, radius + 1)
        var y = 0
        while y < min(entering, leaving) {
            let adding = input + (y + radius) * width, target = out + y * width
            for x in 0..<width {
                let sum = sums[x] + adding[x]
                sums[x] = sum
                target[x] = sum * scale
            }
            y += 1
        }
        while y < entering {
            let adding = input + (y + radius) * width, dropping = input + (y - radius - 1) * width
            let target = out + y * width
            for x in 0..<width {
                let sum = sums[x] + adding[x] - dropping[x]
                sums[x] = sum
                target[x] = sum * scale
            }
            y += 1
        }
        while y < leaving {
            let target = out + y * width
            for x in 0..<width { target[x] = sums[x] * scale }
            y += 1
        }
        while y < height {
            let dropping = input + (y - radius - 1) * width, target = out + y * width
            for x in 0..<width {
                let sum = sums[x] - dropping[x]
                sums[x] = sum
                target[x] = sum * scale
            }
            y += 1
        }
    }
}

/// A running sum of one line (`Float`) or of one line per lane (`SIMD8<Float>`).
private protocol BoxBlurElement {
    static var zero: Self { get }
    static func += (lhs: inout Self, rhs: Self)
    static func -= (lhs: inout Self, rhs: Self)
    func scaled(by scale: Float) -> Self
}

extension Float: BoxBlurElement {
    @inline(__always) func scaled(by scale: Float) -> Float { self * scale }
}

extension SIMD8<Float>: BoxBlurElement {
    @inline(__always) func scaled(by scale: Float) -> SIMD8<Float> { self * scale }
}
