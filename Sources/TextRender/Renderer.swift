import LabelLayout
import StyledText

/// A label drawn at one scale.
public struct RenderedLabel: Sendable {
    /// Straight-alpha RGBA pixels.
    public var image: RGBAImage
    /// The scale it was drawn at: image pixels per layout unit (2 for @2x).
    public var scale: Double
    /// How far right of the image's left edge the box's left edge lies, in pixels (0 for
    /// `canvas: box`).
    public var boxOriginX: Int
    /// How far below the image's top edge the box's top edge lies, in pixels (0 for
    /// `canvas: box`).
    public var boxOriginY: Int
    /// Baselines in image pixels, snapped as drawn.
    public var baselines: [Int]
}

/// Draws laid-out labels: the layers behind the text, then the outside strokes, the fill
/// and the effects inside the glyphs as one layer (``paintOrder``).
/// Keeps nothing of one label for the next but glyph masks, in a process-wide cache of at
/// most 32 MB that every renderer shares; the cache is locked and never changes a pixel (a
/// mask depends only on the glyph, its size, phase and outline), so one renderer can serve
/// several threads.
///
/// ```swift
/// let layout = try LayoutEngine().layout("Play", style: style, locale: "en")
/// let label = try Renderer().render(layout, scale: 2)
/// try PNGEncoder().encode(label.image).write(to: URL(fileURLWithPath: "play@2x.png"))
/// ```
public struct Renderer: Sendable {
    /// The largest canvas drawn; a label that needs more is refused before its pixels
    /// are allocated.
    public var limits: Limits
    /// The widest or tallest canvas drawn, whatever the limits: 32766 pixels. Cairo 1.16
    /// creates surfaces 32767 pixels wide but paints nothing from them, so a label that
    /// large would come out blank.
    public static let largestSide = 32766
    /// Where glyph masks are kept between labels; nil draws every label's masks from its
    /// glyphs' paths, exactly as one shape (slower; the tests compare the two).
    var glyphMasks: GlyphMaskCache? = .shared

    /// Creates a renderer.
    ///
    /// - Parameter limits: the largest canvas drawn (`Limits.default`).
    public init(limits: Limits = .default) {
        self.limits = limits
    }

    /// Renders `layout` at `scale` (2 for @2x): drawn at that resolution, not enlarged.
    ///
    /// - Parameters:
    ///   - layout: The laid-out label.
    ///   - scale: Image pixels per layout unit, greater than 0.
    /// - Returns: The image, on a canvas that holds the box (`canvas: box`) or every
    ///   effect, and where the box and the baselines lie in it.
    /// - Throws: A ``RenderError``: the scale is out of range, the canvas would exceed
    ///   ``limits``, a picture in the label cannot be read, or Cairo failed.
    public func render(_ layout: TextLayout, scale: Double = 1) throws(RenderError) -> RenderedLabel {
        let (surface, canvas) = try drawLayer(layout, scale: scale)
        let baselines = layout.lines.map { Int(($0.baseline * scale + Double(canvas.originY)).rounded()) }
        return RenderedLabel(image: RGBAImage(cairo: surface), scale: scale,
                             boxOriginX: canvas.originX, boxOriginY: canvas.originY, baselines: baselines)
    }

    /// Draws `layout` onto `image`, composited over its pixels (source over), with the
    /// box's top left corner at pixel (`x`, `y`).
    ///
    /// These are the pixels ``render(_:scale:)`` gives, laid over the image; they are
    /// blended from Cairo's premultiplied colours, so the label's translucent edges lose
    /// nothing to a round trip through straight alpha. Parts outside the image are cut
    /// off, and pixels the label does not cover keep their values exactly.
    ///
    /// ```swift
    /// var screen = RGBAImage(width: 640, height: 360)
    /// try Renderer().draw(title, onto: &screen, atX: 20, y: 40)
    /// try Renderer().draw(title, onto: &retinaScreen, atX: 40, y: 80, scale: 2)
    /// ```
    ///
    /// - Parameters:
    ///   - layout: The laid-out label.
    ///   - image: The straight-alpha image drawn on.
    ///   - x: The box's left edge in `image`, in pixels; may be negative.
    ///   - y: The box's top edge in `image`, in pixels; may be negative.
    ///   - scale: Image pixels per layout unit: 2 draws the label at @2x onto a @2x
    ///     image, as sharp as ``render(_:scale:)`` draws it.
    /// - Throws: A ``RenderError``, as ``render(_:scale:)`` does; `image` is then unchanged.
    public func draw(_ layout: TextLayout, onto image: inout RGBAImage, atX x: Int, y: Int,
                     scale: Double = 1) throws(RenderError) {
        let (surface, canvas) = try drawLayer(layout, scale: scale)
        image.blend(premultiplied: surface, atX: x - canvas.originX, y: y - canvas.originY)
    }

    /// The label's pixels, premultiplied as Cairo keeps them, and the canvas they fill.
    private func drawLayer(_ layout: TextLayout, scale: Double) throws(RenderError) -> (CairoSurface, Canvas) {
        guard scale > 0, scale.isFinite else { throw .scaleOutOfRange(scale) }
        let canvas = try Canvas(layout: layout, scale: scale, limits: limits)
        let surface = try CairoSurface(width: canvas.width, height: canvas.height, format: .argb)
        let context = CairoContext(surface)
        let masks = try LabelMasks(layout: layout, canvas: canvas, scratch: context, limits: limits, glyphMasks: glyphMasks)
        try LayerStack.draw(layout.style, masks: masks, on: context)
        return (surface, canvas)
    }
}
