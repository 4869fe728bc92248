/// The readers of every format string tables can be read from.
enum StringTableReaders {
    /// One reader per ``StringTableFormat`` case, in the same order.
    static let all: [any StringTableReader.Type] = [
        JSONTableParser.self,
        StringsFileParser.self,
        StringCatalogParser.self,
        AndroidXMLParser.self,
        GettextParser.self,
        CSVTableReader.self,
        TSVTableReader.self,
        XLIFFParser.self,
    ]

    /// The reader of `format`.
    static func reader(for format: StringTableFormat) -> any StringTableReader.Type {
        guard let reader = all.first(where: { $0.format == format }) else {
            preconditionFailure("no reader for .\(format.rawValue) in StringTableReaders.all")
        }
        return reader
    }
}
