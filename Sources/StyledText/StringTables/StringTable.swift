import Foundation

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

    /// One translated string.
    public struct Entry: Sendable, Hashable {
        /// The string key; nested JSON objects join their names with dots (`menu.play`).
        public var key: String
        /// The translated text.
        public var value: String

        /// Creates an entry.
        ///
        /// - Parameters:
        ///   - key: The string key.
        ///   - value: The translated text.
        public init(key: String, value: String) {
            self.key = key
            self.value = value
        }
    }

    /// Creates a table from entries already read.
    ///
    /// - Parameters:
    ///   - locale: A BCP 47 tag.
    ///   - source: Where the entries came from, for messages.
    ///   - entries: Key and text pairs in order.
    public init(locale: String, source: String, entries: [Entry]) {
        self.locale = locale
        self.source = source
        self.entries = entries
    }

    /// Reads a string table, choosing the format by the file extension.
    ///
    /// - Parameters:
    ///   - url: The table file; only `.json` is understood so far.
    ///   - locale: The table's locale; when `nil`, it is read from the path (see
    ///     ``localeFromPath(_:)``).
    /// - Throws: A ``StringTableError`` for an unknown format, an undeterminable
    ///   locale, an unreadable file, or content that is not a string table.
    public static func load(contentsOf url: URL, locale: String? = nil) throws(StringTableError) -> StringTable {
        let source = url.isFileURL ? url.relativePath : url.absoluteString
        guard let format = StringTableFormat(fileExtension: url.pathExtension) else {
            let found = url.pathExtension.isEmpty ? "no extension" : "\".\(url.pathExtension)\""
            throw StringTableError(
                file: source, place: "",
                message: "unsupported string table format (\(found)); expected one of "
                    + StringTableFormat.supportedExtensions.joined(separator: ", "))
        }
        let resolvedLocale: String
        if let locale {
            resolvedLocale = LanguageTag(locale)?.normalized ?? locale.replacingOccurrences(of: "_", with: "-")
        } else if let detected = localeFromPath(url.path) {
            resolvedLocale = detected
        } else {
            throw StringTableError(
                file: source, place: "",
                message: "cannot tell the locale from the file name or folder (such as de.json, de.lproj/ "
                    + "or values-de/); pass --locale")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw StringTableError(file: source, place: "", message: "cannot read the file: \(StyleSheet.reason(error))")
        }
        return StringTable(locale: resolvedLocale, source: source, entries: try format.parse(data, source: source))
    }

    /// The locale a string table's path implies, or `nil` if it implies none.
    ///
    /// Tried in order: the file name (`de.json`, `zh-Hans.json`, `pt_BR.json`), then the
    /// folder: Apple `de.lproj/`, Android `values-de-rDE/` or `values-b+zh+Hans/`,
    /// gettext `de/LC_MESSAGES/`, or a folder named by a tag (`de/`). Tags are
    /// normalized (`pt-BR`, `zh-Hans`) and their language must be a known ISO 639 code,
    /// so `app.json` or `Base.lproj` give `nil`.
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
        guard let tag = LanguageTag(text), tag.isKnownLanguage else { return nil }
        return tag.normalized
    }

    /// Android resource qualifiers: `de`, `de-rDE`, `b+zh+Hans+CN`, possibly followed by
    /// other qualifiers (`values-de-rDE-land`), which are dropped.
    private static func androidTag(_ qualifiers: String) -> String? {
        if qualifiers.hasPrefix("b+") {
            let tag = qualifiers.dropFirst(2).split(separator: "-").first ?? ""
            return knownTag(tag.replacingOccurrences(of: "+", with: "-"))
        }
        let parts = qualifiers.split(separator: "-").map(String.init)
        guard let language = parts.first else { return nil }
        var tag = language
        if parts.count > 1, parts[1].count == 3, parts[1].hasPrefix("r") {
            tag += "-" + parts[1].dropFirst()
        }
        return knownTag(tag)
    }
}
