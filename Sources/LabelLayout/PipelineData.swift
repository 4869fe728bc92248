import CHarfBuzz
import StyledText

// The data one label's text passes from stage to stage, in the order ``LayoutPass``
// makes it: runs, items, shaped text, break opportunities, the prepared text, lines, and
// the fitted text the positioner places. The stages that make and read them live in
// Pipeline/, one per file.

/// One attribute run of a styled text with its fonts, size and effects resolved.
struct StyledRun: Sendable {
    var range: Range<Int>
    var attributes: TextAttributes
    /// The run's font size as a multiple of the label's, so shrinking scales every run.
    var scale: Double
    /// The faces to try, best first; the first is the run's own face.
    var chain: [FontFace]
    var weight: Int
    var italic: Bool
    /// The outside stroke around this run's glyphs (the style's unless markup changed it).
    var stroke: Stroke?
    /// The picture of an image run, its box in em of the run's size.
    var image: ColorBitmap?
    /// OpenType features for HarfBuzz: the style's with the run's laid over them.
    var features: [String: Int] = [:]
}

/// A maximal stretch of text that shapes as one unit: one paragraph, one bidi level,
/// one script, one face, one attribute run.
struct TextItem: Sendable {
    var range: Range<Int>
    var level: UInt8
    var script: hb_script_t
    var face: FontFace
    /// Index of the item's first run in ``ItemizedText/runs``. Runs that differ only in
    /// paint (colour, stroke, decorations) shape as one item, so kerning and ligatures
    /// cross a colour change; ``ItemizedText/runOf`` tells each glyph's own run.
    var run: Int
}

/// What itemization learns about a text, in scalar offsets.
struct ItemizedText: Sendable {
    var scalars: [UInt32]
    /// The text in UTF-16, for ICU.
    var utf16: [UInt16]
    /// UTF-16 offset of every scalar, plus the total at the end (for ICU's offsets).
    var utf16Offsets: [Int]
    var levels: [UInt8]
    /// Paragraphs (split at newlines) with their resolved base direction.
    var paragraphs: [(range: Range<Int>, isRTL: Bool)]
    var items: [TextItem]
    /// Starts of grapheme clusters (true at the offset where one begins).
    var graphemeStarts: [Bool]
    /// Characters no face covers; they draw as the primary face's .notdef box.
    var missing: [Unicode.Scalar]
    /// Faces other than the primary that some text fell back to.
    var fallbackFaces: [FontFace]
    /// The styled runs the items belong to, and the run of every scalar.
    var runs: [StyledRun]
    var runOf: [Int]
}

/// A glyph as HarfBuzz placed it, in em of the label's font size (font units divided by
/// units per em, times the run's relative size), so one shaping result serves every size.
struct ShapedGlyph: Sendable {
    var id: UInt32
    /// Scalar offset of the first character of the glyph's cluster.
    var cluster: Int
    var advance: Double
    var offsetX: Double
    var offsetY: Double
}

/// One item after shaping: its glyphs in visual order within the item (right to left
/// items come out reversed, as HarfBuzz returns them).
struct ShapedItem: Sendable {
    var item: TextItem
    var glyphs: [ShapedGlyph]
}

/// A text shaped once at the reference size, with the per-character measures that line
/// breaking and fitting need at any size.
struct ShapedText: Sendable {
    var itemized: ItemizedText
    var items: [ShapedItem]
    /// Advance of each scalar in em (the whole cluster's advance sits on its first scalar).
    var advances: [Double]
    /// Running sum of `advances`: prefix[i] is the width of scalars 0..<i in em.
    var prefix: [Double]
    /// Whether a line may start at this offset without splitting a shaping cluster.
    var clusterStarts: [Bool]
    /// graphemePrefix[i] is the number of grapheme clusters starting before offset i.
    var graphemePrefix: [Int]
    /// For each soft hyphen (U+00AD), the hyphen drawn when a line breaks there (UAX #14:
    /// a break at a soft hyphen shows one), in the face of the text around it.
    var hyphens: [Int: ShapedGlyph] = [:]
    /// For each dictionary hyphenation point (the offset where a line may end inside a
    /// word), the hyphen drawn when a line ends there, in the face of the letter before
    /// it; its cluster is that letter's. Empty unless the style hyphenates.
    var dictionaryHyphens: [Int: ShapedGlyph] = [:]
    /// Per offset, whether HarfBuzz marks a break there unsafe
    /// (`HB_GLYPH_FLAG_UNSAFE_TO_BREAK`): the glyphs on either side depend on each other
    /// (a kern, a ligature, a joining form), so a line that ends or starts there is shaped
    /// again without the other side. Empty for a text shaped before this was known.
    var unsafeBreaks: [Bool] = []
    /// Per offset, whether HarfBuzz marks it unsafe to concatenate
    /// (`HB_GLYPH_FLAG_UNSAFE_TO_CONCAT`, implied by unsafe to break): text changed on
    /// one side may change the glyphs on the other. Where it is clear, the glyphs before
    /// it survive a cut after it (see ``Shaper/shape(_:language:cuttingAt:reusing:)``).
    var unsafeConcats: [Bool] = []
}

/// Where a text may break, found once per text and reused at every size the fitter tries.
struct BreakOpportunities: Sendable {
    /// Scalar offsets after which a line may end, ascending, the end of the text included.
    /// Under ``WordBreak/phrase`` these are the breaks between Japanese phrases and
    /// between Chinese and Korean words.
    var offsets: [Int]
    /// Offsets where a line must end (after a newline).
    var hard: Set<Int>
    /// Offsets inside a Japanese phrase or a Chinese or Korean word where the line-break
    /// rules let a line end, ascending: taken only by a phrase or word wider than the line.
    var inside: [Int] = []
    /// Dictionary hyphenation points inside words, ascending: where a line may also end,
    /// with a hyphen, when breaking between words alone does not fit at a size.
    var hyphenations: [Int] = []
}

/// A shaped text with its break opportunities: everything that does not depend on size.
struct PreparedText: Sendable {
    var shaped: ShapedText
    var opportunities: BreakOpportunities
}

/// The lines of a text at one size, as logical scalar ranges.
struct LineBreaks: Sendable, Equatable {
    var lines: [Range<Int>]
    /// A word was split between grapheme clusters because it was longer than a line.
    var brokeWord: Bool
    /// The widest line, trailing white space excluded, in px.
    var maxWidth: Double
}

/// The text as the fitter (and the truncator, if it had to cut) left it: what the
/// positioner places.
struct FittedText {
    /// The text laid out: the label's, or the cut text with its ellipsis.
    var prepared: PreparedText
    var metrics: LineMetrics
    /// Scalar ranges of the lines shown, in the prepared text.
    var lines: [Range<Int>]
    var fontSize: Double
    var outcome: FitOutcome
    /// Sizes and cuts tried, each a line-breaking pass.
    var attempts: Int
    /// Whether the fitter's lines split a word (decided before any cut).
    var brokeWord: Bool
    /// The ellipsis in the prepared text, when the text was cut.
    var ellipsisRange: Range<Int>? = nil
}
