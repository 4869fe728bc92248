/// How an outline turns at corners.
public enum LineJoin: String, Sendable, Hashable, CaseIterable {
    /// Cut off corners; the default, as it never spikes at sharp glyph corners.
    case bevel
    /// Rounded corners.
    case round
    /// Pointed corners.
    case miter
}

/// An outline drawn outside the glyphs only, never over their interior.
///
/// In a style file every field is optional: `width` defaults to 1, `color` to
/// `#000000`, `join` to `bevel`. `"gradient": {…}` paints it with a gradient instead
/// of `color`, spanning the outline of the whole label.
public struct Stroke: Sendable, Hashable {
    /// Thickness in pixels at scale 1, outside the glyph edge; `>= 0`.
    public var width: Double
    /// The outline colour, unless ``gradient`` is set.
    public var color: Color
    /// A gradient that paints the outline instead of ``color``. It spans the label's ink
    /// grown by the outline's reach, or each line's with ``GradientScope/line``.
    public var gradient: Gradient?
    /// How the outline turns at corners.
    public var join: LineJoin

    /// Creates an outside stroke.
    ///
    /// - Parameters:
    ///   - width: Thickness in pixels at scale 1.
    ///   - color: The outline colour.
    ///   - join: Corner style; `.bevel` when omitted.
    ///   - gradient: A gradient that paints the outline instead of `color`.
    public init(width: Double, color: Color, join: LineJoin = .bevel, gradient: Gradient? = nil) {
        self.width = width
        self.color = color
        self.join = join
        self.gradient = gradient
    }
}

extension Stroke: LayerEffect {
    package static let decodingDefault = Stroke(width: 1, color: .black)
    package static let acceptsNull = true

    package static func fields(limits: Limits) -> [EffectField<Stroke>] {
        [
            EffectField("width", .number(\.width, Bound(.nonNegative, cap: (limits.strokeWidth, "stroke width"), .strokeWidth)),
                        "Its width outside the glyphs, px at scale 1."),
            EffectField("color", .color(\.color), "Its colour."),
            EffectField("gradient", .gradient(\.gradient), "A gradient that paints it instead of its colour."),
            EffectField("join", .join(\.join), "How its corners are joined."),
        ]
    }

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

    package var effectReach: EffectReach { .outline(width: reach) }
}
