import Foundation
import Testing

@Suite("labelgen generate: markup and inline images")
struct MarkupCommandTests {
    private func generate(_ tmp: TempDir) async throws -> CLIResult {
        try await CLI.run([tmp("strings/en.json").path, "--style", tmp("style.json").path, "--out", tmp("out").path])
    }

    @Test("malformed markup fails the run before anything is written, naming the file, key and column")
    func malformedMarkup() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try tmp.writeJSON(Styles.basic(scales: [1]), to: "style.json")
        try tmp.writeJSON(["ok": "Fine <b>bold</b>", "broken": "Press <b>Start</i> now"] as [String: Any], to: "strings/en.json")
        let result = try await generate(tmp)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("en.json"), "\(result)")
        #expect(result.stderr.contains("\"broken\""), "\(result)")
        #expect(result.stderr.contains("column 15"), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: tmp("out/en/ok.png").path))

        // With markup off the same string is drawn as written.
        var style = Styles.basic(scales: [1])
        style["markup"] = false
        try tmp.writeJSON(style, to: "style.json")
        let literal = try await generate(tmp)
        #expect(literal.status == 0, "\(literal)")
        let manifest = try String(contentsOf: tmp("out/en/manifest.json"), encoding: .utf8)
        #expect(manifest.contains("Press <b>Start</i> now") || manifest.contains("Press \\u003cb\\u003eStart"), "\(manifest)")
    }

    @Test("a markup error after a filled placeholder names the column in the string as written")
    func columnBeforeSamples() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try tmp.writeJSON(Styles.basic(scales: [1], extra: ["samples": ["name": "Alexandra the Great"]]), to: "style.json")
        try tmp.writeJSON(["broken": "Hi {name}, press <b>Start</i>"] as [String: Any], to: "strings/en.json")
        let result = try await generate(tmp)
        #expect(result.status == 2, "\(result)")
        // `</i>` starts at column 26 of the translator's string; with the sample in, at 39.
        #expect(result.stderr.contains("column 26"), "\(result)")
    }

    @Test("placeholder samples are inserted as text, not as markup")
    func samplesAreEscaped() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try tmp.writeJSON(Styles.basic(scales: [1], extra: ["samples": ["name": "<Bob> & co"]]), to: "style.json")
        try tmp.writeJSON(["hello": "Hi <b>{name}</b>"] as [String: Any], to: "strings/en.json")
        let result = try await generate(tmp)
        #expect(result.status == 0, "\(result)")
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: tmp("out/en/manifest.json"))) as! [String: Any]
        let label = (manifest["labels"] as! [[String: Any]])[0]
        #expect(label["lines"] as? [String] == ["Hi <Bob> & co"], "\(label)")
    }

    @Test("inline images are found beside the table, and a changed picture redraws its labels only")
    func inlineImages() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try tmp.writeJSON(Styles.basic(scales: [1, 2]), to: "style.json")
        try tmp.writeJSON(["jump": "Press <img src=\"icons/a.png\"/> to jump", "plain": "Plain"] as [String: Any],
                          to: "strings/en.json")
        let icons = tmp("strings/icons")
        try FileManager.default.createDirectory(at: icons, withIntermediateDirectories: true)
        let images = CLI.packageRoot.appendingPathComponent("Localizations/images")
        try FileManager.default.copyItem(at: images.appendingPathComponent("button_a.png"), to: icons.appendingPathComponent("a.png"))

        let first = try await generate(tmp)
        #expect(first.status == 0, "\(first)")
        #expect(FileManager.default.fileExists(atPath: tmp("out/en/jump@2x.png").path))

        let unchanged = try await generate(tmp)
        #expect(unchanged.stderr.contains("en: 0 rendered, 2 unchanged"), "\(unchanged)")

        try FileManager.default.removeItem(at: icons.appendingPathComponent("a.png"))
        try FileManager.default.copyItem(at: images.appendingPathComponent("button_b.png"), to: icons.appendingPathComponent("a.png"))
        let redrawn = try await generate(tmp)
        #expect(redrawn.stderr.contains("en: 1 rendered, 1 unchanged"), "\(redrawn)")

        // A missing picture is bad input that names the key and the file.
        try FileManager.default.removeItem(at: icons.appendingPathComponent("a.png"))
        let missing = try await generate(tmp)
        #expect(missing.status == 2, "\(missing)")
        #expect(missing.stderr.contains("jump") && missing.stderr.contains("icons/a.png"), "\(missing)")
    }
}
