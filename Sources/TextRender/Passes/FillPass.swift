import CCairo
import Foundation
import LabelLayout
import StyledText

/// Paints the text layer: the outside stroke through its ring mask, then the fill added
/// on top (the two masks partition the stroked silhouette, so adding them gives exact
/// coverage at anti-aliased edges: no dark or light seam between stroke and fill).
struct FillPass {
    let canvas: Canvas
    let paths: GlyphPaths
    let pictures: ColorPictures

    func draw(fill: Fill, fillMask: CairoSurface, rings: [(stroke: Stroke, mask: CairoSurface)],
              on context: CairoContext, labelInk: GlyphPaths.Ink?) throws(RenderError) {
        let cr = context.pointer
        cairo_push_group(cr)
        // Everything in the layer is added: the rings of the strokes partition the
        // outline and the fill covers what they leave, so the sum is exact coverage.
        cairo_set_operator(cr, CAIRO_OPERATOR_ADD)
        for ring in rings {
            let color = ring.stroke.color
            cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
            cairo_mask_surface(cr, ring.mask.pointer, 0, 0)
        }
        if let styleFilled = paths.styleFilled {
            drawRunColors(fill: fill, styleFilled: styleFilled, on: context, labelInk: labelInk)
        } else {
            drawStyleFill(fill, fillMask: fillMask, on: context, labelInk: labelInk)
        }
        // Colour pictures cover exactly what the ring left out for them, so adding
        // them keeps the layer's coverage exact at their edges too.
        pictures.paint(on: context)
        cairo_pop_group_to_source(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        cairo_paint(cr)
        try context.check("filling the text")
    }

    /// Markup gave some runs their own colours: the style's fill paints the other glyphs
    /// (a gradient still spans the whole line or label), each colour its runs' glyphs.
    private func drawRunColors(fill: Fill, styleFilled: [CairoPath], on context: CairoContext, labelInk: GlyphPaths.Ink?) {
        let cr = context.pointer
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        for (path, lineInk) in zip(styleFilled, paths.lineInk) {
            let pattern: OpaquePointer?
            switch fill {
            case .color(let color):
                pattern = cairo_pattern_create_rgba(color.red, color.green, color.blue, color.alpha)
            case .gradient(let gradient):
                guard let ink = gradient.scope == .label ? labelInk : lineInk else { continue }
                pattern = Self.pattern(gradient, top: ink.top, bottom: ink.bottom, left: ink.left, right: ink.right)
            }
            cairo_set_source(cr, pattern)
            cairo_new_path(cr)
            path.append(to: context)
            cairo_fill(cr)
            cairo_pattern_destroy(pattern)
        }
        for (color, path) in paths.colored {
            cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
            cairo_new_path(cr)
            path.append(to: context)
            cairo_fill(cr)
        }
    }

    /// Plain text: the style's fill over the whole fill mask.
    private func drawStyleFill(_ fill: Fill, fillMask: CairoSurface, on context: CairoContext, labelInk: GlyphPaths.Ink?) {
        let cr = context.pointer
        switch fill {
        case .color(let color):
            cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
            cairo_mask_surface(cr, fillMask.pointer, 0, 0)
        case .gradient(let gradient) where gradient.scope == .label:
            if let ink = labelInk {
                let pattern = Self.pattern(gradient, top: ink.top, bottom: ink.bottom, left: ink.left, right: ink.right)
                cairo_set_source(cr, pattern)
                cairo_mask_surface(cr, fillMask.pointer, 0, 0)
                cairo_pattern_destroy(pattern)
            }
        case .gradient(let gradient):
            // Each line gets its own gradient over its own ink, and only its own glyphs
            // are filled with it: descenders reaching into the next line keep their colours.
            let bands = Self.separateBands(paths.lineInk, height: canvas.height)
            for (index, (path, ink)) in zip(paths.lines, paths.lineInk).enumerated() {
                guard let ink else { continue }
                let pattern = Self.pattern(gradient, top: ink.top, bottom: ink.bottom, left: ink.left, right: ink.right)
                cairo_set_source(cr, pattern)
                if let band = bands?[index] {
                    // No other line reaches these rows, so the fill mask there is this
                    // line's coverage: masking costs far less than rasterizing it again.
                    cairo_save(cr)
                    cairo_rectangle(cr, 0, Double(band.lowerBound), Double(canvas.width), Double(band.count))
                    cairo_clip(cr)
                    cairo_mask_surface(cr, fillMask.pointer, 0, 0)
                    cairo_restore(cr)
                } else {
                    cairo_new_path(cr)
                    cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
                    path.append(to: context)
                    cairo_fill(cr)
                }
                cairo_pattern_destroy(pattern)
            }
        }
    }

    /// The rows each line's glyphs can touch (its ink and a pixel of anti-aliasing
    /// either side; nil for a line with no ink on the canvas), or nil when two lines
    /// share a row: then the fill mask cannot tell their glyphs apart.
    static func separateBands(_ inks: [GlyphPaths.Ink?], height: Int) -> [Range<Int>?]? {
        let bands = inks.map { ink -> Range<Int>? in
            guard let ink else { return nil }
            // A line whose ink is taller than its box can be centred partly, or for a line
            // of towering marks wholly, off the canvas.
            let top = max(0, Int(ink.top.rounded(.down)) - 1), bottom = min(height, Int(ink.bottom.rounded(.up)) + 1)
            return top < bottom ? top..<bottom : nil
        }
        let drawn = bands.compactMap { $0 }.sorted { $0.lowerBound < $1.lowerBound }
        for (upper, lower) in zip(drawn, drawn.dropFirst()) where upper.upperBound > lower.lowerBound { return nil }
        return bands
    }

    /// A linear gradient across the rectangle at the gradient's angle (90 = top to
    /// bottom), long enough that its first and last colours reach the corners, as CSS does.
    static func pattern(_ gradient: Gradient, top: Double, bottom: Double, left: Double, right: Double) -> OpaquePointer {
        let radians = gradient.angle * .pi / 180
        let dx = cos(radians), dy = sin(radians)
        let width = right - left, height = bottom - top
        let half = (abs(width * dx) + abs(height * dy)) / 2
        let cx = (left + right) / 2, cy = (top + bottom) / 2
        let pattern = cairo_pattern_create_linear(cx - dx * half, cy - dy * half, cx + dx * half, cy + dy * half)!
        let locations = gradient.locations.count == gradient.colors.count
            ? gradient.locations
            : gradient.colors.indices.map { gradient.colors.count == 1 ? 0 : Double($0) / Double(gradient.colors.count - 1) }
        for (color, location) in zip(gradient.colors, locations) {
            cairo_pattern_add_color_stop_rgba(pattern, location, color.red, color.green, color.blue, color.alpha)
        }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        return pattern
    }
}
