import Foundation
import Testing

/// `labelgen config`: the labels.json that LabelgenPlugin runs during `swift build`.
@Suite("labelgen config: the groups of a labels.json")
struct ConfigCommandTests {
    /// Two styles, two tables, a picture beside the tables, and a labels.json of two groups.
    private func setUp(_ tmp: TempDir, config: Any) throws {
        try tmp.writeJSON(Styles.basic(scales: [1, 2]), to: "styles/hud.json")
        try tmp.writeJSON(Styles.basic(scales: [1], extra: ["fill": "#C00000"]), to: "styles/menu.json")
        try tmp.writeJSON(["hud": ["score": "Score"], "menu": ["play": "Play"]], to: "strings/en.json")
        try tmp.writeJSON(["hud": ["score": "Punkte"], "menu": ["play": "Spielen"]], to: "strings/de.json")
        try Data(PNG.signature).write(to: tmp("strings/coin.png"))
        try tmp.writeJSON(config, to: "labels.json")
    }

    private static var twoGroups: [[String: Any]] { [
        ["style": "styles/hud.json", "tables": ["strings/en.json", "strings/de.json"], "keys": ["hud.*"]],
        ["style": "styles/menu.json", "tables": ["strings/en.json"], "keys": ["menu.*"], "scales": [2], "folder": "Menu"],
    ] }

    @Test("each group is a generate run into OUT/<folder>, by default the style's name, with its keys and scales")
    func runsEveryGroup() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try setUp(tmp, config: Self.twoGroups)
        let result = try await CLI.run(["config", tmp("labels.json").path, "--out", tmp("out").path, "--quiet"])
        #expect(result.status == 0, "\(result)")
        #expect(Files.list(tmp("out")) == [
            "Menu/en/manifest.json", "Menu/en/menu.play@2x.png",
            "hud/de/hud.score.png", "hud/de/hud.score@2x.png", "hud/de/manifest.json",
            "hud/en/hud.score.png", "hud/en/hud.score@2x.png", "hud/en/manifest.json",
        ])
        // The same bytes as generate with the same arguments.
        let direct = try await CLI.run([tmp("strings/en.json").path, tmp("strings/de.json").path,
                                        "--style", tmp("styles/hud.json").path, "--keys", "hud.*",
                                        "--out", tmp("direct").path, "--quiet"])
        #expect(direct.status == 0, "\(direct)")
        #expect(try Files.contents(tmp("direct/de")) == Files.contents(tmp("out/hud/de")))
    }

    @Test("a group's format, png and alpha are generate's --format, --png and --alpha")
    func encodingFields() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try setUp(tmp, config: [["style": "styles/hud.json", "tables": ["strings/en.json"], "keys": ["hud.*"],
                                 "format": "webp", "alpha": "premultiplied"]])
        let result = try await CLI.run(["config", tmp("labels.json").path, "--out", tmp("out").path, "--quiet"])
        #expect(result.status == 0, "\(result)")
        #expect(Files.list(tmp("out")) == ["hud/en/hud.score.webp", "hud/en/hud.score@2x.webp", "hud/en/manifest.json"])
        let direct = try await CLI.run([tmp("strings/en.json").path, "--style", tmp("styles/hud.json").path, "--keys", "hud.*",
                                        "--format", "webp", "--alpha", "premultiplied", "--out", tmp("direct").path, "--quiet"])
        #expect(direct.status == 0, "\(direct)")
        #expect(try Files.contents(tmp("direct/en")) == Files.contents(tmp("out/hud/en")))
    }

    @Test("--print-plan draws nothing and prints the output folders and every file the run reads, pictures included")
    func printsPlan() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try setUp(tmp, config: Self.twoGroups)
        let result = try await CLI.run(["config", tmp("labels.json").path, "--out", tmp("out").path, "--print-plan"])
        #expect(result.status == 0, "\(result)")
        let plan = try JSONDecoder().decode([String: [String]].self, from: Data(result.stdout.utf8))
        let root = tmp.url.standardizedFileURL.path
        #expect(plan["outputs"] == ["\(root)/out/hud", "\(root)/out/Menu"])
        #expect(plan["inputs"] == ["labels.json", "styles/hud.json", "strings/en.json", "strings/de.json",
                                   "strings/coin.png", "styles/menu.json"].map { "\(root)/\($0)" })
        #expect(!FileManager.default.fileExists(atPath: tmp("out").path), "--print-plan wrote files")
    }

    @Test("a bad labels.json exits 2 naming the file, the line and column, and the JSON path, and writes nothing",
          arguments: [
              (#"{"style": "styles/hud.json", "tables": ["strings/en.json"], "scale": [2]}"#, "$.scale: unknown field"),
              (#"{"style": "styles/hud.json", "tables": ["strings/fr.json"]}"#, "$.tables[0]: "),
              (#"{"style": "styles/hud.json", "tables": []}"#, "$.tables: expected a non-empty list"),
              (#"{"tables": ["strings/en.json"]}"#, "$: missing \"style\""),
              (#"{"style": "styles/hud.json", "tables": ["strings/en.json"], "scales": [0]}"#, "$.scales[0]: expected a whole number >= 1, got 0"),
              (#"{"style": "styles/hud.json", "tables": ["strings/en.json"], "atlas": true}"#, "$.atlas: expected the largest sheet side in pixels, such as 1024, got true"),
              (#"{"style": "styles/hud.json", "tables": ["strings/en.json"], "folder": "../up"}"#, "$.folder: expected a folder name without \"/\""),
              (#"[{"style": "styles/hud.json", "tables": ["strings/en.json"]}, {"style": "styles/hud.json", "tables": ["strings/de.json"]}]"#,
               "$[1]: writes into folder \"hud\", as group 0 does"),
              (#"["styles/hud.json"]"#, "$[0]: expected an object, got \"styles/hud.json\""),
              (#"{"style": "#, "expected a value, got the end of the file"),
              (#"{"style": "styles/hud.json", "tables": ["strings/en.json"], "scales": [9]}"#,
               "$.scales[0]: expected a whole number from 1 to 8, got 9"),
              (#"{"style": "styles/hud.json", "tables": ["strings/en.json"], "atlas": 4}"#, "$.atlas: must be 8 to 16384 pixels, got 4"),
              (#"{"style": "styles/hud.json", "tables": ["strings/en.json"], "png": "tiny"}"#, "$.png: expected one of fast, small, got \"tiny\""),
              (#"{"style": "styles/hud.json", "tables": ["strings/en.json"], "format": 1}"#, "$.format: expected one of png, webp, got 1"),
          ])
    func rejects(config: String, message: String) async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try setUp(tmp, config: [String: Any]())
        _ = try tmp.write(config, to: "labels.json")
        for extra in [[], ["--print-plan"]] {
            let result = try await CLI.run(["config", tmp("labels.json").path, "--out", tmp("out").path] + extra)
            #expect(result.status == 2, "\(result)")
            #expect(result.stderr.contains(try Regex(#"labels\.json:\d+:\d+: "#)), "\(result)")
            #expect(result.stderr.contains(message), "\(result)")
            #expect(!FileManager.default.fileExists(atPath: tmp("out").path), "a bad labels.json wrote files")
        }
    }

    /// JSONSerialization kept one of two values for a key without a word; a wrong type
    /// must point at the value, not only name the field.
    @Test("a key given twice, or a value of the wrong type, is an error at its line and column",
          arguments: [
              ("{\n  \"style\": \"styles/hud.json\",\n  \"tables\": [\"strings/en.json\"],\n  \"style\": \"styles/menu.json\"\n}",
               "labels.json:4:3: $: duplicate key \"style\" in the same object"),
              ("[{\"style\": \"styles/hud.json\", \"tables\": [\"strings/en.json\"],\n  \"keys\": [\"a\", \"a\"], \"keys\": []}]",
               "labels.json:2:23: $[0]: duplicate key \"keys\" in the same object"),
              ("{\"style\": \"styles/hud.json\", \"tables\": [\"strings/en.json\"], \"folder\": {\"a\": 1, \"a\": 2}}",
               "labels.json:1:80: duplicate key \"a\" in the same object"),
              ("{\"style\": \"styles/hud.json\",\n \"tables\": [\"strings/en.json\"],\n \"scales\": [1, true]}",
               "labels.json:3:12: $.scales[1]: expected a whole number >= 1, got true"),
              ("{\"style\": 3, \"tables\": [\"strings/en.json\"]}",
               "labels.json:1:11: $.style: expected a file path relative to labels.json, got 3"),
          ])
    func pointsAtTheValue(config: String, message: String) async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try setUp(tmp, config: [String: Any]())
        _ = try tmp.write(config, to: "labels.json")
        let result = try await CLI.run(["config", tmp("labels.json").path, "--out", tmp("out").path])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains(message), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: tmp("out").path), "a bad labels.json wrote files")
    }
}
