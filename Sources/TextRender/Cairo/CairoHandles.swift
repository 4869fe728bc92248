import CCairo
import StyledText

// The owners of Cairo's handles share this file so that the pattern's and the path's
// handles stay fileprivate: a context needs them, and no other file reaches one. The
// surface lives in LabelImage, whose image code needs it too; its handle is reached only
// here. The passes draw through the owners' methods, which map one to one onto Cairo's
// calls and allocate nothing of their own.

// MARK: - Surface

extension CairoSurface {
    /// A transparent surface.
    ///
    /// - Throws: ``RenderError/cairo(_:operation:)`` when Cairo cannot allocate it.
    convenience init(width: Int, height: Int, format: Format) throws(RenderError) {
        try self.init(width: width, height: height, format: format, failing: { status, operation in
            RenderError.cairo(status, operation: operation)
        })
    }
}

// MARK: - Pattern

/// A source to paint with: a solid colour, a linear gradient or a surface, owned by
/// this object.
final class CairoPattern {
    /// What a pattern paints outside its extent.
    enum Extend {
        /// The colour at the nearest edge.
        case pad
    }

    /// How a surface pattern is sampled when scaled.
    enum Filter {
        /// Averages every covered source pixel when shrinking, bilinear when enlarging.
        case good
    }

    fileprivate let pointer: OpaquePointer

    /// A solid colour, straight alpha.
    init(color: Color) {
        pointer = cairo_pattern_create_rgba(color.red, color.green, color.blue, color.alpha)!
    }

    /// A linear gradient from (`x0`, `y0`) to (`x1`, `y1`); add its colours with
    /// ``addColorStop(_:_:)``.
    init(linearFromX x0: Double, y0: Double, toX x1: Double, y1: Double) {
        pointer = cairo_pattern_create_linear(x0, y0, x1, y1)!
    }

    /// The surface's pixels, its top left corner at the user-space origin. The pattern
    /// holds its own reference to the surface.
    init(surface: CairoSurface) {
        pointer = cairo_pattern_create_for_surface(surface.handle)!
    }

    deinit {
        cairo_pattern_destroy(pointer)
    }

    /// Adds a gradient colour at `offset`, 0 at the start point, 1 at the end point.
    func addColorStop(_ offset: Double, _ color: Color) {
        cairo_pattern_add_color_stop_rgba(pointer, offset, color.red, color.green, color.blue, color.alpha)
    }

    func setExtend(_ extend: Extend) {
        switch extend {
        case .pad: cairo_pattern_set_extend(pointer, CAIRO_EXTEND_PAD)
        }
    }

    func setFilter(_ filter: Filter) {
        switch filter {
        case .good: cairo_pattern_set_filter(pointer, CAIRO_FILTER_GOOD)
        }
    }
}

// MARK: - Path

/// A copied path, replayable into any context, owned by this object.
final class CairoPath {
    fileprivate let pointer: UnsafeMutablePointer<cairo_path_t>

    fileprivate init(copyingFrom context: OpaquePointer) {
        pointer = cairo_copy_path(context)
    }

    deinit {
        cairo_path_destroy(pointer)
    }
}

// MARK: - Context

/// A drawing context on one surface, owned by this object (it keeps the surface alive).
final class CairoContext {
    /// How a drawing operation combines its source with what is on the surface.
    enum Operator {
        /// Source over destination, the default.
        case over
        /// Source plus destination, clamped.
        case add
        /// The source replaces the destination.
        case source
    }

    /// Which parts of a self-overlapping path are inside.
    enum FillRule {
        /// Inside wherever the path winds around a point; overlapping contours add up.
        case winding
    }

    private let pointer: OpaquePointer

    init(_ surface: CairoSurface) {
        pointer = cairo_create(surface.handle)!
    }

    deinit {
        cairo_destroy(pointer)
    }

    /// Throws the first failure of any drawing so far: Cairo's status is sticky, so
    /// checking once after drawing catches all of them.
    func check(_ operation: String) throws(RenderError) {
        let status = cairo_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else { throw .cairo(CairoStatus(status), operation: operation) }
    }

    // MARK: State

    func save() { cairo_save(pointer) }
    func restore() { cairo_restore(pointer) }
    func translate(_ x: Double, _ y: Double) { cairo_translate(pointer, x, y) }
    func scale(_ x: Double, _ y: Double) { cairo_scale(pointer, x, y) }

    func setOperator(_ compositing: Operator) {
        switch compositing {
        case .over: cairo_set_operator(pointer, CAIRO_OPERATOR_OVER)
        case .add: cairo_set_operator(pointer, CAIRO_OPERATOR_ADD)
        case .source: cairo_set_operator(pointer, CAIRO_OPERATOR_SOURCE)
        }
    }

    func setFillRule(_ rule: FillRule) {
        switch rule {
        case .winding: cairo_set_fill_rule(pointer, CAIRO_FILL_RULE_WINDING)
        }
    }

    func setLineWidth(_ width: Double) { cairo_set_line_width(pointer, width) }
    func setMiterLimit(_ limit: Double) { cairo_set_miter_limit(pointer, limit) }
    /// How far flattened curves may stray from the path, in pixels (Cairo's default 0.1).
    func setTolerance(_ tolerance: Double) { cairo_set_tolerance(pointer, tolerance) }

    func setLineJoin(_ join: LineJoin) {
        switch join {
        case .bevel: cairo_set_line_join(pointer, CAIRO_LINE_JOIN_BEVEL)
        case .round: cairo_set_line_join(pointer, CAIRO_LINE_JOIN_ROUND)
        case .miter: cairo_set_line_join(pointer, CAIRO_LINE_JOIN_MITER)
        }
    }

    // MARK: Sources

    func setSource(_ color: Color) { cairo_set_source_rgba(pointer, color.red, color.green, color.blue, color.alpha) }
    func setSource(_ pattern: CairoPattern) { cairo_set_source(pointer, pattern.pointer) }

    /// Makes `surface` the source, its top left corner at (`x`, `y`) in user space.
    func setSource(_ surface: CairoSurface, x: Double, y: Double) {
        cairo_set_source_surface(pointer, surface.handle, x, y)
    }

    // MARK: Paths

    func newPath() { cairo_new_path(pointer) }
    func moveTo(_ x: Double, _ y: Double) { cairo_move_to(pointer, x, y) }
    func lineTo(_ x: Double, _ y: Double) { cairo_line_to(pointer, x, y) }
    func curveTo(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x3: Double, _ y3: Double) {
        cairo_curve_to(pointer, x1, y1, x2, y2, x3, y3)
    }
    func closePath() { cairo_close_path(pointer) }
    func rectangle(x: Double, y: Double, width: Double, height: Double) {
        cairo_rectangle(pointer, x, y, width, height)
    }

    /// The current path, kept to be appended to any context later.
    func copyPath() -> CairoPath { CairoPath(copyingFrom: pointer) }
    func append(_ path: CairoPath) { cairo_append_path(pointer, path.pointer) }

    // MARK: Drawing

    /// Fills the current path with the source and clears the path.
    func fill() { cairo_fill(pointer) }
    /// Strokes the current path with the source and keeps the path.
    func strokePreservingPath() { cairo_stroke_preserve(pointer) }
    /// Narrows the clip to the current path and clears the path.
    func clip() { cairo_clip(pointer) }
    /// Narrows the clip to the pixels of `region`.
    func clip(to region: PixelRegion) {
        rectangle(x: Double(region.x0), y: Double(region.y0), width: Double(region.x1 - region.x0),
                  height: Double(region.y1 - region.y0))
        clip()
    }
    /// Paints the source everywhere inside the clip.
    func paint() { cairo_paint(pointer) }

    /// Paints the source through `surface`'s alpha, its top left corner at (`x`, `y`).
    func mask(_ surface: CairoSurface, x: Double, y: Double) {
        cairo_mask_surface(pointer, surface.handle, x, y)
    }

    /// Redirects drawing to a temporary layer, until ``popGroupToSource()``.
    func pushGroup() { cairo_push_group(pointer) }
    /// Ends the layer ``pushGroup()`` started and makes it the source.
    func popGroupToSource() { cairo_pop_group_to_source(pointer) }
}
