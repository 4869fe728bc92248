/// What a file of several locales holds: one table's content per locale, as a String
/// Catalog, a spreadsheet or an XLIFF file gives them.
struct StringCatalog {
    struct Localization {
        /// A normalized BCP 47 tag.
        var locale: String
        var content: TableContent
        /// The strings of the language an XLIFF file was translated from: read for
        /// `--fallback-locale` and pseudo-locales, never drawn as a locale of its own.
        var isSourceOnly = false
    }

    /// The language the other locales were translated from, a normalized tag.
    var sourceLanguage: String
    /// In the order the format gives them: a String Catalog's source language first,
    /// then its other locales in alphabetical order; a spreadsheet's columns from left to
    /// right.
    var localizations: [Localization]

    /// The locales a run draws, for messages.
    var drawnLocales: [String] {
        localizations.filter { !$0.isSourceOnly }.map(\.locale)
    }

    /// Gives every untranslated key of every other locale the text of `fallback`, each
    /// entry marked with where it came from, so that it is drawn rather than skipped.
    /// Keys `fallback` lacks too stay untranslated. The entries come after the locale's
    /// own, in the order its untranslated keys were listed.
    ///
    /// - Throws: ``StringTableErrorKind/localeNotFound`` when the file has no `fallback`.
    mutating func fillUntranslated(from fallback: String, source: String) throws(StringTableError) {
        guard let fallbackContent = localizations.first(where: { $0.locale == fallback })?.content else {
            throw StringTableError(
                .localeNotFound, file: source, place: .wholeFile,
                message: "--fallback-locale \(fallback): the table has no strings for \(fallback); expected one of "
                    + localizations.map(\.locale).joined(separator: ", "))
        }
        // A key's variants (`apples#one`) fall back with it.
        var byKey: [String: [StringTable.Entry]] = [:]
        for entry in fallbackContent.entries {
            let base = entry.key.split(separator: "#", maxSplits: 1).first.map(String.init) ?? entry.key
            byKey[base, default: []].append(entry)
            if base != entry.key { byKey[entry.key, default: []].append(entry) }
        }
        for index in localizations.indices where localizations[index].locale != fallback {
            var content = localizations[index].content
            guard !content.untranslatedKeys.isEmpty else { continue }
            var stillMissing: [String] = []
            for key in content.untranslatedKeys {
                guard let entries = byKey[key] else {
                    stillMissing.append(key)
                    continue
                }
                for entry in entries {
                    let details = (entry.details ?? EntryDetails()).fallingBack(to: fallback)
                    content.entries.append(StringTable.Entry(key: entry.key, value: entry.value, details: details))
                }
            }
            content.untranslatedKeys = stillMissing
            localizations[index].content = content
        }
    }
}
