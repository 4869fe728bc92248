/// A problem in markup, what kind it is, and where it starts.
///
/// ```
/// column 7: <b> is never closed
/// line 2, column 4: </b> closes <i> opened at line 1, column 9; write </i> first
/// ```
///
/// Switch on ``kind`` to tell causes apart, e.g. to escape text that was never meant
/// as markup:
///
/// ```swift
/// let styled: StyledString
/// do {
///     styled = try Markup.parse(text)
/// } catch where error.kind == .unknownTag {
///     styled = StyledString(text)   // "I <3 <blink>" was never meant as markup
/// }
/// ```
public struct MarkupError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem markup has.
    public enum Kind: Sendable, Hashable {
        /// A tag that is not written right: no name after `</`, no closing `>`, an
        /// unterminated quoted value, a stray character, an attribute without `= value`,
        /// or a paired tag written self-closing (`<b/>`).
        case malformedTag
        /// A tag name that markup does not have (`<blink>`).
        case unknownTag
        /// A tag given a value or attribute it does not take, given one twice, or missing
        /// the one it needs (`<color>`, `<img height=32/>` without `src`).
        case invalidAttribute
        /// A tag's value that is not what it takes (`<color=gold>`, `<size=-3>`).
        case invalidValue
        /// Tags that do not pair up: a closing tag that closes nothing or not the
        /// innermost open tag, or a tag never closed.
        case unbalancedTags
        /// Tags nested deeper than ``Markup/maximumDepth``.
        case nestingTooDeep
        /// An entity that is not known (`&copy;`), or a numeric reference that names no
        /// character (`&#xZZ;`, `&#0;`).
        case invalidReference
    }

    /// What kind of problem this is.
    public var kind: Kind
    /// What is wrong, e.g. `<b> is never closed`.
    public var message: String
    /// The 1-based line in the source; lines end at `\n`.
    public var line: Int
    /// The 1-based column within the line, counted in characters (grapheme clusters).
    public var column: Int
    /// The offset in Unicode scalars of the `<` or `&` at fault.
    public var offset: Int
    /// Whether the source has more than one line, so that ``description`` names the line.
    public var showsLine: Bool

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - kind: What kind of problem it is.
    ///   - message: What is wrong.
    ///   - line: The 1-based line.
    ///   - column: The 1-based column in characters.
    ///   - offset: The offset in Unicode scalars.
    ///   - showsLine: Whether ``description`` names the line; `true` for a multi-line source.
    public init(_ kind: Kind, message: String, line: Int, column: Int, offset: Int, showsLine: Bool = true) {
        self.kind = kind
        self.message = message
        self.line = line
        self.column = column
        self.offset = offset
        self.showsLine = showsLine
    }

    /// `line 2, column 7: message`, or `column 7: message` for a one-line source.
    public var description: String {
        (showsLine ? "line \(line), " : "") + "column \(column): \(message)"
    }
}
