/// What the report and the checks need of a label's manifest entry: kept for every label
/// drawn or kept, so that reporting a hundred thousand labels decodes no entry again. A
/// class, so that a label holds a reference rather than the fields.
final class LabelOutcome: Sendable {
    /// The font size used, px at scale 1.
    let fontSize: Double
    /// The font size the style asked for, px at scale 1.
    let requestedFontSize: Double
    /// How the text met its box: `fits`, `shrunk`, `truncated` or `overflows`.
    let fit: String
    /// Whether the text was cut and ends in an ellipsis.
    let truncated: Bool
    /// How many lines the text took.
    let lineCount: Int
    /// Families of fallback fonts the text needed; nil when it needed none.
    let fallbackFonts: [String]?
    /// Characters no font covers; nil when there are none.
    let missingCharacters: [String]?
    /// The image files, one per scale.
    let files: [String]
    /// The table's width limit and the width drawn; nil when the table sets none.
    let limit: Manifest.WidthLimit?

    init(_ label: Manifest.Label) {
        fontSize = label.fontSize
        requestedFontSize = label.requestedFontSize
        fit = label.fit
        truncated = label.truncated
        lineCount = label.lines.count
        fallbackFonts = label.fallbackFonts
        missingCharacters = label.missingCharacters
        files = label.images.map(\.file)
        limit = label.limit
    }
}
