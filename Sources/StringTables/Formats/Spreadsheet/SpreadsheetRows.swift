import Foundation
import StyledText

/// One row of a spreadsheet table: its cells' texts and where each cell starts.
struct SpreadsheetRow {
    /// Where a cell starts, as byte offsets into the scanner's buffer; the scanner turns
    /// it into a line and column only when a message needs one.
    struct Start {
        /// The 1-based line of the cell's first character (its opening quote for a quoted
        /// cell); a quoted line break puts later cells on later lines.
        let line: Int
        /// The offset of the first byte of that line.
        let lineStart: Int
        /// The offset of the cell's first byte.
        let offset: Int
    }

    /// The cells' texts, quotes and escapes already read.
    private(set) var cells: [String] = []
    /// Where each cell starts.
    private(set) var starts: [Start] = []
    /// Header rows read before the delimiter is known: the separator after each cell
    /// but the last, so cells split at the wrong one can be joined again.
    private(set) var separators: [Unicode.Scalar] = []

    /// How many cells the row has, which a row shorter than the header leaves out.
    var count: Int { cells.count }

    /// The text of cell `index`; an empty string past the row's end, since spreadsheets
    /// leave out trailing empty cells.
    subscript(index: Int) -> String {
        index < cells.count ? cells[index] : ""
    }

    /// The text of cell `index`, leaving it empty: a value moves into its entry without
    /// a second reference to release when the row is emptied.
    mutating func take(_ index: Int) -> String {
        guard index < cells.count else { return "" }
        return Swift.exchange(&cells[index], with: "")
    }

    /// Whether every cell is empty, as in a blank line or a row of bare delimiters.
    var isBlank: Bool { cells.allSatisfy(\.isEmpty) }

    /// Empties the row, keeping its storage for the next one.
    mutating func removeAll() {
        cells.removeAll(keepingCapacity: true)
        starts.removeAll(keepingCapacity: true)
        separators.removeAll(keepingCapacity: true)
    }

    fileprivate mutating func append(_ text: String, at start: Start) {
        cells.append(text)
        starts.append(start)
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
        row.append(first, at: starts[0])
        for index in 1..<cells.count {
            let separator = separators[index - 1]
            if separator == delimiter {
                row.append(cells[index], at: starts[index])
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
///
/// The scanner walks UTF-8 bytes, jumping from one byte that matters to the next and
/// making each cell's `String` once from its bytes, which validates them. It counts
/// lines as it passes line ends; a column is counted only for a message. While
/// streaming, the buffer keeps the current row's bytes (so any of its cells can be
/// placed) and drops those of rows already returned.
struct SpreadsheetRowScanner {
    /// Which scalars end a cell.
    enum Delimiters {
        /// The table's delimiter.
        case one(Unicode.Scalar)
        /// Any of these, for a header row read before the delimiter is known; the row
        /// notes which one ended each cell.
        case anyOf([Unicode.Scalar])

        /// Whether `scalar` ends a cell.
        func contains(_ scalar: Unicode.Scalar) -> Bool {
            switch self {
            case .one(let delimiter): scalar == delimiter
            case .anyOf(let candidates): candidates.contains(scalar)
            }
        }

        /// Each delimiter's UTF-8 bytes.
        fileprivate var encoded: [[UInt8]] {
            switch self {
            case .one(let delimiter): [Array(String(delimiter).utf8)]
            case .anyOf(let candidates): candidates.map { Array(String($0).utf8) }
            }
        }
    }

    private static let lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")
    private static let quote = UInt8(ascii: "\"")
    /// The bytes that may end a quoted cell's run of plain text.
    private static let quotedStops = ByteSet([quote, lineFeed, carriageReturn])
    /// How many bytes of rows already returned the buffer may hold before they are dropped.
    private static let compactionThreshold = 1 << 16

    /// What ends a cell; a reader sets it to the chosen delimiter after the header row.
    var delimiters: Delimiters {
        didSet { (delimiterBytes, singleByteDelimiter, plainStops) = Self.stops(for: delimiters) }
    }
    /// The file, for messages.
    let source: String
    /// The text not yet dropped.
    private var bytes: [UInt8]
    /// Streaming only: where further bytes come from.
    private let rest: SpreadsheetByteSource?
    /// The offset of the next byte to read.
    private var position = 0
    /// 1-based line of the byte at `position`.
    private var line = 1
    /// The offset of the first byte of that line.
    private var lineStart = 0
    /// The UTF-8 bytes of each delimiter.
    private var delimiterBytes: [[UInt8]]
    /// The delimiter when it is one byte, as most are: compared without a loop.
    private var singleByteDelimiter: UInt8?
    /// The bytes that may end an unquoted cell: line ends and each delimiter's first byte.
    private var plainStops: ByteSet
    /// A quoted cell's text when it holds `""` or a CR, which are not copied as written.
    private var unescaped: [UInt8] = []

    /// A scanner of the rows of `text`, whose errors name `source`.
    init(text: SpreadsheetText, delimiters: Delimiters, source: String) {
        bytes = text.head
        rest = text.rest
        self.delimiters = delimiters
        self.source = source
        (delimiterBytes, singleByteDelimiter, plainStops) = Self.stops(for: delimiters)
    }

    private static func stops(for delimiters: Delimiters) -> ([[UInt8]], UInt8?, ByteSet) {
        let encoded = delimiters.encoded
        let single = encoded.count == 1 && encoded[0].count == 1 ? encoded[0][0] : nil
        return (encoded, single, ByteSet(encoded.map { $0[0] } + [lineFeed, carriageReturn]))
    }

    /// Whether the bytes stopped early because the file could not be read or was not
    /// valid text; the rows read are then not the whole table.
    var failed: Bool { rest?.failed ?? false }

    /// Where cell `index` of `row`, the row last returned, starts.
    func place(of index: Int, in row: SpreadsheetRow) -> SourcePlace {
        let start = row.starts[index]
        return place(line: start.line, lineStart: start.lineStart, offset: start.offset)
    }

    /// The line and column of the byte at `offset`, a line starting at `lineStart`:
    /// columns count scalars, so every byte but UTF-8's continuation bytes.
    private func place(line: Int, lineStart: Int, offset: Int) -> SourcePlace {
        var column = 1
        for byte in bytes[lineStart..<offset] where byte & 0xC0 != 0x80 {
            column += 1
        }
        return .lineColumn(line: line, column: column)
    }

    /// Reads the next row into `row`; false, with `row` empty, once the text has ended.
    ///
    /// - Throws: `.syntax` for a quoted cell with no closing quote (at its opening
    ///   quote) or with text after its closing quote (at that text); `.invalidEncoding`
    ///   for a cell that is not valid UTF-8.
    mutating func next(into row: inout SpreadsheetRow) throws(StringTableError) -> Bool {
        row.removeAll()
        dropReadRows()
        guard available(position) else { return false }
        while true {
            let start = SpreadsheetRow.Start(line: line, lineStart: lineStart, offset: position)
            let text = available(position) && bytes[position] == Self.quote
                ? try quotedCell() : try plainCell(from: start)
            row.append(text, at: start)
            guard available(position) else { return true }
            let after = bytes[position]
            position += 1
            if after == Self.lineFeed {
                endLine()
                return true
            }
            if after == Self.carriageReturn {
                if available(position) && bytes[position] == Self.lineFeed { position += 1 }
                endLine()
                return true
            }
            // Cells end only at a delimiter, a line end or the end of the text.
            let length = delimiterLength(at: position - 1) ?? 1
            if case .anyOf = delimiters { row.noteSeparator(Unicode.Scalar(after)) }
            position += length - 1
        }
    }

    /// An unquoted cell, up to the delimiter or line end after it, which is not read.
    private mutating func plainCell(from start: SpreadsheetRow.Start) throws(StringTableError) -> String {
        var end = position
        while true {
            end = nextStop(from: end, in: plainStops)
            guard available(end), bytes[end] != Self.lineFeed, bytes[end] != Self.carriageReturn,
                  delimiterLength(at: end) == nil else { break }
            // The first byte of a multi-byte delimiter, not followed by the rest of it.
            end += 1
        }
        let text = try string(position..<end, at: start)
        position = end
        return text
    }

    /// A quoted cell, up to the delimiter or line end after its closing quote, which is
    /// not read.
    private mutating func quotedCell() throws(StringTableError) -> String {
        let opening = SpreadsheetRow.Start(line: line, lineStart: lineStart, offset: position)
        position += 1
        var runStart = position
        var copied = false
        unescaped.removeAll(keepingCapacity: true)
        while true {
            let stop = nextStop(from: position, in: Self.quotedStops)
            guard available(stop) else {
                throw StringTableError(
                    .syntax, file: source, place: place(line: opening.line, lineStart: opening.lineStart,
                                                        offset: opening.offset),
                    message: "unterminated quoted cell: the quote that opens it here has no closing quote before "
                        + "the end of the file; expected a closing '\"' (write a quote inside the cell as \"\")")
            }
            position = stop + 1
            switch bytes[stop] {
            case Self.quote:
                if available(position) && bytes[position] == Self.quote {
                    // `""`: keep the first quote, skip the second.
                    unescaped.append(contentsOf: bytes[runStart..<position])
                    copied = true
                    position += 1
                    runStart = position
                    continue
                }
                try checkAfterClosingQuote(opening: opening)
                if !copied { return try string(runStart..<stop, at: opening) }
                unescaped.append(contentsOf: bytes[runStart..<stop])
                return try string(nil, at: opening)
            case Self.lineFeed:
                endLine()
            default:
                unescaped.append(contentsOf: bytes[runStart..<stop])
                unescaped.append(Self.lineFeed)
                copied = true
                if available(position) && bytes[position] == Self.lineFeed { position += 1 }
                endLine()
                runStart = position
            }
        }
    }

    /// Refuses text between a closing quote and the delimiter or line end.
    private mutating func checkAfterClosingQuote(opening: SpreadsheetRow.Start) throws(StringTableError) {
        guard available(position) else { return }
        let byte = bytes[position]
        guard byte != Self.lineFeed, byte != Self.carriageReturn, delimiterLength(at: position) == nil else { return }
        let openingPlace = place(line: opening.line, lineStart: opening.lineStart, offset: opening.offset)
        guard case .lineColumn(let openingLine, let openingColumn) = openingPlace else { return }
        throw StringTableError(
            .syntax, file: source, place: place(line: line, lineStart: lineStart, offset: position),
            message: "expected a delimiter or the end of the line after the quoted cell that opens on line "
                + "\(openingLine), column \(openingColumn), got \(TextScanner.describe(scalar(at: position))); "
                + "inside a quoted cell, write a quote as \"\"")
    }

    /// The text of the bytes in `range`, or of `unescaped` when nil.
    ///
    /// - Throws: `.invalidEncoding` when they are not UTF-8, which only a streamed read
    ///   meets (a whole read checks the file first, to say exactly where).
    private func string(_ range: Range<Int>?, at start: SpreadsheetRow.Start) throws(StringTableError) -> String {
        // Working on the buffer's storage directly, so that the scanner is not copied.
        let text = range.map { range in
            bytes.withUnsafeBufferPointer { Self.validString(UnsafeBufferPointer(rebasing: $0[range])) }
        } ?? unescaped.withUnsafeBufferPointer { Self.validString($0) }
        guard let text else {
            throw StringTableError(
                .invalidEncoding, file: source,
                place: place(line: start.line, lineStart: start.lineStart, offset: start.offset),
                message: "invalid UTF-8 in this cell; expected UTF-8 or UTF-16 text (save the file as UTF-8)")
        }
        return text
    }

    /// The text of `utf8`, or nil when it is not valid UTF-8.
    ///
    /// `String(decoding:as:)` has a fast path for UTF-8 that `String(validating:as:)`
    /// lacks; it replaces invalid bytes with U+FFFD, whose bytes differ from any
    /// invalid sequence, so the text is valid exactly when its bytes are the input's.
    private static func validString(_ utf8: UnsafeBufferPointer<UInt8>) -> String? {
        guard let start = utf8.baseAddress, !utf8.isEmpty else { return "" }
        var text = String(decoding: utf8, as: UTF8.self)
        let unchanged = text.withUTF8 { $0.count == utf8.count && memcmp($0.baseAddress!, start, utf8.count) == 0 }
        return unchanged ? text : nil
    }

    /// The offset of the first byte of `stops` at or after `offset`, reading further
    /// while streaming; `bytes.count` when the text ends first.
    private mutating func nextStop(from offset: Int, in stops: ByteSet) -> Int {
        var searched = offset
        while true {
            let found = bytes.withUnsafeBufferPointer { buffer in
                stops.members.withUnsafeBufferPointer { members in
                    var index = searched
                    while index < buffer.count && !members[Int(buffer[index])] {
                        index += 1
                    }
                    return index
                }
            }
            guard found == bytes.count, readMore() else { return found }
            searched = found
        }
    }

    /// The length of the delimiter that starts at `offset`, or nil when none does.
    private mutating func delimiterLength(at offset: Int) -> Int? {
        if let byte = singleByteDelimiter { return bytes[offset] == byte ? 1 : nil }
        for delimiter in delimiterBytes where bytes[offset] == delimiter[0] {
            guard delimiter.count > 1 else { return 1 }
            if available(offset + delimiter.count - 1),
               bytes[offset..<offset + delimiter.count].elementsEqual(delimiter) {
                return delimiter.count
            }
        }
        return nil
    }

    /// The scalar that starts at `offset`, for a message.
    private mutating func scalar(at offset: Int) -> Unicode.Scalar {
        _ = available(offset + 3)
        var decoder = UTF8()
        var iterator = bytes[offset..<min(offset + 4, bytes.count)].makeIterator()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
        return Unicode.Scalar(bytes[offset])
    }

    /// Whether the byte at `offset` exists, reading further while streaming.
    private mutating func available(_ offset: Int) -> Bool {
        while offset >= bytes.count {
            guard readMore() else { return false }
        }
        return true
    }

    private mutating func readMore() -> Bool {
        rest?.read(into: &bytes) ?? false
    }

    private mutating func endLine() {
        line += 1
        lineStart = position
    }

    /// Drops the bytes of rows already returned, once they outweigh the rest, so the
    /// buffer stays near a chunk and the current row while each byte moves about once.
    private mutating func dropReadRows() {
        guard rest != nil, position >= Self.compactionThreshold, position * 2 >= bytes.count else { return }
        bytes.removeSubrange(..<position)
        lineStart -= position
        position = 0
    }
}

/// A set of bytes, tested with one load.
struct ByteSet {
    /// Whether each byte value is in the set.
    fileprivate private(set) var members = [Bool](repeating: false, count: 256)

    /// The set of `bytes`.
    init(_ bytes: [UInt8]) {
        for byte in bytes {
            members[Int(byte)] = true
        }
    }
}
