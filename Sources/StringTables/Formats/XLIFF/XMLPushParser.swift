import CLibXML2

/// What an ``XMLPushParser`` reports, in document order. The pointers handed over are
/// libxml2's and valid only during the call.
protocol XMLEventHandler: AnyObject {
    /// A start tag, its names and attributes resolved by libxml2.
    func startElement(_ tag: XMLStartTag, _ parser: XMLPushParser)
    /// The end of the innermost open element.
    func endElement(_ parser: XMLPushParser)
    /// Character data, CDATA included, entities and character references already
    /// replaced; one run of text may come in several calls.
    func characters(_ text: UnsafeBufferPointer<UInt8>, _ parser: XMLPushParser)
    /// A construct the reader refuses whatever the rest of the file holds.
    func refused(_ construct: XMLRefusedConstruct, _ parser: XMLPushParser)
}

/// What the parser stops at before it can fetch, expand or hand over nothing.
enum XMLRefusedConstruct {
    /// `<!DOCTYPE …>`, with or without an internal subset.
    case documentType
    /// `<!ENTITY …>` in an internal subset.
    case entityDeclaration
    /// `<?name?>` with no content.
    case emptyProcessingInstruction(String)
}

/// A start tag as libxml2's SAX2 interface reports it: interned names, namespaces
/// resolved, attribute values with entities replaced. Valid only during the call that
/// receives it.
struct XMLStartTag {
    fileprivate let localName: UnsafePointer<xmlChar>
    fileprivate let prefix: UnsafePointer<xmlChar>?
    fileprivate let uri: UnsafePointer<xmlChar>?
    fileprivate let attributeCount: Int
    /// Five pointers an attribute: local name, prefix, URI, value start, value end.
    fileprivate let attributeFields: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?

    /// The element's name with its namespace, its strings taken from `names`.
    func name(_ names: inout XMLNameCache) -> XMLName {
        XMLName(namespace: uri.map { names.string(at: $0) }, local: names.string(at: localName))
    }

    /// The name as written, `prefix:local` or `local`.
    var qualifiedName: String {
        let local = String(cString: localName)
        guard let prefix else { return local }
        return String(cString: prefix) + ":" + local
    }

    /// The attributes, names from `names`, values copied.
    func attributes(_ names: inout XMLNameCache) -> XMLAttributes {
        var attributes = XMLAttributes()
        guard let fields = attributeFields else { return attributes }
        for index in 0..<attributeCount {
            let base = fields + 5 * index
            guard let local = base[0], let start = base[3], let end = base[4] else { continue }
            let value = String(decoding: UnsafeBufferPointer(start: start, count: end - start), as: UTF8.self)
            attributes.add(namespace: base[2].map { names.string(at: $0) }, local: names.string(at: local), value: value)
        }
        return attributes
    }
}

/// Swift strings of the names libxml2 interns in its dictionary: the same name comes at
/// the same address for the life of one parser, so each is decoded once per file.
struct XMLNameCache {
    private var strings: [UnsafeRawPointer: String] = [:]
    private var last: (pointer: UnsafeRawPointer, string: String)?

    /// The string at `pointer`, an interned name of the parser being read.
    mutating func string(at pointer: UnsafePointer<xmlChar>) -> String {
        let raw = UnsafeRawPointer(pointer)
        if let last, last.pointer == raw { return last.string }
        let string: String
        if let known = strings[raw] {
            string = known
        } else {
            string = String(cString: pointer)
            strings[raw] = string
        }
        last = (raw, string)
        return string
    }
}

/// One libxml2 push parser, fed a document a chunk at a time, reporting its SAX2 events
/// to a handler. It owns its parser context and frees it.
///
/// Nothing is fetched (`XML_PARSE_NONET`, no DTD loaded) and no entity is declared
/// (a document type declaration stops the parse), so only XML's own entities and
/// character references are replaced.
final class XMLPushParser {
    /// libxml2's first error: its number and where the parser was.
    struct Failure {
        /// libxml2's error number (`xmlParserErrors`), which ``XMLSyntaxMessage`` words.
        var code: Int
        /// The parser's line, from 1.
        var line: Int
        /// The parser's column, from 1.
        var column: Int
    }

    /// Unchecked, as the initializer's contract says the handler outlives the parser: a
    /// checked `unowned` reference costs an atomic retain and release on every event.
    private unowned(unsafe) let handler: XMLEventHandler
    private var context: xmlParserCtxtPtr?
    /// libxml2's first error, once the parse has met one.
    private(set) var failure: Failure?
    /// Set once the handler or an error stopped the parse; later chunks are not read.
    private(set) var isStopped = false

    /// A parser reporting to `handler`, which must outlive it; the context is made when
    /// the first bytes arrive.
    init(handler: XMLEventHandler) {
        self.handler = handler
    }

    deinit {
        if let context { xmlFreeParserCtxt(context) }
    }

    /// The line the parser is at, from 1.
    var line: Int { context.map { Int(xmlSAX2GetLineNumber(UnsafeMutableRawPointer($0))) } ?? 1 }

    /// The column the parser is at, from 1.
    var column: Int { context.map { Int(xmlSAX2GetColumnNumber(UnsafeMutableRawPointer($0))) } ?? 1 }

    /// The encoding the XML declaration names, if it names one.
    var declaredEncoding: String? {
        context?.pointee.encoding.map { String(cString: $0) }
    }

    /// Reads the next bytes of the document, the last chunk with `isLast`; false once
    /// the parse has stopped.
    @discardableResult
    func parse(_ chunk: UnsafeBufferPointer<UInt8>, isLast: Bool) -> Bool {
        guard !isStopped else { return false }
        var rest = chunk
        if context == nil {
            // libxml2 detects the encoding from the bytes a context is created with.
            let head = UnsafeBufferPointer(rebasing: chunk.prefix(4))
            guard let created = makeContext(head) else {
                failure = Failure(code: 2, line: 1, column: 1)
                isStopped = true
                return false
            }
            context = created
            rest = UnsafeBufferPointer(rebasing: chunk.dropFirst(head.count))
        }
        let result = rest.withMemoryRebound(to: CChar.self) { bytes in
            xmlParseChunk(context, bytes.baseAddress, Int32(bytes.count), isLast ? 1 : 0)
        }
        // After a stop, the result is XML_ERR_USER_STOP; the last error says why.
        if result != 0, failure == nil, let error = xmlCtxtGetLastError(context), error.pointee.code != 0 {
            failure = Failure(code: Int(error.pointee.code), line: line, column: column)
        }
        if result != 0 { isStopped = true }
        return !isStopped
    }

    /// Stops the parse: no more events are reported.
    func stop() {
        guard !isStopped else { return }
        isStopped = true
        if let context { xmlStopParser(context) }
    }

    private func makeContext(_ head: UnsafeBufferPointer<UInt8>) -> xmlParserCtxtPtr? {
        var sax = xmlSAXHandler()
        sax.initialized = UInt32(XML_SAX2_MAGIC)
        sax.startElementNs = { userData, localName, prefix, uri, _, _, attributeCount, _, attributes in
            guard let parser = XMLPushParser.from(userData), let localName, !parser.isStopped else { return }
            let tag = XMLStartTag(localName: localName, prefix: prefix, uri: uri, attributeCount: Int(attributeCount),
                                  attributeFields: attributes)
            parser.handler.startElement(tag, parser)
        }
        sax.endElementNs = { userData, _, _, _ in
            guard let parser = XMLPushParser.from(userData), !parser.isStopped else { return }
            parser.handler.endElement(parser)
        }
        let characters: charactersSAXFunc = { userData, text, length in
            guard let parser = XMLPushParser.from(userData), let text, !parser.isStopped else { return }
            parser.handler.characters(UnsafeBufferPointer(start: text, count: Int(length)), parser)
        }
        sax.characters = characters
        sax.ignorableWhitespace = characters
        sax.cdataBlock = characters
        sax.processingInstruction = { userData, target, data in
            guard let parser = XMLPushParser.from(userData), let target, data == nil else { return }
            parser.handler.refused(.emptyProcessingInstruction(String(cString: target)), parser)
        }
        sax.internalSubset = { userData, _, _, _ in
            XMLPushParser.from(userData).map { $0.handler.refused(.documentType, $0) }
        }
        sax.entityDecl = { userData, _, _, _, _, _ in
            XMLPushParser.from(userData).map { $0.handler.refused(.entityDeclaration, $0) }
        }
        // Errors come back from xmlParseChunk; handling them here keeps libxml2 from
        // printing them, and stops at the first one (a namespace error is not fatal).
        sax.serror = { userData, error in
            guard let parser = XMLPushParser.from(userData), let error,
                  error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
            parser.stop()
        }
        let created = head.withMemoryRebound(to: CChar.self) { bytes in
            xmlCreatePushParserCtxt(&sax, nil, bytes.baseAddress, Int32(bytes.count), nil)
        }
        guard let created else { return nil }
        created.pointee.userData = Unmanaged.passUnretained(self).toOpaque()
        xmlCtxtUseOptions(created, Int32(XML_PARSE_NONET.rawValue))
        return created
    }

    private static func from(_ userData: UnsafeMutableRawPointer?) -> XMLPushParser? {
        userData.map { Unmanaged<XMLPushParser>.fromOpaque($0).takeUnretainedValue() }
    }
}
