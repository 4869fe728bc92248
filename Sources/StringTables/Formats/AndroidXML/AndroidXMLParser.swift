import Foundation
import StyledText
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads Android resource files (`res/values-de/strings.xml`), giving each string the
/// text `getString()` returns in the app.
///
/// - `<string name="k">` gives `k`; `<plurals name="k">` gives `k#one`, `k#other` (by
///   each `<item quantity="…">`); `<string-array name="a">` gives `a#0`, `a#1`.
/// - `translatable="false"` strings are skipped (they live only in `values/`), and so
///   are `product` variants other than `default`. Other resource types (`<color>`,
///   `<dimen>`, `<integer-array>`, …) are ignored.
/// - The text is compiled as aapt2 does: outside double quotes, runs of whitespace
///   become one space and a `'` must be escaped; double quotes keep whitespace and are
///   removed; escapes are `\n \t \' \" \\ \@ \? \#` and `\u` with four hex digits
///   (a surrogate pair of escapes makes one character); a string without markup loses
///   its leading and trailing whitespace. Entities (`&lt;`) and CDATA are plain text.
/// - Inline markup (`<b>`, `<i>`, `<annotation>`, `<xliff:g>`) is stripped to its text,
///   as `getString()` returns it; the renderer draws styles from the style file.
/// - A string that is only a reference (`@string/other`) takes that string's text from
///   the same file; a reference to a string the file lacks is left out and listed as
///   untranslated.
/// - Entity declarations (`<!ENTITY name "…">`) are rejected: Foundation's parser
///   drops their references, which would lose text silently.
struct AndroidXMLParser {
    let source: String

    func content(from data: Data) throws(StringTableError) -> TableContent {
        try rejectEntityDeclarations(in: data)
        try rejectInvalidUTF8(in: data)
        try rejectEmptyProcessingInstructions(in: data)
        var reader = EventReader(events: try XMLEventRecorder.events(of: data, source: source), source: source,
                                 mode: .whole)
        return try reader.readResources()
    }

    /// The file's content, keeping the strings whose keys `keeping` accepts, read a
    /// chunk at a time and one resource at a time, so only the kept strings, the
    /// `@string/` references and a hash per key stay in memory; nil when the file cannot
    /// be read that way (UTF-16) or has a problem, which reading it whole then names.
    func streamedContent(contentsOf path: String, keeping: ((String) -> Bool)?,
                         chunkSize: Int = 1 << 20) -> TableContent? {
        guard XMLHazardScan.isClear(path: path, chunkSize: chunkSize) else { return nil }
        var targets: Set<String> = []
        // A kept string may refer to one that is not kept: its text is then fetched
        // in a second pass.
        for _ in 0..<2 {
            let mode = ReadingMode(keeping: keeping, hashed: true)
            guard let stream = InputStream(fileAtPath: path),
                  let (content, missing) = XMLEventBatcher.read(stream, source: source, mode: mode, alsoKeeping: targets)
            else { return nil }
            let dropped = missing.filter { !mode.keeps($0) && !targets.contains($0) }
            if dropped.isEmpty { return content }
            targets.formUnion(dropped)
        }
        return nil
    }

    /// Finds `<!ENTITY`, which no `<string>` could contain unescaped.
    private func rejectEntityDeclarations(in data: Data) throws(StringTableError) {
        let bytes = [UInt8](data)
        let marker = Array("<!ENTITY".utf8)
        guard let start = bytes.indices.first(where: { bytes[$0...].starts(with: marker) }) else { return }
        var line = 1
        var column = 1
        for byte in bytes[..<start] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        throw StringTableError(.unsupportedFeature, file: source, place: .lineColumn(line: line, column: column),
                               message: "entity declarations are not supported; expected the text written out "
                                   + "in each string")
    }
}

extension AndroidXMLParser {
    /// UTF-16, as libxml2 tells it by the first bytes (a byte order mark, or `<` and a zero).
    static func isUTF16(_ bytes: [UInt8]) -> Bool {
        [[0xFF, 0xFE], [0xFE, 0xFF], [0x3C, 0x00], [0x00, 0x3C]].contains { bytes.starts(with: $0) }
    }

    /// FoundationXML stops the process when libxml2 hands it a tag or attribute name
    /// that is not valid UTF-8 (`<\u{F5}string>` does), so such bytes must never reach
    /// it. UTF-16, which libxml2 tells by its first bytes, is converted by libxml2 and
    /// left to it. Everything else must be UTF-8, as Android's build tools require:
    /// trusting a declared legacy encoding let invalid bytes through whenever libxml2
    /// could not use the declaration (an unknown name, a garbled declaration).
    private func rejectInvalidUTF8(in data: Data) throws(StringTableError) {
        let bytes = [UInt8](data)
        if Self.isUTF16(bytes) { return }
        var iterator = (bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]).makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var line = 1
        var column = 1
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                if Unicode.UTF8.decode(encoded) == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            case .emptyInput:
                return
            case .error:
                throw StringTableError(.invalidEncoding, file: source, place: .lineColumn(line: line, column: column),
                                       message: "invalid UTF-8 here; expected UTF-8 or UTF-16 text (save the file as UTF-8)")
            }
        }
    }

    /// FoundationXML stops the process on a processing instruction without content
    /// (`<?name?>`): libxml2 hands it no text at all, which it reads as a C string.
    /// Such an instruction means nothing in a resource file, so it is refused by place.
    private func rejectEmptyProcessingInstructions(in data: Data) throws(StringTableError) {
        // UTF-16 is read as libxml2 reads it; anything else is UTF-8 by now (checked
        // first), where ASCII, all this looks at, is itself.
        let bytes = [UInt8](data)
        let isUTF16 = Self.isUTF16(bytes)
        let scalars: [Unicode.Scalar]
        if isUTF16 {
            guard let decoded = try? TextDecoding.decode(data, source: source) else { return }
            scalars = decoded
        } else {
            scalars = bytes.map { Unicode.Scalar($0) }
        }
        var line = 1, column = 1
        var index = 0
        while index < scalars.count {
            if scalars[index] == "<", index + 1 < scalars.count, scalars[index + 1] == "?" {
                var end = index + 2
                while end < scalars.count, scalars[end] != "?", !scalars[end].properties.isWhitespace { end += 1 }
                if end > index + 2, end + 1 < scalars.count, scalars[end] == "?", scalars[end + 1] == ">" {
                    let name = String(String.UnicodeScalarView(scalars[(index + 2)..<end]))
                    throw StringTableError(
                        .unsupportedFeature, file: source, place: .lineColumn(line: line, column: column),
                        message: "a processing instruction without content (<?\(name)?>) is not supported; remove it")
                }
            }
            if scalars[index] == "\n" {
                line += 1
                column = 1
            } else if isUTF16 || scalars[index].value & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
    }
}

// MARK: - Reading in one pass

/// Looks for what ``AndroidXMLParser`` refuses before Foundation's parser sees a file
/// (entity declarations, bytes that are not UTF-8, empty processing instructions) a
/// chunk at a time, without saying where: a file with any of them, or in UTF-16, is
/// read whole, which names the place.
private enum XMLHazardScan {
    static func isClear(path: String, chunkSize: Int) -> Bool {
        guard let file = ChunkedFile(path: path, chunkSize: chunkSize) else { return false }
        var head: [UInt8] = []
        while head.count < 3, let chunk = file.next() {
            head += chunk
        }
        guard !AndroidXMLParser.isUTF16(head) else { return false }
        let markLength = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var bytes = WatchedBytes(bytes: FileBytes(file: file, head: Array(head.dropFirst(markLength))))
        var parser = Unicode.UTF8.ForwardParser()
        while true {
            switch parser.parseScalar(from: &bytes) {
            case .valid: continue
            case .emptyInput: return !bytes.markup.found && !file.failed
            case .error: return false
            }
        }
    }

    /// The bytes of the file, each shown to the markup watcher as it passes.
    private struct WatchedBytes: IteratorProtocol {
        var bytes: FileBytes
        var markup = RiskyMarkup()

        mutating func next() -> UInt8? {
            guard let byte = bytes.next() else { return nil }
            markup.feed(byte)
            return byte
        }
    }

    /// `<!ENTITY`, or `<?name?>` with a name and no content, found byte by byte as the
    /// whole-file checks find them (each byte read as the scalar of its value).
    private struct RiskyMarkup {
        private static let entity = Array("<!ENTITY".utf8)
        private var entityMatched = 0
        /// Inside `<?`, how many bytes of name have been read.
        private var nameLength: Int?
        /// A `<?name?` was just read: a `>` now completes an empty instruction.
        private var awaitingClose = false
        private var previousWasLessThan = false
        private(set) var found = false

        mutating func feed(_ byte: UInt8) {
            if byte == Self.entity[entityMatched] {
                entityMatched += 1
                if entityMatched == Self.entity.count { found = true; entityMatched = 0 }
            } else {
                entityMatched = byte == UInt8(ascii: "<") ? 1 : 0
            }
            if awaitingClose {
                found = found || byte == UInt8(ascii: ">")
                awaitingClose = false
            }
            if let length = nameLength {
                if byte == UInt8(ascii: "?") {
                    awaitingClose = length > 0
                    nameLength = nil
                } else if Self.isWhitespace(byte) {
                    nameLength = nil
                } else {
                    nameLength = length + 1
                }
            }
            if byte == UInt8(ascii: "?"), previousWasLessThan {
                nameLength = 0
            }
            previousWasLessThan = byte == UInt8(ascii: "<")
        }

        /// Whether the scalar of the byte's value is White_Space, as
        /// `Unicode.Scalar(byte).properties.isWhitespace` says, without its table lookup.
        private static func isWhitespace(_ byte: UInt8) -> Bool {
            byte == 0x20 || (0x09...0x0D).contains(byte) || byte == 0x85 || byte == 0xA0
        }
    }
}

/// Hands Foundation's events to an ``EventReader`` one resource at a time, as each
/// child of `<resources>` closes, so the events of the whole file are never held.
private final class XMLEventBatcher: NSObject, XMLParserDelegate {
    private var reader: EventReader
    private var pending: [XMLEvent] = []
    private var depth = 0
    private var sawRoot = false
    private var closedRoot = false
    private var failed = false

    private init(reader: EventReader) {
        self.reader = reader
    }

    /// The content and the missing targets of `@string/` references (see
    /// ``EventReader/finish()``); nil on any problem.
    static func read(_ stream: InputStream, source: String, mode: ReadingMode,
                     alsoKeeping targets: Set<String>) -> (TableContent, missing: Set<String>)? {
        let parser = XMLParser(stream: stream)
        let batcher = XMLEventBatcher(reader: EventReader(events: [], source: source, mode: mode, alsoKeeping: targets))
        parser.delegate = batcher
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        let succeeded = parser.parse()
        guard succeeded, parser.parserError == nil, !batcher.failed, batcher.sawRoot else { return nil }
        // Whole, an unclosed root ends with the events; so it does here.
        if !batcher.closedRoot {
            batcher.flush(parser)
        }
        guard !batcher.failed else { return nil }
        return try? batcher.reader.finish()
    }

    private func flush(_ parser: XMLParser) {
        guard !failed else { return }
        do {
            try reader.readResourceList(of: pending)
        } catch {
            failed = true
            parser.abortParsing()
        }
        pending.removeAll(keepingCapacity: true)
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        guard !failed else { return }
        if depth == 0 {
            // A second root is a syntax error Foundation reports; the first must be <resources>.
            guard !sawRoot, elementName == "resources" else {
                failed = true
                parser.abortParsing()
                return
            }
            sawRoot = true
        } else {
            // Places are only for messages, which reading the file whole gives.
            pending.append(.start(name: elementName, attributes: attributes, place: .wholeFile))
        }
        depth += 1
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        guard !failed else { return }
        depth -= 1
        if depth == 0 {
            flush(parser)
            closedRoot = true
            return
        }
        pending.append(.end(name: elementName))
        if depth == 1 {
            flush(parser)
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        // Text outside the root is skipped, as the whole-file reader skips it.
        guard !failed, depth > 0, !closedRoot else { return }
        pending.append(.text(string, place: .wholeFile))
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        guard !failed, depth > 0, !closedRoot else { return }
        pending.append(.text(String(decoding: CDATABlock, as: UTF8.self), place: .wholeFile))
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        failed = true
    }
}

// MARK: - Reading the events

/// What Foundation's parser reported, in order, so the resource grammar can be read
/// by plain recursive descent instead of a delegate's state machine.
private enum XMLEvent {
    case start(name: String, attributes: [String: String], place: SourcePlace)
    case end(name: String)
    case text(String, place: SourcePlace)
}

private final class XMLEventRecorder: NSObject, XMLParserDelegate {
    var events: [XMLEvent] = []
    var failure: (code: Int, place: SourcePlace)?

    static func events(of data: Data, source: String) throws(StringTableError) -> [XMLEvent] {
        let parser = XMLParser(data: data)
        let recorder = XMLEventRecorder()
        parser.delegate = recorder
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        // parse() can return true for a truncated file while still setting the error.
        let succeeded = parser.parse()
        if let failure = recorder.failure {
            throw StringTableError(.syntax, file: source, place: failure.place, message: describe(code: failure.code))
        }
        if !succeeded || parser.parserError != nil {
            let code = (parser.parserError as NSError?)?.code ?? 0
            throw StringTableError(.syntax, file: source, place: place(parser), message: describe(code: code))
        }
        return placingStartTags(recorder.events, in: data)
    }

    /// The events with each start tag placed at its `<`. libxml2 reports the position
    /// after a tag, one column further for tags with attributes than for those
    /// without, and on its last line when it spans several; finding the tags in the
    /// text gives the place an editor should jump to. If the text cannot be matched
    /// to the events (an encoding only libxml2 reads), its positions stay.
    private static func placingStartTags(_ events: [XMLEvent], in data: Data) -> [XMLEvent] {
        guard let scalars = try? TextDecoding.decode(data, source: "") else { return events }
        let tags = StartTagLocator.startTags(in: scalars)
        var result = events
        var next = 0
        for (position, event) in events.enumerated() {
            guard case .start(let name, let attributes, _) = event else { continue }
            guard next < tags.count, tags[next].name == name else { return events }
            result[position] = .start(name: name, attributes: attributes, place: tags[next].place)
            next += 1
        }
        return next == tags.count ? result : events
    }

    private static func place(_ parser: XMLParser) -> SourcePlace {
        .lineColumn(line: parser.lineNumber, column: parser.columnNumber)
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        events.append(.start(name: elementName, attributes: attributes, place: Self.place(parser)))
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        events.append(.end(name: elementName))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        events.append(.text(string, place: Self.place(parser)))
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        events.append(.text(String(decoding: CDATABlock, as: UTF8.self), place: Self.place(parser)))
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        // The first error is the cause; the parser's position moves on after it.
        if failure == nil {
            failure = ((parseError as NSError).code, Self.place(parser))
        }
    }

    /// Foundation reports libxml2's error number (the same numbers as Apple's
    /// `NSXMLParserError`) and no text on Linux, so the common ones get words here.
    private static func describe(code: Int) -> String {
        switch code {
        case 4: "the file is empty; expected an XML document with a <resources> element"
        case 5: "the document ends wrongly; expected every element closed and nothing after </resources>"
        case 6, 7, 8: "invalid character reference; expected &#NNN; or &#xHHHH; naming a character XML allows"
        case 9: "a character XML does not allow; expected text, an entity or a tag"
        case 23: "entity without its ';'; expected &name;"
        case 26: "unknown entity; expected &lt; &gt; &amp; &quot; &apos; or a character reference such as &#38;"
        case 38: "'<' in an attribute value; expected &lt;"
        case 39: "expected a quoted attribute value, name=\"value\""
        case 41: "attribute without a value; expected name=\"value\""
        case 42: "the same attribute twice in one tag"
        case 65: "expected whitespace between attributes or the end of the tag"
        case 68: "expected a tag name after '<'; write a literal < as &lt;"
        case 73: "expected '>' to end the tag"
        case 76: "a closing tag does not match the open element; expected its </name>"
        case 77: "unfinished tag; expected '>'"
        case 80: "'--' inside a comment; expected it only to end the comment"
        default: "malformed XML (libxml2 error \(code))"
        }
    }
}

/// Finds the start tags of an XML text in order, stepping over comments, CDATA,
/// processing instructions, declarations, end tags and quoted attribute values, which
/// may all contain `<` or `>`.
private enum StartTagLocator {
    static func startTags(in scalars: [Unicode.Scalar]) -> [(name: String, place: SourcePlace)] {
        var scanner = TextScanner(scalars)
        var tags: [(name: String, place: SourcePlace)] = []
        while !scanner.isAtEnd {
            if scanner.skip("<!--") {
                skip(past: "-->", &scanner)
            } else if scanner.skip("<![CDATA[") {
                skip(past: "]]>", &scanner)
            } else if scanner.skip("<?") {
                skip(past: "?>", &scanner)
            } else if scanner.skip("<!") || scanner.skip("</") {
                skipMarkup(&scanner)
            } else if scanner.peek() == "<" {
                let place = scanner.place
                scanner.advance()
                var name = String.UnicodeScalarView()
                while let scalar = scanner.peek(), !scalar.properties.isWhitespace, scalar != ">", scalar != "/" {
                    name.append(scalar)
                    scanner.advance()
                }
                tags.append((String(name), place))
                skipMarkup(&scanner)
            } else {
                scanner.advance()
            }
        }
        return tags
    }

    private static func skip(past terminator: String, _ scanner: inout TextScanner) {
        while !scanner.isAtEnd, !scanner.skip(terminator) {
            scanner.advance()
        }
    }

    /// Up to the `>` that ends a tag or declaration, past quoted strings and a
    /// DOCTYPE's bracketed internal subset.
    private static func skipMarkup(_ scanner: inout TextScanner) {
        var brackets = 0
        while let scalar = scanner.next() {
            switch scalar {
            case "\"", "'":
                scanner.skip { $0 != scalar }
                scanner.advance()
            case "[": brackets += 1
            case "]": brackets -= 1
            case ">" where brackets <= 0: return
            default: break
            }
        }
    }
}

/// Reads the recorded events as an Android resource file.
private struct EventReader {
    private var events: [XMLEvent]
    let source: String
    private let mode: ReadingMode
    /// Strings kept although `mode` does not keep them, as the targets of references.
    private let targets: Set<String>
    private var index = 0
    private var content = TableContent()
    /// Where each key was defined, so a second definition can name the first.
    private var origins: KeyClaims<SourcePlace>
    /// Keys whose text is a reference, by the name of the string referred to.
    private var references: [String: String] = [:]

    init(events: [XMLEvent], source: String, mode: ReadingMode, alsoKeeping targets: Set<String> = []) {
        self.events = events
        self.source = source
        self.mode = mode
        self.targets = targets
        origins = KeyClaims(hashed: mode.hashed)
    }

    /// Reads the children of `<resources>` whose events `batch` holds, whole ones.
    mutating func readResourceList(of batch: [XMLEvent]) throws(StringTableError) {
        events = batch
        index = 0
        try readResourceList()
    }

    /// The content once every child of `<resources>` is read, and the targets of
    /// references that are not in it: strings the file lacks, or, when `mode` keeps
    /// only some, perhaps strings it did not keep.
    mutating func finish() throws(StringTableError) -> (TableContent, missing: Set<String>) {
        let missing = try resolveReferences()
        content.entries.removeAll { !mode.keeps($0.key) }
        return (content, missing)
    }

    mutating func readResources() throws(StringTableError) -> TableContent {
        while index < events.count {
            let event = events[index]
            index += 1
            guard case .start(let name, _, let place) = event else { continue }
            guard name == "resources" else {
                throw StringTableError(.invalidValue, file: source, place: place,
                                       message: "expected <resources> as the root element, got <\(name)>")
            }
            try readResourceList()
            try resolveReferences()
            return content
        }
        throw StringTableError(.missingField, file: source, place: .wholeFile,
                               message: "no elements; expected an XML document with a <resources> element")
    }

    /// The next child element of the element being read, or nil at its end tag. Text
    /// between children may only be white space; `expected` says what belongs there.
    private mutating func nextChild(of element: String, expected: String) throws(StringTableError)
        -> (name: String, attributes: [String: String], place: SourcePlace)? {
        while index < events.count {
            let event = events[index]
            index += 1
            switch event {
            case .end:
                return nil
            case .text(let text, let place):
                guard text.allSatisfy(\.isWhitespace) else {
                    throw StringTableError(.invalidValue, file: source, place: place,
                                           message: "text directly in <\(element)>; expected \(expected)")
                }
            case .start(let name, let attributes, let place):
                return (name, attributes, place)
            }
        }
        return nil
    }

    private mutating func readResourceList() throws(StringTableError) {
        while let (name, attributes, place) = try nextChild(of: "resources", expected: "elements such as <string>") {
            let skipped = name.contains(":") || attributes["translatable"] == "false"
                || (attributes["product"].map { $0 != "default" } ?? false)
            if skipped {
                skipElement()
                continue
            }
            switch name {
            case "string":
                let key = try resourceName(attributes, element: name, place: place)
                let text = try readText(place: place)
                try add(key: key, text: text, place: place)
            case "plurals", "string-array":
                let key = try resourceName(attributes, element: name, place: place)
                try readItems(of: name, key: key)
            default:
                skipElement()
            }
        }
    }

    private func resourceName(_ attributes: [String: String], element: String, place: SourcePlace) throws(StringTableError) -> String {
        guard let name = attributes["name"], !name.isEmpty else {
            throw StringTableError(.missingField, file: source, place: place, message: "expected a name attribute on <\(element)>")
        }
        return name
    }

    /// The `<item>` children of a `<plurals>` (`key#one`) or `<string-array>` (`key#0`).
    private mutating func readItems(of element: String, key: String) throws(StringTableError) {
        var position = 0
        while let (name, attributes, itemPlace) = try nextChild(of: element, expected: "<item> elements") {
            guard name == "item" else {
                throw StringTableError(.invalidValue, file: source, place: itemPlace,
                                       message: "expected <item> in <\(element)>, got <\(name)>")
            }
            var itemKey = key + "#\(position)"
            position += 1
            if element == "plurals" {
                guard let quantity = attributes["quantity"] else {
                    throw StringTableError(.missingField, file: source, place: itemPlace,
                                           message: "expected a quantity attribute on <item> in <plurals>")
                }
                guard StringCatalogParser.pluralCategories.contains(quantity) else {
                    throw StringTableError(.invalidValue, file: source, place: itemPlace,
                                           message: "expected a quantity of "
                                               + StringCatalogParser.pluralCategories.joined(separator: ", ")
                                               + ", got \(JSONValue.quoted(quantity))")
                }
                itemKey = key + "#" + quantity
            }
            try add(key: itemKey, text: try readText(place: itemPlace), place: itemPlace)
        }
    }

    private mutating func skipElement() {
        var depth = 1
        while index < events.count, depth > 0 {
            switch events[index] {
            case .start: depth += 1
            case .end: depth -= 1
            case .text: break
            }
            index += 1
        }
    }

    private mutating func add(key: String, text: CompiledText, place: SourcePlace) throws(StringTableError) {
        if case .repeated(let earlier) = origins.claim(key, at: place) {
            throw StringTableError(.duplicateKey, file: source, place: place,
                                   message: "key \(JSONValue.quoted(key)) is already defined"
                                       + (earlier.map { " at \($0)" } ?? ""))
        }
        if let target = text.reference {
            references[key] = target
        }
        // Every reference is kept until resolved: one that leads nowhere is listed as
        // untranslated whatever its key.
        if mode.keeps(key) || text.reference != nil || targets.contains(key) {
            content.entries.append(StringTable.Entry(key: key, value: text.value))
        }
    }

    /// Replaces `@string/name` texts by the named string's text, following chains;
    /// references that lead nowhere in this file are taken out and listed. Returns the
    /// names they lead to.
    @discardableResult
    private mutating func resolveReferences() throws(StringTableError) -> Set<String> {
        guard !references.isEmpty else { return [] }
        var missing: Set<String> = []
        var values: [String: String] = [:]
        for entry in content.entries where references[entry.key] == nil {
            values[entry.key] = entry.value
        }
        var resolved: [StringTable.Entry] = []
        for entry in content.entries {
            guard var target = references[entry.key] else {
                resolved.append(entry)
                continue
            }
            var visited: Set<String> = [entry.key]
            while let next = references[target], visited.insert(target).inserted {
                target = next
            }
            if let value = values[target] {
                resolved.append(StringTable.Entry(key: entry.key, value: value))
            } else if visited.contains(target) {
                throw StringTableError(.invalidValue, file: source, place: origins.place(of: entry.key) ?? .wholeFile,
                                       message: "string \(JSONValue.quoted(entry.key)) refers to itself through "
                                           + "@string/ references; expected a chain that ends in text")
            } else {
                content.untranslatedKeys.append(entry.key)
                missing.insert(target)
            }
        }
        content.entries = resolved
        return missing
    }

    // MARK: - Text

    /// A string's compiled text, or the string it refers to.
    private struct CompiledText {
        var value: String
        var reference: String?
    }

    /// One run of text between tags, or a markup tag's start or end, which aapt2 treats
    /// as closing any open quote.
    private enum Piece {
        case text(String)
        case spanBoundary
    }

    /// Reads up to the end of the element just started and compiles its text.
    private mutating func readText(place: SourcePlace) throws(StringTableError) -> CompiledText {
        var pieces: [Piece] = []
        var current = ""
        var sawSpan = false
        // Whether each open child element is markup (a span) rather than a namespaced one.
        var open: [Bool] = []
        func endRun() {
            if !current.isEmpty {
                pieces.append(.text(current))
                current = ""
            }
        }
        while index < events.count {
            let event = events[index]
            index += 1
            switch event {
            case .text(let text, _):
                current += text
            case .start(let name, _, _):
                endRun()
                let isSpan = !name.contains(":")
                open.append(isSpan)
                if isSpan {
                    sawSpan = true
                    pieces.append(.spanBoundary)
                }
            case .end:
                endRun()
                guard let isSpan = open.popLast() else {
                    return try compile(pieces, sawSpan: sawSpan, place: place)
                }
                if isSpan {
                    pieces.append(.spanBoundary)
                }
            }
        }
        throw StringTableError(.syntax, file: source, place: place, message: "the element is not closed; expected its end tag")
    }

    private func compile(_ pieces: [Piece], sawSpan: Bool, place: SourcePlace) throws(StringTableError) -> CompiledText {
        var pieces = pieces
        if !sawSpan {
            // aapt2 trims only where no markup is involved, leaving quotes to keep spaces.
            if let first = pieces.firstIndex(where: { if case .text = $0 { true } else { false } }),
               case .text(let text) = pieces[first] {
                pieces[first] = .text(String(text.drop(while: Self.isASCIISpace)))
            }
            if let last = pieces.lastIndex(where: { if case .text = $0 { true } else { false } }),
               case .text(let text) = pieces[last] {
                pieces[last] = .text(String(text.reversed().drop(while: Self.isASCIISpace).reversed()))
            }
        }
        var compiler = TextCompiler()
        for piece in pieces {
            switch piece {
            case .spanBoundary: compiler.resetQuoting()
            case .text(let text):
                if let problem = compiler.append(text) {
                    throw StringTableError(.syntax, file: source, place: place, message: problem)
                }
            }
        }
        var reference: String?
        if !sawSpan, pieces.count == 1, case .text(let raw) = pieces[0],
           let match = raw.wholeMatch(of: /@(?:\+)?(?:[A-Za-z0-9_.]+:)?string\/([A-Za-z0-9_.]+)/) {
            reference = String(match.output.1)
        }
        return CompiledText(value: compiler.result, reference: reference)
    }

    static func isASCIISpace(_ character: Character) -> Bool {
        character == " " || character == "\t" || character == "\n" || character == "\r"
            || character == "\r\n" || character == "\u{0B}" || character == "\u{0C}"
    }
}

/// aapt2's rules for the text of a string: whitespace collapsing outside quotes,
/// quotes toggling, and backslash escapes.
private struct TextCompiler {
    private var text = String.UnicodeScalarView()
    private var quoted = false
    private var lastWasSpace = false

    var result: String { String(text) }

    mutating func resetQuoting() {
        quoted = false
        lastWasSpace = false
    }

    /// Appends one run of text; returns what is wrong with it, if anything.
    mutating func append(_ run: String) -> String? {
        let scalars = Array(run.unicodeScalars)
        var position = 0
        while position < scalars.count {
            let scalar = scalars[position]
            position += 1
            if !quoted, scalar.isASCII, Self.isSpace(scalar) {
                if !lastWasSpace {
                    text.append(" ")
                    lastWasSpace = true
                }
                continue
            }
            lastWasSpace = false
            switch scalar {
            case "\\":
                guard position < scalars.count else { continue }
                let escaped = scalars[position]
                position += 1
                switch escaped {
                case "t": text.append("\t")
                case "n": text.append("\n")
                case "u":
                    guard var code = Self.hex4(scalars, at: &position) else {
                        return "invalid \\u escape; expected four hexadecimal digits after \\u"
                    }
                    if (0xD800...0xDBFF).contains(code) {
                        var after = position + 2
                        guard position + 1 < scalars.count, scalars[position] == "\\", scalars[position + 1] == "u",
                              let low = Self.hex4(scalars, at: &after), (0xDC00...0xDFFF).contains(low) else {
                            return "unpaired surrogate \\u\(TextScanner.hex(code, digits: 4)); expected a low surrogate "
                                + "escape (\\uDC00 to \\uDFFF) after it"
                        }
                        position = after
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(code) {
                        return "unpaired surrogate \\u\(TextScanner.hex(code, digits: 4)); expected a high surrogate "
                            + "escape (\\uD800 to \\uDBFF) before it"
                    }
                    guard let value = Unicode.Scalar(code) else {
                        return "invalid \\u escape \\u\(TextScanner.hex(code, digits: 4))"
                    }
                    text.append(value)
                default:
                    // \' \" \\ \@ \? \# and anything else stand for the character itself.
                    text.append(escaped)
                }
            case "\"":
                quoted.toggle()
            case "'" where !quoted:
                return "unescaped apostrophe; expected \\' or the whole text in double quotes"
            default:
                text.append(scalar)
            }
        }
        return nil
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0B}" || scalar == "\u{0C}"
    }

    private static func hex4(_ scalars: [Unicode.Scalar], at position: inout Int) -> UInt32? {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard position < scalars.count, scalars[position].isASCII,
                  let digit = Character(scalars[position]).hexDigitValue else { return nil }
            value = value * 16 + UInt32(digit)
            position += 1
        }
        return value
    }
}
