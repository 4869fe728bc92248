import Foundation

// Placeholder until the XLIFF reader lands: refuses every file.
struct XLIFFParser: StringTableReader {
    static let format = StringTableFormat.xliff
    let source: String
    init(source: String) { self.source = source }
    func read(_ data: Data, keeping: ((String) -> Bool)?) throws(StringTableError) -> ParsedStrings {
        throw StringTableError(.unsupportedFormat, file: source, place: .wholeFile, message: "XLIFF is not read yet")
    }
    func streamed(contentsOf path: String, keeping: ((String) -> Bool)?, chunkSize: Int) -> ParsedStrings? { nil }
}
