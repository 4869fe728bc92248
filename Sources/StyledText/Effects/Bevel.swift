/// An inner bevel: the glyphs lit from one side as if raised from the page, their height
/// rising from the edge inward over ``size`` pixels, as Photoshop's "Inner Bevel" with
/// the "Smooth" technique. The side facing the light gets ``highlight``, the side facing
/// away gets ``shadow``; flat interiors keep the fill.
///
/// In a style file: `{"size": 4, "depth": 1, "angle": 120, "altitude": 30,
/// "highlight": "#FFFFFFBF", "shadow": "#000000BF"}`, every field optional.
public struct Bevel: Sendable, Hashable {
    /// How far from the edge the slope reaches inward, in pixels at scale 1; `> 0`.
    public var size: Double
    /// How steep the slope is: 1 slopes the edge at about 45°, 2 at about 63°; `> 0`,
    /// at most ``maximumDepth``.
    public var depth: Double
    /// Beyond this the slopes are as good as vertical: the lighting no longer changes.
    public static let maximumDepth = 100.0
    /// Where the light comes from, in degrees counter-clockwise from the right (90 from
    /// the top, 120 from the upper left, as Photoshop's default).
    public var angle: Double
    /// How high the light stands above the page, in degrees: 90 straight above, lower
    /// angles light the slopes more unevenly; `0...90`.
    public var altitude: Double
    /// The colour laid on slopes facing the light; its alpha sets the strength.
    public var highlight: Color
    /// The colour laid on slopes facing away; its alpha sets the strength.
    public var shadow: Color

    /// Creates a bevel; every parameter defaults to Photoshop's defaults for an inner bevel.
    ///
    /// - Parameters:
    ///   - size: How far the slope reaches inward, in pixels at scale 1.
    ///   - depth: The slope's steepness; 1 is about 45°.
    ///   - angle: The light's direction in degrees, counter-clockwise from the right.
    ///   - altitude: The light's height above the page in degrees.
    ///   - highlight: The colour of lit slopes.
    ///   - shadow: The colour of slopes turned away from the light.
    public init(size: Double = 4, depth: Double = 1, angle: Double = 120, altitude: Double = 30,
                highlight: Color = Color(red: 1, green: 1, blue: 1, alpha: 191.0 / 255),
                shadow: Color = Color(red: 0, green: 0, blue: 0, alpha: 191.0 / 255)) {
        self.size = size
        self.depth = depth
        self.angle = angle
        self.altitude = altitude
        self.highlight = highlight
        self.shadow = shadow
    }
}

extension Bevel: LayerEffect {
    package static let decodingDefault = Bevel()
    package static let acceptsNull = true

    package static func fields(limits: Limits) -> [EffectField<Bevel>] {
        [
            EffectField("size", .number(\.size, Bound(.positive, cap: (limits.blur, "bevel size"), .bevelSize)),
                        "How far the slope reaches inward, px at scale 1."),
            EffectField("depth", .number(\.depth, Bound(.positive, cap: (Bevel.maximumDepth, "bevel depth"), .bevelDepth)),
                        "How steep the slope is; 1 is about 45°."),
            EffectField("angle", .number(\.angle, Bound(.any, .lightAngle, finiteOnly: true)),
                        "Where the light comes from, degrees counter-clockwise from the right; 90 is the top."),
            // The engine asks only that the altitude be finite: the lighting clamps it.
            EffectField("altitude", .number(\.altitude, Bound(.nonNegative, cap: (90, "light altitude"), .lightAngle,
                                                             finiteOnly: true)),
                        "How high the light stands, degrees above the page."),
            EffectField("highlight", .color(\.highlight), "The colour of slopes facing the light; its alpha sets the strength."),
            EffectField("shadow", .color(\.shadow), "The colour of slopes facing away; its alpha sets the strength."),
        ]
    }

    package var paints: Bool { highlight.alpha > 0 || shadow.alpha > 0 }
    package var effectReach: EffectReach { .inside }
}
