import StyledText

/// One row of a spreadsheet table: its cells' texts and where each cell starts.
struct SpreadsheetRow {
    private(set) var cells: [String] = []
    /// The 1-based line and scalar column of each cell's first character (its opening
    /// quote for a quoted cell); a quoted line break puts later cells on later lines.
    private(set) var starts: [(line: Int, column: Int)] = []
    /// Header rows read before the delimiter is known: the separator after each cell
    /// but the last, so cells split at the wrong one can be joined again.
    private(set) var separators: [Unicode.Scalar] = []

    var count: Int { cells.count }

    /// The text of cell `index`; an empty string past the row's end, since spreadsheets
    /// leave out trailing empty cells.
    subscript(index: Int) -> String {
        index < cells.count ? cells[index] : ""
    }

    /// Where cell `index` starts.
    func place(of index: Int) -> SourcePlace {
        .lineColumn(line: starts[index].line, column: starts[index].column)
    }

    /// Whether every cell is empty, as in a blank line or a row of bare delimiters.
    var isBlank: Bool { cells.allSatisfy(\.isEmpty) }

    mutating func removeAll() {
        cells.removeAll(keepingCapacity: true)
        starts.removeAll(keepingCapacity: true)
        separators.removeAll(keepingCapacity: true)
    }

    fileprivate mutating func append(_ text: String, line: Int, column: Int) {
        cells.append(text)
        starts.append((line, column))
    }

    fileprivate mutating func noteSeparator(_ separator: Unicode.Scalar) {
        separators.append(separator)
    }

    /// This row with the cells that `delimiter` does not separate joined again, with
    /// the separator between them: a header row split at every candidate once the
    /// delimiter is chosen.
    func joined(at delimiter: Unicode.Scalar) -> SpreadsheetRow {
        var row = SpreadsheetRow()
        guard let first = cells.first else { return row }
        row.append(first, line: starts[0].line, column: starts[0].column)
        for index in 1..<cells.count {
            let separator = separators[index - 1]
            if separator == delimiter {
                row.append(cells[index], line: starts[index].line, column: starts[index].column)
            } else {
                row.cells[row.cells.count - 1] += String(separator) + cells[index]
            }
        }
        return row
    }
}

/// Splits text into rows and cells as RFC 4180 has it and as Godot, Unity and
/// spreadsheets write it: cells separated by one delimiter; rows ended by LF, CRLF or a
/// lone CR, the last row with or without one; a cell that starts with `"` is quoted and
/// may hold delimiters, line breaks and `""` for a quote.
///
/// A line break inside a quoted cell is read as `\n` whether the file wrote LF, CRLF or
/// a lone CR, as Godot reads it (Godot drops every CR), so a label never draws a stray
/// carriage return. A quote inside an unquoted cell is kept as text, as spreadsheets
/// read it.
struct SpreadsheetRowScanner {
    /// Which scalars end a cell.
    enum Delimiters {
        /// The table's delimiter.
        case one(Unicode.Scalar)
        /// Any of these, for a header row read before the delimiter is known; the row
        /// notes which one ended each cell.
        case anyOf([Unicode.Scalar])

        func contains(_ scalar: Unicode.Scalar) -> Bool {
            switch self {
            case .one(let delimiter): scalar == delimiter
            case .anyOf(let candidates): candidates.contains(scalar)
            }
        }
    }

    private(set) var scanner: TextScanner
    var delimiters: Delimiters
    let source: String

    init(scanner: TextScanner, delimiters: Delimiters, source: String) {
        self.scanner = scanner
        self.delimiters = delimiters
        self.source = source
    }

    /// Reads the next row into `row`; false, with `row` empty, once the text has ended.
    ///
    /// - Throws: `.syntax` for a quoted cell with no closing quote (at its opening
    ///   quote) or with text after its closing quote (at that text).
    mutating func next(into row: inout SpreadsheetRow) throws(StringTableError) -> Bool {
        row.removeAll()
        guard !scanner.isAtEnd else { return false }
        while true {
            let line = scanner.line
            let column = scanner.column
            let text = scanner.peek() == "\"" ? try quotedCell() : plainCell()
            row.append(text, line: line, column: column)
            guard let after = scanner.next() else { return true }
            switch after {
            case "\n":
                return true
            case "\r":
                if scanner.peek() == "\n" { scanner.advance() }
                return true
            default:
                // Cells end only at a delimiter, a line end or the end of the text.
                if case .anyOf = delimiters { row.noteSeparator(after) }
            }
        }
    }

    /// An unquoted cell, up to the delimiter or line end after it, which is not read.
    private mutating func plainCell() -> String {
        var text = ""
        while let scalar = scanner.peek(), scalar != "\n", scalar != "\r", !delimiters.contains(scalar) {
            text.unicodeScalars.append(scalar)
            scanner.advance()
        }
        return text
    }

    /// A quoted cell, up to the delimiter or line end after its closing quote, which is
    /// not read.
    private mutating func quotedCell() throws(StringTableError) -> String {
        let opening = scanner.place
        let (openingLine, openingColumn) = (scanner.line, scanner.column)
        scanner.advance()
        var text = ""
        while let scalar = scanner.next() {
            switch scalar {
            case "\"":
                if scanner.peek() == "\"" {
                    scanner.advance()
                    text.unicodeScalars.append("\"")
                    continue
                }
                if let after = scanner.peek(), after != "\n", after != "\r", !delimiters.contains(after) {
                    throw StringTableError(
                        .syntax, file: source, place: scanner.place,
                        message: "expected a delimiter or the end of the line after the quoted cell that opens on line "
                            + "\(openingLine), column \(openingColumn), got \(TextScanner.describe(after)); "
                            + "inside a quoted cell, write a quote as \"\"")
                }
                return text
            case "\r":
                if scanner.peek() == "\n" { scanner.advance() }
                text.unicodeScalars.append("\n")
            default:
                text.unicodeScalars.append(scalar)
            }
        }
        throw StringTableError(
            .syntax, file: source, place: opening,
            message: "unterminated quoted cell: the quote that opens it here has no closing quote before the end of "
                + "the file; expected a closing '\"' (write a quote inside the cell as \"\")")
    }
}
