import Foundation

/// A file format string tables can be read from, chosen by file extension.
///
/// Each format has its own parser type in its own file; adding one (Apple `.strings`,
/// `.xcstrings`, Android `strings.xml`, gettext `.po`) means a case here and a parser.
public enum StringTableFormat: String, Sendable, Hashable, CaseIterable {
    /// Flat or nested JSON objects of strings; see `JSONTableParser`.
    case json

    /// The format for a file extension, compared case-insensitively.
    ///
    /// - Parameter fileExtension: The extension without the dot, e.g. `json`.
    /// - Returns: `nil` if no format uses that extension.
    public init?(fileExtension: String) {
        switch fileExtension.lowercased() {
        case "json": self = .json
        default: return nil
        }
    }

    /// The extensions that are understood, for messages and help text.
    public static var supportedExtensions: [String] {
        allCases.map { ".\($0.rawValue)" }
    }

    /// The entries of a table in file order.
    func parse(_ data: Data, source: String) throws(StringTableError) -> [StringTable.Entry] {
        switch self {
        case .json: try JSONTableParser(source: source).entries(from: data)
        }
    }
}
