import CCairo
import StyledText

/// Coverage masks of the text: the glyphs' fill, and the stroked silhouette (fill plus
/// an outline of the given width), each rasterized in one pass over all glyphs so that
/// overlapping glyphs never add up to seams.
struct Silhouettes {
    let canvas: Canvas
    let paths: GlyphPaths
    let pictures: ColorPictures

    /// The coverage of the outline glyphs, which the style's fill paints.
    func outlineFill() throws(RenderError) -> CairoSurface {
        let mask = try CairoSurface(width: canvas.width, height: canvas.height, format: .alpha)
        let context = CairoContext(mask)
        cairo_set_fill_rule(context.pointer, CAIRO_FILL_RULE_WINDING)
        paths.appendAll(to: context)
        cairo_fill(context.pointer)
        try context.check("filling the glyphs")
        return mask
    }

    /// The coverage of all glyphs, colour pictures included: what a stroke goes around.
    func fill() throws(RenderError) -> CairoSurface {
        let mask = try outlineFill()
        if !pictures.isEmpty {
            let context = CairoContext(mask)
            pictures.paint(on: context)
            try context.check("drawing colour glyphs")
        }
        return mask
    }

    /// The glyphs grown by `outset` pixels with the given join: the shape an outside
    /// stroke of that width covers together with the glyphs.
    func grown(by outset: Double, join: LineJoin) throws(RenderError) -> CairoSurface {
        let mask = try CairoSurface(width: canvas.width, height: canvas.height, format: .alpha)
        let context = CairoContext(mask)
        let cr = context.pointer
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        paths.appendAll(to: context)
        if outset > 0 {
            // A centred stroke of twice the width reaches `outset` beyond the outline;
            // its inner half is hidden under the fill that is added next.
            cairo_set_line_width(cr, 2 * outset)
            switch join {
            case .bevel: cairo_set_line_join(cr, CAIRO_LINE_JOIN_BEVEL)
            case .round: cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
            case .miter:
                cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
                cairo_set_miter_limit(cr, 4)
            }
            cairo_stroke_preserve(cr)
        }
        cairo_fill(cr)
        try context.check("stroking the glyphs")
        if !pictures.isEmpty {
            ColorPictures.union(mask, with: try pictures.grownCoverage(
                width: canvas.width, height: canvas.height, radius: outset))
        }
        return mask
    }

    /// `outer` minus `inner`, per pixel: the ring an outside stroke paints. Where a glyph
    /// is fully covered the ring is empty, so a translucent fill never shows stroke colour.
    static func ring(outer: CairoSurface, inner: CairoSurface) throws(RenderError) -> CairoSurface {
        let ring = try CairoSurface(width: outer.width, height: outer.height, format: .alpha)
        ring.withPixels { out, stride in
            outer.withPixels { o, _ in
                inner.withPixels { i, _ in
                    for offset in 0..<(stride * outer.height) {
                        let a = o[offset], b = i[offset]
                        out[offset] = a > b ? a - b : 0
                    }
                }
            }
        }
        return ring
    }
}
