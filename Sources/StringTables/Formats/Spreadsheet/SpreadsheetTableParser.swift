import Foundation
import StyledText

/// Reads spreadsheet string tables, comma-, semicolon- or tab-separated, as Godot's
/// translation CSV, Unity Localization's CSV export and spreadsheets' exports write them:
///
/// ```
/// keys,en,de,pt_BR
/// menu.play,Play,Spielen,Jogar
/// menu.quit,"Quit, really?","Wirklich beenden?",
/// ```
///
/// - One file holds a column per locale, so it reads as a catalog: one localization per
///   locale column, left to right; the first is the source language.
/// - The key column is the one headed `key` or `keys` (any case), else the first.
/// - A locale column's header is a tag (`de`, `pt_BR`, `zh-Hant`) or a name with the tag
///   in parentheses (`French(fr)`), and its language must be an ISO 639 code. `Id`
///   (Unity's) and `_`-prefixed columns are ignored; `Shared Comments`, `Comment(s)`,
///   `Notes` and `Context` give each row's note, and a locale's header followed by
///   ` Comments` (Unity's `French(fr) Comments`) adds to that locale's. Any other
///   header is an error.
/// - An empty cell is an untranslated string; a row shorter than the header has empty
///   cells at its end; a blank row is skipped, and so is a row whose key is empty, as
///   Godot's importer skips it.
/// - The delimiter is the options', else for `.csv` the one the header row uses most
///   (`,` `;` or tab; `,` when none), and tab for `.tsv`. See ``SpreadsheetRowScanner``
///   for quoting.
struct SpreadsheetTableParser {
    /// The file, for messages.
    let source: String
    /// The delimiter, or nil to choose it from the header row.
    private let delimiter: Unicode.Scalar?
    /// The delimiter when the header row has none, or as many of others.
    private let defaultDelimiter: Unicode.Scalar
    /// The locales to keep (normalized), the fallback included; all when nil.
    private let keptLocales: Set<String>?

    /// A parser of a `format` table (`.csv` or `.tsv`) whose errors name `source`,
    /// reading the delimiter, locales and fallback locale `options` give.
    init(source: String, format: StringTableFormat, options: TableReadOptions) {
        self.source = source
        defaultDelimiter = format == .tsv ? "\t" : ","
        delimiter = options.csvDelimiter ?? (format == .tsv ? "\t" : nil)
        keptLocales = options.locales.map { locales in
            Set((locales + [options.fallbackLocale].compactMap { $0 }).map(StringTable.normalizedLocale))
        }
    }

    /// The table in `data`, keeping the entries whose keys `keeping` accepts.
    func catalog(from data: Data, keeping: ((String) -> Bool)?) throws(StringTableError) -> StringCatalog {
        let text = try SpreadsheetText(whole: data, source: source)
        var reader = try SpreadsheetTableReading(parser: self, text: text,
                                                 mode: ReadingMode(keeping: keeping, hashed: false))
        return try reader.read()
    }

    /// The table in the file at `path`, read `chunkSize` bytes at a time, so only the
    /// kept strings, the untranslated keys and a hash per key stay in memory; nil when
    /// the file cannot be read or has any problem, which reading it whole then names.
    func streamedCatalog(contentsOf path: String, keeping: ((String) -> Bool)?, chunkSize: Int) -> StringCatalog? {
        guard let text = SpreadsheetText(streaming: path, chunkSize: chunkSize),
              var reader = try? SpreadsheetTableReading(parser: self, text: text,
                                                        mode: ReadingMode(keeping: keeping, hashed: true)),
              let catalog = try? reader.read(), !reader.failed else {
            return nil
        }
        return catalog
    }

    // MARK: - Reading

    /// One pass over a table's rows.
    private struct SpreadsheetTableReading {
        private let parser: SpreadsheetTableParser
        private let mode: ReadingMode
        private var rows: SpreadsheetRowScanner
        /// The line of each key's row, so a second row can name the first.
        private var claims: KeyClaims<Int>

        init(parser: SpreadsheetTableParser, text: SpreadsheetText, mode: ReadingMode) throws(StringTableError) {
            self.parser = parser
            self.mode = mode
            claims = KeyClaims(hashed: mode.hashed)
            if let delimiter = parser.delimiter, delimiter == "\"" || delimiter == "\n" || delimiter == "\r" {
                throw StringTableError(
                    .invalidValue, file: parser.source, place: .wholeFile,
                    message: "the delimiter \(TextScanner.describe(delimiter)) cannot separate cells; expected a "
                        + "character other than a quote or a line end, such as ',' ';' or a tab")
            }
            let delimiters: SpreadsheetRowScanner.Delimiters = parser.delimiter.map { .one($0) }
                ?? .anyOf(SpreadsheetDelimiter.candidates)
            rows = SpreadsheetRowScanner(text: text, delimiters: delimiters, source: parser.source)
        }

        /// Whether the file stopped early, so the rows read are not the whole table.
        var failed: Bool { rows.failed }

        mutating func read() throws(StringTableError) -> StringCatalog {
            let header = try readHeader()
            let noteColumns = header.columns.indices.filter { header.columns[$0] == .note }
            var kept: [(column: Int, locale: String, noteColumn: Int?)] = []
            for (index, column) in header.columns.enumerated() {
                if case .locale(let tag) = column, parser.keptLocales?.contains(tag) != false {
                    kept.append((index, tag, header.localeNoteColumns[tag]))
                }
            }
            var contents = [TableContent](repeating: TableContent(), count: kept.count)
            var row = SpreadsheetRow()
            while try rows.next(into: &row) {
                guard !row.isBlank else { continue }
                try check(row, against: header)
                let key = row[header.keyColumn]
                // Godot's importer skips a row without a key, whatever else it holds.
                guard !key.isEmpty else { continue }
                try claim(key, at: rows.place(of: header.keyColumn, in: row))
                let notes = noteColumns.map { row[$0] }.filter { !$0.isEmpty }
                // One details object for the row, shared by every locale's entry.
                let details = notes.isEmpty ? nil : EntryDetails(note: notes.joined(separator: "\n"))
                let keeps = mode.keeps(key)
                for (slot, column) in kept.enumerated() {
                    // Each locale column is read once, so its text can move out of the row.
                    let value = row.take(column.column)
                    if value.isEmpty {
                        contents[slot].untranslatedKeys.append(key)
                    } else if keeps {
                        var entryDetails = details
                        if let noteColumn = column.noteColumn, !row[noteColumn].isEmpty {
                            entryDetails = EntryDetails(note: (notes + [row[noteColumn]]).joined(separator: "\n"))
                        }
                        contents[slot].entries.append(StringTable.Entry(key: key, value: value, details: entryDetails))
                    }
                }
            }
            return StringCatalog(
                sourceLanguage: header.locales[0],
                localizations: zip(kept, contents).map { StringCatalog.Localization(locale: $0.locale, content: $1) })
        }

        /// The header row, after which the delimiter is known.
        private mutating func readHeader() throws(StringTableError) -> SpreadsheetHeader {
            var row = SpreadsheetRow()
            _ = try rows.next(into: &row)
            if case .anyOf = rows.delimiters {
                let chosen = SpreadsheetDelimiter.chosen(for: row, fallback: parser.defaultDelimiter)
                row = row.joined(at: chosen)
                rows.delimiters = .one(chosen)
            }
            return try SpreadsheetHeader(row, source: parser.source) { rows.place(of: $0, in: row) }
        }

        /// Checks that `row` has no more cells than the header, and no text in a column
        /// without a header.
        private func check(_ row: SpreadsheetRow, against header: SpreadsheetHeader) throws(StringTableError) {
            let count = header.columns.count
            if row.count > count {
                // A syntax error: the row's cells do not line up with the header's, most
                // often because a cell holding the delimiter was not quoted.
                throw StringTableError(
                    .syntax, file: parser.source, place: rows.place(of: count, in: row),
                    message: "the row has \(row.count) cells but the header row has \(count); expected at most "
                        + "\(count) (quote a cell that holds the delimiter)")
            }
            for index in header.columns.indices where header.columns[index] == .unnamed && !row[index].isEmpty {
                throw StringTableError(
                    .invalidValue, file: parser.source, place: rows.place(of: index, in: row),
                    message: "text in column \(SpreadsheetHeader.letters(index)), which has no header; expected it "
                        + "empty, or a header naming its locale (or starting with _ to ignore the column)")
            }
        }

        private mutating func claim(_ key: String, at place: SourcePlace) throws(StringTableError) {
            guard case .lineColumn(let line, _) = place,
                  case .repeated(let earlier) = claims.claim(key, at: line) else { return }
            throw StringTableError(
                .duplicateKey, file: parser.source, place: place,
                message: "key \(JSONValue.quoted(key)) on line \(line) is already defined"
                    + (earlier.map { " on line \($0)" } ?? "") + "; expected each key in one row")
        }
    }
}

// MARK: - The readers

/// The reader of one spreadsheet format, all of whose work its parser does.
protocol SpreadsheetTableReader: StringTableReader {
    /// A reader that reads with `parser`.
    init(parser: SpreadsheetTableParser)
    /// What reads the format's tables.
    var parser: SpreadsheetTableParser { get }
}

extension SpreadsheetTableReader {
    init(source: String) {
        self.init(source: source, options: TableReadOptions())
    }

    init(source: String, options: TableReadOptions) {
        self.init(parser: SpreadsheetTableParser(source: source, format: Self.format, options: options))
    }

    func read(_ data: Data, keeping: ((String) -> Bool)?) throws(StringTableError) -> ParsedStrings {
        .catalog(try parser.catalog(from: data, keeping: keeping))
    }

    func streamed(contentsOf path: String, keeping: ((String) -> Bool)?, chunkSize: Int) -> ParsedStrings? {
        parser.streamedCatalog(contentsOf: path, keeping: keeping, chunkSize: chunkSize).map { .catalog($0) }
    }
}

/// Reads `.csv` tables; see ``SpreadsheetTableParser``.
struct CSVTableReader: SpreadsheetTableReader {
    static let format = StringTableFormat.csv
    /// A parser choosing the delimiter from the header row unless the options name one.
    let parser: SpreadsheetTableParser
}

/// Reads `.tsv` tables, tab-separated unless the options name another delimiter; see
/// ``SpreadsheetTableParser``.
struct TSVTableReader: SpreadsheetTableReader {
    static let format = StringTableFormat.tsv
    /// A parser splitting at tabs unless the options name another delimiter.
    let parser: SpreadsheetTableParser
}
