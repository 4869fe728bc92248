import Foundation

/// A rectangle in label coordinates: pixels at scale 1, origin at the box's top left,
/// y growing downwards.
///
/// Unlike the layout results that hold it, `Rect` is mutable, as `CGRect` is: it is a
/// plain value callers build and adjust (a frame, a dirty region). A layout keeps its
/// rectangles in `let` properties, so changing a copy never changes the layout.
public struct Rect: Sendable, Hashable, CustomStringConvertible {
    /// The left edge.
    public var x: Double
    /// The top edge (y grows downwards).
    public var y: Double
    /// The width; zero or less makes the rectangle empty.
    public var width: Double
    /// The height; zero or less makes the rectangle empty.
    public var height: Double

    /// A rectangle with its top left corner at (`x`, `y`).
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The left edge, ``x``.
    public var minX: Double { x }
    /// The top edge, ``y``.
    public var minY: Double { y }
    /// The right edge.
    public var maxX: Double { x + width }
    /// The bottom edge.
    public var maxY: Double { y + height }
    /// The x of the centre.
    public var midX: Double { x + width / 2 }
    /// The y of the centre.
    public var midY: Double { y + height / 2 }
    /// Whether the rectangle has no area: a width or height of zero or less.
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

    /// `(x, y, widthxheight)`, e.g. `(0.0, 4.5, 120.0x30.0)`.
    public var description: String { "(\(x), \(y), \(width)x\(height))" }
}

/// Distances on the four sides of a rectangle.
///
/// Mutable for the same reason as ``Rect``: a plain value callers build; a layout's own
/// insets (``TextLayout/effectExtents``) cannot be changed through it.
public struct EdgeInsets: Sendable, Hashable {
    /// The distance above the top edge.
    public var top: Double
    /// The distance left of the left edge.
    public var left: Double
    /// The distance below the bottom edge.
    public var bottom: Double
    /// The distance right of the right edge.
    public var right: Double

    /// Insets with the given distance on each side.
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// No distance on any side.
    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

// MARK: - Core Graphics

// Foundation has CGRect and CGPoint on every platform (on Linux without Core Graphics),
// so layouts hand rectangles and points straight to AppKit, UIKit or SwiftUI code.

extension Rect {
    /// The rectangle with a Core Graphics rectangle's origin and size, as they are: a
    /// negative width or height is kept, not standardized.
    ///
    /// ```swift
    /// let hit = Rect(view.bounds)
    /// ```
    public init(_ rect: CGRect) {
        self.init(x: Double(rect.origin.x), y: Double(rect.origin.y),
                  width: Double(rect.size.width), height: Double(rect.size.height))
    }
}

extension CGRect {
    /// The Core Graphics rectangle with a label rectangle's origin and size.
    ///
    /// ```swift
    /// caretView.frame = CGRect(layout.caret(at: cursor).rect(width: 2))
    /// ```
    public init(_ rect: Rect) {
        self.init(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
    }
}
