/// What a table says about one string besides its text: the translators' note, a size
/// limit their tool enforces, where a fallback text came from, and the inline codes the
/// reader could not turn into text or markup. Most entries have none, so an entry holds
/// a reference that is nil for them, and the rows of a spreadsheet share one per row.
///
/// ```swift
/// let entry = table.entries[0]
/// entry.details?.note                 // "Shown on the main menu's first button"
/// entry.details?.limit?.width         // 240, px at @1x
/// entry.details?.fallbackLocale       // "en" when the text is the fallback's
/// ```
public final class EntryDetails: Sendable, Hashable {
    /// The translators' note: a spreadsheet's comment column, XLIFF's `<note>`s joined
    /// by line breaks.
    public let note: String?
    /// The size the string must keep to, from the translation tool's own limit.
    public let limit: SizeLimit?
    /// The locale whose text is drawn because this one has none (`--fallback-locale`).
    public let fallbackLocale: String?
    /// Inline codes read as their plain text, as `<bpt id="1">` or `<mrk type="term">`,
    /// so a report can say what was not carried over.
    public let ignoredCodes: [String]
    /// The text to draw when the style has markup off, where the table's formatting
    /// (XLIFF's bold and italic codes) made ``StringTable/Entry/value`` markup: the same
    /// text without the `<b>` and `<i>` tags. Nil when it would equal the value.
    public let plainValue: String?

    /// Creates details; nil fields and an empty list mean the table says nothing.
    public init(note: String? = nil, limit: SizeLimit? = nil, fallbackLocale: String? = nil,
                ignoredCodes: [String] = [], plainValue: String? = nil) {
        self.note = note
        self.limit = limit
        self.fallbackLocale = fallbackLocale
        self.ignoredCodes = ignoredCodes
        self.plainValue = plainValue
    }

    /// These details, but for a text drawn from `locale` in place of a missing one.
    public func fallingBack(to locale: String) -> EntryDetails {
        EntryDetails(note: note, limit: limit, fallbackLocale: locale, ignoredCodes: ignoredCodes,
                     plainValue: plainValue)
    }

    /// Details with nothing in them, so readers store nil instead.
    var isEmpty: Bool {
        note == nil && limit == nil && fallbackLocale == nil && ignoredCodes.isEmpty && plainValue == nil
    }

    public static func == (lhs: EntryDetails, rhs: EntryDetails) -> Bool {
        lhs === rhs || (lhs.note == rhs.note && lhs.limit == rhs.limit && lhs.fallbackLocale == rhs.fallbackLocale
            && lhs.ignoredCodes == rhs.ignoredCodes && lhs.plainValue == rhs.plainValue)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(note)
        hasher.combine(limit)
        hasher.combine(fallbackLocale)
        hasher.combine(ignoredCodes)
        hasher.combine(plainValue)
    }
}

/// A size limit a translation tool enforces on a string: XLIFF 1.2's `maxwidth` with
/// `size-unit="pixel"` or `"char"`, XLIFF 2's `slr:sizeRestriction` under a pixel or
/// character profile.
public struct SizeLimit: Sendable, Hashable, Codable {
    /// The widest the drawn label may be, px at @1x; nil when the limit counts characters.
    public var width: Int?
    /// The most characters the text may have; reported, not enforced, since a label's
    /// fit is judged in pixels.
    public var characters: Int?

    /// Creates a limit.
    public init(width: Int? = nil, characters: Int? = nil) {
        self.width = width
        self.characters = characters
    }
}
