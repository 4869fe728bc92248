import Foundation

/// Reads the string tables of one file format. A new format is a type conforming to
/// this, added to ``StringTableReaders/all``.
protocol StringTableReader: Sendable {
    /// The format read; its raw value is the file extension.
    static var format: StringTableFormat { get }

    /// A reader whose errors name `source`.
    init(source: String)

    /// A reader whose errors name `source`, reading as `options` say; formats that have
    /// no options of their own are read as by ``init(source:)``.
    init(source: String, options: TableReadOptions)

    /// What a whole document in memory holds: every key is checked, duplicates included,
    /// then only the entries whose keys `keeping` accepts stay (all without it).
    func read(_ data: Data, keeping: ((String) -> Bool)?) throws(StringTableError) -> ParsedStrings

    /// What the file at `path` holds, read `chunkSize` bytes at a time and keeping only
    /// the entries `keeping` accepts; nil when the file cannot be read that way or has a
    /// problem, which reading it whole then names.
    func streamed(contentsOf path: String, keeping: ((String) -> Bool)?, chunkSize: Int) -> ParsedStrings?

    /// ``read(_:keeping:)`` for a file whose one-pass read was refused, so a reader that
    /// also tries one pass in memory can go straight to naming the problem.
    func readRefusedStream(_ data: Data, keeping: ((String) -> Bool)?) throws(StringTableError) -> ParsedStrings
}

extension StringTableReader {
    init(source: String, options: TableReadOptions) {
        self.init(source: source)
    }

    func readRefusedStream(_ data: Data, keeping: ((String) -> Bool)?) throws(StringTableError) -> ParsedStrings {
        try read(data, keeping: keeping)
    }

    /// `parsed` with only the entries whose keys `keeping` accepts, for readers that
    /// parse a whole file before filtering.
    static func keepingOnly(_ parsed: ParsedStrings, _ keeping: ((String) -> Bool)?) -> ParsedStrings {
        guard let keeping else { return parsed }
        switch parsed {
        case .single(var content):
            content.entries.removeAll { !keeping($0.key) }
            return .single(content)
        case .catalog(var catalog):
            for index in catalog.localizations.indices {
                catalog.localizations[index].content.entries.removeAll { !keeping($0.key) }
            }
            return .catalog(catalog)
        }
    }
}

/// The content of a string table file, by whether it holds one locale or several.
enum ParsedStrings {
    case single(TableContent)
    case catalog(StringCatalog)
}

/// The strings of one locale as a parser read them.
struct TableContent {
    var entries: [StringTable.Entry] = []
    /// See ``StringTable/untranslatedKeys``.
    var untranslatedKeys: [String] = []
    /// A locale the file names itself, as a gettext header's `Language:` does; used
    /// when neither the caller nor the path gives one.
    var declaredLocale: String?
}
