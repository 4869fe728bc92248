/// A label's frame in pixels at scale 1.
public struct Box: Sendable, Hashable {
    /// The frame width; `> 0`.
    public var width: Double
    /// The frame height; `nil` lets the label grow to its lines.
    public var height: Double?

    /// Creates a frame.
    ///
    /// - Parameters:
    ///   - width: The frame width.
    ///   - height: The frame height; `nil` to grow with the text.
    public init(width: Double, height: Double? = nil) {
        self.width = width
        self.height = height
    }
}

/// Horizontal placement of each line in the box.
public enum HorizontalAlignment: String, Sendable, Hashable, CaseIterable {
    /// Lines start at the left edge.
    case left
    /// Lines are centred.
    case center
    /// Lines end at the right edge.
    case right
    /// Left for left-to-right paragraphs, right for right-to-left ones.
    case natural
    /// Lines except the last stretch to the full width.
    case justify
}

/// Vertical placement of the block of lines in the box.
public enum VerticalAlignment: String, Sendable, Hashable, CaseIterable {
    /// The first line touches the top of the box.
    case top
    /// The block is centred vertically.
    case middle
    /// The last line touches the bottom of the box.
    case bottom
}

/// Where lines may break.
public enum WrapMode: String, Sendable, Hashable, CaseIterable {
    /// At ICU line-break opportunities (locale-aware).
    case word
    /// Between any grapheme clusters.
    case char
    /// Only at explicit newlines.
    case none
}

/// How the breaks of a paragraph are chosen among the places it may break.
public enum WrapStyle: String, Sendable, Hashable, CaseIterable {
    /// Lines as close to one width as the breaks allow, in the number of lines and at
    /// the size that greedy filling gives: for centred titles, buttons and captions.
    case balance
    /// Greedy filling, but breaks move where that avoids a lone last word or character
    /// or a short last line, prefers the ends of clauses, and keeps a number with the
    /// word after it and a one-letter word with the next; same lines and size as greedy.
    case pretty
    /// Each line takes as much text as fits, as Pango and most engines do.
    case greedy
}

/// Where text in Chinese, Japanese and Korean may break.
public enum WordBreak: String, Sendable, Hashable, CaseIterable {
    /// Japanese keeps its phrases (bunsetsu) whole, Chinese its words and Korean its
    /// space-separated words (CSS `keep-all`); a phrase or word wider than the line still
    /// breaks inside it.
    case phrase
    /// Between any two characters that the line-breaking rules allow.
    case normal
}

/// How strictly the Japanese and Chinese line-start and line-end rules (kinsoku) apply:
/// ICU's `lb` locale keyword, as CSS `line-break`.
public enum LineBreakStrictness: String, Sendable, Hashable, CaseIterable {
    /// No small kana, prolonged sound mark or iteration mark starts a line.
    case strict
    /// Small kana and the prolonged sound mark may start a line.
    case normal
    /// As normal, and a few more breaks, for very narrow lines.
    case loose
}

/// Where text that does not fit is cut and an ellipsis inserted.
public enum TruncationMode: String, Sendable, Hashable, CaseIterable {
    /// Keep the start: `Neues Spi…`.
    case tail
    /// Keep the end: `…es Spiel`.
    case head
    /// Keep both ends: `Neu…piel`.
    case middle
    /// Cut without an ellipsis.
    case clip
}

/// How large the output image is.
public enum CanvasMode: String, Sendable, Hashable, CaseIterable {
    /// Exactly the box.
    case box
    /// The ink plus effects.
    case tight
}

/// The base direction of the paragraph.
public enum TextDirection: String, Sendable, Hashable, CaseIterable {
    /// From the first strong character, as in Unicode's bidi algorithm.
    case auto
    /// Left to right.
    case ltr
    /// Right to left.
    case rtl
}

/// Everything that decides how one label looks, fully resolved: the style sheet's base
/// merged with the overrides for one locale and key.
///
/// ```swift
/// var style = LabelStyle(font: FontSpec(size: 48))
/// style.stroke = Stroke(width: 4, color: .black)
/// ```
public struct LabelStyle: Sendable, Hashable {
    /// The font and its size range.
    public var font: FontSpec
    /// How glyph interiors are painted; white by default.
    public var fill: Fill = .color(.white)
    /// An outside-only outline, if any: the innermost one, which markup's `<stroke>`
    /// changes run by run.
    public var stroke: Stroke?
    /// More outlines stacked outward, innermost first, each one wholly outside the one
    /// before it (in a style file, `"stroke"` as a list). They surround the whole label.
    public var outerStrokes: [Stroke] = []
    /// Shadows, drawn first to last behind the text.
    public var shadows: [Shadow] = []
    /// Shadows cast inside the glyphs, clipped to them, drawn first to last over the fill.
    /// An inner shadow at offset `(0, 0)` in a light colour is an inner glow.
    public var innerShadows: [Shadow] = []
    /// Lighting that makes the glyphs look raised, as an inner bevel does, if any.
    public var bevel: Bevel?
    /// The glyphs and their outlines swept along an angle, under the outlines, if any.
    public var extrude: Extrude?
    /// The frame; `nil` for one unconstrained line.
    public var box: Box?
    /// Horizontal alignment of lines.
    public var align: HorizontalAlignment = .natural
    /// Vertical alignment of the text block in the box.
    public var verticalAlign: VerticalAlignment = .middle
    /// The most lines allowed; 0 means unlimited.
    public var maxLines: Int = 0
    /// Where lines may break.
    public var wrap: WrapMode = .word
    /// How the breaks of each paragraph are chosen; `nil` balances centred text and sets
    /// other text ``WrapStyle/pretty`` (``resolvedWrapStyle``).
    public var wrapStyle: WrapStyle?
    /// Where Chinese, Japanese and Korean text may break.
    public var wordBreak: WordBreak = .phrase
    /// How strictly kinsoku applies. Labels are set for display, so the strict rules
    /// are the default.
    public var lineBreak: LineBreakStrictness = .strict
    /// Whether words may be hyphenated by dictionary (German, Dutch, Finnish and English
    /// have one) when breaking between words alone does not fit at a size; the hyphen
    /// is the face's. Off by default, so labels break only between words.
    public var hyphenate: Bool = false
    /// How text that does not fit is shortened.
    public var truncate: TruncationMode = .tail
    /// Line spacing as a multiple of the font's natural line height; `> 0`.
    public var lineHeight: Double = 1.0
    /// Extra pixels between grapheme clusters at scale 1 (negative tightens).
    public var tracking: Double = 0
    /// How large the output image is.
    public var canvas: CanvasMode = .box
    /// The scales to render, each `> 0` (1, 2, 3 typical; 1.5 allowed).
    public var scales: [Double] = [1]
    /// The paragraph's base direction.
    public var direction: TextDirection = .auto
    /// Sample values for placeholders, keyed as written in strings (`%d`, `%1$@`,
    /// `{name}`) or by name (`name`); see `Placeholders` in the StringTables module.
    public var samples: [String: String] = [:]
    /// Whether strings are read as markup (`<b>`, `<color=…>`, `&lt;`; see ``Markup``);
    /// `false` draws them literally.
    public var markup: Bool = true

    /// The wrap style lines are set with: ``wrapStyle``, or when that is `nil`,
    /// ``WrapStyle/balance`` for centred text and ``WrapStyle/pretty`` for any other.
    public var resolvedWrapStyle: WrapStyle {
        wrapStyle ?? (align == .center ? .balance : .pretty)
    }

    /// Creates a style with every field but the font at its default.
    ///
    /// - Parameter font: The font and its size.
    public init(font: FontSpec) {
        self.font = font
    }
}
