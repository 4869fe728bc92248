/// Whether a gradient restarts on every line or spans the whole text block.
public enum GradientScope: String, Sendable, Hashable, CaseIterable {
    /// Each line's band starts with the first colour; no colour bleeds into the next line.
    case line
    /// One gradient across the block of all lines.
    case label
}

/// A linear gradient through colour stops.
public struct Gradient: Sendable, Hashable {
    /// The stop colours, in order.
    public var colors: [Color]
    /// Stop positions in `0...1`, one per colour, not decreasing (equal neighbours make a hard edge).
    public var locations: [Double]
    /// Whether the gradient restarts on every line.
    public var scope: GradientScope
    /// Direction in degrees: 90 runs top to bottom, 0 left to right.
    public var angle: Double

    /// Creates a gradient.
    ///
    /// - Parameters:
    ///   - colors: The stop colours, in order.
    ///   - locations: Stop positions in `0...1`; evenly spaced from 0 to 1 when `nil`.
    ///   - scope: `.line` (default) restarts the gradient on every line.
    ///   - angle: Direction in degrees; 90 (default) runs top to bottom.
    public init(colors: [Color], locations: [Double]? = nil, scope: GradientScope = .line, angle: Double = 90) {
        self.colors = colors
        self.locations = locations ?? Gradient.evenLocations(count: colors.count)
        self.scope = scope
        self.angle = angle
    }

    /// `count` positions spread evenly over `0...1`: `[0, 0.5, 1]` for 3.
    static func evenLocations(count: Int) -> [Double] {
        guard count > 1 else { return Array(repeating: 0, count: count) }
        return (0..<count).map { Double($0) / Double(count - 1) }
    }
}

/// How glyph interiors are painted.
public enum Fill: Sendable, Hashable {
    /// One flat colour; in a style file, `"fill": "#FFFFFF"`.
    case color(Color)
    /// A gradient; in a style file, `"fill": {"gradient": {…}}`.
    case gradient(Gradient)
}
