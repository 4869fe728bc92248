import Testing
@testable import StringTables

@Suite("One reader per format")
struct StringTableReadersTests {
    /// A format added to the enum but not to the list would only fail when a file of it
    /// is read.
    @Test func everyFormatHasItsReaderInOrder() {
        #expect(StringTableReaders.all.map { $0.format } == StringTableFormat.allCases)
        for format in StringTableFormat.allCases {
            #expect(StringTableReaders.reader(for: format).format == format)
        }
    }
}
