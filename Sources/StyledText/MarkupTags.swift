extension MarkupParser {
    // MARK: - Tags

    mutating func tag() throws(MarkupError) {
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
}
