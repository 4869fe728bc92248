import CCairo
import LabelLayout
import StyledText

/// A label drawn at one scale.
public struct RenderedLabel: Sendable {
    /// Straight-alpha RGBA pixels.
    public var image: RGBAImage
    public var scale: Double
    /// Where the box's top left corner lies in the image, in pixels (0, 0 for `canvas: box`).
    public var boxOriginX: Int
    public var boxOriginY: Int
    /// Baselines in image pixels, snapped as drawn.
    public var baselines: [Int]
}

/// Draws laid-out labels: shadows, then the outside stroke and the fill as one layer.
/// Holds no state between labels, so one renderer can serve several threads.
public struct Renderer: Sendable {
    /// The largest canvas drawn; a label that needs more is refused before its pixels
    /// are allocated.
    public var limits: Limits

    /// - Parameter limits: the largest canvas drawn (``Limits/default``).
    public init(limits: Limits = .default) {
        self.limits = limits
    }

    /// Renders `layout` at `scale` (2 for @2x): drawn at that resolution, not enlarged.
    public func render(_ layout: TextLayout, scale: Double = 1) throws(RenderError) -> RenderedLabel {
        let (surface, canvas) = try drawLayer(layout, scale: scale)
        let baselines = layout.lines.map { Int(($0.baseline * scale + Double(canvas.originY)).rounded()) }
        return RenderedLabel(image: RGBAImage(cairo: surface), scale: scale,
                             boxOriginX: canvas.originX, boxOriginY: canvas.originY, baselines: baselines)
    }

    /// Draws `layout` into a caller's Cairo context (a `cairo_t *`), composited over what
    /// is there, with the box's top left corner at (`x`, `y`) in the context's user space.
    ///
    /// The label is rasterized at `scale` device pixels per user unit, so pass the scale
    /// of the context's transformation (1 for an untransformed image surface, 2 for a
    /// context scaled by 2 on a @2x surface) to keep edges sharp.
    ///
    /// ```swift
    /// let cr = cairo_create(surface)
    /// try Renderer().draw(layout, into: cr, x: 20, y: 40)
    /// ```
    public func draw(_ layout: TextLayout, into cairoContext: OpaquePointer, x: Double, y: Double,
                     scale: Double = 1) throws(RenderError) {
        let (surface, canvas) = try drawLayer(layout, scale: scale)
        let cr = cairoContext
        cairo_save(cr)
        cairo_translate(cr, x, y)
        cairo_scale(cr, 1 / scale, 1 / scale)
        cairo_set_source_surface(cr, surface.pointer, -Double(canvas.originX), -Double(canvas.originY))
        cairo_paint(cr)
        cairo_restore(cr)
        let status = cairo_status(cr)
        guard status == CAIRO_STATUS_SUCCESS else { throw .cairo(status, "drawing into the given Cairo context") }
    }

    /// The label's pixels, premultiplied as Cairo keeps them, and the canvas they fill.
    private func drawLayer(_ layout: TextLayout, scale: Double) throws(RenderError) -> (CairoSurface, Canvas) {
        guard scale > 0, scale.isFinite else { throw RenderError("scale must be a positive number, got \(scale)") }
        let canvas = try Canvas(layout: layout, scale: scale, limits: limits)
        let surface = try CairoSurface(width: canvas.width, height: canvas.height, format: .argb)
        let context = CairoContext(surface)
        let paths = GlyphPaths(layout: layout, canvas: canvas, scratch: context)
        let style = layout.style
        let pictures = try ColorPictures(paths.pictures)
        var silhouettes = Silhouettes(canvas: canvas, paths: paths, pictures: pictures)

        let fillMask = try silhouettes.fill()
        let outlineMask = pictures.isEmpty ? fillMask : try silhouettes.outlineFill()
        silhouettes.outlineCoverage = outlineMask
        var stroked: CairoSurface?
        var rings: [(stroke: Stroke, mask: CairoSurface)] = []
        if !paths.strokes.isEmpty {
            let outer = try silhouettes.strokedParts(extra: 0)
            rings = try silhouettes.rings(outer: outer.union, perStroke: outer.perStroke, fill: fillMask)
            stroked = outer.union
        }

        let inks = paths.lineInk.compactMap { $0 }
        let labelInk = inks.isEmpty ? nil : (top: inks.map(\.top).min()!, bottom: inks.map(\.bottom).max()!,
                                            left: inks.map(\.left).min()!, right: inks.map(\.right).max()!)
        if !style.shadows.isEmpty, let ink = labelInk {
            let region = (x0: Int(ink.left.rounded(.down)), y0: Int(ink.top.rounded(.down)),
                          x1: Int(ink.right.rounded(.up)) + 1, y1: Int(ink.bottom.rounded(.up)) + 1)
            try ShadowPass(canvas: canvas, silhouettes: silhouettes, inkRegion: region)
                .draw(style.shadows, on: context, stroked: stroked)
        }
        try FillPass(canvas: canvas, paths: paths, pictures: pictures)
            .draw(fill: style.fill, fillMask: outlineMask, rings: rings, on: context, labelInk: labelInk)

        return (surface, canvas)
    }
}
