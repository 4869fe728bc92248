import Foundation
import StyledText

/// A file format string tables can be read from, chosen by file extension.
///
/// Each format has its own parser type in its own file.
public enum StringTableFormat: String, Sendable, Hashable, CaseIterable {
    /// Flat or nested JSON objects of strings; see `JSONTableParser`.
    case json
    /// Apple `.strings` files, UTF-8 or UTF-16; see `StringsFileParser`.
    case strings
    /// Xcode String Catalogs, which hold every locale in one file; see
    /// `StringCatalogParser`.
    case stringCatalog = "xcstrings"
    /// Android resource files such as `values-de/strings.xml`; see `AndroidXMLParser`.
    case androidXML = "xml"
    /// gettext translations (`.po`); see `GettextParser`.
    case gettext = "po"

    /// The format for a file extension, compared case-insensitively.
    ///
    /// - Parameter fileExtension: The extension without the dot, e.g. `json`.
    /// - Returns: `nil` if no format uses that extension.
    public init?(fileExtension: String) {
        self.init(rawValue: fileExtension.lowercased())
    }

    /// The extensions that are understood, for messages and help text.
    public static var supportedExtensions: [String] {
        allCases.map { ".\($0.rawValue)" }
    }

    /// What a file holds, before a locale is chosen for it: the entries whose keys
    /// `keeping` accepts (all without it).
    func parse(_ data: Data, source: String, keeping: ((String) -> Bool)? = nil) throws(StringTableError) -> ParsedStrings {
        if self == .json {
            // Filtered as it streams: a table of a million keys holds only those kept.
            return .single(TableContent(entries: try JSONTableParser(source: source).entries(from: data, keeping: keeping)))
        }
        guard let keeping else { return try parseWhole(data, source: source) }
        switch try parseWhole(data, source: source) {
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

    /// What the file at `path` holds, read a chunk at a time and keeping only the
    /// entries `keeping` accepts; nil when the file cannot be read that way or has a
    /// problem, which reading it whole then names.
    func streamed(contentsOf path: String, source: String, keeping: ((String) -> Bool)?,
                  chunkSize: Int) -> ParsedStrings? {
        switch self {
        case .json:
            JSONTableParser(source: source).streamedEntries(contentsOf: path, keeping: keeping, chunkSize: chunkSize)
                .map { .single(TableContent(entries: $0)) }
        case .strings:
            StringsFileParser(source: source).streamedEntries(contentsOf: path, keeping: keeping, chunkSize: chunkSize)
                .map { .single(TableContent(entries: $0)) }
        case .stringCatalog:
            StringCatalogParser(source: source).streamedCatalog(contentsOf: path, keeping: keeping, chunkSize: chunkSize)
                .map { .catalog($0) }
        case .androidXML:
            AndroidXMLParser(source: source).streamedContent(contentsOf: path, keeping: keeping, chunkSize: chunkSize)
                .map { .single($0) }
        case .gettext:
            GettextParser(source: source).streamedContent(contentsOf: path, keeping: keeping, chunkSize: chunkSize)
                .map { .single($0) }
        }
    }

    private func parseWhole(_ data: Data, source: String) throws(StringTableError) -> ParsedStrings {
        switch self {
        case .json: .single(TableContent(entries: try JSONTableParser(source: source).entries(from: data)))
        case .strings: .single(TableContent(entries: try StringsFileParser(source: source).entries(from: data)))
        case .stringCatalog: .catalog(try StringCatalogParser(source: source).catalog(from: data))
        case .androidXML: .single(try AndroidXMLParser(source: source).content(from: data))
        case .gettext: .single(try GettextParser(source: source).content(from: data))
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
