/// Where in a source file (a style sheet or a string table) a problem is.
///
/// ```swift
/// SourcePlace.lineColumn(line: 3, column: 17).description   // "3:17"
/// SourcePlace.jsonPath("$.font.size").description           // "$.font.size"
/// SourcePlace.wholeFile.description                         // ""
/// ```
///
/// Its ``description`` is the text errors put after the file name: `file:3:17: …` as
/// compilers print it, `file: $.font.size: …` for a path, or `file: …` for the whole file.
public enum SourcePlace: Sendable, Hashable, CustomStringConvertible {
    /// The file as a whole: it cannot be read, or no single place in it is at fault.
    case wholeFile
    /// A line and a column, both 1-based; columns count Unicode scalars, as editors
    /// count characters in text without combining marks.
    case lineColumn(line: Int, column: Int)
    /// A JSON path such as `$.font.size` or `$.keys["hud.title"]`, possibly followed by
    /// words that narrow it down, as in `$.keys["hud.title"] (locale ja)` for the style
    /// merged for one key and locale.
    case jsonPath(String)

    /// `3:17`, `$.font.size`, or empty for ``wholeFile``.
    public var description: String {
        switch self {
        case .wholeFile: ""
        case let .lineColumn(line, column): "\(line):\(column)"
        case .jsonPath(let path): path
        }
    }

    /// The place of a member or element inside a JSON document.
    package init(_ path: JSONPath) {
        self = .jsonPath(path.description)
    }

    /// `file: place: message`, or `file:line:column: message` as compilers print it, or
    /// `file: message` for the whole file: the form every source error shares.
    package func message(_ message: String, in file: String) -> String {
        switch self {
        case .wholeFile: "\(file): \(message)"
        case .lineColumn: "\(file):\(description): \(message)"
        case .jsonPath: "\(file): \(description): \(message)"
        }
    }
}
