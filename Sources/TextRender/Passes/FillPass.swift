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

    func draw(fill: Fill, fillMask: CairoSurface, stroke: Stroke?, ring: CairoSurface?,
              on context: CairoContext, labelInk: (top: Double, bottom: Double, left: Double, right: Double)?) throws(RenderError) {
        let cr = context.pointer
        cairo_push_group(cr)
        if let stroke, let ring {
            cairo_set_source_rgba(cr, stroke.color.red, stroke.color.green, stroke.color.blue, stroke.color.alpha)
            cairo_mask_surface(cr, ring.pointer, 0, 0)
        }
        cairo_set_operator(cr, CAIRO_OPERATOR_ADD)
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
            for (path, ink) in zip(paths.lines, paths.lineInk) {
                guard let ink else { continue }
                let pattern = Self.pattern(gradient, top: ink.top, bottom: ink.bottom, left: ink.left, right: ink.right)
                cairo_set_source(cr, pattern)
                cairo_new_path(cr)
                cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
                path.append(to: context)
                cairo_fill(cr)
                cairo_pattern_destroy(pattern)
            }
        }
        // Colour pictures cover exactly what the ring left out for them, so adding
        // them keeps the layer's coverage exact at their edges too.
        pictures.paint(on: context)
        cairo_pop_group_to_source(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        cairo_paint(cr)
        try context.check("filling the text")
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
