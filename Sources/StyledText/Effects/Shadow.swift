/// A blurred copy of the text's silhouette drawn behind it, as CSS `text-shadow`.
///
/// In a style file: `{"color": "#000000AA", "offset": [0, 3], "blur": 6, "spread": 0}`,
/// every field optional. An offset of `[0, 0]` makes an outer glow.
public struct Shadow: Sendable, Hashable {
    /// The shadow colour; `#00000080` (half-transparent black) by default.
    public var color: Color
    /// Horizontal offset in pixels at scale 1; positive moves right.
    public var offsetX: Double
    /// Vertical offset in pixels at scale 1; positive moves down.
    public var offsetY: Double
    /// Blur radius as in CSS: a Gaussian with sigma = blur / 2; `>= 0`.
    public var blur: Double
    /// How far the silhouette grows before blurring, in pixels; `>= 0`.
    public var spread: Double

    /// The colour of a shadow that does not name one: `#00000080`.
    public static let defaultColor = Color(red: 0, green: 0, blue: 0, alpha: 128.0 / 255)

    /// Creates a shadow.
    ///
    /// - Parameters:
    ///   - color: The shadow colour; half-transparent black by default.
    ///   - offsetX: Horizontal offset in pixels; positive moves right.
    ///   - offsetY: Vertical offset in pixels; positive moves down.
    ///   - blur: Blur radius (sigma = blur / 2).
    ///   - spread: Growth of the silhouette before blurring.
    public init(
        color: Color = Shadow.defaultColor, offsetX: Double = 0, offsetY: Double = 0,
        blur: Double = 0, spread: Double = 0
    ) {
        self.color = color
        self.offsetX = offsetX
        self.offsetY = offsetY
        self.blur = blur
        self.spread = spread
    }
}

extension Shadow: LayerEffect {
    package static let decodingDefault = Shadow()
    package static let acceptsNull = false

    package static func fields(limits: Limits) -> [EffectField<Shadow>] {
        let side = (Double(limits.canvasSide), "canvas side")
        return [
            EffectField("color", .color(\.color), "Its colour; the alpha sets its opacity."),
            EffectField("offset", .pair(x: \.offsetX, y: \.offsetY, Bound(.any, cap: side, .shadowOffset)),
                        "[x, y], px at scale 1."),
            EffectField("blur", .number(\.blur, Bound(.nonNegative, cap: (limits.blur, "blur radius"), .shadowBlur)),
                        "The blur radius, px at scale 1."),
            EffectField("spread", .number(\.spread, Bound(.nonNegative, cap: (limits.blur, "spread"), .shadowSpread)),
                        "How far the shape grows before blurring."),
        ]
    }

    package var paints: Bool { color.alpha > 0 }

    /// A Gaussian of sigma = blur / 2 is invisible past 3 sigma, so the blur reaches 1.5 times its radius.
    package var effectReach: EffectReach {
        .outside(spread: max(0, spread), blur: max(0, blur), offsets: [.init(x: offsetX, y: offsetY)])
    }
}
