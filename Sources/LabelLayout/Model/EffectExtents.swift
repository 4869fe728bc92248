import StyledText

extension LabelStyle {
    /// How far the style's stroke and shadows reach beyond the glyphs' ink on each side,
    /// in px at scale 1. Text is inset in its box by this much, so no effect is clipped
    /// (ExtendedLabel's textRectForBounds); effects never change advances.
    public var effectExtents: EdgeInsets { effectExtents(strokeWidth: stroke?.width ?? 0) }

    /// The extents with a stroke of `strokeWidth` (the widest of a label's runs).
    public func effectExtents(strokeWidth stroke: Double) -> EdgeInsets {
        var extents = EdgeInsets(top: stroke, left: stroke, bottom: stroke, right: stroke)
        for shadow in shadows {
            // A Gaussian of sigma = blur / 2 is invisible past 3 sigma.
            let reach = stroke + max(0, shadow.spread) + 1.5 * max(0, shadow.blur)
            extents.top = max(extents.top, reach - shadow.offsetY)
            extents.bottom = max(extents.bottom, reach + shadow.offsetY)
            extents.left = max(extents.left, reach - shadow.offsetX)
            extents.right = max(extents.right, reach + shadow.offsetX)
        }
        return extents
    }
}
