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

    private static func describe(code: Int) -> String {
        XMLSyntaxMessage.describe(code: code, root: "resources", expected: "an XML document with a <resources> element")
    }
}
