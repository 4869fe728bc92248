import Foundation
import Testing
@testable import StringTables
import TestSupport

/// `TableReadOptions` on a String Catalog: the locales chosen and the fallback filled
/// apply to every table of several locales after its reader has read it.
@Suite("Table read options")
struct TableReadOptionsTests {
    /// en, de and fr; de lacks "quit" and has only one plural case of "coins"; fr lacks
    /// "coins" and "quit".
    static let catalog = #"""
    {"sourceLanguage": "en", "version": "1.0", "strings": {
      "play": {"localizations": {
        "en": {"stringUnit": {"state": "translated", "value": "Play"}},
        "de": {"stringUnit": {"state": "translated", "value": "Spielen"}},
        "fr": {"stringUnit": {"state": "translated", "value": "Jouer"}}}},
      "coins": {"localizations": {
        "en": {"variations": {"plural": {
          "one": {"stringUnit": {"state": "translated", "value": "%lld coin"}},
          "other": {"stringUnit": {"state": "translated", "value": "%lld coins"}}}}},
        "de": {"variations": {"plural": {
          "other": {"stringUnit": {"state": "translated", "value": "%lld Münzen"}}}}}}},
      "quit": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Quit"}}}}
    }}
    """#

    private func load(_ options: TableReadOptions, locale: String? = nil) throws -> [StringTable] {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let url = try directory.write(Self.catalog, to: "Game.xcstrings")
        return try StringTable.loadAll(contentsOf: url, locale: locale, options: options)
    }

    private func texts(_ table: StringTable) -> [String: String] {
        Dictionary(uniqueKeysWithValues: table.entries.map { ($0.key, $0.value) })
    }

    @Test("a fallback locale fills every untranslated key of the other locales, variants and all, marking each entry")
    func fallbackFills() throws {
        var options = TableReadOptions()
        options.fallbackLocale = "en"
        let tables = try load(options)
        #expect(tables.map(\.locale) == ["en", "de", "fr"])
        let french = tables[2]
        #expect(texts(french) == ["play": "Jouer", "coins#one": "%lld coin", "coins#other": "%lld coins", "quit": "Quit"])
        #expect(french.untranslatedKeys.isEmpty)
        #expect(french.entries.filter { $0.details?.fallbackLocale == "en" }.map(\.key).sorted()
                == ["coins#one", "coins#other", "quit"])
        #expect(french.entries.first { $0.key == "play" }?.details == nil, "a translated entry was marked")
        // The fallback locale's own entries are not marked as falling back to themselves.
        #expect(tables[0].entries.allSatisfy { $0.details == nil })
        #expect(tables.allSatisfy { $0.sourceLanguage == "en" })
    }

    @Test("a fallback is compared as a normalized tag, so any spelling of it is the same locale")
    func fallbackSpelling() throws {
        var options = TableReadOptions()
        options.fallbackLocale = "EN"
        #expect(try load(options)[1].untranslatedKeys.isEmpty)
    }

    @Test("without a fallback, untranslated keys stay listed and are not entries")
    func noFallback() throws {
        let tables = try load(TableReadOptions())
        #expect(tables[1].untranslatedKeys == ["quit"])
        #expect(tables[2].untranslatedKeys == ["coins", "quit"])
        #expect(!tables[2].entries.contains { $0.key.hasPrefix("coins") })
    }

    @Test("a fallback the table does not have is localeNotFound, naming the locales it has")
    func fallbackMissing() throws {
        var options = TableReadOptions()
        options.fallbackLocale = "ja"
        let error = try #require(throws: StringTableError.self) { try load(options) }
        #expect(error.kind == .localeNotFound)
        #expect(error.message.contains("--fallback-locale ja") && error.message.contains("en, de, fr"), "\(error)")
    }

    @Test("locales choose the tables of a catalog in its order, and the fallback fills them even when it is not chosen")
    func localesChosen() throws {
        var options = TableReadOptions()
        options.locales = ["fr", "de"]
        options.fallbackLocale = "en"
        let tables = try load(options)
        #expect(tables.map(\.locale) == ["de", "fr"])
        #expect(texts(tables[0])["quit"] == "Quit")
    }

    @Test("a table of one locale outside the locales chosen gives no table")
    func singleOutside() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let url = try directory.write(#"{"play": "Spielen"}"#, to: "de.json")
        var options = TableReadOptions()
        options.locales = ["ja"]
        #expect(try StringTable.loadAll(contentsOf: url, options: options).isEmpty)
        options.locales = ["de"]
        #expect(try StringTable.loadAll(contentsOf: url, options: options).map(\.locale) == ["de"])
    }

    @Test("the source table of a catalog is its source language, whatever locales are chosen")
    func sourceTable() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let url = try directory.write(Self.catalog, to: "Game.xcstrings")
        var options = TableReadOptions()
        options.locales = ["de"]
        let source = try StringTable.loadSource(contentsOf: url, options: options)
        #expect(source.locale == "en")
        #expect(texts(source)["quit"] == "Quit")
    }

    @Test("--table-format reads a file whatever its extension")
    func formatOverride() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let url = try directory.write(Self.catalog, to: "Game.txt")
        #expect(throws: StringTableError.self) { try StringTable.loadAll(contentsOf: url) }
        var options = TableReadOptions()
        options.format = .stringCatalog
        #expect(try StringTable.loadAll(contentsOf: url, options: options).map(\.locale) == ["en", "de", "fr"])
    }

    @Test("xlf and xcloc name the XLIFF format, and every extension is listed for messages")
    func extensions() {
        #expect(StringTableFormat(fileExtension: "XLF") == .xliff)
        #expect(StringTableFormat(fileExtension: "xcloc") == .xliff)
        #expect(StringTableFormat(fileExtension: "tsv") == .tsv)
        #expect(StringTableFormat.supportedExtensions.suffix(5) == [".csv", ".tsv", ".xliff", ".xlf", ".xcloc"])
        #expect(StringTableFormat.allCases.filter(\.localesFromContents) == [.stringCatalog, .csv, .tsv, .xliff])
    }

    @Test("a locale asked for by name may be an XLIFF file's source language, whose strings are then read")
    func sourceLanguageByName() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let url = try directory.write("""
            <xliff version="1.2"><file original="f" source-language="en" target-language="de"><body>
            <trans-unit id="play"><source>Play</source><target state="translated">Spielen</target></trans-unit>
            </body></file></xliff>
            """, to: "Game.xlf")
        let english = try StringTable.loadAll(contentsOf: url, locale: "en")
        #expect(english.map(\.locale) == ["en"])
        #expect(english.first?.entries.map(\.value) == ["Play"])
        #expect(try StringTable.loadAll(contentsOf: url).map(\.locale) == ["de"])
    }

    @Test("the files read for an .xcloc bundle are its XLIFF files, which a watch and a build follow; for any other table, the table")
    func filesRead() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let xliff = try directory.write("<xliff/>", to: "de.xcloc/Localized Contents/de.xliff")
        _ = try directory.write("{}", to: "de.xcloc/contents.json")
        let bundle = xliff.deletingLastPathComponent().deletingLastPathComponent()
        #expect(StringTable.filesRead(at: bundle).map(\.lastPathComponent) == ["de.xliff"])
        let table = try directory.write("{}", to: "de.json")
        #expect(StringTable.filesRead(at: table) == [table])
    }
}
