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
    public init() {}

    /// Renders `layout` at `scale` (2 for @2x): drawn at that resolution, not enlarged.
    public func render(_ layout: LabelLayout, scale: Double = 1) throws(RenderError) -> RenderedLabel {
        guard scale > 0, scale.isFinite else { throw RenderError("scale must be a positive number, got \(scale)") }
        let canvas = Canvas(layout: layout, scale: scale)
        let surface = try CairoSurface(width: canvas.width, height: canvas.height, format: .argb)
        let context = CairoContext(surface)
        let paths = GlyphPaths(layout: layout, canvas: canvas, scratch: context)
        let style = layout.style
        let pictures = try ColorPictures(paths.pictures)
        let silhouettes = Silhouettes(canvas: canvas, paths: paths, pictures: pictures)

        let fillMask = try silhouettes.fill()
        let outlineMask = pictures.isEmpty ? fillMask : try silhouettes.outlineFill()
        var stroked: CairoSurface?
        var ring: CairoSurface?
        if let stroke = style.stroke, stroke.width > 0, stroke.color.alpha > 0 {
            let outer = try silhouettes.grown(by: stroke.width * scale, join: stroke.join)
            ring = try Silhouettes.ring(outer: outer, inner: fillMask)
            stroked = outer
        }

        let inks = paths.lineInk.compactMap { $0 }
        let labelInk = inks.isEmpty ? nil : (top: inks.map(\.top).min()!, bottom: inks.map(\.bottom).max()!,
                                            left: inks.map(\.left).min()!, right: inks.map(\.right).max()!)
        if !style.shadows.isEmpty, let ink = labelInk {
            let region = (x0: Int(ink.left.rounded(.down)), y0: Int(ink.top.rounded(.down)),
                          x1: Int(ink.right.rounded(.up)) + 1, y1: Int(ink.bottom.rounded(.up)) + 1)
            try ShadowPass(canvas: canvas, silhouettes: silhouettes, strokeWidth: ring == nil ? 0 : style.stroke!.width,
                           join: style.stroke?.join ?? .round, inkRegion: region)
                .draw(style.shadows, on: context, stroked: stroked)
        }
        try FillPass(canvas: canvas, paths: paths, pictures: pictures)
            .draw(fill: style.fill, fillMask: outlineMask, stroke: style.stroke, ring: ring, on: context, labelInk: labelInk)

        let baselines = layout.lines.map { Int(($0.baseline * scale + Double(canvas.originY)).rounded()) }
        return RenderedLabel(image: RGBAImage(cairo: surface), scale: scale,
                             boxOriginX: canvas.originX, boxOriginY: canvas.originY, baselines: baselines)
    }
}
