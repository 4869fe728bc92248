import StyledText

extension LabelStyle {
    /// How far the style's layer effects reach beyond the glyphs' ink on each side,
    /// in px at scale 1. Text is inset in its box by this much, so no effect is clipped
    /// (ExtendedLabel's textRectForBounds); effects never change advances.
    public var effectExtents: EdgeInsets { effectExtents(strokeWidth: stroke?.reach ?? 0) }

    /// How far the outlines stacked outside the first reach beyond it, in px at scale 1.
    public var outerStrokesReach: Double { outerStrokes.reduce(0) { $0 + $1.reach } }

    /// The extents of `text` in this style: its runs' strokes (the style's unless markup
    /// changes them) reach as far as the widest that paints.
    ///
    /// - Parameter text: The label's text and markup runs.
    public func effectExtents(for text: StyledString) -> EdgeInsets {
        let widest = text.runs.reduce(stroke?.reach ?? 0) { widest, run in
            max(widest, run.attributes.stroke.map { $0.resolved(over: stroke)?.reach ?? 0 } ?? 0)
        }
        return effectExtents(strokeWidth: widest)
    }

    /// The extents with a stroke reaching `strokeWidth` (the widest of a label's runs),
    /// and the stacked outer strokes around it.
    ///
    /// - Parameter stroke: The stroke's ``Stroke/reach``, in px at scale 1.
    public func effectExtents(strokeWidth innerStroke: Double) -> EdgeInsets {
        let stroke = innerStroke + outerStrokesReach
        var extents = EdgeInsets(top: stroke, left: stroke, bottom: stroke, right: stroke)
        for case (.outside(let spread, let blur, let offsets), _) in LayerEffects.outside(of: self) {
            // A Gaussian of sigma = blur / 2 is invisible past 3 sigma.
            let reach = stroke + spread + 1.5 * blur
            for offset in offsets {
                extents.top = max(extents.top, reach - offset.y)
                extents.bottom = max(extents.bottom, reach + offset.y)
                extents.left = max(extents.left, reach - offset.x)
                extents.right = max(extents.right, reach + offset.x)
            }
        }
        return extents
    }
}
