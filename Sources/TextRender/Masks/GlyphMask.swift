import LabelLayout
import StyledText

/// One glyph's coverage, or its coverage grown as an outside stroke grows it, at one
/// size and sub-pixel phase: a tight box of coverage bytes, placed relative to the whole
/// pixel the glyph's origin falls in. Rasterized once by Cairo and then only copied, so
/// a label's silhouettes cost a few blits per glyph instead of a stroke of every outline.
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

    /// The memory a cached mask holds, roughly: its pixels and its bookkeeping.
    var byteCount: Int { pixels.count + 96 }

    /// A glyph origin `x` (canvas pixels) as the whole pixel it is drawn from and the
    /// quarter-pixel phase within it.
    static func split(_ x: Double, phases: Int = phases) -> (whole: Int, phase: UInt16) {
        let steps = Int((x * Double(phases)).rounded())
        let whole = Int((Double(steps) / Double(phases)).rounded(.down))
        return (whole, UInt16(steps - whole * phases))
    }

    /// Rasterizes the glyph `key` names with Cairo: its fill, or with an outset its
    /// stroke of twice that width with `coverage` (the glyph's own fill mask, same phase)
    /// composited over it, as ``Silhouettes/grown(_:by:join:)`` grows a whole label.
    static func rasterize(_ key: GlyphMaskKey, coverage: GlyphMask?) throws(RenderError) -> GlyphMask {
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
        // A miter reaches up to its limit (4) times the half width from the corner.
        let reach = key.join == .miter ? 4 * outset : outset
        let left = Int((px + minX * size - reach).rounded(.down)) - 1
        let right = Int((px + maxX * size + reach).rounded(.up)) + 1
        let top = Int((py - maxY * size - reach).rounded(.down)) - 1
        let bottom = Int((py - minY * size + reach).rounded(.up)) + 1
        let width = right - left, height = bottom - top

        let surface = try CairoSurface(width: width, height: height, format: .alpha)
        let context = CairoContext(surface)
        context.setFillRule(.winding)
        GlyphPaths.append(outline, to: context, x: px - Double(left), y: py - Double(top), size: size, slant: key.slant)
        if outset > 0 {
            context.setLineWidth(2 * outset)
            context.setLineJoin(key.join)
            if key.join == .miter { context.setMiterLimit(4) }
            context.strokePreservingPath()
            context.newPath()
        } else {
            context.fill()
        }
        try context.check("rasterizing a glyph")
        return surface.withPixels { data, stride in
            if let coverage {
                coverage.composite(into: data, width: width, height: height, stride: stride,
                                   x: coverage.left - left, y: coverage.top - top)
            }
            var pixels = [UInt8](repeating: 0, count: width * height)
            pixels.withUnsafeMutableBufferPointer { out in
                for row in 0..<height {
                    (out.baseAddress! + row * width).update(from: data + row * stride, count: width)
                }
            }
            return GlyphMask(left: left, top: top, width: width, height: height, pixels: pixels)
        }
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
