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
        try StringTableReaders.reader(for: self).init(source: source).read(data, keeping: keeping)
    }

    /// What the file at `path` holds, read a chunk at a time and keeping only the
    /// entries `keeping` accepts; nil when the file cannot be read that way or has a
    /// problem, which reading it whole then names.
    func streamed(contentsOf path: String, source: String, keeping: ((String) -> Bool)?,
                  chunkSize: Int) -> ParsedStrings? {
        StringTableReaders.reader(for: self).init(source: source)
            .streamed(contentsOf: path, keeping: keeping, chunkSize: chunkSize)
    }
}
