import Foundation
import StyledText
#if canImport(FoundationXML)
import FoundationXML
#endif

extension AndroidResourceReader {

    /// A string's compiled text, or the string it refers to.
    struct CompiledText {
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
    mutating func readText(place: SourcePlace) throws(StringTableError) -> CompiledText {
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
