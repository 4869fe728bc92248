import Foundation
import Testing

/// Spreadsheet and XLIFF tables through a whole run: what the tables carry besides the
/// text reaches the report and the checks, and everything a run does with other tables
/// (incremental runs, shards, pseudo-locales, labels.json) works with them too.
@Suite("labelgen with spreadsheet and XLIFF tables")
struct TranslationTablesTests {
    private static func json(_ url: URL) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    private static func reported(_ url: URL) throws -> [String: [String: Any]] {
        let labels = try #require(try json(url)["labels"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: labels.map {
            ("\($0["locale"] as? String ?? "?")/\($0["key"] as? String ?? "?")", $0)
        })
    }

    /// XLIFF 1.2, en to de: a unit whose German is wider than its pixel limit, one well
    /// within a wide limit, one with a character limit, and one with a bold code.
    private static let xliff = """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
          <file original="Menu.strings" source-language="en" target-language="de" datatype="plaintext">
            <body>
              <trans-unit id="menu.settings" maxwidth="60" size-unit="pixel">
                <source>Settings</source>
                <target state="translated">Einstellungen</target>
                <note>The main menu's fourth button</note>
              </trans-unit>
              <trans-unit id="menu.play" maxwidth="400" size-unit="pixel">
                <source>Play</source>
                <target state="translated">Spielen</target>
              </trans-unit>
              <trans-unit id="menu.quit" maxwidth="12" size-unit="char">
                <source>Quit</source>
                <target state="translated">Beenden</target>
              </trans-unit>
              <trans-unit id="menu.bold">
                <source>Go <g id="1" ctype="x-bold">now</g></source>
                <target state="translated">Los <g id="1" ctype="x-bold">jetzt</g></target>
              </trans-unit>
            </body>
          </file>
        </xliff>
        """

    @Test("an XLIFF unit's pixel limit is checked against the drawn width: reported, and a wider label fails --strict")
    func pixelLimits() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try tmp.write(Self.xliff, to: "Menu-de.xliff")
        try tmp.writeJSON(Styles.basic(scales: [1], extra: ["box": ["width": 400, "height": 80], "maxLines": 1]),
                          to: "style.json")
        let arguments = [tmp("Menu-de.xliff").path, "--style", tmp("style.json").path, "--out", tmp("out").path,
                         "--report", tmp("report.json").path]
        let plain = try await CLI.run(arguments)
        #expect(plain.status == 0, "\(plain)")
        let labels = try Self.reported(tmp("report.json"))
        #expect(Set(labels.keys) == ["de/menu.settings", "de/menu.play", "de/menu.quit", "de/menu.bold"], "\(labels.keys)")
        let settings = try #require(labels["de/menu.settings"]?["limit"] as? [String: Int], "\(labels)")
        #expect(settings["width"] == 60)
        // "Einstellungen" at 24 px is well over 60 px wide and well under the box.
        let drawn = try #require(settings["drawn"])
        #expect(drawn > 100 && drawn < 400, "\(settings)")
        let play = try #require(labels["de/menu.play"]?["limit"] as? [String: Int])
        #expect(try #require(play["drawn"]) < 400 && play["drawn"]! > 40, "\(play)")
        #expect(labels["de/menu.quit"]?["characterLimit"] as? Int == 12)
        #expect(labels["de/menu.quit"]?["limit"] == nil, "a character limit was checked as pixels")
        #expect(labels["de/menu.settings"]?["note"] as? String == "The main menu's fourth button")
        // The manifest keeps the measure, so an unchanged label is checked without drawing it.
        let manifest = try #require(try Self.json(tmp("out/de/manifest.json"))["labels"] as? [[String: Any]])
        #expect(manifest.first { $0["key"] as? String == "menu.settings" }?["limit"] as? [String: Int] == settings)
        #expect(plain.stderr.contains("over its limit of 60"), "\(plain)")

        let sheet = try await CLI.run(arguments + ["--contact-sheet", tmp("sheet.html").path])
        #expect(sheet.status == 0, "\(sheet)")
        let page = try String(contentsOf: tmp("sheet.html"), encoding: .utf8)
        #expect(page.contains("note: The main menu&#39;s fourth button") || page.contains("note: The main menu's fourth button"),
                "the contact sheet lacks the note")
        #expect(page.contains("over its limit") && page.contains("of 60 px allowed"), "the contact sheet lacks the limit")

        let strict = try await CLI.run(arguments + ["--strict"])
        #expect(strict.status == 1, "\(strict)")
        #expect(strict.stderr.contains("1 labels failed their checks: de/menu.settings"), "\(strict)")
        #expect(strict.stderr.contains("rendered") && strict.stderr.contains("4 unchanged"), "the check drew labels again: \(strict)")
    }

    @Test("the drawn width a limit is checked against includes the outline on both sides")
    func limitCountsOutline() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try tmp.write(Self.xliff, to: "Menu-de.xliff")
        let box: [String: Any] = ["box": ["width": 400, "height": 80], "maxLines": 1]
        try tmp.writeJSON(Styles.basic(scales: [1], extra: box), to: "plain.json")
        var outlined = Styles.basic(scales: [1], extra: box)
        outlined["stroke"] = ["width": 5, "color": "#000000"]
        try tmp.writeJSON(outlined, to: "outlined.json")
        var widths: [String: Int] = [:]
        for style in ["plain", "outlined"] {
            let result = try await CLI.run([tmp("Menu-de.xliff").path, "--style", tmp("\(style).json").path,
                                            "--keys", "menu.play", "--out", tmp(style).path])
            #expect(result.status == 0, "\(result)")
            let labels = try #require(try Self.json(tmp("\(style)/de/manifest.json"))["labels"] as? [[String: Any]])
            widths[style] = (labels.first?["limit"] as? [String: Int])?["drawn"]
        }
        let plain = try #require(widths["plain"]), outline = try #require(widths["outlined"])
        #expect(abs(outline - plain - 10) <= 1, "plain \(plain) px, outlined \(outline) px")
    }

    @Test("a fallback label whose cell is then filled with the same text loses its fallback mark")
    func fallbackMarkFollowsTheTable() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try tmp.write(Self.csv, to: "strings.csv")
        try tmp.writeJSON(Styles.basic(scales: [1]), to: "style.json")
        let arguments = [tmp("strings.csv").path, "--style", tmp("style.json").path, "--out", tmp("out").path,
                         "--fallback-locale", "en"]
        #expect(try await CLI.run(arguments).status == 0)
        func frenchQuit() throws -> [String: Any]? {
            let labels = try #require(try Self.json(tmp("out/fr/manifest.json"))["labels"] as? [[String: Any]])
            return labels.first { $0["key"] as? String == "menu.quit" }
        }
        #expect(try frenchQuit()?["fallback"] as? String == "en")
        try tmp.write(Self.csv.replacingOccurrences(of: "Quit,Beenden,\r\n", with: "Quit,Beenden,Quit\r\n"), to: "strings.csv")
        #expect(try await CLI.run(arguments).status == 0)
        #expect(try frenchQuit()?["text"] as? String == "Quit")
        #expect(try frenchQuit()?["fallback"] == nil, "the translated text is still marked as the fallback's")
    }

    /// XLIFF files that would fetch, expand or nest without bound, each otherwise valid.
    private static let hostile: [(name: String, text: String)] = {
        let unit = #"<trans-unit id="a"><source>A</source><target>&x;</target></trans-unit>"#
        let head = #"<xliff version="1.2"><file original="f" source-language="en" target-language="de"><body>"#
        let tail = "</body></file></xliff>"
        let laughs = (1...9).map { level in
            "<!ENTITY l\(level) \"" + String(repeating: "&l\(level - 1);", count: 10) + "\">"
        }.joined()
        let deep = String(repeating: "<group>", count: 5000) + String(repeating: "</group>", count: 5000)
        return [
            ("external.xlf", #"<?xml version="1.0"?><!DOCTYPE xliff [<!ENTITY x SYSTEM "file:///etc/passwd">]>"#
                + head + unit + tail),
            ("laughs.xlf", #"<?xml version="1.0"?><!DOCTYPE xliff [<!ENTITY l0 "ha">"# + laughs + #"<!ENTITY x "&l9;">]>"#
                + head + unit + tail),
            ("deep.xlf", head + deep + tail),
        ]
    }()

    @Test("hostile XLIFF (an external entity, a billion laughs, deep nesting) exits 2 naming the file, and writes nothing")
    func hostileXML() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try tmp.writeJSON(Styles.basic(scales: [1]), to: "style.json")
        for file in Self.hostile {
            try tmp.write(file.text, to: file.name)
            let result = try await CLI.run([tmp(file.name).path, "--style", tmp("style.json").path,
                                            "--out", tmp("out").path])
            #expect(result.status == 2, "\(file.name): \(result)")
            #expect(result.stderr.contains(file.name), "\(file.name): \(result)")
            #expect(!FileManager.default.fileExists(atPath: tmp("out").path), "\(file.name) wrote files")
        }
    }

    @Test("XLIFF bold codes are markup in a style that reads markup, and plain text in one that does not")
    func boldCodes() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try tmp.write(Self.xliff, to: "Menu-de.xliff")
        try tmp.writeJSON(Styles.basic(scales: [1]), to: "markup.json")
        try tmp.writeJSON(Styles.basic(scales: [1], extra: ["markup": false]), to: "plain.json")
        for style in ["markup", "plain"] {
            let result = try await CLI.run([tmp("Menu-de.xliff").path, "--style", tmp("\(style).json").path,
                                            "--keys", "menu.bold", "--out", tmp("out-\(style)").path])
            #expect(result.status == 0, "\(result)")
        }
        let marked = try #require(try Self.json(tmp("out-markup/de/manifest.json"))["labels"] as? [[String: Any]])
        let plain = try #require(try Self.json(tmp("out-plain/de/manifest.json"))["labels"] as? [[String: Any]])
        #expect(marked.first?["text"] as? String == "Los <b>jetzt</b>")
        #expect(plain.first?["text"] as? String == "Los jetzt")
        #expect(plain.first?["lines"] as? [String] == ["Los jetzt"])
    }

    /// A Godot CSV of three locales.
    private static let csv = "keys,en,de,fr\r\nmenu.play,Play,Spielen,Jouer\r\nmenu.quit,Quit,Beenden,\r\n"
        + "menu.help,\"Help, please\",\"Hilfe, bitte\",\"Aide, svp\"\r\n"

    @Test("a changed CSV cell draws only its label again")
    func incrementalCell() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try tmp.write(Self.csv, to: "strings.csv")
        try tmp.writeJSON(Styles.basic(scales: [1]), to: "style.json")
        let arguments = [tmp("strings.csv").path, "--style", tmp("style.json").path, "--out", tmp("out").path]
        let first = try await CLI.run(arguments)
        #expect(first.status == 0, "\(first)")
        #expect(first.stderr.contains("fr: 2 rendered, 0 unchanged, 0 shrunk, 0 truncated, 1 untranslated"), "\(first)")
        try tmp.write(Self.csv.replacingOccurrences(of: "Beenden", with: "Verlassen"), to: "strings.csv")
        let second = try await CLI.run(arguments)
        #expect(second.status == 0, "\(second)")
        #expect(second.stderr.contains("de: 1 rendered, 2 unchanged"), "\(second)")
        #expect(second.stderr.contains("en: 0 rendered, 3 unchanged"), "\(second)")
        #expect(second.stderr.contains("fr: 0 rendered, 2 unchanged"), "\(second)")
    }

    @Test("shards of a CSV run into one folder make the same files as the whole run")
    func shards() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try tmp.write(Self.csv, to: "strings.csv")
        try tmp.writeJSON(Styles.basic(scales: [1]), to: "style.json")
        let base = [tmp("strings.csv").path, "--style", tmp("style.json").path]
        #expect(try await CLI.run(base + ["--out", tmp("whole").path]).status == 0)
        for shard in ["1/2", "2/2"] {
            let result = try await CLI.run(base + ["--out", tmp("sharded").path, "--shard", shard])
            #expect(result.status == 0, "\(result)")
        }
        #expect(try Files.contents(tmp("whole")) == Files.contents(tmp("sharded")))
    }

    @Test("pseudo-locales are made from a spreadsheet's source column, as from the same strings in JSON")
    func pseudoFromSource() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try tmp.write(Self.csv, to: "strings.csv")
        try tmp.writeJSON(["menu": ["play": "Play", "quit": "Quit", "help": "Help, please"]], to: "en.json")
        let fromCSV = try await CLI.run(["pseudo", tmp("strings.csv").path, "--out", tmp("csv").path])
        #expect(fromCSV.status == 0, "\(fromCSV)")
        let fromJSON = try await CLI.run(["pseudo", tmp("en.json").path, "--out", tmp("json").path])
        #expect(fromJSON.status == 0, "\(fromJSON)")
        let accented = try String(contentsOf: tmp("csv/en-XA.json"), encoding: .utf8)
        #expect(accented.contains("\"menu.help\"") && !accented.contains("Help, please"), "\(accented)")
        // JSON's keys come in sorted order here, the CSV's in row order: compare as dictionaries.
        for name in ["en-XA.json", "ar-XB.json"] {
            let csv = try JSONSerialization.jsonObject(with: Data(contentsOf: tmp("csv/\(name)"))) as? [String: String]
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: tmp("json/\(name)"))) as? [String: String]
            #expect(csv != nil && csv == json, "\(name)")
        }
    }

    @Test("labels.json takes locales and a fallback locale for a spreadsheet")
    func labelsConfig() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try tmp.write(Self.csv, to: "strings.csv")
        try tmp.writeJSON(Styles.basic(scales: [1]), to: "style.json")
        try tmp.writeJSON(["style": "style.json", "tables": ["strings.csv"], "locales": ["fr"], "fallbackLocale": "en"],
                          to: "labels.json")
        let result = try await CLI.run(["config", tmp("labels.json").path, "--out", tmp("out").path, "--quiet"])
        #expect(result.status == 0, "\(result)")
        #expect(Files.list(tmp("out")).filter { $0.hasSuffix("manifest.json") } == ["style/fr/manifest.json"])
        let labels = try #require(try Self.json(tmp("out/style/fr/manifest.json"))["labels"] as? [[String: Any]])
        #expect(labels.first { $0["key"] as? String == "menu.quit" }?["fallback"] as? String == "en")

        try tmp.writeJSON(["style": "style.json", "tables": ["strings.csv"], "locales": "fr"], to: "labels.json")
        let bad = try await CLI.run(["config", tmp("labels.json").path, "--out", tmp("out").path, "--quiet"])
        #expect(bad.status == 2 && bad.stderr.contains("$.locales: expected a non-empty list of locale tags"), "\(bad)")
    }
}
