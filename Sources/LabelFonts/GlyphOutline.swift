import CHarfBuzz

/// A glyph's outline in em, y up, as HarfBuzz draws it from the font's glyf or CFF
/// table. Renderers scale it to any size, so one outline serves every label and scale.
public struct GlyphOutline: Sendable, Hashable {
    /// One drawing step of an outline, in em, y up.
    public enum Element: Sendable, Hashable {
        /// Starts a new contour at (`x`, `y`).
        case move(x: Double, y: Double)
        /// A straight segment to (`x`, `y`).
        case line(x: Double, y: Double)
        /// A quadratic Bézier curve (TrueType) to (`x`, `y`) with control point (`cx`, `cy`).
        case quadratic(cx: Double, cy: Double, x: Double, y: Double)
        /// A cubic Bézier curve (CFF) to (`x`, `y`) with control points (`c1x`, `c1y`) and
        /// (`c2x`, `c2y`).
        case cubic(c1x: Double, c1y: Double, c2x: Double, c2y: Double, x: Double, y: Double)
        /// Closes the current contour with a line back to its start.
        case close
    }

    /// The outline's drawing steps, contour by contour.
    public let elements: [Element]
    /// Whether the glyph draws nothing (a space).
    public var isEmpty: Bool { elements.isEmpty }
}

/// Collects HarfBuzz draw callbacks into a `GlyphOutline`.
private final class OutlineSink {
    var elements: [GlyphOutline.Element] = []
    let scale: Double
    init(unitsPerEm: Int) { scale = 1 / Double(unitsPerEm) }
}

private func sink(_ data: UnsafeMutableRawPointer?) -> OutlineSink {
    Unmanaged<OutlineSink>.fromOpaque(data!).takeUnretainedValue()
}

/// One set of draw callbacks for the whole process: HarfBuzz objects made immutable
/// are safe to share between threads.
nonisolated(unsafe) private let drawFuncs: OpaquePointer = {
    let funcs = hb_draw_funcs_create()!
    hb_draw_funcs_set_move_to_func(funcs, { _, data, _, x, y, _ in
        let s = sink(data)
        s.elements.append(.move(x: Double(x) * s.scale, y: Double(y) * s.scale))
    }, nil, nil)
    hb_draw_funcs_set_line_to_func(funcs, { _, data, _, x, y, _ in
        let s = sink(data)
        s.elements.append(.line(x: Double(x) * s.scale, y: Double(y) * s.scale))
    }, nil, nil)
    hb_draw_funcs_set_quadratic_to_func(funcs, { _, data, _, cx, cy, x, y, _ in
        let s = sink(data)
        s.elements.append(.quadratic(cx: Double(cx) * s.scale, cy: Double(cy) * s.scale,
                                     x: Double(x) * s.scale, y: Double(y) * s.scale))
    }, nil, nil)
    hb_draw_funcs_set_cubic_to_func(funcs, { _, data, _, c1x, c1y, c2x, c2y, x, y, _ in
        let s = sink(data)
        s.elements.append(.cubic(c1x: Double(c1x) * s.scale, c1y: Double(c1y) * s.scale,
                                 c2x: Double(c2x) * s.scale, c2y: Double(c2y) * s.scale,
                                 x: Double(x) * s.scale, y: Double(y) * s.scale))
    }, nil, nil)
    hb_draw_funcs_set_close_path_func(funcs, { _, data, _, _ in
        sink(data).elements.append(.close)
    }, nil, nil)
    hb_draw_funcs_make_immutable(funcs)
    return funcs
}()

extension FontFace {
    /// The outline of `glyph`, cached: a label draws the same glyphs over and over.
    public func outline(glyph: UInt32) -> GlyphOutline {
        if let cached = outlineCache.withLock({ $0[glyph] }) { return cached }
        let collector = OutlineSink(unitsPerEm: unitsPerEm)
        let data = Unmanaged.passUnretained(collector).toOpaque()
        hb_font_get_glyph_shape(font, glyph, drawFuncs, data)
        let outline = GlyphOutline(elements: collector.elements)
        outlineCache.withLock { $0[glyph] = outline }
        return outline
    }
}
