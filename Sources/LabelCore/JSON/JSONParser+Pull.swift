import Foundation

/// Reading a document whose shape the caller knows, one value at a time, without building
/// it: a typed reader asks for the value it expects next, and skips what it does not know.
/// Made for files read often and whole, such as a batch's manifests, and for readers whose
/// errors point at the value at fault.
///
/// Each `read…` call expects its kind of value at the reading position; anything else is
/// a ``JSONSyntaxError`` there. Objects do not refuse a name given twice themselves: a
/// reader that skips what it does not know would pay for a set of names per object.
extension JSONParser {
    /// Runs `body` with a parser at the start of `data`'s document (a UTF-8 byte order
    /// mark skipped, the bytes borrowed, not copied), then requires that nothing but white
    /// space follows the value `body` read.
    package static func read<T>(_ data: Data, _ body: (inout JSONParser) throws(JSONSyntaxError) -> T) throws(JSONSyntaxError) -> T {
        try withParser(data) { (parser: inout JSONParser) throws(JSONSyntaxError) -> T in
            parser.skipWhitespace()
            let value = try body(&parser)
            try parser.expectEnd()
            return value
        }
    }

    /// Whether the next value is an object, told by its first byte without reading it.
    package mutating func nextIsObject() -> Bool {
        skipWhitespace()
        return peek() == UInt8(ascii: "{")
    }

    /// Whether the next value is an array, told by its first byte without reading it.
    package mutating func nextIsArray() -> Bool {
        skipWhitespace()
        return peek() == UInt8(ascii: "[")
    }

    /// Where the next value starts, for ``failure(_:at:kind:)``.
    package var position: Int { offset }

    /// An error at `position` (by default the reading position), with its line and column.
    package func failure(_ message: String, at position: Int? = nil,
                         kind: JSONSyntaxError.Kind = .syntax) -> JSONSyntaxError {
        error(message, at: position, kind: kind)
    }

    /// Reads an object: `member` gets each name, where the name starts, and the parser at
    /// the member's value, which it must read.
    package mutating func readObject(
        _ member: (inout JSONParser, _ key: String, _ keyPosition: Int) throws(JSONSyntaxError) -> Void
    ) throws(JSONSyntaxError) {
        skipWhitespace()
        guard peek() == UInt8(ascii: "{") else { throw error("expected an object, got \(describeCurrent())") }
        _ = try walkObject { (parser: inout JSONParser, key: String, keyOffset: Int) throws(JSONSyntaxError) -> Bool in
            try member(&parser, key, keyOffset)
            return true
        }
    }

    /// Reads an array, calling `element` with the parser at each of its values.
    package mutating func readArray(_ element: (inout JSONParser) throws(JSONSyntaxError) -> Void) throws(JSONSyntaxError) {
        skipWhitespace()
        guard peek() == UInt8(ascii: "[") else { throw error("expected an array, got \(describeCurrent())") }
        try enterContainer()
        offset += 1
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            offset += 1
            depth -= 1
            return
        }
        while true {
            skipWhitespace()
            try element(&self)
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","):
                offset += 1
            case UInt8(ascii: "]"):
                offset += 1
                depth -= 1
                return
            default:
                throw error("expected ',' or ']' in the array, got \(describeCurrent())")
            }
        }
    }

    /// An array whose values are each read by `value`.
    package mutating func readArray<Value>(
        of value: (inout JSONParser) throws(JSONSyntaxError) -> Value
    ) throws(JSONSyntaxError) -> [Value] {
        var values: [Value] = []
        try readArray { (parser: inout JSONParser) throws(JSONSyntaxError) in values.append(try value(&parser)) }
        return values
    }

    package mutating func readString() throws(JSONSyntaxError) -> String {
        skipWhitespace()
        guard peek() == UInt8(ascii: "\"") else { throw error("expected a string, got \(describeCurrent())") }
        return try parseString()
    }

    package mutating func readDouble() throws(JSONSyntaxError) -> Double {
        skipWhitespace()
        guard let byte = peek(), byte == UInt8(ascii: "-") || isDigit(byte) else {
            throw error("expected a number, got \(describeCurrent())")
        }
        return try parseNumber()
    }

    /// A whole number written as plain digits with an optional minus sign: no fraction,
    /// exponent or leading zero, and at most 18 digits, so it is exact in an `Int`.
    package mutating func readInt() throws(JSONSyntaxError) -> Int {
        skipWhitespace()
        let start = offset
        let negative = peek() == UInt8(ascii: "-")
        if negative { offset += 1 }
        var value = 0
        var count = 0
        var first: UInt8 = 0
        while let byte = peek(), isDigit(byte) {
            if count == 0 { first = byte }
            count += 1
            guard count <= 18 else { throw error("expected a whole number of at most 18 digits", at: start) }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            offset += 1
        }
        guard count > 0 else { throw error("expected a whole number, got \(describeCurrent())") }
        if count > 1, first == UInt8(ascii: "0") { throw error("numbers must not have leading zeros", at: start) }
        if let next = peek(), next == UInt8(ascii: ".") || next == UInt8(ascii: "e") || next == UInt8(ascii: "E") {
            throw error("expected a whole number, without a fraction or exponent", at: start)
        }
        return negative ? -value : value
    }

    package mutating func readBool() throws(JSONSyntaxError) -> Bool {
        skipWhitespace()
        switch peek() {
        case UInt8(ascii: "t"): try expectLiteral("true"); return true
        case UInt8(ascii: "f"): try expectLiteral("false"); return false
        default: throw error("expected true or false, got \(describeCurrent())")
        }
    }

    /// Consumes a `null` if one comes next; whether it did.
    package mutating func readNull() throws(JSONSyntaxError) -> Bool {
        skipWhitespace()
        guard peek() == UInt8(ascii: "n") else { return false }
        try expectLiteral("null")
        return true
    }

    /// The next value, built whole; a name given twice in any of its objects is refused.
    package mutating func readValue() throws(JSONSyntaxError) -> JSONValue {
        skipWhitespace()
        return try parseValue()
    }

    /// Reads past the next value, checking its grammar and nesting depth, building
    /// nothing but its strings.
    package mutating func skipValue() throws(JSONSyntaxError) {
        skipWhitespace()
        switch peek() {
        case UInt8(ascii: "{"):
            _ = try walkObject { (parser: inout JSONParser, _: String, _: Int) throws(JSONSyntaxError) -> Bool in
                try parser.skipValue()
                return true
            }
        case UInt8(ascii: "["):
            try readArray { (parser: inout JSONParser) throws(JSONSyntaxError) in try parser.skipValue() }
        default:
            _ = try parseValue()
        }
    }
}

extension JSONSyntaxError {
    /// An error made by a reader rather than found in a document's grammar.
    package init(_ kind: Kind, line: Int, column: Int, message: String) {
        self.init(kind: kind, line: line, column: column, message: message)
    }
}
