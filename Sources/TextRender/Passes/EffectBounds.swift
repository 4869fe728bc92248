import LabelLayout
import StyledText

/// The canvas a label needs at a scale, measured from the layout before any pixel is
/// allocated: the box, or (tight) the ink grown by the stroke and every shadow's offset,
/// spread and 3 sigma of blur, so nothing is clipped.
struct Canvas {
    /// Size in pixels.
    var width: Int
    var height: Int
    /// Where layout point (0, 0), the box's top left, lies in the canvas, in pixels.
    var originX: Int
    var originY: Int
    var scale: Double

    /// - Throws: ``RenderError/canvasTooLarge(width:height:scale:limit:)`` when the canvas
    ///   would exceed `limits`' side or pixel count; sizes are judged as doubles, so an
    ///   absurd one is refused, not trapped on.
    init(layout: TextLayout, scale: Double, limits: Limits) throws(RenderError) {
        self.scale = scale
        let style = layout.style
        // The canvas is worked out at @1x and multiplied, so an @N image is exactly N
        // times the @1x one and its box origin N times the @1x origin.
        let x0, y0, x1, y1: Double
        if style.canvas == .box || layout.inkBounds.isEmpty {
            (x0, y0) = (0, 0)
            x1 = (max(1, layout.bounds.width.rounded(.up)) * scale).rounded(.up)
            y1 = (max(1, layout.bounds.height.rounded(.up)) * scale).rounded(.up)
        } else {
            // The same extents that inset the text in its box (one formula for both).
            let extents = layout.effectExtents
            let reach = layout.inkBounds.outset(top: extents.top, left: extents.left,
                                                bottom: extents.bottom, right: extents.right)
            // One more pixel each side for anti-aliasing.
            x0 = ((reach.minX.rounded(.down) - 1) * scale).rounded(.down)
            y0 = ((reach.minY.rounded(.down) - 1) * scale).rounded(.down)
            x1 = ((reach.maxX.rounded(.up) + 1) * scale).rounded(.up)
            y1 = ((reach.maxY.rounded(.up) + 1) * scale).rounded(.up)
        }
        if let limit = SizeLimit.exceeded(width: x1 - x0, height: y1 - y0,
                                          side: limits.canvasSide, pixels: limits.canvasPixels) {
            throw .canvasTooLarge(width: x1 - x0, height: y1 - y0, scale: scale, limit: limit)
        }
        // Within the limits, every edge is a small integer.
        width = max(1, Int(x1 - x0))
        height = max(1, Int(y1 - y0))
        originX = -Int(x0)
        originY = -Int(y0)
    }

    /// A layout point in canvas pixels.
    func point(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        (x * scale + Double(originX), y * scale + Double(originY))
    }
}
