import Foundation
import StyledText
#if canImport(FoundationXML)
import FoundationXML
#endif

/// What Foundation's parser reported, in order, so the resource grammar can be read
/// by plain recursive descent instead of a delegate's state machine.
enum AndroidXMLEvent {
    case start(name: String, attributes: [String: String], place: SourcePlace)
    case end(name: String)
    case text(String, place: SourcePlace)
}

final class XMLEventRecorder: NSObject, XMLParserDelegate {
    var events: [AndroidXMLEvent] = []
    var failure: (code: Int, place: SourcePlace)?

    static func events(of data: Data, source: String) throws(StringTableError) -> [AndroidXMLEvent] {
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
    private static func placingStartTags(_ events: [AndroidXMLEvent], in data: Data) -> [AndroidXMLEvent] {
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
