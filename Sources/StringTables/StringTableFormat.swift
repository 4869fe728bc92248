import Foundation
import StyledText

/// A file format string tables can be read from, chosen by file extension.
///
/// Each format has its own reader, listed in `StringTableReaders.all`.
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
    /// Spreadsheet tables separated by commas or semicolons, as Godot, Unity and
    /// spreadsheets write them: a key column, then a column per locale; see
    /// `SpreadsheetTableParser`.
    case csv
    /// Spreadsheet tables separated by tabs; see `SpreadsheetTableParser`.
    case tsv
    /// XLIFF 1.2 and 2.x, which translation tools and Xcode exchange (`.xliff`, `.xlf`,
    /// and `.xcloc` folders); see `XLIFFParser`.
    case xliff

    /// Whether a file of this format says its own locales, so its path tells nothing: a
    /// String Catalog's and a spreadsheet's several, an XLIFF file's target language.
    public var localesFromContents: Bool {
        switch self {
        case .stringCatalog, .csv, .tsv, .xliff: true
        case .json, .strings, .androidXML, .gettext: false
        }
    }

    /// Further extensions of a format, beside its raw value.
    private static let aliases: KeyValuePairs<String, StringTableFormat> = ["xlf": .xliff, "xcloc": .xliff]

    /// The format for a file extension, compared case-insensitively.
    ///
    /// - Parameter fileExtension: The extension without the dot, e.g. `json`.
    /// - Returns: `nil` if no format uses that extension.
    public init?(fileExtension: String) {
        let lowered = fileExtension.lowercased()
        guard let format = StringTableFormat(rawValue: lowered) ?? Self.aliases.first(where: { $0.key == lowered })?.value
        else { return nil }
        self = format
    }

    /// The extensions that are understood, for messages and help text.
    public static var supportedExtensions: [String] {
        allCases.flatMap { format in
            [".\(format.rawValue)"] + aliases.filter { $0.value == format }.map { ".\($0.key)" }
        }
    }

    /// Every extension a file of this format may have, for shell completions.
    public static var allExtensions: [String] {
        allCases.map(\.rawValue) + aliases.map(\.key)
    }

    /// What a file holds, before a locale is chosen for it: the entries whose keys
    /// `keeping` accepts (all without it).
    func parse(_ data: Data, source: String, keeping: ((String) -> Bool)? = nil,
               options: TableReadOptions = TableReadOptions()) throws(StringTableError) -> ParsedStrings {
        try StringTableReaders.reader(for: self).init(source: source, options: options).read(data, keeping: keeping)
    }

    /// What the file at `path` holds, read a chunk at a time and keeping only the
    /// entries `keeping` accepts; nil when the file cannot be read that way or has a
    /// problem, which reading it whole then names.
    func streamed(contentsOf path: String, source: String, keeping: ((String) -> Bool)?,
                  chunkSize: Int, options: TableReadOptions = TableReadOptions()) -> ParsedStrings? {
        StringTableReaders.reader(for: self).init(source: source, options: options)
            .streamed(contentsOf: path, keeping: keeping, chunkSize: chunkSize)
    }
}
