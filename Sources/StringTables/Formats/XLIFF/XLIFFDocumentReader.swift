import StyledText

/// Reads an XLIFF document from libxml2's SAX2 events: the structure (`<xliff>`,
/// `<file>`, `<group>`) as it comes, and each unit's events, held only until the unit
/// closes, through ``XLIFFUnitReader``. The same reader serves a document in memory and
/// a file streamed a chunk at a time, so both read alike.
final class XLIFFDocumentReader: XMLEventHandler {
    /// The deepest nesting of elements read. XLIFF's own structure is six deep
    /// (`xliff`, `file`, `body`, `group`, `trans-unit`, `target`); nested groups and
    /// inline codes add a few, and the inline codes become markup, whose nesting is
    /// bounded by the same number (``Markup/maximumDepth``). Deeper is hostile input,
    /// refused before it costs stack or time.
    static let maximumDepth = Markup.maximumDepth

    private let source: String
    private var builder: XLIFFCatalogBuilder
    /// The start tags placed at their `<`, when reading a document in memory; nil while
    /// streaming, where places are never shown (a problem ends the one-pass read).
    private var startTags: [(name: String, place: SourcePlace)]?
    private var nextStartTag = 0
    private(set) var failure: StringTableError?

    private var names = XMLNameCache()
    private var depth = 0
    private var isVersion2 = false
    private var sawRoot = false
    /// The structural elements open above the current one, with what they pass on to
    /// their units.
    private var structure: [(name: String, context: XLIFFUnitContext)] = []
    /// Inside a unit: the depth of its start tag.
    private var unitDepth: Int?
    /// The open unit's events, one buffer for every unit so that its storage is
    /// allocated once rather than grown again per unit.
    private var unitEvents: [XLIFFEvent] = []
    /// The text run being read inside a unit, which libxml2 may hand over in pieces.
    private var pendingText: [UInt8] = []
    /// Inside an element that holds nothing read (a `<header>`, a module's element): the
    /// depth of its start tag.
    private var skippedDepth: Int?
    /// XLIFF 2's languages, given once on `<xliff>`.
    private var languages: (source: String, target: String?)?

    private init(source: String, options: TableReadOptions, mode: ReadingMode,
                 startTags: [(name: String, place: SourcePlace)]?) {
        self.source = source
        builder = XLIFFCatalogBuilder(source: source, options: options, mode: mode)
        self.startTags = startTags
    }

    /// The catalog of the document that `feed` hands to the parser a chunk at a time;
    /// nil when `feed` could not read the whole document.
    static func read(source: String, options: TableReadOptions, mode: ReadingMode,
                     startTags: [(name: String, place: SourcePlace)]?,
                     feed: (XMLPushParser) -> Bool) throws(StringTableError) -> StringCatalog? {
        let reader = XLIFFDocumentReader(source: source, options: options, mode: mode, startTags: startTags)
        let parser = XMLPushParser(handler: reader)
        let complete = feed(parser)
        if let failure = reader.failure { throw failure }
        if let failure = parser.failure {
            throw StringTableError(.syntax, file: source, place: .lineColumn(line: failure.line, column: failure.column),
                                   message: XMLSyntaxMessage.describe(code: failure.code, root: "xliff", expected: "an XLIFF document with an <xliff> element"))
        }
        guard complete else { return nil }
        guard reader.sawRoot else {
            throw StringTableError(.missingField, file: source, place: .wholeFile,
                                   message: "no elements; expected an XLIFF document with an <xliff> element")
        }
        return try reader.builder.catalog()
    }

    private func fail(_ error: StringTableError, _ parser: XMLPushParser) {
        guard failure == nil else { return }
        failure = error
        parser.stop()
    }

    /// Where the start tag just reported begins: found in the text when reading it
    /// whole, else libxml2's place (the tag's end) while the two agree no longer.
    private func place(of tag: XMLStartTag, _ parser: XMLPushParser) -> SourcePlace {
        guard let tags = startTags else { return .wholeFile }
        defer { nextStartTag += 1 }
        if nextStartTag < tags.count, tags[nextStartTag].name == tag.qualifiedName {
            return tags[nextStartTag].place
        }
        startTags = nil
        return .lineColumn(line: parser.line, column: parser.column)
    }

    /// Hands the text read since the last tag to the open unit, as one event.
    private func flushText() {
        guard !pendingText.isEmpty else { return }
        if unitDepth != nil { unitEvents.append(.text(String(decoding: pendingText, as: UTF8.self))) }
        pendingText.removeAll(keepingCapacity: true)
    }

    // MARK: - Parser events

    func startElement(_ tag: XMLStartTag, _ parser: XMLPushParser) {
        guard failure == nil else { return }
        flushText()
        let place = place(of: tag, parser)
        depth += 1
        guard depth <= Self.maximumDepth else {
            fail(StringTableError(.limitExceeded, file: source, place: place,
                                  message: "elements nested more than \(Self.maximumDepth) deep; expected XLIFF's structure "
                                      + "of files, groups, units and inline codes"), parser)
            return
        }
        let name = tag.name(&names)
        if skippedDepth != nil, unitDepth == nil { return }
        let resolved = tag.attributes(&names)
        if unitDepth != nil {
            unitEvents.append(.start(name, resolved, place: place))
            return
        }
        if skippedDepth != nil { return }
        do {
            try structure(name, resolved, place: place)
        } catch {
            fail(error, parser)
        }
    }

    /// A start tag outside units: the root, a file, a group, a unit's beginning, or
    /// something skipped whole.
    private func structure(_ name: XMLName, _ attributes: XMLAttributes, place: SourcePlace) throws(StringTableError) {
        guard sawRoot else {
            sawRoot = true
            try root(name, attributes, place: place)
            structure.append(("xliff", XLIFFUnitContext()))
            return
        }
        let parent = structure.last!
        var context = parent.context
        if !XLIFFNamespace.isCore(name.namespace) {
            if isVersion2, parent.name == "file", name.namespace == XLIFFNamespace.sizeRestriction, name.local == "profiles" {
                context.sizeProfile = attributes["generalProfile"]
                structure[structure.count - 1].context = context
            }
            skippedDepth = depth
            return
        }
        let isUnit = isVersion2
            ? name.local == "unit" && (parent.name == "file" || parent.name == "group")
            : name.local == "trans-unit" && (parent.name == "body" || parent.name == "group")
        if isUnit {
            unitEvents.append(.start(name, attributes, place: place))
            unitDepth = depth
            return
        }
        switch (parent.name, name.local) {
        case ("xliff", "file"):
            try beginFile(attributes, place: place)
        case ("file", "body") where !isVersion2:
            break
        case ("body", "group"), ("group", "group"):
            if attributes["translate"] == "no" { context.untranslatable = true }
        case ("file", "group") where isVersion2:
            if attributes["translate"] == "no" { context.untranslatable = true }
        default:
            // <header>, <skeleton>, <notes> of a file or group, <bin-unit>, and anything
            // a newer version adds: nothing in them is drawn.
            skippedDepth = depth
            return
        }
        structure.append((name.local, context))
    }

    private func root(_ name: XMLName, _ attributes: XMLAttributes, place: SourcePlace) throws(StringTableError) {
        guard name.local == "xliff", XLIFFNamespace.isCore(name.namespace) else {
            throw StringTableError(.invalidValue, file: source, place: place,
                                   message: "expected <xliff> as the root element, got <\(name.local)>")
        }
        guard let version = attributes["version"] else {
            throw StringTableError(.missingField, file: source, place: place,
                                   message: "expected a version attribute on <xliff>, such as version=\"1.2\" or \"2.1\"")
        }
        switch version.split(separator: ".").first {
        case "1": isVersion2 = false
        case "2": isVersion2 = true
        default:
            throw StringTableError(.invalidValue, file: source, place: place,
                                   message: "expected XLIFF version 1.2 or 2.x, got \(JSONValue.quoted(version))")
        }
        if isVersion2 {
            guard let sourceLanguage = attributes["srcLang"] else {
                throw StringTableError(.missingField, file: source, place: place,
                                       message: "expected a srcLang attribute on <xliff>")
            }
            languages = (sourceLanguage, attributes["trgLang"])
            // The languages hold for the whole file, with or without <file>s.
            try builder.beginFile(name: nil, sourceLanguage: sourceLanguage, targetLanguage: attributes["trgLang"], place: place)
        }
    }

    private func beginFile(_ attributes: XMLAttributes, place: SourcePlace) throws(StringTableError) {
        if let languages {
            try builder.beginFile(name: attributes["original"] ?? attributes["id"], sourceLanguage: languages.source,
                                  targetLanguage: languages.target, place: place)
            return
        }
        guard let sourceLanguage = attributes["source-language"] else {
            throw StringTableError(.missingField, file: source, place: place,
                                   message: "expected a source-language attribute on <file>")
        }
        // `id` is not XLIFF 1.2's, but tools such as Crowdin write one beside `original`.
        try builder.beginFile(name: attributes["original"] ?? attributes["id"], sourceLanguage: sourceLanguage,
                              targetLanguage: attributes["target-language"], place: place)
    }

    func endElement(_ parser: XMLPushParser) {
        guard failure == nil else { return }
        flushText()
        defer { depth -= 1 }
        if let openDepth = unitDepth {
            unitEvents.append(.end)
            guard depth == openDepth else { return }
            unitDepth = nil
            defer { unitEvents.removeAll(keepingCapacity: true) }
            do {
                var reader = XLIFFUnitReader(source: source, events: unitEvents)
                let context = structure.last?.context ?? XLIFFUnitContext()
                try builder.add(isVersion2 ? try reader.readUnit(context: context) : try reader.readTransUnit(context: context))
            } catch {
                fail(error, parser)
            }
            return
        }
        if let skipped = skippedDepth {
            if depth == skipped { skippedDepth = nil }
            return
        }
        guard let closed = structure.popLast() else { return }
        if closed.name == "file" {
            do { try builder.endFile() } catch { fail(error, parser) }
        }
    }

    func characters(_ text: UnsafeBufferPointer<UInt8>, _ parser: XMLPushParser) {
        guard failure == nil, unitDepth != nil else { return }
        pendingText.append(contentsOf: text)
    }

    func refused(_ construct: XMLRefusedConstruct, _ parser: XMLPushParser) {
        // Reading whole, the scan before the parse has refused these at their places.
        let message = switch construct {
        case .documentType: "a document type declaration (<!DOCTYPE) is not read; expected the file without it"
        case .entityDeclaration: "entity declarations are not supported; expected the text written out in each unit"
        case .emptyProcessingInstruction(let name): "a processing instruction without content (<?\(name)?>) is not supported; remove it"
        }
        fail(StringTableError(.unsupportedFeature, file: source, place: .lineColumn(line: parser.line, column: parser.column),
                              message: message), parser)
    }
}
