import Foundation
import Testing

/// `--locales`, `--fallback-locale` and `--strict` on untranslated keys, end to end, on a
/// String Catalog (a table of several locales whose reader is independent of the
/// spreadsheet and XLIFF readers these options also serve).
@Suite("Table options")
struct TableOptionsTests {
    private static func unit(_ value: String) -> [String: Any] { ["stringUnit": ["state": "translated", "value": value]] }

    /// A catalog of en, de and fr where de lacks "quit" and fr lacks "play" and "quit".
    private static func writeCatalog(_ tmp: TempDir) throws {
        try tmp.writeJSON([
            "sourceLanguage": "en",
            "strings": [
                "play": ["localizations": ["en": unit("Play"), "de": unit("Spielen")]],
                "quit": ["localizations": ["en": unit("Quit")]],
                "ok": ["localizations": ["en": unit("OK"), "de": unit("Gut"), "fr": unit("D'accord")]],
            ],
        ] as [String: Any], to: "Game.xcstrings")
        try tmp.writeJSON(Styles.basic(scales: [1]), to: "style.json")
    }

    private static func arguments(_ tmp: TempDir, _ extra: [String]) -> [String] {
        [tmp("Game.xcstrings").path, "--style", tmp("style.json").path, "--out", tmp("out").path,
         "--report", tmp("report.json").path] + extra
    }

    private static func json(_ url: URL) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    private static func rawLabels(_ url: URL) throws -> [String: [String: Any]] {
        let labels = try #require(try json(url)["labels"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: labels.map { ($0["key"] as? String ?? "", $0) })
    }

    @Test("--fallback-locale draws the fallback's text for untranslated keys, marked in the manifest, the report and the summary")
    func fallbackLocale() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try Self.writeCatalog(tmp)
        let result = try await CLI.run(Self.arguments(tmp, ["--fallback-locale", "en"]))
        #expect(result.status == 0, "\(result)")
        let german = try Self.rawLabels(tmp("out/de/manifest.json"))
        #expect(german["quit"]?["text"] as? String == "Quit")
        #expect(german["quit"]?["fallback"] as? String == "en")
        #expect(german["play"]?["fallback"] == nil, "a translated label was marked as a fallback")
        let french = try Self.rawLabels(tmp("out/fr/manifest.json"))
        #expect(Set(french.keys) == ["ok", "play", "quit"])
        #expect(french["play"]?["fallback"] as? String == "en")
        // The fallback locale's own labels are its own text.
        #expect(try Self.rawLabels(tmp("out/en/manifest.json"))["quit"]?["fallback"] == nil)
        #expect(result.stderr.contains("fr: 3 rendered, 0 unchanged, 0 shrunk, 0 truncated, 2 from the fallback locale"),
                "\(result)")
        let report = try Self.json(tmp("report.json"))
        #expect((report["untranslated"] as? [String: [String]])?.isEmpty ?? true, "\(report)")
        let entries = try #require(report["labels"] as? [[String: Any]])
        #expect(entries.first { $0["locale"] as? String == "de" && $0["key"] as? String == "quit" }?["fallback"] as? String == "en")
    }

    @Test("a fallback locale the table does not have is an error naming it")
    func missingFallbackLocale() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try Self.writeCatalog(tmp)
        let result = try await CLI.run(Self.arguments(tmp, ["--fallback-locale", "ja"]))
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("--fallback-locale ja") && result.stderr.contains("en, de, fr"), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: tmp("out").path), "a refused run wrote files")
    }

    @Test("--locales draws only the locales named, in either spelling and repeated, and refuses a locale no table has")
    func localesSelection() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try Self.writeCatalog(tmp)
        let result = try await CLI.run(Self.arguments(tmp, ["--locales", "de", "--locales", "fr"]))
        #expect(result.status == 0, "\(result)")
        let folders = try FileManager.default.contentsOfDirectory(atPath: tmp("out").path).filter { !$0.hasPrefix(".") }
        #expect(Set(folders) == ["de", "fr"], "\(folders)")

        let misspelt = try await CLI.run(Self.arguments(tmp, ["--locales", "de,pt_BR"]))
        #expect(misspelt.status == 2, "\(misspelt)")
        #expect(misspelt.stderr.contains("--locales pt-BR: no table has strings for it"), "\(misspelt)")
    }

    @Test("--strict fails on keys a table leaves untranslated, naming them, and passes once a fallback draws them")
    func strictUntranslated() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try Self.writeCatalog(tmp)
        let strict = try await CLI.run(Self.arguments(tmp, ["--strict"]))
        #expect(strict.status == 1, "\(strict)")
        #expect(strict.stderr.contains("3 keys are untranslated (fails --strict): de/quit, fr/play, fr/quit"), "\(strict)")
        let filled = try await CLI.run(Self.arguments(tmp, ["--strict", "--fallback-locale", "en"]))
        #expect(filled.status == 0, "\(filled)")
    }
}
