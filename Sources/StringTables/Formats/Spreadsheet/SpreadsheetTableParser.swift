import Foundation

// Placeholder until the spreadsheet reader lands: refuses every file.
struct CSVTableReader: StringTableReader {
    static let format = StringTableFormat.csv
    let source: String
    init(source: String) { self.source = source }
    func read(_ data: Data, keeping: ((String) -> Bool)?) throws(StringTableError) -> ParsedStrings {
        throw StringTableError(.unsupportedFormat, file: source, place: .wholeFile, message: "CSV is not read yet")
    }
    func streamed(contentsOf path: String, keeping: ((String) -> Bool)?, chunkSize: Int) -> ParsedStrings? { nil }
}

struct TSVTableReader: StringTableReader {
    static let format = StringTableFormat.tsv
    let source: String
    init(source: String) { self.source = source }
    func read(_ data: Data, keeping: ((String) -> Bool)?) throws(StringTableError) -> ParsedStrings {
        throw StringTableError(.unsupportedFormat, file: source, place: .wholeFile, message: "TSV is not read yet")
    }
    func streamed(contentsOf path: String, keeping: ((String) -> Bool)?, chunkSize: Int) -> ParsedStrings? { nil }
}
