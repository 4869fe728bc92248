/// What went past one of the engine's `Limits`: what was measured, how much was asked
/// for, and the most allowed.
///
/// ```swift
/// do {
///     let layout = try engine.layout(text, style: style, locale: "de")
/// } catch .limitExceeded(let excess) where excess.measure == .lineCount {
///     print("the text needs \(excess.value) lines; the limit is \(excess.limit)")
/// }
/// ```
public struct LimitExcess: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was measured, and so which of the `Limits` it is held to.
    public enum Measure: Sendable, Hashable {
        /// The text's length in Unicode scalars, markup included (`Limits.textLength`).
        case textLength
        /// The lines the laid-out text needs (`Limits.lines`).
        case lineCount
        /// The style's `maxLines` (`Limits.lines`).
        case maxLines
        /// The style's or a run's font size, in pixels (`Limits.fontSize`).
        case fontSize
        /// The style's `font.minSize` (`Limits.fontSize`).
        case minimumFontSize
        /// An inline image's height from markup (`Limits.fontSize`).
        case inlineImageHeight
        /// The style's or a run's stroke width (`Limits.strokeWidth`).
        case strokeWidth
        /// How many outlines the style stacks (`Limits.strokes`).
        case strokeCount
        /// How many shadows, or inner shadows, the style has (`Limits.shadows`).
        case shadowCount
        /// A shadow's blur radius (`Limits.blur`).
        case shadowBlur
        /// A shadow's spread (`Limits.blur`).
        case shadowSpread
        /// A shadow's or inner shadow's offset along x or y (`Limits.canvasSide`).
        case shadowOffset
        /// The bevel's size (`Limits.blur`).
        case bevelSize
        /// The bevel's depth (`Bevel.maximumDepth`).
        case bevelDepth
        /// The bevel's light angle or altitude, which must be finite (the limit is the
        /// largest finite number).
        case lightAngle
        /// A field of a layer effect that has no measure of its own, named as its limit
        /// is (`extrude depth`); a limit of the largest finite number asks only that it
        /// be finite.
        case effectField(String)
        /// The longer side of the inline image `source`, `width` x `height` pixels
        /// (`Limits.canvasSide`).
        case inlineImageSide(source: String, width: Int, height: Int)
        /// The pixel count of the inline image `source`, `width` x `height` pixels
        /// (`Limits.canvasPixels`).
        case inlineImagePixels(source: String, width: Int, height: Int)
    }

    /// What was measured.
    public var measure: Measure
    /// How much was asked for: a length, a count or a size in pixels (for an inline
    /// image, its longer side or its pixel count). Not always finite: an infinite font
    /// size is refused too.
    public var value: Double
    /// The most the limit allows.
    public var limit: Double

    /// Creates an excess.
    ///
    /// - Parameters:
    ///   - measure: What was measured.
    ///   - value: How much was asked for.
    ///   - limit: The most allowed.
    public init(_ measure: Measure, value: Double, limit: Double) {
        self.measure = measure
        self.value = value
        self.limit = limit
    }

    /// A sentence naming what was measured, how much was asked for and the limit, e.g.
    /// `the text needs 4 lines; at most 3 are allowed`.
    public var description: String {
        let value = Limits.format(value)
        let limit = Limits.format(limit)
        switch measure {
        case .textLength: return "the text is \(value) Unicode scalars long; at most \(limit) are allowed"
        case .lineCount: return "the text needs \(value) lines; at most \(limit) are allowed"
        case .maxLines: return "maxLines \(value) exceeds the line limit of \(limit)"
        case .strokeCount: return "\(value) stacked strokes exceed the limit of \(limit)"
        case .shadowCount: return "\(value) shadows exceed the limit of \(limit)"
        case .fontSize: return "font size \(value) exceeds the limit of \(limit)"
        case .minimumFontSize: return "minimum font size \(value) exceeds the limit of \(limit)"
        case .inlineImageHeight: return "inline image height \(value) exceeds the limit of \(limit)"
        case .strokeWidth: return "stroke width \(value) exceeds the limit of \(limit)"
        case .shadowBlur: return "shadow blur \(value) exceeds the limit of \(limit)"
        case .shadowSpread: return "shadow spread \(value) exceeds the limit of \(limit)"
        case .shadowOffset: return "shadow offset \(value) exceeds the limit of \(limit)"
        case .bevelSize: return "bevel size \(value) exceeds the limit of \(limit)"
        case .bevelDepth: return "bevel depth \(value) exceeds the limit of \(limit)"
        case .lightAngle: return "the bevel's light angle \(value) is not a finite number"
        case .effectField(let name) where self.limit == .greatestFiniteMagnitude:
            return "\(name) \(value) is not a finite number"
        case .effectField(let name): return "\(name) \(value) exceeds the limit of \(limit)"
        case let .inlineImageSide(source, width, height):
            return Self.imageExcess(source, width, height, side: Int(self.limit), pixels: .max)
        case let .inlineImagePixels(source, width, height):
            return Self.imageExcess(source, width, height, side: .max, pixels: Int(self.limit))
        }
    }

    /// The words `Limits.excess(_:width:height:side:pixels:)` gives for an image, which
    /// a caption's or a label image's excess shares.
    private static func imageExcess(_ source: String, _ width: Int, _ height: Int, side: Int, pixels: Int) -> String {
        let what = "inline image \(source)"
        return Limits.excess(what, width: Double(width), height: Double(height), side: side, pixels: pixels)
            ?? "\(what) would be \(width)x\(height) pixels"
    }
}
