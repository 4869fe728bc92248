/// One pass over the source's scalars. Every scalar is looked at a bounded number of
/// times: a tag or reference is either consumed whole or ends the parse with an error.
struct MarkupParser {
    enum TagKind: String, CaseIterable {
        case b, i, u, s, color, size, font, stroke, br, img, span

        /// Tags that enclose text and need a closing tag.
        var isPaired: Bool { self != .br && self != .img }

        /// Tags written `<name=value>`.
        var takesValue: Bool { self == .color || self == .size || self == .font || self == .stroke }

        /// Tags written with `name=value` attributes.
        var takesAttributes: Bool { self == .img || self == .span }

        /// How the tag is written with its value, for messages.
        var example: String {
            switch self {
            case .color: "<color=#FFD700>"
            case .size: "<size=40> or <size=120%>"
            case .font: "<font=\"Noto Sans\">"
            case .stroke: "<stroke=3 #000000> or <stroke=none>"
            case .img: "<img src=\"coin.png\" height=32/>"
            case .br: "<br/>"
            case .span: "<span font_features=\"tnum, -liga\" font_variations=\"wght=650\">"
            default: "<\(rawValue)>"
            }
        }
    }

    /// A tag as written, before its value is checked.
    struct Tag {
        var kind: TagKind
        /// The name as written, for messages (`B` stays `B`).
        var name: String
        /// The scalar offset of its `<`.
        var start: Int
        /// The value after `name=`, if any.
        var value: String?
        var attributes: [(name: String, value: String)] = []
        var selfClosing = false
    }

    /// A paired tag waiting for its closing tag.
    struct OpenTag {
        var name: String
        var kind: TagKind
        var start: Int
        /// The attributes inside it (the outer ones with this tag's change applied).
        var attributes: TextAttributes
    }

    private static let entities: [String: Unicode.Scalar] = [
        "lt": "<", "gt": ">", "amp": "&", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}",
    ]
    static let tagList = TagKind.allCases.map(\.rawValue).joined(separator: ", ")
    private static let entityList = "&lt; &gt; &amp; &quot; &apos; &nbsp; &#…;"

    let scalars: [Unicode.Scalar]
    var position = 0
    var output = StyledString()
    /// Text read since the last tag, in the current attributes; appended in one piece.
    var pending = String.UnicodeScalarView()
    var open: [OpenTag] = []

    init(_ source: String) {
        scalars = Array(source.unicodeScalars)
    }

    var current: TextAttributes { open.last?.attributes ?? .plain }

    mutating func parse() throws(MarkupError) -> StyledString {
        while position < scalars.count {
            let scalar = scalars[position]
            if scalar == "<", let next = peek(1), next == "/" || Self.isLetter(next) {
                try tag()
            } else if scalar == "&", let character = try reference() {
                pending.append(character)
            } else {
                pending.append(scalar)
                position += 1
            }
        }
        if let innermost = open.last {
            throw error(.unbalancedTags, at: innermost.start, "<\(innermost.name)> is never closed")
        }
        flush()
        return output
    }

    // MARK: - References

    /// The character an `&` at `position` stands for, consuming the reference, or nil
    /// when it starts none (the `&` is text). Throws for a misspelt or invalid one.
    private mutating func reference() throws(MarkupError) -> Unicode.Scalar? {
        let start = position
        var end = start + 1
        let numeric = peek(1) == "#"
        if numeric { end += 1 }
        let bodyStart = end
        while end < scalars.count, Self.isLetter(scalars[end]) || Self.isDigit(scalars[end]) { end += 1 }
        guard end > bodyStart, end < scalars.count, scalars[end] == ";" else { return nil }
        let body = scalars[bodyStart..<end]
        // Made only for a message, as the reference is spelt in the source.
        var written: String { Self.string(scalars[start...end]) }
        position = end + 1
        guard numeric else {
            guard let character = Self.entities[Self.string(body)] else {
                throw error(.invalidReference, at: start, "unknown entity \(written) (known: \(Self.entityList)); "
                                + "write &amp; for a literal &")
            }
            return character
        }
        // Made only when thrown: finding the line and column takes a pass over the source.
        func malformed() -> MarkupError {
            error(.invalidReference, at: start, "\(written) is not a character reference; expected digits, as in &#123; or &#x1F600;")
        }
        let hex = body.first == "x" || body.first == "X"
        let digits = hex ? body.dropFirst() : body
        var value = 0
        for scalar in digits {
            guard let digit = Character(scalar).hexDigitValue, hex || Self.isDigit(scalar) else {
                throw malformed()
            }
            // Saturate: anything past the last code point is refused below all the same.
            value = min(value * (hex ? 16 : 10) + digit, 0x110000)
        }
        guard !digits.isEmpty else { throw malformed() }
        guard value != 0, let character = Unicode.Scalar(value) else {
            throw error(.invalidReference, at: start, "\(written) is not a valid character; expected a code point from 1 to 10FFFF "
                            + "that is not a surrogate")
        }
        return character
    }

    // MARK: - Scanning

    func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        position + offset < scalars.count ? scalars[position + offset] : nil
    }

    mutating func skipWhitespace() {
        while position < scalars.count, Self.isWhitespace(scalars[position]) { position += 1 }
    }

    /// A tag or attribute name: an ASCII letter, then letters, digits, `-`, `_` or `:`.
    mutating func readName() -> String {
        let start = position
        guard position < scalars.count, Self.isLetter(scalars[position]) else { return "" }
        while position < scalars.count, Self.isLetter(scalars[position]) || Self.isDigit(scalars[position])
                || scalars[position] == "-" || scalars[position] == "_" || scalars[position] == ":" {
            position += 1
        }
        return Self.string(scalars[start..<position])
    }

    mutating func flush() {
        guard !pending.isEmpty else { return }
        output.append(String(pending), attributes: current)
        pending = String.UnicodeScalarView()
    }

    static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar)
    }

    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
    }

    static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        String(String.UnicodeScalarView(scalars))
    }

    static func quoted(_ text: String) -> String {
        "\"" + text + "\""
    }

    // MARK: - Errors

    func badValue(_ tag: Tag, _ value: String, expected: String, attribute: String? = nil) -> MarkupError {
        let subject = "<\(tag.name)>" + (attribute.map { " \($0)" } ?? "")
        return error(.invalidValue, at: tag.start, "\(subject): expected \(expected), got \(Self.quoted(value))")
    }

    /// Line and column of a scalar offset, computed only when an error is made.
    private func location(of offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for index in 0..<offset where scalars[index] == "\n" {
            line += 1
            lineStart = index + 1
        }
        return (line, Self.string(scalars[lineStart..<offset]).count + 1)
    }

    /// `column 4`, or `line 2, column 4` in a multi-line source, as in descriptions.
    func place(of offset: Int) -> String {
        let (line, column) = location(of: offset)
        return (scalars.contains("\n") ? "line \(line), " : "") + "column \(column)"
    }

    func error(_ kind: MarkupError.Kind, at offset: Int, _ message: String) -> MarkupError {
        let (line, column) = location(of: offset)
        return MarkupError(kind, message: message, line: line, column: column, offset: offset,
                           showsLine: scalars.contains("\n"))
    }
}
