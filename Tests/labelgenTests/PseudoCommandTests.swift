import Foundation
import Testing

@Suite("labelgen pseudo")
struct PseudoCommandTests {
    @Test("writes en-XA and ar-XB tables that labelgen then renders")
    func writesAndRenders() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try Data(#"{"menu": {"play": "Play", "lives": "Lives: %d"}}"#.utf8).write(to: tmp("en.json"))
        var style = Styles.basic(scales: [1])
        style["samples"] = ["%d": "3"]
        try tmp.writeJSON(style, to: "style.json")

        let result = try await CLI.run(["pseudo", tmp("en.json").path, "--out", tmp("pseudo").path])
        #expect(result.status == 0, "\(result)")
        #expect(Files.list(tmp("pseudo")) == ["ar-XB.json", "en-XA.json"])
        let accented = try String(contentsOf: tmp("pseudo/en-XA.json"), encoding: .utf8)
        #expect(accented == "{\n  \"menu.play\": \"[Þļåý ŏñ]\",\n  \"menu.lives\": \"[Ļîṽéš: %d ŏñé]\"\n}\n")

        let render = try await CLI.run([tmp("pseudo/en-XA.json").path, tmp("pseudo/ar-XB.json").path,
                                        "--style", tmp("style.json").path, "--out", tmp("out").path, "--quiet"])
        #expect(render.status == 0, "\(render)")
        let manifest = try ManifestFile.load(tmp("out/en-XA/manifest.json"))
        #expect(manifest.labels.first { $0.key == "menu.lives" }?.lines == ["[Ļîṽéš: 3 ŏñé]"])
        #expect(FileManager.default.fileExists(atPath: tmp("out/ar-XB/menu.play.png").path))
    }

    @Test("bad options exit 2 with a message")
    func badOptions() async throws {
        let result = try await CLI.run(["pseudo", "Localizations/strings/en.json", "--locales", "fr-XX"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("--locales"), "\(result)")
    }
}
