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

    init(layout: LabelLayout, scale: Double) {
        self.scale = scale
        let style = layout.style
        if style.canvas == .box || layout.inkBounds.isEmpty {
            width = max(1, Int((layout.bounds.width * scale).rounded(.up)))
            height = max(1, Int((layout.bounds.height * scale).rounded(.up)))
            originX = 0
            originY = 0
            return
        }
        // The same extents that inset the text in its box (one formula for both).
        let extents = style.effectExtents
        let reach = layout.inkBounds.outset(top: extents.top, left: extents.left,
                                            bottom: extents.bottom, right: extents.right)
        // One more pixel each side for anti-aliasing.
        let x0 = Int((reach.minX * scale).rounded(.down)) - 1
        let y0 = Int((reach.minY * scale).rounded(.down)) - 1
        let x1 = Int((reach.maxX * scale).rounded(.up)) + 1
        let y1 = Int((reach.maxY * scale).rounded(.up)) + 1
        width = max(1, x1 - x0)
        height = max(1, y1 - y0)
        originX = -x0
        originY = -y0
    }

    /// A layout point in canvas pixels.
    func point(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        (x * scale + Double(originX), y * scale + Double(originY))
    }
}
