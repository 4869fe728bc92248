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
        var reader = AndroidResourceReader(events: try XMLEventRecorder.events(of: data, source: source), source: source,
                                 mode: .whole)
        return try reader.readResources()
    }

    /// The file's content, keeping the strings whose keys `keeping` accepts, read a
    /// chunk at a time and one resource at a time, so only the kept strings, the
    /// `@string/` references and a hash per key stay in memory; nil when the file cannot
    /// be read that way (UTF-16) or has a problem, which reading it whole then names.
    func streamedContent(contentsOf path: String, keeping: ((String) -> Bool)?,
                         chunkSize: Int = 1 << 20) -> TableContent? {
        guard AndroidXMLHazardScan.isClear(path: path, chunkSize: chunkSize) else { return nil }
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

extension AndroidXMLParser: StringTableReader {
    static let format = StringTableFormat.androidXML

    func read(_ data: Data, keeping: ((String) -> Bool)?) throws(StringTableError) -> ParsedStrings {
        Self.keepingOnly(.single(try content(from: data)), keeping)
    }

    func streamed(contentsOf path: String, keeping: ((String) -> Bool)?, chunkSize: Int) -> ParsedStrings? {
        streamedContent(contentsOf: path, keeping: keeping, chunkSize: chunkSize).map { .single($0) }
    }
}
