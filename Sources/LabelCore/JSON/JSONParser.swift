import Foundation

/// A JSON syntax error at a place in the text.
package struct JSONSyntaxError: Error, Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        /// The text breaks JSON's grammar.
        case syntax
        /// An object names the same member twice.
        case duplicateKey
        /// Valid JSON that goes past what the parser holds: nesting deeper than its
        /// limit, or a number beyond a `Double`'s range.
        case beyondLimits
    }

    /// Plain syntax, a duplicate key, or past the parser's limits.
    package var kind: Kind
    /// 1-based line.
    package var line: Int
    /// 1-based column, counted in Unicode scalars as editors count characters.
    package var column: Int
    /// What is wrong, saying what was expected and what was found.
    package var message: String

    /// `3:17`, the form compilers use after a file name.
    package var place: SourcePlace { .lineColumn(line: line, column: column) }
}

/// A strict RFC 8259 parser that keeps member order and rejects duplicate keys.
///
/// Duplicate keys are an error rather than "last one wins" because in a hand-written
/// style or string table the second one is almost always a mistake.
package struct JSONParser {
    /// The document, borrowed for the length of one parse (no copy of a large table);
    /// when streaming a file, the part of it read so far that is not yet consumed.
    private var bytes: UnsafeBufferPointer<UInt8>
    var offset = 0
    var depth = 0
    /// Streaming only: the file, whose next chunk replaces `bytes` once it is used up.
    /// Offsets then count within a chunk, so positions are only right for a document
    /// read whole; a stream that fails is parsed again whole for its message.
    var file: ChunkedFile?

    /// Deep enough for any real style or table, shallow enough to never exhaust the stack.
    private static let maximumDepth = 256

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            offset = 3
        }
    }

    /// Runs `body` with a parser over `data`'s bytes; a UTF-8 byte order mark is skipped.
    static func withParser<T>(_ data: Data, _ body: (inout JSONParser) throws(JSONSyntaxError) -> T) throws(JSONSyntaxError) -> T {
        let result: Result<T, JSONSyntaxError> = data.withUnsafeBytes { raw in
            var parser = JSONParser(bytes: raw.bindMemory(to: UInt8.self))
            do throws(JSONSyntaxError) {
                return .success(try body(&parser))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Parses one JSON document; a UTF-8 byte order mark is skipped.
    package static func parse(_ data: Data) throws(JSONSyntaxError) -> JSONValue {
        try withParser(data) { (parser: inout JSONParser) throws(JSONSyntaxError) -> JSONValue in
            parser.skipWhitespace()
            let value = try parser.parseValue()
            try parser.expectEnd()
            return value
        }
    }

    mutating func expectEnd() throws(JSONSyntaxError) {
        skipWhitespace()
        if peek() != nil {
            throw error("unexpected \(describeCurrent()) after the end of the document")
        }
    }

    // MARK: - Values

    mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        guard let byte = peek() else {
            throw error("expected a value, got the end of the file")
        }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        default: throw error("expected a value, got \(describeCurrent())")
        }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        var members: [JSONMember] = []
        var seen: Set<String> = []
        _ = try walkObject { (parser: inout JSONParser, key: String, keyOffset: Int) throws(JSONSyntaxError) -> Bool in
            if !seen.insert(key).inserted {
                throw parser.error("duplicate key \(JSONValue.quoted(key)) in the same object", at: keyOffset, kind: .duplicateKey)
            }
            members.append(JSONMember(key: key, value: try parser.parseValue()))
            return true
        }
        return .object(members)
    }

    /// Reads an object's punctuation and member names; `member` gets each name (and
    /// where it starts) with the parser at its value, reads the value, and returns false
    /// to stop, which this passes on.
    mutating func walkObject(
        _ member: (inout JSONParser, String, Int) throws(JSONSyntaxError) -> Bool
    ) throws(JSONSyntaxError) -> Bool {
        try enterContainer()
        offset += 1
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            offset += 1
            depth -= 1
            return true
        }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else {
                throw error("expected a quoted member name, got \(describeCurrent())")
            }
            let keyOffset = offset
            let key = try parseString()
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else {
                throw error("expected ':' after the member name, got \(describeCurrent())")
            }
            offset += 1
            skipWhitespace()
            guard try member(&self, key, keyOffset) else { return false }
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","):
                offset += 1
            case UInt8(ascii: "}"):
                offset += 1
                depth -= 1
                return true
            default:
                throw error("expected ',' or '}' in the object, got \(describeCurrent())")
            }
        }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        var elements: [JSONValue] = []
        try readArray { (parser: inout JSONParser) throws(JSONSyntaxError) in elements.append(try parser.parseValue()) }
        return .array(elements)
    }

    mutating func enterContainer() throws(JSONSyntaxError) {
        depth += 1
        if depth > Self.maximumDepth {
            throw error("nesting deeper than \(Self.maximumDepth) levels", kind: .beyondLimits)
        }
    }

    mutating func expectLiteral(_ literal: String) throws(JSONSyntaxError) {
        let start = offset
        for expected in literal.utf8 {
            guard peek() == expected else {
                throw error("expected a value, got \(describeWord(at: start))", at: start)
            }
            offset += 1
        }
    }

    // MARK: - Numbers

    mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = offset
        // The number's bytes are gathered as they are read: while streaming, it may
        // begin in the chunk before the current one.
        var lexeme: [UInt8] = []
        if peek() == UInt8(ascii: "-") {
            take(into: &lexeme)
        }
        guard let first = peek(), isDigit(first) else {
            throw error("expected a digit in the number, got \(describeCurrent())")
        }
        take(into: &lexeme)
        if first == UInt8(ascii: "0"), let next = peek(), isDigit(next) {
            throw error("numbers must not have leading zeros", at: start)
        }
        takeDigits(into: &lexeme)
        if peek() == UInt8(ascii: ".") {
            take(into: &lexeme)
            guard let digit = peek(), isDigit(digit) else {
                throw error("expected a digit after the decimal point, got \(describeCurrent())")
            }
            takeDigits(into: &lexeme)
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            take(into: &lexeme)
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") {
                take(into: &lexeme)
            }
            guard let digit = peek(), isDigit(digit) else {
                throw error("expected a digit in the exponent, got \(describeCurrent())")
            }
            takeDigits(into: &lexeme)
        }
        let text = String(decoding: lexeme, as: UTF8.self)
        guard let number = Double(text), number.isFinite else {
            throw error("number \(text) is out of range", at: start, kind: .beyondLimits)
        }
        return number
    }

    func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// Moves past the byte `peek()` returned, adding it to `lexeme`.
    private mutating func take(into lexeme: inout [UInt8]) {
        lexeme.append(bytes[offset])
        offset += 1
    }

    private mutating func takeDigits(into lexeme: inout [UInt8]) {
        while let byte = peek(), isDigit(byte) {
            take(into: &lexeme)
        }
    }

    // MARK: - Strings

    mutating func parseString() throws(JSONSyntaxError) -> String {
        let start = offset
        offset += 1
        // Most strings have no escape and lie within the buffer: they are made straight
        // from it, without gathering their bytes one at a time.
        let runStart = offset
        skipPlainBytes()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") {
            let run = UnsafeBufferPointer(rebasing: bytes[runStart..<offset])
            offset += 1
            guard let text = String(validating: run, as: UTF8.self) else {
                throw error("invalid UTF-8 in string", at: start)
            }
            return text
        }
        var utf8 = Array(bytes[runStart..<offset])
        while true {
            guard let byte = peek() else {
                throw error("unterminated string", at: start)
            }
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                // Validating here rather than up front puts the error on the string.
                guard let text = String(validating: utf8, as: UTF8.self) else {
                    throw error("invalid UTF-8 in string", at: start)
                }
                return text
            case UInt8(ascii: "\\"):
                offset += 1
                try parseEscape(into: &utf8)
            case 0..<0x20:
                throw error("control character U+\(hex4(UInt32(byte))) in string; write it as an escape")
            default:
                let run = offset
                offset += 1
                skipPlainBytes()
                utf8.append(contentsOf: bytes[run..<offset])
            }
        }
    }

    /// Moves past bytes of the current buffer that stand for themselves in a string.
    private mutating func skipPlainBytes() {
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            offset += 1
        }
    }

    private mutating func parseEscape(into utf8: inout [UInt8]) throws(JSONSyntaxError) {
        guard let byte = peek() else {
            throw error("unterminated string")
        }
        offset += 1
        let simple: UInt8? = switch byte {
        case UInt8(ascii: "\""): UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): UInt8(ascii: "\\")
        case UInt8(ascii: "/"): UInt8(ascii: "/")
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
        if let simple {
            utf8.append(simple)
            return
        }
        guard byte == UInt8(ascii: "u") else {
            throw error("invalid escape '\\\(Character(Unicode.Scalar(byte)))' in string", at: offset - 2)
        }
        let escapeStart = offset - 2
        var code = try parseHex4()
        if (0xD800...0xDBFF).contains(code) {
            for expected in [UInt8(ascii: "\\"), UInt8(ascii: "u")] {
                guard peek() == expected else {
                    throw error("unpaired surrogate \\u\(hex4(code)) in string", at: escapeStart)
                }
                offset += 1
            }
            let low = try parseHex4()
            guard (0xDC00...0xDFFF).contains(low) else {
                throw error("unpaired surrogate \\u\(hex4(code)) in string", at: escapeStart)
            }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(code) {
            throw error("unpaired surrogate \\u\(hex4(code)) in string", at: escapeStart)
        }
        // Surrogates were excluded above, so every remaining code is a scalar.
        utf8.append(contentsOf: String(Character(Unicode.Scalar(code)!)).utf8)
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek(), let digit = Character(Unicode.Scalar(byte)).hexDigitValue else {
                throw error("expected 4 hexadecimal digits after \\u")
            }
            value = value * 16 + UInt32(digit)
            offset += 1
        }
        return value
    }

    private func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    // MARK: - Reading and reporting

    mutating func peek() -> UInt8? {
        if offset < bytes.count { return bytes[offset] }
        guard let next = file?.next() else { return nil }
        bytes = next
        offset = 0
        return bytes[0]
    }

    /// The byte at the reading position, for messages (no chunk is read for it).
    private var current: UInt8? {
        offset < bytes.count ? bytes[offset] : nil
    }

    mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
            offset += 1
        }
    }

    func describeCurrent() -> String {
        guard let byte = current else { return "the end of the file" }
        if byte < 0x80, byte >= 0x20 {
            return "'\(Character(Unicode.Scalar(byte)))'"
        }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    /// The bare word at `start`, so `True` or `nil` is reported whole.
    private func describeWord(at start: Int) -> String {
        var end = start
        while end < bytes.count, end - start < 20,
              Character(Unicode.Scalar(bytes[end])).isLetter || Character(Unicode.Scalar(bytes[end])).isNumber {
            end += 1
        }
        guard end > start else { return describeCurrent() }
        return "'" + String(decoding: bytes[start..<end], as: UTF8.self) + "'"
    }

    func error(_ message: String, at errorOffset: Int? = nil,
                       kind: JSONSyntaxError.Kind = .syntax) -> JSONSyntaxError {
        // While streaming, an offset taken in an earlier chunk may lie before this one.
        let target = min(max(errorOffset ?? offset, 0), bytes.count)
        var line = 1
        var column = 1
        let begin = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? min(3, target) : 0
        for byte in bytes[begin..<target] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                // Continuation bytes belong to the previous scalar's column.
                column += 1
            }
        }
        return JSONSyntaxError(kind: kind, line: line, column: column, message: message)
    }
}
