import LabelLayout
import StyledText

/// The canvas a label needs at a scale, measured from the layout before any pixel is
/// allocated: the box, or (tight) the ink grown by as far as the layer effects reach
/// (outlines, a shadow's offset, spread and 3 sigma of blur), so nothing is clipped.
package struct Canvas {
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
            x1 = Self.boxSide(layout.bounds.width, scale: scale)
            y1 = Self.boxSide(layout.bounds.height, scale: scale)
        } else {
            // The same extents that inset the text in its box (one formula for both).
            let extents = layout.effectExtents
            let reach = layout.inkBounds.outset(top: extents.top, left: extents.left,
                                                bottom: extents.bottom, right: extents.right)
            // One more pixel each side for anti-aliasing.
            x0 = Self.pixels(reach.minX.rounded(.down) - 1, scale, .down)
            y0 = Self.pixels(reach.minY.rounded(.down) - 1, scale, .down)
            x1 = Self.pixels(reach.maxX.rounded(.up) + 1, scale, .up)
            y1 = Self.pixels(reach.maxY.rounded(.up) + 1, scale, .up)
        }
        if let limit = SizeLimit.exceeded(width: x1 - x0, height: y1 - y0,
                                          side: min(limits.canvasSide, Renderer.largestSide), pixels: limits.canvasPixels) {
            throw .canvasTooLarge(width: x1 - x0, height: y1 - y0, scale: scale, limit: limit)
        }
        // Within the limits, every edge is a small integer.
        width = max(1, Int(x1 - x0))
        height = max(1, Int(y1 - y0))
        originX = -Int(x0)
        originY = -Int(y0)
    }

    /// A side of a `canvas: box` image in pixels: the box's side in whole points (at least
    /// one), at `scale`.
    package static func boxSide(_ points: Double, scale: Double) -> Double {
        pixels(max(1, points.rounded(.up)), scale, .up)
    }

    /// Whole points at `scale`, rounded to whole pixels by `rule`. A product within a
    /// millionth of a pixel of a whole number is that number: a caption's scale such as
    /// 32767 / 1000 is inexact in binary, and 1000 points of it must be 32767 pixels, not
    /// 32768 (one over Cairo's limit).
    static func pixels(_ points: Double, _ scale: Double, _ rule: FloatingPointRoundingRule) -> Double {
        let exact = points * scale
        let nearest = exact.rounded()
        return abs(exact - nearest) < 1e-6 ? nearest : exact.rounded(rule)
    }

    /// A layout point in canvas pixels.
    func point(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        (x * scale + Double(originX), y * scale + Double(originY))
    }
}
