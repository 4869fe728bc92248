import Foundation
import StyledText

/// What a spreadsheet table's header row says each column holds.
struct SpreadsheetHeader {
    /// What one column holds.
    enum Column: Equatable {
        /// The string keys.
        case key
        /// The strings of a locale, a normalized BCP 47 tag.
        case locale(String)
        /// Text for translators, which becomes the note of the row's entries.
        case note
        /// Text for the translators of one locale, added to the note of that locale's
        /// entry: Unity's `English(en) Comments`, exported with a locale's comments.
        case localeNote(String)
        /// Not read: Unity's `Id`, or a column whose header starts with `_`.
        case ignored
        /// A column with an empty header, as a spreadsheet exports a cleared column;
        /// its cells must be empty too.
        case unnamed
    }

    /// What each column holds, left to right.
    private(set) var columns: [Column] = []
    /// The index of the key column.
    private(set) var keyColumn = 0
    /// The column of each locale's own comments, by locale tag.
    private(set) var localeNoteColumns: [String: Int] = [:]

    /// Headers of columns that hold notes, compared in lower case: Unity's `Shared
    /// Comments` and the names spreadsheets give such columns.
    static let noteHeaders: Set<String> = ["shared comments", "comment", "comments", "notes", "context"]
    /// What follows a locale's header in the header of its comments column, in lower case.
    static let localeNoteSuffix = " comments"

    /// Reads the header row, whose cell `index` starts at `place(index)`.
    ///
    /// - Throws: `.missingField` for a file without a header row or without a locale
    ///   column; `.invalidValue` for a header that is no known column, a locale named
    ///   twice, or a second key column, each at its cell.
    init(_ row: SpreadsheetRow, source: String, place: (Int) -> SourcePlace) throws(StringTableError) {
        let headers = (0..<row.count).map { row[$0].trimmingCharacters(in: .whitespaces) }
        guard !row.isBlank else {
            throw StringTableError(
                .missingField, file: source, place: .lineColumn(line: 1, column: 1),
                message: "the first row is empty; expected a header row naming the key column and a column per "
                    + "locale, such as keys,en,de")
        }
        let keyHeaders = headers.indices.filter { ["key", "keys"].contains(headers[$0].lowercased()) }
        if keyHeaders.count > 1 {
            throw Self.error(.invalidValue, at: keyHeaders[1], of: place, source: source,
                             "a second key column (the first is column \(Self.letters(keyHeaders[0]))); expected one")
        }
        keyColumn = keyHeaders.first ?? 0
        var localeColumns: [String: Int] = [:]
        for (index, header) in headers.enumerated() {
            let column = index == keyColumn ? .key : try Self.column(header, at: index, of: place, source: source)
            switch column {
            case .locale(let tag):
                try Self.claim(tag, column: index, in: &localeColumns, of: place, source: source, what: "locale")
            case .localeNote(let tag):
                try Self.claim(tag, column: index, in: &localeNoteColumns, of: place, source: source,
                               what: "the comments of locale")
            default:
                break
            }
            columns.append(column)
        }
        guard !localeColumns.isEmpty else {
            throw StringTableError(
                .missingField, file: source, place: .lineColumn(line: 1, column: 1),
                message: "the header row names no locale column; expected a key column and a column per locale, "
                    + "such as keys,en,de or Key,English(en),French(fr)")
        }
    }

    /// The locale tags of the locale columns, left to right.
    var locales: [String] {
        columns.compactMap { if case .locale(let tag) = $0 { tag } else { nil } }
    }

    /// Records that `column` holds `tag`'s locale or comments, refusing a second column
    /// for the same.
    private static func claim(_ tag: String, column: Int, in columns: inout [String: Int],
                              of place: (Int) -> SourcePlace, source: String, what: String) throws(StringTableError) {
        if let earlier = columns[tag] {
            throw error(.invalidValue, at: column, of: place, source: source,
                        "a second column for \(what) \(tag) (the first is column \(letters(earlier))); expected one")
        }
        columns[tag] = column
    }

    private static func column(_ header: String, at index: Int, of place: (Int) -> SourcePlace,
                               source: String) throws(StringTableError) -> Column {
        if header.isEmpty { return .unnamed }
        // Godot 4 skips columns whose header starts with `_`, which projects use for notes.
        if header.hasPrefix("_") { return .ignored }
        // Unity writes `Id`; a lower-case `id` is Indonesian, as Godot reads it.
        if header == "Id" || header == "ID" { return .ignored }
        if noteHeaders.contains(header.lowercased()) { return .note }
        if header.lowercased().hasSuffix(localeNoteSuffix),
           let tag = localeTag(String(header.dropLast(localeNoteSuffix.count))) {
            return .localeNote(tag)
        }
        if let tag = localeTag(header) { return .locale(tag) }
        throw error(.invalidValue, at: index, of: place, source: source,
                    "column \(letters(index))'s header \(JSONValue.quoted(header)) is no locale and no known column; "
                        + "expected a locale tag (de, pt_BR, zh-Hant) or a name with the tag in parentheses "
                        + "(French(fr)), Key, Id, a comment column (Comments, Notes, Context, French(fr) Comments), "
                        + "or a name starting with _ for a column to ignore")
    }

    /// The normalized tag a locale header names: a tag (`pt_BR`) or a name with the tag
    /// in its last parentheses (`Chinese (Simplified)(zh-Hans)`); nil when its language
    /// is no ISO 639 code, so a misspelt header is refused rather than read as a locale.
    static func localeTag(_ header: String) -> String? {
        var text = Substring(header)
        if text.hasSuffix(")"), let open = text.lastIndex(of: "(") {
            text = text[text.index(after: open)..<text.index(before: text.endIndex)]
        }
        guard let tag = LanguageTag(localeName: text.trimmingCharacters(in: .whitespaces)), tag.isKnownLanguage else {
            return nil
        }
        return tag.normalized
    }

    /// A column as a spreadsheet names it: A, B, …, Z, AA, AB, ….
    static func letters(_ index: Int) -> String {
        var number = index + 1
        var letters = ""
        while number > 0 {
            let remainder = (number - 1) % 26
            letters = String(UnicodeScalar(UInt8(65 + remainder))) + letters
            number = (number - 1) / 26
        }
        return letters
    }

    private static func error(_ kind: StringTableErrorKind, at index: Int, of place: (Int) -> SourcePlace,
                              source: String, _ message: String) -> StringTableError {
        StringTableError(kind, file: source, place: place(index), message: message)
    }
}

/// Chooses a table's delimiter from its header row when neither the options nor the
/// format fix it.
enum SpreadsheetDelimiter {
    /// What a comma-separated file may use instead: Excel writes `;` where the decimal
    /// separator is a comma, and tabs for "Unicode text".
    static let candidates: [Unicode.Scalar] = [",", ";", "\t"]

    /// The separator used most often between `header`'s cells (which were split at every
    /// candidate, outside quotes); `fallback` when none is, or on a tie with it.
    static func chosen(for header: SpreadsheetRow, fallback: Unicode.Scalar) -> Unicode.Scalar {
        var best = fallback
        var bestCount = header.separators.count { $0 == fallback }
        for candidate in candidates where candidate != fallback {
            let count = header.separators.count { $0 == candidate }
            if count > bestCount {
                best = candidate
                bestCount = count
            }
        }
        return best
    }
}
