/// Inline markup in strings: styles, line breaks and pictures inside one label.
///
/// ```swift
/// let text = try Markup.parse("Press <img src=\"button_a.png\" height=32/> to <b>jump</b>!")
/// let name = Markup.escaped(playerName)   // shown literally, even if it holds "<b>"
/// ```
///
/// Tags (names in any case; each paired tag closes with `</name>`, innermost first):
///
/// | Markup                         | Effect                                            |
/// |--------------------------------|---------------------------------------------------|
/// | `<b>…</b>`                     | weight 700                                        |
/// | `<i>…</i>`                     | italic                                            |
/// | `<u>…</u>`, `<s>…</s>`         | underline, strikethrough                          |
/// | `<color=#FFD700>…</color>`     | fill colour: `#RGB`, `#RRGGBB` or `#RRGGBBAA`     |
/// | `<size=40>…</size>`            | size in pixels (> 0), or `<size=120%>` relative   |
/// | `<font="Noto Sans">…</font>`   | font family                                       |
/// | `<stroke=3 #FF0000>…</stroke>` | stroke width and/or colour, or `<stroke=none>`    |
/// | `<br/>` (`<br>`, `<br />`)     | line break (U+2028)                               |
/// | `<img src="a.png" height=32/>` | inline picture; `height` (> 0) and `align` (`baseline`, `middle`, `center`) are optional |
/// | `<span font_features="tnum, -liga" font_variations="wght=650">…</span>` | OpenType features and variable-font axes, as in Pango |
///
/// A relative size scales the size around it (`<size=40><size=50%>` is 20 pixels), and an
/// inner `<stroke>` changes only what it names. An image takes the size, stroke and colour
/// around it. Values may be double-quoted, single-quoted or bare; a bare value ends at
/// whitespace, `/>` or `>`, except the one value of `color`, `size`, `font` and `stroke`,
/// which runs to `>` (`<stroke=3 #FF0000>`). Values are taken literally, without entities.
///
/// Entities: `&lt; &gt; &amp; &quot; &apos; &nbsp;` and numeric `&#123;`, `&#x1F600;`.
/// An `&` that starts no reference ("R&D", "Tom & Jerry", "&amp" without `;`) is text; a
/// `<` that is not followed by an ASCII letter or `/` is text ("a < b", "<3"), and so is `>`.
///
/// Everything else is a ``MarkupError`` pointing at the `<` or `&` at fault: an unknown
/// tag or entity, a bad value, an unterminated tag or quote, a closing tag that does not
/// close the innermost open tag, a tag left open, or tags nested more than 64 deep.
/// Parsing takes time linear in the length of the source.
public enum Markup {
    /// The deepest nesting of paired tags; deeper is refused as hostile input.
    public static let maximumDepth = 64

    /// Parses markup into a styled string.
    ///
    /// - Parameter source: The string with markup, e.g. `"Win <b>%d</b> coins"`.
    /// - Returns: The text without markup and its runs; a source without `<` or `&` gives
    ///   `StyledString(source)`, which ``StyledString/isPlain``.
    /// - Throws: A ``MarkupError`` with the line and column of the first problem.
    public static func parse(_ source: String) throws(MarkupError) -> StyledString {
        guard source.utf8.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") }) else {
            return StyledString(source)
        }
        var parser = MarkupParser(source)
        return try parser.parse()
    }

    /// `text` with `&`, `<` and `>` escaped, so that ``parse(_:)`` gives it back literally.
    ///
    /// Use it for text from outside the string table, such as player names:
    ///
    /// ```swift
    /// let line = "Winner: <b>" + Markup.escaped(name) + "</b>"
    /// ```
    ///
    /// - Parameter text: Any text.
    /// - Returns: The text with `&amp;`, `&lt;` and `&gt;` in place of those characters.
    public static func escaped(_ text: String) -> String {
        let needsEscaping = text.utf8.contains { byte in
            byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
        }
        guard needsEscaping else { return text }
        // One scalar at a time: `UnicodeScalarView.append(contentsOf:)` copies the whole
        // view on every call, which would make this quadratic.
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": for entity in "&amp;".unicodeScalars { result.append(entity) }
            case "<": for entity in "&lt;".unicodeScalars { result.append(entity) }
            case ">": for entity in "&gt;".unicodeScalars { result.append(entity) }
            default: result.append(scalar)
            }
        }
        return String(result)
    }
}

// MARK: - Parser

/// One pass over the source's scalars. Every scalar is looked at a bounded number of
/// times: a tag or reference is either consumed whole or ends the parse with an error.
private struct MarkupParser {
    private enum TagKind: String, CaseIterable {
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
    private struct Tag {
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
    private struct OpenTag {
        var name: String
        var kind: TagKind
        var start: Int
        /// The attributes inside it (the outer ones with this tag's change applied).
        var attributes: TextAttributes
    }

    private static let entities: [String: Unicode.Scalar] = [
        "lt": "<", "gt": ">", "amp": "&", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}",
    ]
    private static let tagList = TagKind.allCases.map(\.rawValue).joined(separator: ", ")
    private static let entityList = "&lt; &gt; &amp; &quot; &apos; &nbsp; &#…;"

    private let scalars: [Unicode.Scalar]
    private var position = 0
    private var output = StyledString()
    /// Text read since the last tag, in the current attributes; appended in one piece.
    private var pending = String.UnicodeScalarView()
    private var open: [OpenTag] = []

    init(_ source: String) {
        scalars = Array(source.unicodeScalars)
    }

    private var current: TextAttributes { open.last?.attributes ?? .plain }

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

    // MARK: - Tags

    private mutating func tag() throws(MarkupError) {
        let start = position
        position += 1
        let closing = scalars[position] == "/"
        if closing { position += 1 }
        let name = readName()
        guard !name.isEmpty else {
            throw error(.malformedTag, at: start, "expected a tag name after </; write &lt; for a literal <")
        }
        guard let kind = TagKind(rawValue: name.lowercased()) else {
            throw error(.unknownTag, at: start, "unknown tag <\(closing ? "/" : "")\(name)> (known: \(Self.tagList)); "
                            + "write &lt; for a literal <")
        }
        if closing {
            try close(kind, name: name, start: start)
        } else {
            var tag = Tag(kind: kind, name: name, start: start)
            try readRest(of: &tag)
            try apply(tag)
        }
    }

    private mutating func close(_ kind: TagKind, name: String, start: Int) throws(MarkupError) {
        skipWhitespace()
        guard position < scalars.count, scalars[position] != "<" else {
            throw error(.malformedTag, at: start, "unterminated tag </\(name): expected >")
        }
        guard scalars[position] == ">" else {
            throw error(.malformedTag, at: start, "expected > after </\(name)")
        }
        position += 1
        guard kind.isPaired else {
            throw error(.unbalancedTags, at: start, "</\(name)> closes nothing: <\(kind.rawValue)> has no closing tag")
        }
        guard let innermost = open.last else {
            throw error(.unbalancedTags, at: start, "</\(name)> closes nothing: no tag is open")
        }
        guard innermost.kind == kind else {
            throw error(.unbalancedTags, at: start, "</\(name)> closes <\(innermost.name)> opened at \(place(of: innermost.start)); "
                            + "write </\(innermost.name)> first")
        }
        flush()
        open.removeLast()
    }

    /// Reads the value, attributes and end of an opening tag whose name has been read.
    private mutating func readRest(of tag: inout Tag) throws(MarkupError) {
        skipWhitespace()
        if peek() == "=" {
            position += 1
            tag.value = try readValue(in: tag, toTagEnd: true)
        }
        while true {
            skipWhitespace()
            guard position < scalars.count, scalars[position] != "<" else {
                throw error(.malformedTag, at: tag.start, "unterminated tag <\(tag.name): expected >")
            }
            let scalar = scalars[position]
            if scalar == ">" {
                position += 1
                return
            }
            if scalar == "/", peek(1) == ">" {
                position += 2
                tag.selfClosing = true
                return
            }
            guard Self.isLetter(scalar) else {
                throw error(.malformedTag, at: tag.start, "unexpected \(Self.quoted(String(scalar))) in <\(tag.name)>")
            }
            let name = readName()
            skipWhitespace()
            guard peek() == "=" else {
                throw error(.malformedTag, at: tag.start, "expected = and a value after \(name) in <\(tag.name)>")
            }
            position += 1
            tag.attributes.append((name.lowercased(), try readValue(in: tag, toTagEnd: false)))
        }
    }

    /// A quoted or bare value. A bare one ends at whitespace, `/>` or `>`, or with
    /// `toTagEnd` only at `/>` or `>` (trimmed), so `<stroke=3 #FF0000>` is one value.
    private mutating func readValue(in tag: Tag, toTagEnd: Bool) throws(MarkupError) -> String {
        skipWhitespace()
        guard position < scalars.count else {
            throw error(.malformedTag, at: tag.start, "unterminated tag <\(tag.name): expected >")
        }
        let quote = scalars[position]
        if quote == "\"" || quote == "'" {
            let valueStart = position + 1
            var end = valueStart
            while end < scalars.count, scalars[end] != quote { end += 1 }
            guard end < scalars.count else {
                throw error(.malformedTag, at: tag.start, "unterminated quoted value in <\(tag.name)>: expected a closing \(quote)")
            }
            position = end + 1
            return Self.string(scalars[valueStart..<end])
        }
        let valueStart = position
        while position < scalars.count {
            let scalar = scalars[position]
            if scalar == ">" || scalar == "<" || (scalar == "/" && peek(1) == ">")
                || (!toTagEnd && Self.isWhitespace(scalar)) {
                break
            }
            position += 1
        }
        var end = position
        while end > valueStart, Self.isWhitespace(scalars[end - 1]) { end -= 1 }
        return Self.string(scalars[valueStart..<end])
    }

    /// Checks a complete opening tag and applies it.
    private mutating func apply(_ tag: Tag) throws(MarkupError) {
        let kind = tag.kind
        if kind.isPaired, tag.selfClosing {
            throw error(.malformedTag, at: tag.start, "<\(tag.name)/> cannot be self-closing; "
                            + "put the text between <\(tag.name)> and </\(tag.name)>")
        }
        if !kind.takesAttributes, let attribute = tag.attributes.first {
            throw error(.invalidAttribute, at: tag.start, "<\(tag.name)> takes no attribute \(attribute.name); write \(kind.example)")
        }
        if kind != .img, !kind.takesValue, tag.value != nil {
            throw error(.invalidAttribute, at: tag.start, "<\(tag.name)> takes no value; write \(kind.example)")
        }
        var attributes = current
        switch kind {
        case .b:
            attributes.weight = 700
        case .i:
            attributes.italic = true
        case .u:
            attributes.underline = true
        case .s:
            attributes.strikethrough = true
        case .color:
            let value = try requiredValue(of: tag)
            guard let color = try? Color(hex: value) else {
                throw badValue(tag, value, expected: "a colour like #FFD700, #FD0 or #FFD70080")
            }
            attributes.color = color
        case .size:
            let value = try requiredValue(of: tag)
            let size: RunSize
            if value.hasSuffix("%"), let percent = Self.number(value.dropLast()), percent > 0 {
                size = .relative(percent / 100)
            } else if let pixels = Self.number(Substring(value)), pixels > 0 {
                size = .pixels(pixels)
            } else {
                throw badValue(tag, value, expected: "a size in pixels > 0 like 40, or a percentage like 120%")
            }
            attributes.size = size.nested(in: attributes.size)
        case .font:
            let value = try requiredValue(of: tag)
            guard !value.isEmpty else {
                throw badValue(tag, value, expected: "a font family name like \"Noto Sans\"")
            }
            attributes.family = value
        case .stroke:
            let value = try requiredValue(of: tag)
            guard let stroke = Self.stroke(value) else {
                throw badValue(tag, value, expected: "none, a width >= 0, a colour, or both like 3 #FF0000")
            }
            attributes.stroke = Self.merged(stroke, over: attributes.stroke)
        case .span:
            try span(tag, changing: &attributes)
        case .br:
            pending.append("\u{2028}")
            return
        case .img:
            try image(tag)
            return
        }
        guard open.count < Markup.maximumDepth else {
            throw error(.nestingTooDeep, at: tag.start, "tags are nested more than \(Markup.maximumDepth) deep")
        }
        flush()
        open.append(OpenTag(name: tag.name, kind: kind, start: tag.start, attributes: attributes))
    }

    private mutating func image(_ tag: Tag) throws(MarkupError) {
        if tag.value != nil {
            throw error(.invalidAttribute, at: tag.start, "<\(tag.name)> takes attributes, not a value; write \(TagKind.img.example)")
        }
        var source: String?
        var height: Double?
        var alignment: InlineImage.Alignment?
        for attribute in tag.attributes {
            switch attribute.name {
            case "src":
                guard source == nil else { throw error(.invalidAttribute, at: tag.start, "<\(tag.name)> gives src twice") }
                guard !attribute.value.isEmpty else {
                    throw badValue(tag, attribute.value, expected: "an image file name", attribute: "src")
                }
                source = attribute.value
            case "height":
                guard height == nil else { throw error(.invalidAttribute, at: tag.start, "<\(tag.name)> gives height twice") }
                guard let number = Self.number(Substring(attribute.value)), number > 0 else {
                    throw badValue(tag, attribute.value, expected: "a height in pixels > 0", attribute: "height")
                }
                height = number
            case "align":
                guard alignment == nil else { throw error(.invalidAttribute, at: tag.start, "<\(tag.name)> gives align twice") }
                guard let value = InlineImage.Alignment(rawValue: attribute.value) else {
                    throw badValue(tag, attribute.value, expected: "baseline, middle or center", attribute: "align")
                }
                alignment = value
            default:
                throw error(.invalidAttribute, at: tag.start,
                            "<\(tag.name)> has no attribute \(attribute.name); expected src, height or align")
            }
        }
        guard let source else {
            throw error(.invalidAttribute, at: tag.start, "<\(tag.name)> needs a src; write \(TagKind.img.example)")
        }
        flush()
        output.appendImage(InlineImage(source: source, height: height, alignment: alignment ?? .baseline),
                           attributes: current)
    }

    /// Pango's `font_features` and `font_variations`, laid over the settings around the
    /// span tag by tag.
    private func span(_ tag: Tag, changing attributes: inout TextAttributes) throws(MarkupError) {
        guard !tag.attributes.isEmpty else {
            throw error(.invalidAttribute, at: tag.start, "<\(tag.name)> needs font_features or font_variations; "
                            + "write \(TagKind.span.example)")
        }
        var seen: Set<String> = []
        for attribute in tag.attributes {
            guard seen.insert(attribute.name).inserted else {
                throw error(.invalidAttribute, at: tag.start, "<\(tag.name)> gives \(attribute.name) twice")
            }
            switch attribute.name {
            case "font_features":
                guard let features = FontSettingsSyntax.features(attribute.value) else {
                    throw badValue(tag, attribute.value, expected: "features like \"tnum, smcp, -liga, salt=2\"",
                                   attribute: attribute.name)
                }
                attributes.features.merge(features) { $1 }
            case "font_variations":
                guard let variations = FontSettingsSyntax.variations(attribute.value) else {
                    throw badValue(tag, attribute.value, expected: "axis values like \"wght=650, wdth=85\"",
                                   attribute: attribute.name)
                }
                attributes.variations.merge(variations) { $1 }
            default:
                throw error(.invalidAttribute, at: tag.start, "<\(tag.name)> has no attribute \(attribute.name); "
                                + "expected font_features or font_variations")
            }
        }
    }

    private func requiredValue(of tag: Tag) throws(MarkupError) -> String {
        guard let value = tag.value else {
            throw error(.invalidAttribute, at: tag.start, "<\(tag.name)> needs a value; write \(tag.kind.example)")
        }
        return value
    }

    // MARK: - Values

    /// `none`, or a width and/or a colour in either order, apart by spaces or a comma.
    private static func stroke(_ value: String) -> RunStroke? {
        let parts = value.split(whereSeparator: { $0 == "," || $0.isWhitespace })
        if parts.count == 1, parts[0].lowercased() == "none" { return RunStroke.none }
        guard (1...2).contains(parts.count) else { return nil }
        var width: Double?
        var color: Color?
        for part in parts {
            if part.hasPrefix("#") {
                guard color == nil, let parsed = try? Color(hex: String(part)) else { return nil }
                color = parsed
            } else {
                guard width == nil, let parsed = number(part), parsed >= 0 else { return nil }
                width = parsed
            }
        }
        return .change(width: width, color: color)
    }

    /// An inner stroke keeps what it does not name from the stroke around it.
    private static func merged(_ inner: RunStroke, over outer: RunStroke?) -> RunStroke {
        guard case .change(let width, let color) = inner, case .change(let outerWidth, let outerColor)? = outer else {
            return inner
        }
        return .change(width: width ?? outerWidth, color: color ?? outerColor)
    }

    /// A plain decimal (`40`, `1.5`, `.5`). `Double(_:)` alone would also take `1e3`,
    /// `inf`, `nan` and hex floats, none of which a size should be.
    private static func number(_ text: Substring) -> Double? {
        var digits = 0
        var points = 0
        for scalar in text.unicodeScalars {
            if ("0"..."9").contains(scalar) {
                digits += 1
            } else if scalar == "." {
                points += 1
            } else {
                return nil
            }
        }
        guard digits > 0, points <= 1, text.last != ".", let value = Double(text), value.isFinite else { return nil }
        return value
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

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        position + offset < scalars.count ? scalars[position + offset] : nil
    }

    private mutating func skipWhitespace() {
        while position < scalars.count, Self.isWhitespace(scalars[position]) { position += 1 }
    }

    /// A tag or attribute name: an ASCII letter, then letters, digits, `-`, `_` or `:`.
    private mutating func readName() -> String {
        let start = position
        guard position < scalars.count, Self.isLetter(scalars[position]) else { return "" }
        while position < scalars.count, Self.isLetter(scalars[position]) || Self.isDigit(scalars[position])
                || scalars[position] == "-" || scalars[position] == "_" || scalars[position] == ":" {
            position += 1
        }
        return Self.string(scalars[start..<position])
    }

    private mutating func flush() {
        guard !pending.isEmpty else { return }
        output.append(String(pending), attributes: current)
        pending = String.UnicodeScalarView()
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar)
    }

    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
    }

    private static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        String(String.UnicodeScalarView(scalars))
    }

    private static func quoted(_ text: String) -> String {
        "\"" + text + "\""
    }

    // MARK: - Errors

    private func badValue(_ tag: Tag, _ value: String, expected: String, attribute: String? = nil) -> MarkupError {
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
    private func place(of offset: Int) -> String {
        let (line, column) = location(of: offset)
        return (scalars.contains("\n") ? "line \(line), " : "") + "column \(column)"
    }

    private func error(_ kind: MarkupError.Kind, at offset: Int, _ message: String) -> MarkupError {
        let (line, column) = location(of: offset)
        return MarkupError(kind, message: message, line: line, column: column, offset: offset,
                           showsLine: scalars.contains("\n"))
    }
}
