import Foundation
import StyledText

/// Decoded text that a parser reads one scalar at a time, knowing the line and column
/// of every place so errors can say where they are.
///
/// Columns count Unicode scalars, as the JSON parser's do, so a message points at the
/// same column an editor shows for text without combining marks.
struct TextScanner {
    /// The whole text, or when streaming the part of it not yet passed (and a few
    /// scalars before, which are dropped a batch at a time).
    private var scalars: [Unicode.Scalar]
    private var index = 0
    /// 1-based line of the scalar at `index`.
    private(set) var line = 1
    /// 1-based column of the scalar at `index`.
    private(set) var column = 1
    /// Streaming only: where further scalars come from.
    private let stream: StreamedText?

    /// How far ahead `peek` may look while streaming, more than any literal a parser
    /// compares (`<![CDATA[`).
    private static let lookahead = 16

    init(_ scalars: [Unicode.Scalar]) {
        self.scalars = scalars
        stream = nil
    }

    /// A scanner over text decoded as it is read, holding a batch of scalars at a time.
    init(_ stream: StreamedText) {
        scalars = []
        self.stream = stream
        refill()
    }

    /// Keeps `lookahead` scalars ahead of `index` while the text has more.
    private mutating func refill() {
        guard let stream, scalars.count - index < Self.lookahead else { return }
        scalars.removeSubrange(..<index)
        index = 0
        while scalars.count < Self.lookahead, stream.read(into: &scalars) {}
    }

    /// The line and column of the scalar at `index`.
    var place: SourcePlace { .lineColumn(line: line, column: column) }

    var isAtEnd: Bool { index >= scalars.count }

    func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    mutating func advance() {
        guard index < scalars.count else { return }
        let scalar = scalars[index]
        index += 1
        if stream != nil { refill() }
        // A lone CR ends a line too, for files saved with classic Mac line ends.
        if scalar == "\n" || (scalar == "\r" && peek() != "\n") {
            line += 1
            column = 1
        } else {
            column += 1
        }
    }

    /// Reads and returns the next scalar.
    mutating func next() -> Unicode.Scalar? {
        let scalar = peek()
        advance()
        return scalar
    }

    mutating func skip(while predicate: (Unicode.Scalar) -> Bool) {
        while let scalar = peek(), predicate(scalar) {
            advance()
        }
    }

    /// Reads `literal` if the text continues with it.
    mutating func skip(_ literal: String) -> Bool {
        guard literal.unicodeScalars.enumerated().allSatisfy({ peek($0.offset) == $0.element }) else {
            return false
        }
        for _ in literal.unicodeScalars {
            advance()
        }
        return true
    }

    /// The next scalar as a message shows it: `'x'`, `U+0007` or `the end of the file`.
    var describeCurrent: String {
        guard let scalar = peek() else { return "the end of the file" }
        return TextScanner.describe(scalar)
    }

    static func describe(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n", "\r": return "the end of the line"
        case " ": return "a space"
        case _ where scalar.properties.generalCategory == .control || scalar.properties.isWhitespace:
            return "U+" + hex(scalar.value, digits: 4)
        default: return "'\(Character(scalar))'"
        }
    }

    static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}

/// Turns the bytes of a text file into scalars: UTF-8, or UTF-16 in either byte order,
/// with or without a byte order mark.
enum TextDecoding {
    enum Encoding: Equatable {
        case utf8, utf16LittleEndian, utf16BigEndian
    }

    /// The encoding of `bytes` and how many bytes of byte order mark precede the text.
    ///
    /// Without a mark, UTF-16 is told by its zero bytes: text in UTF-8 never contains
    /// NUL, while UTF-16 of Latin text has one in every other byte, odd for little
    /// endian and even for big endian.
    static func detect(_ bytes: [UInt8]) -> (encoding: Encoding, markLength: Int) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return (.utf8, 3) }
        if bytes.starts(with: [0xFF, 0xFE]) { return (.utf16LittleEndian, 2) }
        if bytes.starts(with: [0xFE, 0xFF]) { return (.utf16BigEndian, 2) }
        var zerosAtEven = 0
        var zerosAtOdd = 0
        for (offset, byte) in bytes.prefix(1024).enumerated() where byte == 0 {
            if offset.isMultiple(of: 2) { zerosAtEven += 1 } else { zerosAtOdd += 1 }
        }
        if zerosAtEven == 0 && zerosAtOdd == 0 { return (.utf8, 0) }
        return (zerosAtOdd >= zerosAtEven ? .utf16LittleEndian : .utf16BigEndian, 0)
    }

    /// The scalars of `data`.
    ///
    /// - Throws: A ``StringTableError`` at the line and column of the first byte
    ///   sequence that is not valid in the detected encoding.
    static func decode(_ data: Data, source: String) throws(StringTableError) -> [Unicode.Scalar] {
        let bytes = [UInt8](data)
        let (encoding, markLength) = detect(bytes)
        let body = bytes[markLength...]
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(body.count)
        let failed: Bool
        switch encoding {
        case .utf8:
            var iterator = body.makeIterator()
            failed = transcode(&iterator, UTF8.self, into: &scalars)
        case .utf16LittleEndian, .utf16BigEndian:
            guard body.count.isMultiple(of: 2) else {
                throw StringTableError(
                    .invalidEncoding, file: source, place: .wholeFile,
                    message: "the file looks like UTF-16 but has an odd number of bytes; expected UTF-8 or UTF-16 text")
            }
            let bigEndian = encoding == .utf16BigEndian
            var units = stride(from: body.startIndex, to: body.endIndex, by: 2).lazy.map { offset in
                let first = UInt16(body[offset])
                let second = UInt16(body[offset + 1])
                return bigEndian ? first << 8 | second : second << 8 | first
            }.makeIterator()
            failed = transcode(&units, UTF16.self, into: &scalars)
        }
        if failed {
            var scanner = TextScanner(scalars)
            while !scanner.isAtEnd { scanner.advance() }
            let name = encoding == .utf8 ? "UTF-8" : "UTF-16"
            throw StringTableError(
                .invalidEncoding, file: source, place: scanner.place,
                message: "invalid \(name) here; expected UTF-8 or UTF-16 text (save the file as UTF-8)")
        }
        return scalars
    }

    /// Decodes until the end or the first invalid sequence; returns whether it failed.
    private static func transcode<Iterator: IteratorProtocol, Codec: UnicodeCodec>(
        _ iterator: inout Iterator, _ codec: Codec.Type, into scalars: inout [Unicode.Scalar]
    ) -> Bool where Iterator.Element == Codec.CodeUnit {
        var decoder = Codec()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): scalars.append(scalar)
            case .emptyInput: return false
            case .error: return true
            }
        }
    }
}
