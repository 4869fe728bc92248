import StyledText
/// Turns source-language strings into pseudo-translations that expose layout problems
/// before real translations exist: text that grows, accents that need room above and
/// below the line, truncation, and right-to-left order.
///
/// ```swift
/// PseudoLocalizer.accented.transform("Level %d")   // "[Ļéṽéļ %d ŏñ]"
/// PseudoLocalizer.mirrored.transform("New game")   // "‏‮New‬‏ ‏‮game‬‏"
/// ```
///
/// Placeholders (`%d`, `%1$@`, `{name}`), `%%`, markup tags (`<b>`) and entities (`&amp;`) are copied
/// unchanged, so the pseudo table still fills from the same samples and still parses.
public struct PseudoLocalizer: Sendable, Hashable {
    /// What a pseudo-locale does to the text.
    public enum Mode: String, Sendable, Hashable, CaseIterable {
        /// `en-XA`: accented letters, longer text, and brackets at both ends, so a cut-off
        /// bracket shows truncation at a glance.
        case accented
        /// `ar-XB`: every word is displayed right to left inside a right-to-left
        /// paragraph, so alignment and mirroring can be checked with readable text.
        case mirrored
    }

    /// What this localizer does.
    public var mode: Mode
    /// How much longer accented text gets, as a share of its length (0.4 = 40% longer),
    /// like a typical German or Finnish translation of English.
    public var expansion: Double

    /// Accented, 40% longer, bracketed: the `en-XA` pseudo-locale.
    public static let accented = PseudoLocalizer(mode: .accented)
    /// Right-to-left mirrored: the `ar-XB` pseudo-locale.
    public static let mirrored = PseudoLocalizer(mode: .mirrored)

    /// Creates a localizer.
    ///
    /// - Parameters:
    ///   - mode: Accented (`en-XA`) or mirrored (`ar-XB`).
    ///   - expansion: Extra length for accented text as a share of the original; not
    ///     used when mirroring.
    public init(mode: Mode, expansion: Double = 0.4) {
        self.mode = mode
        self.expansion = max(0, expansion)
    }

    /// The conventional locale tag of the pseudo-locale: `en-XA` or `ar-XB`.
    public var localeTag: String {
        switch mode {
        case .accented: "en-XA"
        case .mirrored: "ar-XB"
        }
    }

    /// The pseudo-translation of one string.
    ///
    /// - Parameter text: Source text, with any placeholders.
    /// - Returns: The transformed text; the empty string stays empty.
    public func transform(_ text: String) -> String {
        guard !text.isEmpty else { return text }
        let pieces = Self.split(text)
        switch mode {
        case .accented: return accent(pieces)
        case .mirrored: return mirror(pieces)
        }
    }

    /// Every entry of `table` transformed, as a table of this pseudo-locale.
    ///
    /// - Parameter table: The source table, usually English.
    /// - Returns: A table with the same keys in the same order, whose locale is
    ///   ``localeTag``.
    public func transform(_ table: StringTable) -> StringTable {
        StringTable(locale: localeTag, source: table.source,
                    entries: table.entries.map { .init(key: $0.key, value: transform($0.value)) })
    }

    // MARK: - Accented

    private func accent(_ pieces: [Piece]) -> String {
        var output = "["
        var letters = 0
        for piece in pieces {
            switch piece {
            case .text(let text):
                for character in text {
                    output.append(Self.accents[character] ?? character)
                    if !character.isWhitespace { letters += 1 }
                }
            case .protected(let token):
                output += token
            }
        }
        // Padding counts the original's visible characters only, so a string that is
        // mostly a placeholder does not grow more than its words would.
        let extra = Int((Double(letters) * expansion).rounded(.up))
        if extra > 0 {
            var padding = ""
            var words = Self.paddingWords.makeIterator()
            while padding.count < extra {
                guard let word = words.next() else { words = Self.paddingWords.makeIterator(); continue }
                padding += " " + word
            }
            var cut = padding.prefix(extra + 1)
            while cut.last == " " { cut = cut.dropLast() }
            output += cut
        }
        return output + "]"
    }

    /// Accented padding words; their count cycles, so any length can be reached.
    private static let paddingWords = ["ŏñé", "ţŵŏ", "ţĥŕéé", "ƒŏûŕ", "ƒîṽé", "šîẋ", "šéṽéñ", "éîĝĥţ", "ñîñé", "ţéñ"]

    /// Each ASCII letter mapped to a look-alike with a diacritic above or below, so
    /// clipped accents and descenders show up.
    private static let accents: [Character: Character] = {
        let plain = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        let fancy = Array("åƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ")
        return Dictionary(uniqueKeysWithValues: zip(plain, fancy))
    }()

    // MARK: - Mirrored

    /// Words are wrapped in RIGHT-TO-LEFT OVERRIDE, so their letters are displayed in
    /// reverse, between RIGHT-TO-LEFT MARKs, so the paragraph and the spaces between
    /// words are right to left too. Placeholders stay outside the overrides: their
    /// filled values read as they would in a real right-to-left translation.
    private func mirror(_ pieces: [Piece]) -> String {
        let mark = "\u{200F}"
        var output = mark
        for piece in pieces {
            switch piece {
            case .text(let text):
                var word = ""
                func flush() {
                    guard !word.isEmpty else { return }
                    output += "\u{202E}" + word + "\u{202C}" + mark
                    word = ""
                }
                for character in text {
                    if character.isWhitespace || character.isNewline {
                        flush()
                        output.append(character)
                        if character.isNewline { output += mark }
                    } else {
                        word.append(character)
                    }
                }
                flush()
            case .protected(let token):
                output += token + mark
            }
        }
        return output
    }

    // MARK: - Splitting

    private enum Piece {
        case text(String)
        /// Copied as is: a placeholder, `%%`, or a markup tag.
        case protected(String)
    }

    private static func split(_ text: String) -> [Piece] {
        let scalars = Array(text.unicodeScalars)
        var ranges = Placeholders.find(in: text).map(\.range)
        // `%%` and `<tag>` are not placeholders, yet changing them would change meaning.
        var i = 0
        while i < scalars.count {
            if scalars[i] == "%", i + 1 < scalars.count, scalars[i + 1] == "%",
               !ranges.contains(where: { $0.contains(i) }) {
                ranges.append(i..<(i + 2))
                i += 2
                continue
            }
            if scalars[i] == "<", let end = scalars[(i + 1)...].firstIndex(of: ">"),
               end > i + 1, scalars[i + 1] == "/" || scalars[i + 1].properties.isAlphabetic,
               !scalars[(i + 1)..<end].contains(where: { $0 == "<" }) {
                ranges.append(i..<(end + 1))
                i = end + 1
                continue
            }
            // A character reference (`&amp;`, `&#x263A;`) is markup too.
            if scalars[i] == "&", let end = scalars[(i + 1)...].prefix(33).firstIndex(of: ";"), end > i + 1,
               scalars[(i + 1)..<end].allSatisfy({ $0 == "#" || ($0.isASCII && $0.properties.isAlphabetic)
                   || ("0"..."9").contains($0) }) {
                ranges.append(i..<(end + 1))
                i = end + 1
                continue
            }
            i += 1
        }
        ranges.sort { $0.lowerBound < $1.lowerBound }
        var pieces: [Piece] = []
        var position = 0
        func string(_ range: Range<Int>) -> String { String(String.UnicodeScalarView(scalars[range])) }
        for range in ranges where range.lowerBound >= position {
            if range.lowerBound > position { pieces.append(.text(string(position..<range.lowerBound))) }
            pieces.append(.protected(string(range)))
            position = range.upperBound
        }
        if position < scalars.count { pieces.append(.text(string(position..<scalars.count))) }
        return pieces
    }
}
