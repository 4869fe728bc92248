/// The text of a `<source>` or `<target>`: as drawn with markup (bold and italic codes
/// as `<b>` and `<i>`), as drawn without, and the inline codes carried over as text only.
struct XLIFFText: Equatable {
    /// The text with bold and italic codes as markup.
    var value = ""
    /// The same text without the markup those codes made.
    var plain = ""
    /// The codes read as their text only, each named once (see ``EntryDetails/ignoredCodes``).
    var ignoredCodes: [String] = []

    /// Appends text that is the same with markup and without.
    mutating func append(_ text: String) {
        value += text
        plain += text
    }

    /// Names a code carried over as text only.
    mutating func ignore(_ code: String) {
        if !ignoredCodes.contains(code) { ignoredCodes.append(code) }
    }

    /// This text followed by `other`.
    mutating func append(_ other: XLIFFText) {
        value += other.value
        plain += other.plain
        for code in other.ignoredCodes { ignore(code) }
    }
}

/// Turns the content of a `<source>` or `<target>` into text, reading its inline codes
/// as the XLIFF version defines them (see ``XLIFFParser`` for the rules).
struct XLIFFInlineReader {
    /// Whether the codes are XLIFF 2's (`<pc>`, `<ph/>`, `<sc>`) rather than 1.2's.
    let isVersion2: Bool
    private var text = XLIFFText()
    /// Markup tags opened by XLIFF 1.2 `<bpt>`s and not yet closed by their `<ept>`, by id.
    private var openPairs: [(id: String, tag: String)] = []

    init(isVersion2: Bool) {
        self.isVersion2 = isVersion2
    }

    /// Reads the events from `index` up to the end of the element whose content they
    /// are, and returns its text.
    static func read(_ events: [XLIFFEvent], from index: inout Int, isVersion2: Bool) -> XLIFFText {
        var reader = XLIFFInlineReader(isVersion2: isVersion2)
        reader.readContent(events, &index, inNativeCode: false)
        // A pair left open closes at the end, so the markup stays well formed.
        for pair in reader.openPairs.reversed() {
            reader.text.value += "</\(pair.tag)>"
        }
        return reader.text
    }

    /// Reads up to and past the end of the current element. Inside native code (the
    /// content of XLIFF 1.2's `<bpt>`, `<ept>`, `<it>` and `<ph>`) only `<sub>` holds
    /// text; the rest is the original format's markup, not words to draw.
    private mutating func readContent(_ events: [XLIFFEvent], _ index: inout Int, inNativeCode: Bool) {
        while index < events.count {
            let event = events[index]
            index += 1
            switch event {
            case .end:
                return
            case .text(let run):
                if !inNativeCode { text.append(run) }
            case .start(let name, let attributes, _):
                guard XLIFFNamespace.isCore(name.namespace) else {
                    // A foreign element inline: its text stays, and it is named.
                    text.ignore(Self.describe(name.local, attributes))
                    readContent(events, &index, inNativeCode: inNativeCode)
                    continue
                }
                if name.local == "sub" {
                    text.ignore(Self.describe(name.local, attributes))
                    readContent(events, &index, inNativeCode: false)
                } else if inNativeCode {
                    readContent(events, &index, inNativeCode: true)
                } else if isVersion2 {
                    readVersion2Code(name.local, attributes, events, &index)
                } else {
                    readVersion1Code(name.local, attributes, events, &index)
                }
            }
        }
    }

    // MARK: - XLIFF 1.2

    private mutating func readVersion1Code(_ name: String, _ attributes: XMLAttributes, _ events: [XLIFFEvent],
                                           _ index: inout Int) {
        switch name {
        case "g":
            if let tag = Self.markupTag(ctype: attributes["ctype"]) {
                wrap(in: tag, events, &index)
            } else {
                text.ignore(Self.describe(name, attributes))
                readContent(events, &index, inNativeCode: false)
            }
        case "x", "bx", "ex":
            placeholder(name, attributes, equivalent: attributes["equiv-text"])
            events.skipElement(&index)
        case "ph":
            let content = nativeCode(events, &index)
            if let equivalent = attributes["equiv-text"] {
                text.append(equivalent)
            } else if !Placeholders.find(in: content).isEmpty {
                // A format placeholder is drawn as the style's sample for it.
                text.append(content)
            } else {
                text.ignore(Self.describe(name, attributes))
            }
        case "bpt":
            readNativeCode(events, &index)
            if let tag = Self.markupTag(ctype: attributes["ctype"]), let id = attributes["id"] {
                openPairs.append((id, tag))
                text.value += "<\(tag)>"
            } else {
                codeWithEquivalent(name, attributes)
            }
        case "ept":
            readNativeCode(events, &index)
            if let id = attributes["id"], openPairs.last?.id == id, let pair = openPairs.popLast() {
                text.value += "</\(pair.tag)>"
            } else {
                codeWithEquivalent(name, attributes)
            }
        case "it":
            readNativeCode(events, &index)
            codeWithEquivalent(name, attributes)
        case "mrk":
            // Segment markers only split the text for translation tools.
            if attributes["mtype"] != "seg" { text.ignore(Self.describe(name, attributes)) }
            readContent(events, &index, inNativeCode: false)
        default:
            text.ignore(Self.describe(name, attributes))
            readContent(events, &index, inNativeCode: false)
        }
    }

    /// `<b>` or `<i>` for XLIFF 1.2's bold and italic content types.
    private static func markupTag(ctype: String?) -> String? {
        switch ctype {
        case "bold", "x-bold": "b"
        case "italic", "x-italic": "i"
        default: nil
        }
    }

    /// Reads a 1.2 `<ph>`'s native code, returning it as text; a `<sub>` in it is text
    /// of its own, appended as it comes.
    private mutating func nativeCode(_ events: [XLIFFEvent], _ index: inout Int) -> String {
        var code = ""
        while index < events.count {
            let event = events[index]
            index += 1
            switch event {
            case .end:
                return code
            case .text(let run):
                code += run
            case .start(let name, let attributes, _):
                if name.local == "sub" {
                    text.ignore(Self.describe(name.local, attributes))
                    readContent(events, &index, inNativeCode: false)
                } else {
                    readContent(events, &index, inNativeCode: true)
                }
            }
        }
        return code
    }

    private mutating func readNativeCode(_ events: [XLIFFEvent], _ index: inout Int) {
        readContent(events, &index, inNativeCode: true)
    }

    private mutating func codeWithEquivalent(_ name: String, _ attributes: XMLAttributes) {
        if let equivalent = attributes["equiv-text"] { text.append(equivalent) }
        text.ignore(Self.describe(name, attributes))
    }

    // MARK: - XLIFF 2

    private mutating func readVersion2Code(_ name: String, _ attributes: XMLAttributes, _ events: [XLIFFEvent],
                                           _ index: inout Int) {
        switch name {
        case "ph":
            placeholder(name, attributes, equivalent: attributes["equiv"] ?? attributes["disp"])
            events.skipElement(&index)
        case "pc":
            if let tag = Self.markupTag(formatStyle: attributes[XLIFFNamespace.formatStyle, "fs"],
                                        type: attributes["type"], subType: attributes["subType"]) {
                wrap(in: tag, events, &index)
            } else {
                text.ignore(Self.describe(name, attributes))
                readContent(events, &index, inNativeCode: false)
            }
        case "cp":
            // A character XML cannot carry, written as its code point.
            if let hex = attributes["hex"], let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) {
                text.append(String(Character(scalar)))
            } else {
                text.ignore(Self.describe(name, attributes))
            }
            events.skipElement(&index)
        default:
            // <mrk>, <sc>, <ec>, <sm>, <em> and anything newer.
            text.ignore(Self.describe(name, attributes))
            readContent(events, &index, inNativeCode: false)
        }
    }

    /// `<b>` or `<i>` for an XLIFF 2 `<pc>` styled by the Format Style module (`fs:fs`)
    /// or typed as formatting (`type="fmt" subType="xlf:b"`).
    private static func markupTag(formatStyle: String?, type: String?, subType: String?) -> String? {
        switch formatStyle {
        case "b", "strong": return "b"
        case "i", "em": return "i"
        default: break
        }
        guard type == "fmt" else { return nil }
        switch subType {
        case "xlf:b": return "b"
        case "xlf:i": return "i"
        default: return nil
        }
    }

    // MARK: - Shared

    private mutating func wrap(in tag: String, _ events: [XLIFFEvent], _ index: inout Int) {
        text.value += "<\(tag)>"
        readContent(events, &index, inNativeCode: false)
        text.value += "</\(tag)>"
    }

    /// A placeholder code drawn as its equivalent text; one without is named.
    private mutating func placeholder(_ name: String, _ attributes: XMLAttributes, equivalent: String?) {
        if let equivalent {
            text.append(equivalent)
        } else {
            text.ignore(Self.describe(name, attributes))
        }
    }


    /// A code as a report names it: its tag with the attribute that says what it is,
    /// as `<mrk type="term">`, `<g ctype="x-link">` or `<bpt id="1">`.
    static func describe(_ name: String, _ attributes: XMLAttributes) -> String {
        for attribute in ["ctype", "mtype", "type", "id"] {
            if let value = attributes[attribute] {
                return "<\(name) \(attribute)=\"\(value)\">"
            }
        }
        return "<\(name)>"
    }
}
