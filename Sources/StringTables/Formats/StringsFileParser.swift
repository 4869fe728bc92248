import Foundation
import StyledText

/// Reads Apple `.strings` files: `"menu.play" = "Spielen";` pairs with `/* */` and `//`
/// comments, in UTF-8 or UTF-16.
///
/// The grammar is that of the old-style property list `.strings` files use:
/// - keys and values are quoted strings, or bare words of ASCII letters, digits and
///   `_ $ + / : . -` (`menu.play = Spielen;`);
/// - `"key";` alone gives the key as its own value;
/// - escapes are `\n \t \r \" \' \\ \a \b \f \v`, octal `\101`, and `\U00FC` or
///   `\u00FC` with up to four hex digits, a surrogate pair (`\UD83D\UDE00`) making
///   one character; any other escaped character stands for itself, as Apple's
///   parser has it.
///
/// Compiled tables (binary or XML property lists, as Xcode puts in app bundles) are
/// read too; they keep no order, so their keys come sorted.
///
/// A key defined twice is an error naming both places: Apple's tools only warn and
/// keep the last, which hides a clash between two translations of one key.
struct StringsFileParser {
    let source: String

    func entries(from data: Data) throws(StringTableError) -> [StringTable.Entry] {
        if Self.isPropertyList(data) {
            return try propertyListEntries(from: data)
        }
        var scanner = TextScanner(try TextDecoding.decode(data, source: source))
        return try entries(scanning: &scanner, mode: .whole)
    }

    /// The file's entries whose keys `keeping` accepts, read a chunk at a time, so only
    /// the kept strings and a hash per key stay in memory; nil when the file cannot be
    /// read, is a compiled table, or is not a valid table, which the caller then reads
    /// whole to say why.
    func streamedEntries(contentsOf path: String, keeping: ((String) -> Bool)?,
                         chunkSize: Int = 1 << 20) -> [StringTable.Entry]? {
        // The chunk lives in the file's buffer: the file must outlive the look at it.
        guard let headFile = ChunkedFile(path: path, chunkSize: 64),
              let isCompiled = withExtendedLifetime(headFile, { headFile.next().map { Self.isPropertyList(Data($0)) } }),
              !isCompiled,
              let text = StreamedText(path: path, chunkSize: chunkSize) else { return nil }
        var scanner = TextScanner(text)
        guard let entries = try? entries(scanning: &scanner, mode: ReadingMode(keeping: keeping, hashed: true)),
              !text.failed else { return nil }
        return entries
    }

    private func entries(scanning scanner: inout TextScanner, mode: ReadingMode) throws(StringTableError) -> [StringTable.Entry] {
        var entries: [StringTable.Entry] = []
        // Where each key was defined, so a second definition can name the first.
        var origins = KeyClaims<SourcePlace>(hashed: mode.hashed)
        while true {
            try skipTrivia(&scanner)
            guard !scanner.isAtEnd else { break }
            let keyPlace = scanner.place
            let key = try readString(&scanner, role: "a key")
            try skipTrivia(&scanner)
            let value: String
            switch scanner.peek() {
            case ";":
                value = key
            case "=":
                scanner.advance()
                try skipTrivia(&scanner)
                value = try readString(&scanner, role: "a value after '='")
                try skipTrivia(&scanner)
                guard scanner.peek() == ";" else {
                    throw error(.syntax, "expected ';' after the value, got \(scanner.describeCurrent)", at: scanner.place)
                }
            default:
                throw error(.syntax, "expected '=' or ';' after the key, got \(scanner.describeCurrent)", at: scanner.place)
            }
            scanner.advance()
            if case .repeated(let earlier) = origins.claim(key, at: keyPlace) {
                throw error(.duplicateKey, "key \(JSONValue.quoted(key)) is already defined"
                            + (earlier.map { " at \($0)" } ?? ""), at: keyPlace)
            }
            if mode.keeps(key) {
                entries.append(StringTable.Entry(key: key, value: value))
            }
        }
        return entries
    }

    // MARK: - Strings

    /// Characters allowed in an unquoted word, from the old-style property list grammar.
    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.isASCII else { return false }
        return scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_$+/:.-".unicodeScalars.contains(scalar)
    }

    private func readString(_ scanner: inout TextScanner, role: String) throws(StringTableError) -> String {
        if scanner.peek() == "\"" {
            return try readQuoted(&scanner)
        }
        guard let first = scanner.peek(), Self.isWordScalar(first) else {
            throw error(.syntax, "expected \(role) (a quoted string or a word of letters, digits and _$+/:.-), "
                        + "got \(scanner.describeCurrent)", at: scanner.place)
        }
        var word = String.UnicodeScalarView()
        while let scalar = scanner.peek(), Self.isWordScalar(scalar) {
            word.append(scalar)
            scanner.advance()
        }
        return String(word)
    }

    private func readQuoted(_ scanner: inout TextScanner) throws(StringTableError) -> String {
        let start = scanner.place
        scanner.advance()
        var text = String.UnicodeScalarView()
        while true {
            guard let scalar = scanner.next() else {
                throw error(.syntax, "unterminated string; expected a closing '\"' before the end of the file", at: start)
            }
            switch scalar {
            case "\"":
                return String(text)
            case "\\":
                try readEscape(&scanner, into: &text, stringStart: start)
            default:
                text.append(scalar)
            }
        }
    }

    private func readEscape(
        _ scanner: inout TextScanner, into text: inout String.UnicodeScalarView, stringStart: SourcePlace
    ) throws(StringTableError) {
        // The place of the backslash, which `next()` has already passed.
        let escapePlace = SourcePlace.lineColumn(line: scanner.line, column: scanner.column - 1)
        guard let scalar = scanner.next() else {
            throw error(.syntax, "unterminated string; expected a closing '\"' before the end of the file", at: stringStart)
        }
        switch scalar {
        case "n": text.append("\n")
        case "t": text.append("\t")
        case "r": text.append("\r")
        case "a": text.append("\u{07}")
        case "b": text.append("\u{08}")
        case "f": text.append("\u{0C}")
        case "v": text.append("\u{0B}")
        case "0"..."7":
            var value = scalar.value - 0x30
            for _ in 0..<2 {
                guard let digit = scanner.peek(), ("0"..."7").contains(digit) else { break }
                value = value * 8 + digit.value - 0x30
                scanner.advance()
            }
            // Three octal digits reach 0o777 at most, always a valid scalar.
            text.append(Unicode.Scalar(value)!)
        case "U", "u":
            var code = try readHex(&scanner, escapePlace: escapePlace)
            if (0xD800...0xDBFF).contains(code) {
                guard scanner.peek() == "\\", scanner.peek(1) == "U" || scanner.peek(1) == "u" else {
                    throw error(.syntax, "unpaired surrogate \\U\(TextScanner.hex(code, digits: 4)); expected a low "
                                + "surrogate escape (\\UDC00 to \\UDFFF) after it", at: escapePlace)
                }
                scanner.advance()
                scanner.advance()
                let low = try readHex(&scanner, escapePlace: escapePlace)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error(.syntax, "unpaired surrogate \\U\(TextScanner.hex(code, digits: 4)); expected a low "
                                + "surrogate escape (\\UDC00 to \\UDFFF) after it", at: escapePlace)
                }
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(code) {
                throw error(.syntax, "unpaired surrogate \\U\(TextScanner.hex(code, digits: 4)); expected a high "
                            + "surrogate escape (\\UD800 to \\UDBFF) before it", at: escapePlace)
            }
            // Surrogates were handled above, so every remaining code is a scalar.
            text.append(Unicode.Scalar(code)!)
        default:
            text.append(scalar)
        }
    }

    /// One to four hexadecimal digits, as Apple's parser reads after `\U`.
    private func readHex(_ scanner: inout TextScanner, escapePlace: SourcePlace) throws(StringTableError) -> UInt32 {
        var value: UInt32 = 0
        var count = 0
        while count < 4, let scalar = scanner.peek(), let digit = Character(scalar).hexDigitValue, scalar.isASCII {
            value = value * 16 + UInt32(digit)
            count += 1
            scanner.advance()
        }
        guard count > 0 else {
            throw error(.syntax, "expected hexadecimal digits after \\U, got \(scanner.describeCurrent)", at: escapePlace)
        }
        return value
    }

    // MARK: - Whitespace and comments

    private func skipTrivia(_ scanner: inout TextScanner) throws(StringTableError) {
        while true {
            scanner.skip { $0.properties.isWhitespace }
            let start = scanner.place
            if scanner.skip("//") {
                scanner.skip { $0 != "\n" && $0 != "\r" }
            } else if scanner.skip("/*") {
                while !scanner.skip("*/") {
                    guard !scanner.isAtEnd else {
                        throw error(.syntax, "unterminated comment; expected '*/' before the end of the file", at: start)
                    }
                    scanner.advance()
                }
            } else {
                return
            }
        }
    }

    // MARK: - Compiled tables

    /// Binary property lists start with `bplist`; XML ones with `<?xml` or `<plist`,
    /// neither of which can begin a text `.strings` file.
    private static func isPropertyList(_ data: Data) -> Bool {
        if data.starts(with: Array("bplist".utf8)) {
            return true
        }
        let head = String(decoding: data.prefix(64), as: UTF8.self)
            .drop { $0 == "\u{FEFF}" || $0.isWhitespace }
        return head.hasPrefix("<?xml") || head.hasPrefix("<plist") || head.hasPrefix("<!DOCTYPE plist")
    }

    private func propertyListEntries(from data: Data) throws(StringTableError) -> [StringTable.Entry] {
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw StringTableError(.syntax, file: source, place: .wholeFile,
                                   message: "unreadable property list (\(StyleSheet.reason(error))); "
                                       + "expected a dictionary of strings")
        }
        guard let dictionary = root as? [String: Any] else {
            throw StringTableError(.invalidValue, file: source, place: .wholeFile,
                                   message: "expected a property list dictionary of strings")
        }
        var entries: [StringTable.Entry] = []
        for key in dictionary.keys.sorted() {
            guard let value = dictionary[key] as? String else {
                throw StringTableError(.invalidValue, file: source, place: .wholeFile,
                                       message: "the value of key \(JSONValue.quoted(key)) is not a string; "
                                           + "expected a dictionary of strings")
            }
            entries.append(StringTable.Entry(key: key, value: value))
        }
        return entries
    }

    private func error(_ kind: StringTableErrorKind, _ message: String, at place: SourcePlace) -> StringTableError {
        StringTableError(kind, file: source, place: place, message: message)
    }
}

extension StringsFileParser: StringTableReader {
    static let format = StringTableFormat.strings

    func read(_ data: Data, keeping: ((String) -> Bool)?) throws(StringTableError) -> ParsedStrings {
        Self.keepingOnly(.single(TableContent(entries: try entries(from: data))), keeping)
    }

    func streamed(contentsOf path: String, keeping: ((String) -> Bool)?, chunkSize: Int) -> ParsedStrings? {
        streamedEntries(contentsOf: path, keeping: keeping, chunkSize: chunkSize).map { .single(TableContent(entries: $0)) }
    }
}
