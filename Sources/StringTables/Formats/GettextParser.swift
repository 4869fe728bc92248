import Foundation
import StyledText

/// Reads gettext translations (`.po`), UTF-8 (or UTF-16) encoded:
///
/// ```
/// # Translator comment
/// msgctxt "menu"
/// msgid "Open"
/// msgstr "Öffnen"
///
/// msgid "%d coin"
/// msgid_plural "%d coins"
/// msgstr[0] "%d Münze"
/// msgstr[1] "%d Münzen"
/// ```
///
/// - The key is the `msgid`; with a `msgctxt`, the context, a dot and the `msgid`
///   (`menu.Open`), which reads like a nested JSON key and stays a safe file name
///   (gettext's own `\u{4}` separator is neither).
/// - Plural forms are keyed by their index, `%d coin#0`, `%d coin#1`: what each index
///   means is a C expression in the `Plural-Forms` header, which varies by language,
///   so CLDR names (`one`, `other`) would be a guess.
/// - An empty `msgstr` means untranslated, and `#, fuzzy` entries are unreviewed; as
///   `msgfmt` does by default, both are left out, and their keys are listed in
///   ``StringTable/untranslatedKeys``. A plural entry with only some forms empty
///   keeps the others.
/// - The header entry (`msgid ""`) is not a string; its `Language:` names the locale
///   when neither `--locale` nor the path does. Obsolete entries (`#~`) are ignored.
/// - Strings take C escapes (`\n \t \" \\`, octal `\303\274` and hex `\xC3\xBC` bytes
///   of UTF-8); an unknown escape is an error, as it is to `msgfmt`. A key defined
///   twice is an error naming both places.
struct GettextParser {
    let source: String

    func content(from data: Data) throws(StringTableError) -> TableContent {
        var reader = GettextReader(scanner: TextScanner(try TextDecoding.decode(data, source: source)), source: source,
                                   mode: .whole)
        return try reader.read()
    }

    /// The file's content, keeping the entries whose keys `keeping` accepts, read a
    /// chunk at a time, so only the kept strings, the untranslated keys and a hash per
    /// key stay in memory; nil when the file cannot be read or is not a valid
    /// translation file, which the caller then reads whole to say why.
    func streamedContent(contentsOf path: String, keeping: ((String) -> Bool)?,
                         chunkSize: Int = 1 << 20) -> TableContent? {
        guard let text = StreamedText(path: path, chunkSize: chunkSize) else { return nil }
        var reader = GettextReader(scanner: TextScanner(text), source: source,
                                   mode: ReadingMode(keeping: keeping, hashed: true))
        guard let content = try? reader.read(), !text.failed else { return nil }
        return content
    }
}

/// One message as read so far.
private struct Message {
    /// Where its first keyword is.
    var place: SourcePlace
    var isFuzzy: Bool
    var context: String?
    var id: String?
    var idPlural: String?
    var translations: [String] = []
}

private struct GettextReader {
    var scanner: TextScanner
    let source: String
    private let mode: ReadingMode
    private var content = TableContent()
    /// Where each key was defined, so a second definition can name the first.
    private var origins: KeyClaims<SourcePlace>
    private var current: Message?
    /// A `#, fuzzy` seen since the last message, which belongs to the next one.
    private var pendingFuzzy = false

    init(scanner: TextScanner, source: String, mode: ReadingMode) {
        self.scanner = scanner
        self.source = source
        self.mode = mode
        origins = KeyClaims(hashed: mode.hashed)
    }

    mutating func read() throws(StringTableError) -> TableContent {
        while true {
            scanner.skip { $0.properties.isWhitespace }
            guard let next = scanner.peek() else { break }
            if next == "#" {
                try finishCompleteMessage()
                readComment()
                continue
            }
            let place = scanner.place
            let keyword = try readKeyword()
            try accept(keyword, at: place)
        }
        try finishMessage(before: "the end of the file")
        return content
    }

    // MARK: - Grammar

    private enum Keyword: Equatable {
        case context, id, idPlural, translation, pluralTranslation(Int)

        var spelling: String {
            switch self {
            case .context: "msgctxt"
            case .id: "msgid"
            case .idPlural: "msgid_plural"
            case .translation: "msgstr"
            case .pluralTranslation(let index): "msgstr[\(index)]"
            }
        }
    }

    private mutating func accept(_ keyword: Keyword, at place: SourcePlace) throws(StringTableError) {
        switch keyword {
        case .context, .id:
            if current?.translations.isEmpty == false {
                try finishMessage(before: keyword.spelling)
            }
            if current == nil {
                current = Message(place: place, isFuzzy: pendingFuzzy)
                pendingFuzzy = false
            }
            if let message = current, message.id != nil || (keyword == .context && message.context != nil) {
                let expected = message.id == nil ? "msgid after msgctxt"
                    : message.idPlural == nil ? "msgstr after msgid" : "msgstr[0] after msgid_plural"
                throw error(.syntax, "expected \(expected), got \(keyword.spelling)", at: place)
            }
            let text = try readStrings(after: keyword)
            if keyword == .context {
                current?.context = text
            } else {
                current?.id = text
            }
        case .idPlural:
            guard let message = current, message.id != nil, message.idPlural == nil, message.translations.isEmpty else {
                throw error(.syntax, "expected msgid_plural right after a msgid", at: place)
            }
            let text = try readStrings(after: keyword)
            current?.idPlural = text
        case .translation:
            guard let message = current, message.id != nil else {
                throw error(.syntax, "expected msgid before msgstr", at: place)
            }
            guard message.idPlural == nil else {
                throw error(.syntax, "expected msgstr[0] after msgid_plural, got msgstr", at: place)
            }
            guard message.translations.isEmpty else {
                throw error(.syntax, "expected msgctxt or msgid to start the next message, got a second msgstr", at: place)
            }
            let text = try readStrings(after: keyword)
            current?.translations = [text]
        case .pluralTranslation(let index):
            guard let message = current, message.idPlural != nil else {
                throw error(.syntax, "expected msgstr without an index: msgstr[\(index)] needs a msgid_plural before it", at: place)
            }
            guard index == message.translations.count else {
                throw error(.syntax, "expected msgstr[\(message.translations.count)], got msgstr[\(index)]", at: place)
            }
            let text = try readStrings(after: keyword)
            current?.translations.append(text)
        }
    }

    /// Ends the current message if it has its translations; a comment after them
    /// belongs to the next message.
    private mutating func finishCompleteMessage() throws(StringTableError) {
        if current?.translations.isEmpty == false {
            try finishMessage(before: "a comment")
        }
    }

    private mutating func finishMessage(before next: String) throws(StringTableError) {
        guard let message = current else { return }
        current = nil
        guard let id = message.id else {
            throw error(.syntax, "expected msgid after msgctxt, got \(next)", at: scanner.place)
        }
        guard !message.translations.isEmpty else {
            let expected = message.idPlural == nil ? "msgstr" : "msgstr[0]"
            throw error(.syntax, "expected \(expected) after \(message.idPlural == nil ? "msgid" : "msgid_plural"), got \(next)",
                        at: scanner.place)
        }
        if message.context == nil && id.isEmpty {
            readHeader(message.translations[0])
            return
        }
        let key = message.context.map { $0 + "." + id } ?? id
        if message.isFuzzy || message.translations.allSatisfy(\.isEmpty) {
            try claim(key, at: message.place)
            content.untranslatedKeys.append(key)
            return
        }
        try claim(key, at: message.place)
        if message.idPlural == nil {
            if mode.keeps(key) {
                content.entries.append(StringTable.Entry(key: key, value: message.translations[0]))
            }
            return
        }
        for (index, translation) in message.translations.enumerated() {
            let variant = "\(key)#\(index)"
            if translation.isEmpty {
                content.untranslatedKeys.append(variant)
            } else if mode.keeps(variant) {
                content.entries.append(StringTable.Entry(key: variant, value: translation))
            }
        }
    }

    /// Records that `key` is defined at `place`; untranslated keys count too, since
    /// a second message with the same id is a mistake either way.
    private mutating func claim(_ key: String, at place: SourcePlace) throws(StringTableError) {
        if case .repeated(let earlier) = origins.claim(key, at: place) {
            throw error(.duplicateKey, "key \(JSONValue.quoted(key)) is already defined"
                        + (earlier.map { " at \($0)" } ?? ""), at: place)
        }
    }

    /// `Name: value` lines; only `Language` matters here.
    private mutating func readHeader(_ header: String) {
        for line in header.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if name.lowercased() == "language", let tag = LanguageTag(localeName: value) {
                content.declaredLocale = tag.normalized
            }
        }
    }

    // MARK: - Tokens

    private mutating func readComment() {
        scanner.advance()
        if scanner.peek() == "," {
            var flags = ""
            while let scalar = scanner.peek(), scalar != "\n", scalar != "\r" {
                flags.unicodeScalars.append(scalar)
                scanner.advance()
            }
            if flags.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == "fuzzy" }) {
                pendingFuzzy = true
            }
        }
        scanner.skip { $0 != "\n" && $0 != "\r" }
    }

    private mutating func readKeyword() throws(StringTableError) -> Keyword {
        let place = scanner.place
        var word = ""
        while let scalar = scanner.peek(), scalar.isASCII, scalar.properties.isAlphabetic || scalar == "_" {
            word.unicodeScalars.append(scalar)
            scanner.advance()
        }
        switch word {
        case "msgctxt": return .context
        case "msgid": return .id
        case "msgid_plural": return .idPlural
        case "msgstr":
            guard scanner.peek() == "[" else { return .translation }
            scanner.advance()
            var digits = ""
            while let scalar = scanner.peek(), ("0"..."9").contains(scalar) {
                digits.unicodeScalars.append(scalar)
                scanner.advance()
            }
            guard let index = Int(digits), digits.count <= 3, scanner.peek() == "]" else {
                throw error(.syntax, "expected a plural index and ']' after msgstr[, got \(scanner.describeCurrent)", at: scanner.place)
            }
            scanner.advance()
            return .pluralTranslation(index)
        default:
            let found = word.isEmpty ? scanner.describeCurrent : "'\(word)'"
            throw error(.syntax, "expected msgctxt, msgid, msgid_plural, msgstr or a # comment, got \(found)", at: place)
        }
    }

    /// A quoted string and the quoted strings on the lines after it, joined.
    private mutating func readStrings(after keyword: Keyword) throws(StringTableError) -> String {
        scanner.skip { $0 == " " || $0 == "\t" }
        guard scanner.peek() == "\"" else {
            throw error(.syntax, "expected a quoted string after \(keyword.spelling), got \(scanner.describeCurrent)", at: scanner.place)
        }
        var text = try readQuoted()
        while true {
            scanner.skip { $0.properties.isWhitespace }
            guard scanner.peek() == "\"" else { return text }
            text += try readQuoted()
        }
    }

    private mutating func readQuoted() throws(StringTableError) -> String {
        let start = scanner.place
        scanner.advance()
        // Octal and hex escapes are bytes of UTF-8, so the text is built as bytes.
        var bytes: [UInt8] = []
        while true {
            guard let scalar = scanner.peek(), scalar != "\n", scalar != "\r" else {
                throw error(.syntax, "unterminated string; expected a closing '\"' on the same line", at: start)
            }
            let escapePlace = scanner.place
            scanner.advance()
            switch scalar {
            case "\"":
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    throw error(.invalidEncoding, "the string's octal or hex escapes are not valid UTF-8; expected the bytes of "
                                + "UTF-8 characters", at: start)
                }
                return text
            case "\\":
                try readEscape(into: &bytes, at: escapePlace)
            default:
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
    }

    private mutating func readEscape(into bytes: inout [UInt8], at place: SourcePlace) throws(StringTableError) {
        guard let scalar = scanner.peek(), scalar != "\n", scalar != "\r" else {
            throw error(.syntax, "expected an escaped character after '\\', got \(scanner.describeCurrent)", at: place)
        }
        scanner.advance()
        let simple: UInt8? = switch scalar {
        case "n": 0x0A
        case "t": 0x09
        case "r": 0x0D
        case "a": 0x07
        case "b": 0x08
        case "f": 0x0C
        case "v": 0x0B
        case "\\", "\"", "'", "?": UInt8(scalar.value)
        default: nil
        }
        if let simple {
            bytes.append(simple)
        } else if ("0"..."7").contains(scalar) {
            var value = scalar.value - 0x30
            for _ in 0..<2 {
                guard let digit = scanner.peek(), ("0"..."7").contains(digit) else { break }
                value = value * 8 + digit.value - 0x30
                scanner.advance()
            }
            guard value <= 0xFF else {
                throw error(.syntax, "octal escape above \\377; expected a byte", at: place)
            }
            bytes.append(UInt8(value))
        } else if scalar == "x" {
            var value: UInt32 = 0
            var count = 0
            while count < 2, let digit = scanner.peek(), digit.isASCII, let number = Character(digit).hexDigitValue {
                value = value * 16 + UInt32(number)
                count += 1
                scanner.advance()
            }
            guard count > 0 else {
                throw error(.syntax, "expected hexadecimal digits after \\x, got \(scanner.describeCurrent)", at: place)
            }
            bytes.append(UInt8(value))
        } else {
            throw error(.syntax, "unknown escape '\\\(Character(scalar))'; expected one of \\n \\t \\r \\\" \\\\ \\' \\? \\a \\b "
                        + "\\f \\v, octal \\ooo or hex \\xhh", at: place)
        }
    }

    private func error(_ kind: StringTableErrorKind, _ message: String, at place: SourcePlace) -> StringTableError {
        StringTableError(kind, file: source, place: place, message: message)
    }
}

extension GettextParser: StringTableReader {
    static let format = StringTableFormat.gettext

    func read(_ data: Data, keeping: ((String) -> Bool)?) throws(StringTableError) -> ParsedStrings {
        Self.keepingOnly(.single(try content(from: data)), keeping)
    }

    func streamed(contentsOf path: String, keeping: ((String) -> Bool)?, chunkSize: Int) -> ParsedStrings? {
        streamedContent(contentsOf: path, keeping: keeping, chunkSize: chunkSize).map { .single($0) }
    }
}
