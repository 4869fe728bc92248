import CGlyphCoverage
import LabelLayout
import StyledText

/// One glyph's coverage, or its coverage grown as an outside stroke grows it, at one
/// size and sub-pixel phase: a tight box of coverage bytes, placed relative to the whole
/// pixel the glyph's origin falls in. Rasterized once, with exact-area coverage, and then
/// only copied, so a label's silhouettes cost a few blits per glyph instead of a stroke of
/// every outline.
struct GlyphMask: Sendable {
    /// Where the box's top left pixel lies, relative to the origin's whole pixel.
    let left: Int
    let top: Int
    let width: Int
    let height: Int
    /// `width * height` coverage bytes, row by row.
    let pixels: [UInt8]

    /// What a glyph that draws nothing (a space) covers.
    static let empty = GlyphMask(left: 0, top: 0, width: 0, height: 0, pixels: [])

    /// Sub-pixel phases per pixel, each way: glyph origins are rounded to the nearest
    /// quarter pixel, which moves an edge by at most 1/8 px (see docs/performance.md).
    static let phases = 4
    /// Phases for a glyph at the canvas's edge, where moving it could push ink into the
    /// pixel kept clear for anti-aliasing: Cairo's own precision, so nothing moves.
    static let exactPhases = 256

    /// How far flattened curves may stray from the outline, in pixels: Cairo's default,
    /// which the labels drawn from paths use.
    static let tolerance = 0.1
    /// The longest miter, in stroke widths, before a corner is bevelled instead: short
    /// enough that sharp glyph corners never spike far.
    static let miterLimit = 4.0

    /// The memory a cached mask holds, roughly: its pixels and its bookkeeping.
    var byteCount: Int { pixels.count + 96 }

    /// A glyph origin `x` (canvas pixels) as the whole pixel it is drawn from and the
    /// quarter-pixel phase within it.
    static func split(_ x: Double, phases: Int = phases) -> (whole: Int, phase: UInt16) {
        let steps = Int((x * Double(phases)).rounded())
        let whole = Int((Double(steps) / Double(phases)).rounded(.down))
        return (whole, UInt16(steps - whole * phases))
    }

    /// Rasterizes the glyph `key` names: its fill, or with an outset the fill grown by an
    /// outside stroke that wide (what a stroke of twice the width and the fill cover
    /// together, as ``Silhouettes/grown(_:by:join:)`` grows a whole label from its paths),
    /// with `coverage` (the glyph's own fill mask, same phase) composited over it so that
    /// the grown mask is nowhere below the fill.
    static func rasterize(_ key: GlyphMaskKey, coverage: GlyphMask?, tolerance: Double = GlyphMask.tolerance) -> GlyphMask {
        let outline = key.face.outline(glyph: key.glyph)
        guard !outline.isEmpty else { return .empty }
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        func include(_ x: Double, _ y: Double) {
            // A Bézier curve stays inside its control points' hull, so the points bound it.
            let sx = x + key.slant * y
            minX = min(minX, sx); maxX = max(maxX, sx)
            minY = min(minY, y); maxY = max(maxY, y)
        }
        for element in outline.elements {
            switch element {
            case let .move(x, y), let .line(x, y): include(x, y)
            case let .quadratic(cx, cy, x, y): include(cx, cy); include(x, y)
            case let .cubic(c1x, c1y, c2x, c2y, x, y): include(c1x, c1y); include(c2x, c2y); include(x, y)
            case .close: break
            }
        }
        guard minX <= maxX, minY <= maxY else { return .empty }
        let px = Double(key.phaseX) / Double(key.phases), py = Double(key.phaseY) / Double(key.phases)
        let size = key.size, outset = key.outset
        // A miter reaches up to its limit times the half width from the corner.
        let reach = key.join == .miter ? Self.miterLimit * outset : outset
        let left = Int((px + minX * size - reach).rounded(.down)) - 1
        let right = Int((px + maxX * size + reach).rounded(.up)) + 1
        let top = Int((py - maxY * size - reach).rounded(.down)) - 1
        let bottom = Int((py - minY * size + reach).rounded(.up)) + 1
        let width = right - left, height = bottom - top

        var steps: [UInt8] = []
        var coordinates: [Double] = []
        steps.reserveCapacity(outline.elements.count)
        coordinates.reserveCapacity(outline.elements.count * 6)
        let originX = px - Double(left), originY = py - Double(top)
        func add(_ x: Double, _ y: Double) {
            let point = GlyphPaths.point(x, y, x: originX, y: originY, size: size, slant: key.slant)
            coordinates.append(point.x)
            coordinates.append(point.y)
        }
        for element in outline.elements {
            switch element {
            case let .move(x, y): steps.append(UInt8(GLYPH_COVERAGE_MOVE)); add(x, y)
            case let .line(x, y): steps.append(UInt8(GLYPH_COVERAGE_LINE)); add(x, y)
            case let .quadratic(cx, cy, x, y): steps.append(UInt8(GLYPH_COVERAGE_QUADRATIC)); add(cx, cy); add(x, y)
            case let .cubic(c1x, c1y, c2x, c2y, x, y):
                steps.append(UInt8(GLYPH_COVERAGE_CUBIC)); add(c1x, c1y); add(c2x, c2y); add(x, y)
            case .close: steps.append(UInt8(GLYPH_COVERAGE_CLOSE))
            }
        }
        let join: Int32 = switch key.join {
        case .miter: Int32(GLYPH_COVERAGE_JOIN_MITER)
        case .round: Int32(GLYPH_COVERAGE_JOIN_ROUND)
        case .bevel: Int32(GLYPH_COVERAGE_JOIN_BEVEL)
        }
        var pixels = [UInt8](repeating: 0, count: width * height)
        let status = pixels.withUnsafeMutableBufferPointer { out in
            glyph_coverage(steps, steps.count, coordinates, outset, join, Self.miterLimit, tolerance, out.baseAddress!,
                           Int32(width), Int32(height))
        }
        // A few kilobytes of scratch memory; failing to get them is running out, as an
        // array that cannot grow is.
        precondition(status == 0, "out of memory rasterizing a glyph")
        if let coverage {
            pixels.withUnsafeMutableBufferPointer { out in
                coverage.composite(into: out.baseAddress!, width: width, height: height, stride: width,
                                   x: coverage.left - left, y: coverage.top - top)
            }
        }
        return GlyphMask(left: left, top: top, width: width, height: height, pixels: pixels)
    }

    /// Composites this mask over the coverage bytes at `data` (`width` x `height`, rows
    /// `stride` apart) with its top left pixel at (`x`, `y`), clipped to them:
    /// `top + under × (1 - top)`, rounded as Cairo's OVER rounds, sixteen pixels at a time.
    ///
    /// Where two glyphs' edges share a pixel this is what drawing them one after the
    /// other gives; rasterizing them as one shape gives their union's exact coverage
    /// instead. docs/performance.md measures the difference.
    func composite(into data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, x: Int, y: Int) {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(width, x + self.width), y1 = min(height, y + self.height)
        guard x0 < x1, y0 < y1 else { return }
        pixels.withUnsafeBufferPointer { source in
            for row in y0..<y1 {
                Silhouettes.over(source.baseAddress! + (row - y) * self.width + (x0 - x), onto: data + row * stride + x0,
                                 count: x1 - x0)
            }
        }
    }
}

/// What a cached glyph mask is of: a glyph of a face at a size in canvas pixels, slant,
/// sub-pixel phase (in `phases` steps), and the outset and join it is grown by (0 for
/// its plain fill).
struct GlyphMaskKey: Hashable, Sendable {
    var face: FontFace
    var glyph: UInt32
    var size: Double
    var slant: Double
    var phases: UInt16
    var phaseX: UInt16
    var phaseY: UInt16
    var outset: Double
    var join: LineJoin

    /// The same glyph's plain fill, which its grown mask is built on.
    var plain: GlyphMaskKey {
        var key = self
        key.outset = 0
        key.join = .round
        return key
    }
}
