/// How string tables are read, beyond what their file names say: the command line's
/// `--table-format`, `--csv-delimiter`, `--xliff-keys`, `--locales` and
/// `--fallback-locale`.
///
/// ```swift
/// var options = TableReadOptions()
/// options.locales = ["de", "ja"]
/// options.fallbackLocale = "en"
/// let tables = try StringTable.loadAll(contentsOf: URL(fileURLWithPath: "strings.csv"), options: options)
/// ```
public struct TableReadOptions: Sendable, Hashable {
    /// The format of every table, for names whose extension says nothing (`strings.txt`).
    public var format: StringTableFormat?
    /// The separator of a spreadsheet table; found from its header row when nil.
    public var csvDelimiter: Unicode.Scalar?
    /// How XLIFF units are keyed.
    public var xliffKeys: XLIFFKeys = .unit
    /// The locales to read from a table that holds several (a spreadsheet's columns, a
    /// String Catalog's localizations); all when nil. Normalized BCP 47 tags.
    public var locales: [String]?
    /// The locale whose text is drawn where a table has none for a key: a spreadsheet's
    /// column, a catalog's localization, or the source of an XLIFF file written in it.
    public var fallbackLocale: String?
    /// Whether the strings of an XLIFF file's source language are read even when it is
    /// drawn in its target language: pseudo-locales are made from them. Otherwise they
    /// are read only for a `fallbackLocale` or `locales` naming that language.
    var readsSourceLanguage = false

    /// How XLIFF units become keys.
    public enum XLIFFKeys: String, Sendable, Hashable, CaseIterable {
        /// The unit's `resname` (1.2) or `name` (2.x), else its `id`; a key in two
        /// `<file>`s is an error.
        case unit
        /// `<file original or id>/<key>`, for files whose `<file>`s reuse keys, as an
        /// Xcode export of several tables does.
        case file
    }

    /// Options that read every table as its extension says.
    public init() {}
}
