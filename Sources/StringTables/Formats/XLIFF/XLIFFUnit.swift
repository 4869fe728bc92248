import StyledText

/// One translation unit as read: XLIFF 1.2's `<trans-unit>` or XLIFF 2's `<unit>`.
struct XLIFFUnit {
    /// `resname` (1.2) or `name` (2.x), else `id`.
    var key: String
    /// Where the unit's start tag is, for messages.
    var place: SourcePlace
    /// Every `<source>` text of the unit, joined.
    var source: XLIFFText
    /// Nil when the unit is untranslated: no target, an empty one, or one whose state
    /// says it is not translated yet.
    var target: XLIFFText?
    /// The unit's notes joined by line breaks; nil when it has none with text.
    var note: String?
    /// `maxwidth` (1.2) or `slr:sizeRestriction` (2.x), where its unit is known.
    var limit: SizeLimit?
}

/// What a unit's enclosing elements say about it.
struct XLIFFUnitContext {
    /// `translate="no"` on the unit's group.
    var untranslatable = false
    /// The `<file>`'s `slr:profiles generalProfile` (XLIFF 2).
    var sizeProfile: String?
}

/// Reads the events of one unit, its start tag first, into an ``XLIFFUnit``.
struct XLIFFUnitReader {
    let source: String
    let events: [XLIFFEvent]
    private var index = 0

    init(source: String, events: [XLIFFEvent]) {
        self.source = source
        self.events = events
    }

    /// XLIFF 1.2's target states that say the target is not a translation yet.
    static let untranslatedStates: Set<String> = ["new", "needs-translation"]

    // MARK: - XLIFF 1.2

    /// An XLIFF 1.2 `<trans-unit>`: its key, `<source>`, first `<target>` and its
    /// `state`, `<note>`s and `maxwidth`.
    mutating func readTransUnit(context: XLIFFUnitContext) throws(StringTableError) -> XLIFFUnit {
        guard case .start(_, let attributes, let place) = events.first else {
            preconditionFailure("a unit's events start with its start tag")
        }
        index = 1
        let key = try key(attributes, nameAttribute: "resname", element: "trans-unit", place: place)
        var sourceText: XLIFFText?
        var target: (text: XLIFFText, state: String?)?
        var notes: [String] = []
        while let (name, childAttributes, _) = nextChild() {
            switch name {
            case "source" where sourceText == nil:
                sourceText = XLIFFInlineReader.read(events, from: &index, isVersion2: false)
            case "target" where target == nil:
                target = (XLIFFInlineReader.read(events, from: &index, isVersion2: false), childAttributes["state"])
            case "note":
                notes.append(plainText())
            default:
                // <alt-trans> holds other translations, with targets of their own;
                // <context-group>, <count-group> and <prop-group> say nothing drawn.
                skipElement()
            }
        }
        guard let sourceText else {
            throw StringTableError(.missingField, file: source, place: place,
                                   message: "expected a <source> in <trans-unit> \(JSONValue.quoted(key))")
        }
        var translated = target.flatMap { target in
            !target.text.value.isEmpty && !Self.untranslatedStates.contains(target.state ?? "") ? target.text : nil
        }
        if attributes["translate"] == "no" || context.untranslatable {
            translated = sourceText
        }
        return XLIFFUnit(key: key, place: place, source: sourceText, target: translated,
                         note: Self.joined(notes), limit: try widthLimit(attributes, place: place))
    }

    /// XLIFF 1.2's `maxwidth`, in pixels unless `size-unit` says characters; other units
    /// (bytes, columns, centimetres…) say nothing about a drawn label and are ignored.
    private func widthLimit(_ attributes: XMLAttributes, place: SourcePlace) throws(StringTableError) -> SizeLimit? {
        guard let text = attributes["maxwidth"] else { return nil }
        guard let value = Int(text), value >= 0 else {
            throw StringTableError(.invalidValue, file: source, place: place,
                                   message: "expected maxwidth to be a whole number, got \(JSONValue.quoted(text))")
        }
        switch attributes["size-unit"] ?? "pixel" {
        case "pixel": return SizeLimit(width: value)
        case "char": return SizeLimit(characters: value)
        default: return nil
        }
    }

    // MARK: - XLIFF 2

    /// An XLIFF 2 `<unit>`: its key, its segments and ignorables joined, its `<notes>`
    /// and its `slr:sizeRestriction`.
    mutating func readUnit(context: XLIFFUnitContext) throws(StringTableError) -> XLIFFUnit {
        guard case .start(_, let attributes, let place) = events.first else {
            preconditionFailure("a unit's events start with its start tag")
        }
        index = 1
        let key = try key(attributes, nameAttribute: "name", element: "unit", place: place)
        var parts: [Part] = []
        var notes: [String] = []
        while let (name, childAttributes, _) = nextChild() {
            switch name {
            case "segment", "ignorable":
                parts.append(try readPart(isSegment: name == "segment", state: childAttributes["state"]))
            case "notes":
                while let (noteName, _, _) = nextChild() {
                    if noteName == "note" { notes.append(plainText()) } else { skipElement() }
                }
            default:
                // <originalData>, and modules' elements (matches, glossaries, metadata).
                skipElement()
            }
        }
        let sourceText = Self.joined(parts.map(\.source))
        let untranslatable = attributes["translate"] == "no" || context.untranslatable
        return XLIFFUnit(key: key, place: place, source: sourceText,
                         target: untranslatable ? sourceText : Self.target(of: parts),
                         note: Self.joined(notes),
                         limit: try sizeRestriction(attributes, profile: context.sizeProfile, place: place))
    }

    /// A `<segment>` or `<ignorable>`.
    private struct Part {
        var isSegment: Bool
        var source: XLIFFText
        var target: XLIFFText?
        /// The target's `order`: where its text goes among the unit's parts, from 1.
        var order: Int?
        var state: String?
    }

    private mutating func readPart(isSegment: Bool, state: String?) throws(StringTableError) -> Part {
        var part = Part(isSegment: isSegment, source: XLIFFText(), state: state)
        while let (name, attributes, childPlace) = nextChild() {
            switch name {
            case "source":
                part.source = XLIFFInlineReader.read(events, from: &index, isVersion2: true)
            case "target":
                if let order = attributes["order"] {
                    guard let position = Int(order), position >= 1 else {
                        throw StringTableError(.invalidValue, file: source, place: childPlace,
                                               message: "expected order to be a position from 1, got \(JSONValue.quoted(order))")
                    }
                    part.order = position
                }
                part.target = XLIFFInlineReader.read(events, from: &index, isVersion2: true)
            default:
                skipElement()
            }
        }
        return part
    }

    /// The unit's target: every part's target in order (an `order` moves a target to that
    /// part's place), an ignorable without a target giving its source, as the white space
    /// between sentences it usually is. Nil when any segment lacks a target or is in the
    /// `initial` state, or the whole is empty: half a translation is not drawn.
    private static func target(of parts: [Part]) -> XLIFFText? {
        var placed: [(position: Int, text: XLIFFText)] = []
        for (offset, part) in parts.enumerated() {
            if part.isSegment {
                guard let target = part.target, part.state != "initial" else { return nil }
                placed.append((part.order ?? offset + 1, target))
            } else {
                placed.append((part.target.flatMap { _ in part.order } ?? offset + 1, part.target ?? part.source))
            }
        }
        let text = joined(placed.enumerated().sorted { ($0.element.position, $0.offset) < ($1.element.position, $1.offset) }
            .map(\.element.text))
        return text.value.isEmpty ? nil : text
    }

    /// XLIFF 2's `slr:sizeRestriction` (`max` or `min,max`), read under the file's general
    /// profile: `xliff:codepoints`, the one the specification defines, counts characters;
    /// a profile of the file's own whose name ends in `pixels` (`x-acme:pixels`) gives a
    /// width. Under any other profile, or none, the number means nothing known.
    private func sizeRestriction(_ attributes: XMLAttributes, profile: String?, place: SourcePlace) throws(StringTableError) -> SizeLimit? {
        guard let text = attributes[XLIFFNamespace.sizeRestriction, "sizeRestriction"] else { return nil }
        let bounds = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard (1...2).contains(bounds.count), let maximum = bounds.last ?? nil, maximum >= 0,
              bounds.allSatisfy({ $0 != nil }) else {
            throw StringTableError(.invalidValue, file: source, place: place,
                                   message: "expected slr:sizeRestriction to be a maximum or min,max, got \(JSONValue.quoted(text))")
        }
        guard let profile else { return nil }
        if profile == "xliff:codepoints" { return SizeLimit(characters: maximum) }
        let name = profile.split(separator: ":").last.map { $0.lowercased() } ?? ""
        return name.hasSuffix("pixels") || name == "px" ? SizeLimit(width: maximum) : nil
    }

    // MARK: - Shared

    private func key(_ attributes: XMLAttributes, nameAttribute: String, element: String,
                     place: SourcePlace) throws(StringTableError) -> String {
        if let name = attributes[nameAttribute], !name.isEmpty { return name }
        guard let id = attributes["id"], !id.isEmpty else {
            throw StringTableError(.missingField, file: source, place: place,
                                   message: "expected an id attribute on <\(element)>")
        }
        return id
    }

    /// The next child element of XLIFF's own of the element being read, or nil at its
    /// end; text between children and elements of other namespaces are passed over.
    private mutating func nextChild() -> (name: String, attributes: XMLAttributes, place: SourcePlace)? {
        while index < events.count {
            let event = events[index]
            index += 1
            switch event {
            case .end:
                return nil
            case .text:
                continue
            case .start(let name, let attributes, let place):
                if XLIFFNamespace.isCore(name.namespace) { return (name.local, attributes, place) }
                skipElement()
            }
        }
        return nil
    }

    /// Up to and past the end of the element just started.
    private mutating func skipElement() {
        events.skipElement(&index)
    }

    /// The text of the element just started, its children's included.
    private mutating func plainText() -> String {
        var text = ""
        var depth = 1
        while index < events.count, depth > 0 {
            switch events[index] {
            case .start: depth += 1
            case .end: depth -= 1
            case .text(let run): text += run
            }
            index += 1
        }
        return text
    }

    private static func joined(_ notes: [String]) -> String? {
        let present = notes.filter { !$0.isEmpty }
        return present.isEmpty ? nil : present.joined(separator: "\n")
    }

    private static func joined(_ texts: [XLIFFText]) -> XLIFFText {
        var result = XLIFFText()
        for text in texts { result.append(text) }
        return result
    }
}
