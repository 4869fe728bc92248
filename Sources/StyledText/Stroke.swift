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
