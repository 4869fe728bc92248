import Foundation
import StringTables
import Testing

/// The demo's strings as a Godot translation CSV (`Localizations/tables/strings.csv`) and
/// as XLIFF 2.0 files (`Localizations/xliff/`), written from its JSON tables by
/// scripts/make-demo-tables.py: they are what the script writes now, and Labelgen reads
/// from them exactly the strings of the JSON tables.
@Suite("The demo's CSV and XLIFF tables")
struct DemoTablesTests {
    static let localizations = CLI.packageRoot.appendingPathComponent("Localizations")
    static let script = CLI.packageRoot.appendingPathComponent("scripts/make-demo-tables.py").path

    /// Every locale's JSON table, by locale.
    static func jsonTables() throws -> [String: StringTable] {
        let folder = localizations.appendingPathComponent("strings")
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
        let tables = try files.map { try StringTable.load(contentsOf: $0) }
        return Dictionary(uniqueKeysWithValues: tables.map { ($0.locale, $0) })
    }

    /// The files the script writes, relative to the Localizations folder.
    static func writtenFiles(under folder: URL) throws -> [String] {
        let xliff = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("xliff").path)
        return ["tables/strings.csv"] + xliff.sorted().map { "xliff/\($0)" }
    }

    @Test("the committed tables are what make-demo-tables.py writes from the JSON tables now")
    func committedTablesAreCurrent() throws {
        let out = try TempDir()
        defer { out.remove() }
        let (status, output) = try Shell.run("/usr/bin/python3", [Self.script, "--out", out.path])
        try #require(status == 0, "make-demo-tables.py exited \(status): \(output)")
        let written = try Self.writtenFiles(under: out.url)
        #expect(written.count == 1 + 13, "a CSV and one XLIFF file per locale: \(written)")
        #expect(try Self.writtenFiles(under: Self.localizations) == written,
                "Localizations/xliff/ holds other files than the script writes")
        for file in written {
            let fresh = try Data(contentsOf: out(file))
            let committed = try? Data(contentsOf: Self.localizations.appendingPathComponent(file))
            #expect(committed == fresh, "Localizations/\(file) is stale: run python3 scripts/make-demo-tables.py")
        }
    }

    @Test("the CSV holds, per locale column, exactly the JSON table's keys and texts in order")
    func csvMatchesJSON() throws {
        let json = try Self.jsonTables()
        let tables = try StringTable.loadAll(contentsOf: Self.localizations.appendingPathComponent("tables/strings.csv"))
        #expect(tables.first?.locale == "en", "en is the first locale column")
        #expect(Set(tables.map(\.locale)) == Set(json.keys))
        for table in tables {
            let expected = try #require(json[table.locale], "the CSV has a column \(table.locale) that no JSON table has")
            #expect(pairs(table) == pairs(expected), "\(table.locale): the CSV's entries differ from \(table.locale).json's")
            #expect(table.untranslatedKeys.isEmpty, "\(table.locale): \(table.untranslatedKeys)")
        }
    }

    @Test("each XLIFF file holds exactly its locale's JSON keys and texts in order", arguments: [
        "ar", "de", "en", "es", "fr", "he", "hi", "ja", "ko", "ru", "th", "zh-Hans", "zh-Hant",
    ])
    func xliffMatchesJSON(_ locale: String) throws {
        let expected = try #require(try Self.jsonTables()[locale])
        let url = Self.localizations.appendingPathComponent("xliff/\(locale).xlf")
        let tables = try StringTable.loadAll(contentsOf: url)
        #expect(tables.map(\.locale) == [locale], "the file is drawn as its trgLang only")
        let table = try #require(tables.first)
        #expect(pairs(table) == pairs(expected), "\(locale).xlf's entries differ from \(locale).json's")
        #expect(table.untranslatedKeys.isEmpty, "\(locale): \(table.untranslatedKeys)")
        #expect(table.sourceLanguage == "en")
    }

    private func pairs(_ table: StringTable) -> [[String]] {
        table.entries.map { [$0.key, $0.value] }
    }
}
