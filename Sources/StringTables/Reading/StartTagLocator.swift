import StyledText

/// Finds the start tags of an XML text in order, stepping over comments, CDATA,
/// processing instructions, declarations, end tags and quoted attribute values, which
/// may all contain `<` or `>`.
enum StartTagLocator {
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
