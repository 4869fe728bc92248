import Foundation
import StyledText

/// An element's name with its prefix resolved: XLIFF's own elements have the XLIFF
/// namespace (or none, in files that declare none), modules and tools have theirs.
struct XMLName: Hashable {
    var namespace: String?
    var local: String
}

/// The namespaces XLIFF files use, by what they are for.
enum XLIFFNamespace {
    static let xml = "http://www.w3.org/XML/1998/namespace"
    static let formatStyle = "urn:oasis:names:tc:xliff:fs:2.0"
    static let sizeRestriction = "urn:oasis:names:tc:xliff:sizerestriction:2.0"

    /// Whether `namespace` is that of XLIFF's core elements: 1.x, 2.0 (which 2.1 keeps)
    /// or 2.2, or none at all, as older exports write them.
    static func isCore(_ namespace: String?) -> Bool {
        guard let namespace else { return true }
        return namespace.hasPrefix("urn:oasis:names:tc:xliff:document:")
    }
}

/// An element's attributes, unprefixed ones by name and the others by namespace and name.
/// A tag has a handful, so a list searched in order costs less than a table built per tag.
struct XMLAttributes {
    private var attributes: [(namespace: String?, local: String, value: String)] = []

    /// Adds an attribute as libxml2 reports it, its prefix resolved to `namespace`
    /// (nil when unprefixed).
    mutating func add(namespace: String?, local: String, value: String) {
        attributes.append((namespace, local, value))
    }

    /// The unprefixed attribute `name`.
    subscript(_ name: String) -> String? {
        attributes.first { $0.namespace == nil && $0.local == name }?.value
    }

    /// The attribute `name` of `namespace`, whatever prefix the file gives it.
    subscript(_ namespace: String, _ name: String) -> String? {
        attributes.first { $0.namespace == namespace && $0.local == name }?.value
    }
}

/// What the XML parser reported inside one unit, in order, so the unit's grammar
/// is read by plain recursive descent.
enum XLIFFEvent {
    /// A start tag, placed at its `<` when the file is read whole.
    case start(XMLName, XMLAttributes, place: SourcePlace)
    /// The end of the innermost open element.
    case end
    /// Character data, entities and CDATA already turned into text.
    case text(String)
}

extension Array where Element == XLIFFEvent {
    /// Moves `index` past the end of the element whose start was just read.
    func skipElement(_ index: inout Int) {
        var depth = 1
        while index < count, depth > 0 {
            switch self[index] {
            case .start: depth += 1
            case .end: depth -= 1
            case .text: break
            }
            index += 1
        }
    }
}

/// What the XML layer refuses before the parser sees a file read whole, found by a scan
/// of the text from its start, so that each refusal is placed at its `<`. A file read a
/// chunk at a time is refused by the parser's own events instead (``XMLRefusedConstruct``).
///
/// - A document type declaration: XLIFF is defined by schemas and needs none, and one
///   could declare entities (expanded without bound, the "billion laughs") or name an
///   external DTD to fetch. Refusing the declaration refuses all of that at once.
/// - An entity declaration, anywhere: the same, should one be written without a DOCTYPE.
/// - A processing instruction without content (`<?name?>`), which says nothing a label
///   needs and which some XML parsers cannot report.
///
/// Markers are matched anywhere, comments and CDATA included, so the scan needs no XML
/// grammar.
enum XLIFFHazardScan {
    /// The first hazard of `scanner`'s text: where it starts and what to say.
    static func firstHazard(_ scanner: inout TextScanner) -> (place: SourcePlace, kind: StringTableErrorKind, message: String)? {
        while !scanner.isAtEnd {
            guard scanner.peek() == "<" else {
                scanner.advance()
                continue
            }
            let place = scanner.place
            if scanner.skip("<!DOCTYPE") {
                return (place, .unsupportedFeature, "a document type declaration (<!DOCTYPE) is not read: XLIFF needs "
                            + "none, and it could declare entities or fetch a DTD; expected the file without it")
            }
            if scanner.skip("<!ENTITY") {
                return (place, .unsupportedFeature, "entity declarations are not supported; expected the text "
                            + "written out in each unit")
            }
            if scanner.skip("<?") {
                var name = String.UnicodeScalarView()
                while let scalar = scanner.peek(), scalar != "?", scalar != "<", !scalar.properties.isWhitespace {
                    name.append(scalar)
                    scanner.advance()
                }
                if !name.isEmpty, scanner.skip("?>") {
                    return (place, .unsupportedFeature, "a processing instruction without content (<?\(String(name))?>) "
                                + "is not supported; remove it")
                }
                continue
            }
            scanner.advance()
        }
        return nil
    }
}
