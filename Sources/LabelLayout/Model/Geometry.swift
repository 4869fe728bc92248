/// A rectangle in label coordinates: pixels at scale 1, origin at the box's top left,
/// y growing downwards.
///
/// Unlike the layout results that hold it, `Rect` is mutable, as `CGRect` is: it is a
/// plain value callers build and adjust (a frame, a dirty region). A layout keeps its
/// rectangles in `let` properties, so changing a copy never changes the layout.
public struct Rect: Sendable, Hashable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The smallest rectangle holding both; an empty rectangle adds nothing.
    public func union(_ other: Rect) -> Rect {
        if other.isEmpty { return self }
        if isEmpty { return other }
        let x0 = min(minX, other.minX), y0 = min(minY, other.minY)
        return Rect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    /// Grown by the given distances on each side.
    public func outset(top: Double, left: Double, bottom: Double, right: Double) -> Rect {
        Rect(x: x - left, y: y - top, width: width + left + right, height: height + top + bottom)
    }

    public var description: String { "(\(x), \(y), \(width)x\(height))" }
}

/// Distances on the four sides of a rectangle.
///
/// Mutable for the same reason as ``Rect``: a plain value callers build; a layout's own
/// insets (``TextLayout/effectExtents``) cannot be changed through it.
public struct EdgeInsets: Sendable, Hashable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}
