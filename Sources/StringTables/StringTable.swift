import Foundation
import StyledText

/// The translated strings of one locale, in file order.
///
/// ```swift
/// let table = try StringTable.load(contentsOf: URL(fileURLWithPath: "strings/de.json"))
/// table.locale            // "de"
/// table.entries[0].key    // "menu.play"
/// ```
public struct StringTable: Sendable, Hashable {
    /// A BCP 47 tag, e.g. `de`, `zh-Hans`, `pt-BR`.
    public var locale: String
    /// The file path as given, for messages.
    public var source: String
    /// Key and text pairs, in file order.
    public var entries: [Entry]
    /// Keys the file lists without a usable translation for this locale, in file order:
    /// a catalog key with no localization for it, an empty gettext `msgstr`, a `fuzzy`
    /// gettext entry, or an Android `@string/` reference to a string the file lacks.
    /// They have no entry, so a report can list what is left to translate.
    public var untranslatedKeys: [String]
    /// The language the file says its strings were translated from: a String Catalog's
    /// `sourceLanguage`, an XLIFF file's `source-language` or `srcLang`, a spreadsheet's
    /// first locale column; nil for a file of one locale that names none.
    public var sourceLanguage: String?

    /// One translated string.
    public struct Entry: Sendable, Hashable {
        /// The string key. Nested JSON objects join their names with dots (`menu.play`);
        /// plural, device and array variants add `#` and the variant (`apples#one`,
        /// `title#iphone`, `planets#0`); a gettext context comes first (`menu.Open`).
        public var key: String
        /// The translated text.
        public var value: String
        /// The table's note, size limit, fallback and unread inline codes for this
        /// string; nil when it says nothing more than the text.
        public var details: EntryDetails?

        /// Creates an entry.
        ///
        /// - Parameters:
        ///   - key: The string key.
        ///   - value: The translated text.
        ///   - details: What else the table says about it.
        public init(key: String, value: String, details: EntryDetails? = nil) {
            self.key = key
            self.value = value
            self.details = details
        }
    }

    /// Creates a table from entries already read.
    ///
    /// - Parameters:
    ///   - locale: A BCP 47 tag.
    ///   - source: Where the entries came from, for messages.
    ///   - entries: Key and text pairs in order.
    ///   - untranslatedKeys: Keys listed without a translation; see ``untranslatedKeys``.
    ///   - sourceLanguage: The language the strings were translated from, if known.
    public init(locale: String, source: String, entries: [Entry], untranslatedKeys: [String] = [],
                sourceLanguage: String? = nil) {
        self.locale = locale
        self.source = source
        self.entries = entries
        self.untranslatedKeys = untranslatedKeys
        self.sourceLanguage = sourceLanguage
    }

    /// Reads a string table of one locale, choosing the format by the file extension.
    ///
    /// ```swift
    /// let german = try StringTable.load(contentsOf: URL(fileURLWithPath: "de.lproj/Localizable.strings"))
    /// let french = try StringTable.load(contentsOf: URL(fileURLWithPath: "Localizable.xcstrings"), locale: "fr")
    /// ```
    ///
    /// - Parameters:
    ///   - url: The table file: `.json`, `.strings`, `.xcstrings`, Android `.xml` or `.po`
    ///     (see ``StringTableFormat``).
    ///   - locale: The table's locale. When `nil`, it is read from the path (see
    ///     ``localeFromPath(_:)``), else from the file itself (a `.po` header's
    ///     `Language:`, or a String Catalog that holds a single locale).
    /// - Throws: A ``StringTableError`` for an unknown format, an undeterminable
    ///   locale, an unreadable file, content that is not a string table, or a String
    ///   Catalog that holds several locales while `locale` is `nil` (use
    ///   ``loadAll(contentsOf:locale:keeping:)`` for those).
    public static func load(contentsOf url: URL, locale: String? = nil) throws(StringTableError) -> StringTable {
        let tables = try loadAll(contentsOf: url, locale: locale)
        guard tables.count == 1, let table = tables.first else {
            throw StringTableError(
                .localeRequired, file: sourceName(of: url), place: .wholeFile,
                message: "the string catalog holds \(tables.count) locales ("
                    + tables.map(\.locale).joined(separator: ", ") + "); pass --locale to choose one")
        }
        return table
    }

    /// Reads every table a file holds: one for most formats, one per locale for a String
    /// Catalog (`.xcstrings`) when no locale is given.
    ///
    /// ```swift
    /// let url = URL(fileURLWithPath: "Localizable.xcstrings")
    /// for table in try StringTable.loadAll(contentsOf: url) {
    ///     print(table.locale, table.entries.count, table.untranslatedKeys)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - url: The table file; see ``load(contentsOf:locale:)``.
    ///   - locale: Only this locale. For a catalog, it must be its source language or
    ///     one of its localizations; for other formats it overrides the path.
    ///   - keeping: Which keys to keep (all when nil). The whole file is still checked,
    ///     duplicate keys included. A table is read a chunk at a time and drops the
    ///     others as it goes, so a large table costs only the strings kept, the keys
    ///     listed untranslated and a hash per key. A file with an error is read again
    ///     whole, for the message.
    /// - Returns: The tables, a catalog's source language first, then its other locales
    ///   in alphabetical order.
    /// - Throws: A ``StringTableError``, as ``load(contentsOf:locale:)`` does.
    public static func loadAll(contentsOf url: URL, locale: String? = nil,
                               keeping: ((String) -> Bool)? = nil,
                               options: TableReadOptions = TableReadOptions()) throws(StringTableError) -> [StringTable] {
        try loadAll(contentsOf: url, locale: locale, keeping: keeping, options: options, chunkSize: 1 << 20)
    }

    /// The source-language table of a file: the one locale of most formats, a String
    /// Catalog's `sourceLanguage`, a spreadsheet's first locale column, an XLIFF file's
    /// `<source>` texts. What pseudo-locales are made from.
    ///
    /// - Parameters:
    ///   - url: The table file.
    ///   - options: How to read it.
    /// - Throws: A ``StringTableError``, as ``load(contentsOf:locale:)`` does.
    public static func loadSource(contentsOf url: URL,
                                  options: TableReadOptions = TableReadOptions()) throws(StringTableError) -> StringTable {
        var options = options
        options.locales = nil
        options.fallbackLocale = nil
        options.readsSourceLanguage = true
        let parsed = try parse(url, options: options, keeping: nil, chunkSize: 1 << 20)
        switch parsed {
        case .single(let content):
            return try singleTable(content, url: url, locale: nil)
        case .catalog(let catalog):
            guard let localization = catalog.localizations.first(where: { $0.locale == catalog.sourceLanguage })
                    ?? catalog.localizations.first else {
                throw StringTableError(.localeNotFound, file: sourceName(of: url), place: .wholeFile,
                                       message: "the table has no strings in its source language")
            }
            return table(localization, of: catalog, source: sourceName(of: url))
        }
    }

    /// ``loadAll(contentsOf:locale:keeping:options:)`` reading files `chunkSize` bytes
    /// at a time, so tests can put chunk ends anywhere.
    static func loadAll(contentsOf url: URL, locale: String?, keeping: ((String) -> Bool)?,
                        options: TableReadOptions = TableReadOptions(),
                        chunkSize: Int) throws(StringTableError) -> [StringTable] {
        let source = sourceName(of: url)
        let requested = locale.map(normalizedLocale)
        var options = options
        // A locale asked for by name may be a file's source language, whose strings an
        // XLIFF reader otherwise leaves unmade.
        if requested != nil { options.readsSourceLanguage = true }
        let parsed = try parse(url, options: options, keeping: keeping, chunkSize: chunkSize)
        switch parsed {
        case .single(let content):
            let table = try singleTable(content, url: url, locale: requested)
            if let locales = options.locales, !locales.contains(table.locale) { return [] }
            return [table]
        case .catalog(var catalog):
            if let fallback = options.fallbackLocale.map(normalizedLocale) {
                try catalog.fillUntranslated(from: fallback, source: source)
            }
            if let requested {
                guard let localization = catalog.localizations.first(where: { $0.locale == requested }) else {
                    throw StringTableError(
                        .localeNotFound, file: source, place: .wholeFile,
                        message: "the table has no strings for \(requested); expected one of "
                            + catalog.drawnLocales.joined(separator: ", "))
                }
                return [table(localization, of: catalog, source: source)]
            }
            let wanted = options.locales.map(Set.init)
            return catalog.localizations
                .filter { !$0.isSourceOnly && wanted?.contains($0.locale) != false }
                .map { table($0, of: catalog, source: source) }
        }
    }

    /// What the file at `url` holds, read by the reader of its format: a chunk at a time
    /// when the reader can, else whole.
    private static func parse(_ url: URL, options: TableReadOptions, keeping: ((String) -> Bool)?,
                              chunkSize: Int) throws(StringTableError) -> ParsedStrings {
        let source = sourceName(of: url)
        guard let format = options.format ?? StringTableFormat(fileExtension: url.pathExtension) else {
            let found = url.pathExtension.isEmpty ? "no extension" : "\".\(url.pathExtension)\""
            throw StringTableError(
                .unsupportedFormat, file: source, place: .wholeFile,
                message: "unsupported string table format (\(found)); expected one of "
                    + StringTableFormat.supportedExtensions.joined(separator: ", ")
                    + ", or name the format with --table-format")
        }
        if url.isFileURL, url.pathExtension.lowercased() == "xcloc" {
            return try XcodeLocalization.parse(url, options: options, keeping: keeping, chunkSize: chunkSize)
        }
        let reader = StringTableReaders.reader(for: format).init(source: source, options: options)
        if url.isFileURL,
           let streamed = reader.streamed(contentsOf: url.path, keeping: keeping, chunkSize: chunkSize) {
            // A valid table is never held whole: its strings are kept as they are read.
            return streamed
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw StringTableError(.unreadableFile, file: source, place: .wholeFile,
                                   message: "cannot read the file: \(StyleSheet.reason(error, reading: url))")
        }
        return url.isFileURL
            ? try reader.readRefusedStream(data, keeping: keeping)
            : try reader.read(data, keeping: keeping)
    }

    /// The table of a file of one locale, whose locale is `locale`, else the path's, else
    /// the one the file declares.
    private static func singleTable(_ content: TableContent, url: URL,
                                    locale: String?) throws(StringTableError) -> StringTable {
        // The path wins over a locale the file declares: it is what the build uses
        // to place the file, and the declaration is often left at a template's value.
        guard let resolved = locale ?? localeFromPath(url.path) ?? content.declaredLocale else {
            throw StringTableError(
                .localeRequired, file: sourceName(of: url), place: .wholeFile,
                message: "cannot tell the locale from the file name or folder (such as de.json, de.lproj/ "
                    + "or values-de/); pass --locale")
        }
        return StringTable(locale: resolved, source: sourceName(of: url), entries: content.entries,
                           untranslatedKeys: content.untranslatedKeys)
    }

    private static func table(_ localization: StringCatalog.Localization, of catalog: StringCatalog,
                              source: String) -> StringTable {
        StringTable(locale: localization.locale, source: source, entries: localization.content.entries,
                    untranslatedKeys: localization.content.untranslatedKeys, sourceLanguage: catalog.sourceLanguage)
    }

    private static func sourceName(of url: URL) -> String {
        url.isFileURL ? url.relativePath : url.absoluteString
    }

    /// `pt_br` reads as `pt-BR` and `sr@latin` as `sr-Latn`; text that is no tag at
    /// all is kept, so the plan can reject it by name.
    static func normalizedLocale(_ text: String) -> String {
        LanguageTag(localeName: text)?.normalized ?? text.replacingOccurrences(of: "_", with: "-")
    }

    /// The locale a string table's path implies, or `nil` if it implies none.
    ///
    /// Tried in order: the file name (`de.json`, `zh-Hans.strings`, `pt_BR.po`,
    /// `sr@latin.po`), then the folder: Apple `de.lproj/`, Android `values-de-rDE/` or
    /// `values-b+sr+Latn/`, gettext `de/LC_MESSAGES/`, or a folder named by a tag
    /// (`po/de/messages.po`). Tags are normalized (`pt-BR`, `zh-Hans`, `sr-Latn`) and
    /// their language must be a known ISO 639 code, so `app.json`, `Base.lproj` or
    /// Android's plain `values/` give `nil`.
    ///
    /// ```swift
    /// StringTable.localeFromPath("res/values-de-rDE/strings.xml")   // "de-DE"
    /// StringTable.localeFromPath("po/pt_BR.po")                     // "pt-BR"
    /// ```
    ///
    /// - Parameter path: A file path, relative or absolute.
    public static func localeFromPath(_ path: String) -> String? {
        var components = path.split(separator: "/").map(String.init)
        guard let fileName = components.popLast() else { return nil }
        let stem = fileName.split(separator: ".", maxSplits: 1).first.map(String.init) ?? fileName
        if let tag = knownTag(stem) {
            return tag
        }
        if components.last == "LC_MESSAGES" {
            components.removeLast()
        }
        guard let folder = components.last else { return nil }
        if folder.hasSuffix(".lproj") {
            return knownTag(String(folder.dropLast(".lproj".count)))
        }
        if folder.hasPrefix("values-") {
            return androidTag(String(folder.dropFirst("values-".count)))
        }
        return knownTag(folder)
    }

    private static func knownTag(_ text: String) -> String? {
        guard let tag = LanguageTag(localeName: text), tag.isKnownLanguage else { return nil }
        return tag.normalized
    }

    /// Android resource qualifiers: `de`, `de-rDE`, `b+zh+Hans+CN`, possibly after a
    /// network code (`values-mcc262-de`) and before other qualifiers
    /// (`values-de-rDE-land`), which are dropped.
    private static func androidTag(_ qualifiers: String) -> String? {
        let parts = qualifiers.split(separator: "-").map(String.init)
            .drop { qualifier in
                ["mcc", "mnc"].contains(qualifier.prefix(3).lowercased()) && qualifier.count > 3
                    && qualifier.dropFirst(3).allSatisfy(\.isNumber)
            }
        if let first = parts.first, first.hasPrefix("b+") {
            return knownTag(first.dropFirst(2).replacingOccurrences(of: "+", with: "-"))
        }
        guard let language = parts.first else { return nil }
        var tag = language
        if let region = parts.dropFirst().first, region.count == 3, region.hasPrefix("r") {
            tag += "-" + region.dropFirst()
        }
        return knownTag(tag)
    }
}
