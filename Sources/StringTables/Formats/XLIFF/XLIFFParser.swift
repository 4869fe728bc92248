import Foundation
import LabelCore
import StyledText

/// Reads XLIFF 1.2 and 2.x files (`.xliff`, `.xlf`), as translation tools and Xcode
/// exchange them, into the target language's strings and the source language's
/// (`docs/formats/xliff.md` has the rules with examples).
///
/// - The locale is the file's target language (1.2 `target-language`, 2.x `trgLang`),
///   never the file name; the source language's texts are kept too, for
///   `--fallback-locale` and pseudo-locales, but not drawn. A file with no target
///   language, or its own, is drawn in its source language, each unit's target where
///   it has a translated one, else its source. Every `<file>` must have the same
///   languages.
/// - A unit's key is its `resname` (1.2) or `name` (2.x), else its `id`; a key defined
///   twice is an error naming both places, unless keys are made by file
///   (``TableReadOptions/XLIFFKeys/file``: `<file original or id>/<key>`).
/// - Xcode's variation units (`key|==|plural.one`, `key|==|device.iphone`,
///   `key|==|substitutions.NAME.plural.one`) become the key variants a String Catalog
///   gives (`key#one`, `key#iphone`; see ``XcodeVariation``).
/// - A unit with no target, an empty one, state `new` or `needs-translation` (1.2), a
///   segment without target or in state `initial` (2.x) is untranslated. XLIFF 2's
///   segments and ignorables are joined in order, an ignorable without a target
///   giving its source.
/// - Notes are joined by line breaks; `maxwidth` and `slr:sizeRestriction` give size
///   limits; inline codes become text or `<b>`/`<i>` markup, and codes read as text
///   only are named in ``EntryDetails/ignoredCodes``.
/// - A `<!DOCTYPE`, an `<!ENTITY`, or elements nested deeper than 64 are refused, so
///   nothing is fetched and nothing expands without bound.
struct XLIFFParser {
    static let format = StringTableFormat.xliff
    let source: String
    let options: TableReadOptions

    init(source: String) {
        self.init(source: source, options: TableReadOptions())
    }

    init(source: String, options: TableReadOptions) {
        self.source = source
        self.options = options
    }

    /// The catalog of a whole document, every problem named by its place.
    func catalog(from data: Data) throws(StringTableError) -> StringCatalog {
        // Decoding first refuses bytes that are not UTF-8 or UTF-16 by their place, and
        // the scans place refusals and start tags at their `<`, where libxml2 knows only
        // the end of a tag.
        let scalars = try TextDecoding.decode(data, source: source)
        var scanner = TextScanner(scalars)
        if let hazard = XLIFFHazardScan.firstHazard(&scanner) {
            throw StringTableError(hazard.kind, file: source, place: hazard.place, message: hazard.message)
        }
        let catalog = try XLIFFDocumentReader.read(source: source, options: options, mode: .whole,
                                                   startTags: StartTagLocator.startTags(in: scalars)) { parser in
            data.withUnsafeBytes { bytes in
                _ = parser.parse(bytes.bindMemory(to: UInt8.self), isLast: true)
            }
            return true
        }
        // Reading from memory, the document is always whole.
        return catalog!
    }

    /// The catalog of the file at `path`, read a chunk at a time so that only the kept
    /// strings, the untranslated keys and a hash per key stay in memory; nil when the
    /// file is UTF-16 or has any problem, which reading it whole then names.
    func streamedCatalog(contentsOf path: String, keeping: ((String) -> Bool)?, chunkSize: Int) -> StringCatalog? {
        guard let file = ChunkedFile(path: path, chunkSize: max(chunkSize, 4)) else { return nil }
        var isFirst = true
        let catalog = try? XLIFFDocumentReader.read(source: source, options: options,
                                                    mode: ReadingMode(keeping: keeping, hashed: true), startTags: nil) { parser in
            while let chunk = file.next() {
                // UTF-16 is read whole, where its bytes are decoded and placed.
                if isFirst, AndroidXMLParser.isUTF16(Array(chunk.prefix(4))) { return false }
                isFirst = false
                guard parser.parse(chunk, isLast: false) else { return false }
            }
            guard !file.failed else { return false }
            parser.parse(UnsafeBufferPointer(start: nil, count: 0), isLast: true)
            // libxml2 converts a declared legacy encoding without complaint; reading
            // whole refuses whatever is not UTF-8, by its place.
            return parser.declaredEncoding.map { $0.lowercased() == "utf-8" } ?? true
        }
        return catalog ?? nil
    }
}

extension XLIFFParser: StringTableReader {
    func read(_ data: Data, keeping: ((String) -> Bool)?) throws(StringTableError) -> ParsedStrings {
        Self.keepingOnly(.catalog(try catalog(from: data)), keeping)
    }

    func streamed(contentsOf path: String, keeping: ((String) -> Bool)?, chunkSize: Int) -> ParsedStrings? {
        streamedCatalog(contentsOf: path, keeping: keeping, chunkSize: chunkSize).map { .catalog($0) }
    }
}
