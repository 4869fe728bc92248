import StyledText

extension Stroke {
    /// Whether the stroke paints anything: a transparent or zero-width stroke does not,
    /// and is then no stroke at all, for layout and for drawing alike.
    public var paints: Bool {
        guard width > 0 else { return false }
        if let gradient { return gradient.colors.contains { $0.alpha > 0 } }
        return color.alpha > 0
    }

    /// How far the stroke reaches beyond the glyphs' edge, in px at scale 1: its width,
    /// or 0 for a stroke that paints nothing, which neither insets the text in its box
    /// nor grows the canvas or the shadows.
    public var reach: Double { paints ? width : 0 }
}

extension LabelStyle {
    /// How far the style's stroke and shadows reach beyond the glyphs' ink on each side,
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
