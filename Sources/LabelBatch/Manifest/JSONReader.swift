/// A strict pull reader over JSON bytes, for documents whose shape the caller knows.
///
/// It accepts a subset of what `JSONDecoder` accepts and, where it accepts, reads the same
/// values; anything unusual (a number where an integer is expected that is not plain
/// digits, a key given twice, invalid UTF-8) is a failure, and the caller falls back to
/// `JSONDecoder`. It exists because decoding the earlier manifests through `Codable` was
/// the largest part of a re-run with nothing to draw.
struct JSONReader {
    struct Malformed: Error {}

    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Reads one object, handing each key to `member`, which must read the key's value.
    mutating func object(_ member: (inout JSONReader, String) throws(Malformed) -> Void) throws(Malformed) {
        try expect(UInt8(ascii: "{"))
        if try peek() == UInt8(ascii: "}") { index += 1; return }
        while true {
            let key = try string()
            try expect(UInt8(ascii: ":"))
            try member(&self, key)
            if try next() == UInt8(ascii: "}") { return }
            guard bytes[index - 1] == UInt8(ascii: ",") else { throw Malformed() }
        }
    }

    /// Reads one array, calling `element` to read each of its values.
    mutating func array(_ element: (inout JSONReader) throws(Malformed) -> Void) throws(Malformed) {
        try expect(UInt8(ascii: "["))
        if try peek() == UInt8(ascii: "]") { index += 1; return }
        while true {
            try element(&self)
            if try next() == UInt8(ascii: "]") { return }
            guard bytes[index - 1] == UInt8(ascii: ",") else { throw Malformed() }
        }
    }

    /// An array of values each read by `value`.
    mutating func array<Value>(of value: (inout JSONReader) throws(Malformed) -> Value) throws(Malformed) -> [Value] {
        var values: [Value] = []
        try array { (reader: inout JSONReader) throws(Malformed) in values.append(try value(&reader)) }
        return values
    }

    /// Consumes a `null` if one comes next; whether it did.
    mutating func null() throws(Malformed) -> Bool {
        guard try peek() == UInt8(ascii: "n") else { return false }
        try literal("null")
        return true
    }

    mutating func bool() throws(Malformed) -> Bool {
        if try peek() == UInt8(ascii: "t") { try literal("true"); return true }
        try literal("false")
        return false
    }

    mutating func string() throws(Malformed) -> String {
        try expect(UInt8(ascii: "\""))
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"),
              bytes[index] >= 0x20 {
            index += 1
        }
        guard index < bytes.count else { throw Malformed() }
        var utf8 = Array(bytes[start..<index])
        while bytes[index] != UInt8(ascii: "\"") {
            guard bytes[index] == UInt8(ascii: "\\") else { throw Malformed() }  // a control character
            try escape(into: &utf8)
            while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"),
                  bytes[index] >= 0x20 {
                utf8.append(bytes[index])
                index += 1
            }
            guard index < bytes.count else { throw Malformed() }
        }
        index += 1
        guard let text = String(validating: utf8, as: UTF8.self) else { throw Malformed() }
        return text
    }

    /// A number, in JSON's grammar.
    mutating func double() throws(Malformed) -> Double {
        skipSpace()
        let start = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let whole = index
        let count = digits()
        guard count > 0, count == 1 || bytes[whole] != UInt8(ascii: "0") else { throw Malformed() }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw Malformed() }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw Malformed() }
        }
        guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)), value.isFinite else {
            throw Malformed()
        }
        return value
    }

    /// An integer written as plain digits, with an optional minus sign.
    mutating func int() throws(Malformed) -> Int {
        skipSpace()
        let negative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        let count = digits()
        guard count > 0, count <= 18 else { throw Malformed() }
        if count > 1, bytes[index - count] == UInt8(ascii: "0") { throw Malformed() }
        if index < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[index]) {
            throw Malformed()
        }
        var value = 0
        for byte in bytes[(index - count)..<index] { value = value * 10 + Int(byte - UInt8(ascii: "0")) }
        return negative ? -value : value
    }

    /// Reads past one value of any kind, checking its grammar.
    mutating func skipValue() throws(Malformed) {
        switch try peek() {
        case UInt8(ascii: "{"): try object { (reader: inout JSONReader, _) throws(Malformed) in try reader.skipValue() }
        case UInt8(ascii: "["): try array { (reader: inout JSONReader) throws(Malformed) in try reader.skipValue() }
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try bool()
        case UInt8(ascii: "n"): try literal("null")
        default: _ = try double()
        }
    }

    /// Checks that nothing but white space follows the document.
    mutating func end() throws(Malformed) {
        skipSpace()
        guard index == bytes.count else { throw Malformed() }
    }

    // MARK: - Bytes

    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private mutating func peek() throws(Malformed) -> UInt8 {
        skipSpace()
        guard index < bytes.count else { throw Malformed() }
        return bytes[index]
    }

    /// The next byte that is not white space, consumed.
    private mutating func next() throws(Malformed) -> UInt8 {
        let byte = try peek()
        index += 1
        return byte
    }

    private mutating func expect(_ byte: UInt8) throws(Malformed) {
        guard try next() == byte else { throw Malformed() }
    }

    private mutating func literal(_ word: StaticString) throws(Malformed) {
        skipSpace()
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw Malformed() }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { throw Malformed() }
        index += count
    }

    /// Consumes a run of ASCII digits; how many there were.
    private mutating func digits() -> Int {
        let start = index
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
        return index - start
    }

    /// Reads the escape at `index` (a backslash) and appends what it stands for.
    private mutating func escape(into utf8: inout [UInt8]) throws(Malformed) {
        guard index + 1 < bytes.count else { throw Malformed() }
        let kind = bytes[index + 1]
        index += 2
        switch kind {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(kind)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
            var value = try hexQuad()
            if (0xD800..<0xDC00).contains(value) {
                // A high surrogate must be followed by an escaped low one.
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                      bytes[index + 1] == UInt8(ascii: "u") else { throw Malformed() }
                index += 2
                let low = try hexQuad()
                guard (0xDC00..<0xE000).contains(low) else { throw Malformed() }
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(value) else { throw Malformed() }
            utf8 += Array(String(Character(scalar)).utf8)
        default: throw Malformed()
        }
    }

    private mutating func hexQuad() throws(Malformed) -> UInt32 {
        guard index + 4 <= bytes.count else { throw Malformed() }
        var value: UInt32 = 0
        for byte in bytes[index..<(index + 4)] {
            guard let digit = Int(String(UnicodeScalar(byte)), radix: 16) else { throw Malformed() }
            value = value << 4 | UInt32(digit)
        }
        index += 4
        return value
    }
}
