import Foundation
import StyledText
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Looks for what ``AndroidXMLParser`` refuses before Foundation's parser sees a file
/// (entity declarations, bytes that are not UTF-8, empty processing instructions) a
/// chunk at a time, without saying where: a file with any of them, or in UTF-16, is
/// read whole, which names the place.
enum AndroidXMLHazardScan {
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

/// Hands Foundation's events to an ``AndroidResourceReader`` one resource at a time, as each
/// child of `<resources>` closes, so the events of the whole file are never held.
final class XMLEventBatcher: NSObject, XMLParserDelegate {
    private var reader: AndroidResourceReader
    private var pending: [AndroidXMLEvent] = []
    private var depth = 0
    private var sawRoot = false
    private var closedRoot = false
    private var failed = false

    private init(reader: AndroidResourceReader) {
        self.reader = reader
    }

    /// The content and the missing targets of `@string/` references (see
    /// ``AndroidResourceReader/finish()``); nil on any problem.
    static func read(_ stream: InputStream, source: String, mode: ReadingMode,
                     alsoKeeping targets: Set<String>) -> (TableContent, missing: Set<String>)? {
        let parser = XMLParser(stream: stream)
        let batcher = XMLEventBatcher(reader: AndroidResourceReader(events: [], source: source, mode: mode, alsoKeeping: targets))
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
