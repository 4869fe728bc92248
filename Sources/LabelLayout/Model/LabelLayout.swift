import StyledText

/// A glyph placed on a line, in px at scale 1 relative to the box's top left.
public struct PositionedGlyph: Sendable, Hashable {
    /// The glyph id in its run's face.
    public var id: UInt32
    /// Pen position of the glyph origin (on the baseline).
    public var x: Double
    public var y: Double
    /// Scalar offset in the label's text of the first character this glyph draws.
    public var cluster: Int
}

/// Consecutive glyphs of one face and bidi level, in visual order.
public struct GlyphRun: Sendable, Hashable {
    public var face: FontFace
    /// The font size the glyphs are drawn at, px at scale 1.
    public var fontSize: Double
    /// The bidi embedding level: odd is right to left.
    public var bidiLevel: UInt8
    public var glyphs: [PositionedGlyph]
    /// Whether this run is the ellipsis that replaced truncated text.
    public var isEllipsis: Bool

    public var isRightToLeft: Bool { bidiLevel & 1 == 1 }
}

/// One line of a laid-out label.
public struct Line: Sendable, Hashable {
    /// The line's text in logical order, an ellipsis included where text was cut.
    public var text: String
    /// Scalar offsets of the label's text shown on this line.
    public var range: Range<Int>
    /// The baseline's y, px at scale 1 from the box's top.
    public var baseline: Double
    /// The x where the line's first glyph (visually leftmost) starts.
    public var x: Double
    /// Advance width of the line without trailing white space.
    public var width: Double
    /// Space above and below the baseline that the line's fonts ask for.
    public var ascent: Double
    public var descent: Double
    /// The top and height of the line's band (its share of the line height).
    public var top: Double
    public var height: Double
    /// Glyph runs in visual order, left to right.
    public var runs: [GlyphRun]
    /// Whether the line's paragraph runs right to left.
    public var isRightToLeft: Bool
}

/// Why the font size or the text was changed to fit the box.
public enum FitOutcome: String, Sendable, Hashable {
    /// The text fits at the style's size.
    case fits
    /// The text fits at a smaller size, at or above `font.minSize`.
    case shrunk
    /// Even at the smallest size the text did not fit: it was truncated or clipped.
    case truncated
    /// The text overflows its box and the style allows no truncation (`truncate: clip`).
    case overflows
}

/// The result of laying out one label: immutable, free of C objects but for the shared
/// faces, and the same at every render scale.
public struct LabelLayout: Sendable {
    /// The text laid out.
    public var text: String
    /// The locale it was laid out for (BCP 47).
    public var locale: String
    /// The merged style used.
    public var style: LabelStyle
    /// The label's frame: the style's box, or the size the text needs with its effects.
    public var bounds: Rect
    /// Where the text may go: the bounds inset by the effects' extents.
    public var textRect: Rect
    /// The font size used, px at scale 1, and the one the style asked for.
    public var fontSize: Double
    public var requestedFontSize: Double
    public var lines: [Line]
    /// Whether text was cut and an ellipsis (or clipping) applied.
    public var isTruncated: Bool
    public var fitOutcome: FitOutcome
    /// How many candidate sizes the fitter laid out.
    public var fitAttempts: Int
    /// Whether a word had to be split between grapheme clusters (only at the minimum size).
    public var brokeWord: Bool
    /// Union of the lines' advance boxes (line bands, widths).
    public var logicalBounds: Rect
    /// Union of the glyphs' ink, without effects.
    public var inkBounds: Rect
    /// Characters no bundled or host font covers: they draw as a .notdef box ("tofu").
    public var missingCharacters: [Unicode.Scalar]
    /// Faces used for text the style's face does not cover.
    public var fallbackFaces: [FontFace]
    /// The style's own face.
    public var primaryFace: FontFace

    /// The lines' text, logical order, ellipsis included.
    public var lineTexts: [String] { lines.map(\.text) }
    /// Baselines of all lines, px at scale 1 from the box's top.
    public var baselines: [Double] { lines.map(\.baseline) }
}
