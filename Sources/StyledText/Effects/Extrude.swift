import Foundation

/// The glyphs and their outlines swept back along an angle, as if cut from a thick
/// block: the sides of the letters in a game logo's 3D title. Drawn over the drop
/// shadows and under the outlines.
///
/// ```swift
/// style.extrude = Extrude(depth: 10, color: Color(red: 0.35, green: 0.12, blue: 0.02))
/// ```
public struct Extrude: Sendable, Hashable {
    /// How far the sweep reaches, px at scale 1; 0 draws nothing.
    public var depth: Double
    /// Which way the sweep runs, in degrees as a gradient's angle: 0 to the right, 90
    /// (the default) straight down.
    public var angle: Double
    /// The colour of the sides.
    public var color: Color
    /// A gradient along the sweep instead of ``color``: its first colour at the front,
    /// its last at the back (its own scope and angle are not used).
    public var gradient: Gradient?

    /// Creates an extrusion.
    public init(depth: Double = 8, angle: Double = 90, color: Color = .black, gradient: Gradient? = nil) {
        self.depth = depth
        self.angle = angle
        self.color = color
        self.gradient = gradient
    }

    /// Where the sweep ends, px at scale 1 from the glyphs. Exact along the axes, so a
    /// sweep straight down does not lean by a rounding error.
    public var sweep: (x: Double, y: Double) {
        let radians = angle * .pi / 180
        var x = cos(radians), y = sin(radians)
        if angle.truncatingRemainder(dividingBy: 90) == 0 {
            x = x.rounded()
            y = y.rounded()
        }
        return (depth * x, depth * y)
    }
}

extension Extrude: LayerEffect {
    package static let decodingDefault = Extrude()
    package static let acceptsNull = true

    package static func fields(limits: Limits) -> [EffectField<Extrude>] {
        [
            EffectField("depth", .number(\.depth, Bound(.nonNegative, cap: (limits.strokeWidth, "extrude depth"),
                                                         .effectField("extrude depth"))),
                        "How far the sweep reaches, px at scale 1."),
            EffectField("angle", .number(\.angle, Bound(.any, .effectField("extrude angle"), finiteOnly: true)),
                        "The direction of the sweep in degrees; 90 runs straight down."),
            EffectField("color", .color(\.color), "The colour of the sides."),
            EffectField("gradient", .gradient(\.gradient),
                        "A gradient along the sweep instead of the colour, from the front to the back."),
        ]
    }

    package var paints: Bool {
        guard depth > 0 else { return false }
        if let gradient { return gradient.colors.contains { $0.alpha > 0 } }
        return color.alpha > 0
    }

    /// The outlined glyphs at every point from where they stand to the end of the sweep.
    package var effectReach: EffectReach {
        let end = sweep
        return .outside(spread: 0, blur: 0, offsets: [.init(x: 0, y: 0), .init(x: end.x, y: end.y)])
    }
}
