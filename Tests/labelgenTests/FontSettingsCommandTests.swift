import Foundation
import Testing

@Suite("labelgen generate: OpenType features and variable-font axes")
struct FontSettingsCommandTests {
    private func style(lightVariations: [String: Any]? = nil) -> [String: Any] {
        var keys: [String: Any] = [
            "tab.*": ["font": ["features": ["tnum": 1]]],
            "heavy": ["font": ["variations": ["wght": 900]]],
        ]
        if let lightVariations { keys["light"] = ["font": ["variations": lightVariations]] }
        return [
            "font": ["family": "Inter", "size": 40],
            "fill": "#202020",
            "canvas": "tight",
            "scales": [1],
            "keys": keys,
        ]
    }

    @Test("features and axes from a style file reach the images, and changing them redraws")
    func endToEnd() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try tmp.writeJSON(style(), to: "style.json")
        try tmp.writeJSON(["ones": "1111", "eights": "8888", "tab.ones": "1111", "tab.eights": "8888",
                           "light": "Hamburg", "heavy": "Hamburg"] as [String: Any], to: "strings/en.json")
        let arguments = [tmp("strings/en.json").path, "--style", tmp("style.json").path, "--out", tmp("out").path]
        let first = try await CLI.run(arguments)
        #expect(first.status == 0, "\(first)")
        let manifest = try ManifestFile.load(tmp("out/en/manifest.json"))
        func width(_ key: String) throws -> Int {
            try #require(manifest.labels.first { $0.key == key }?.images.first?.width)
        }
        #expect(try width("ones") < width("eights") - 10)
        // Tabular ones stand as far apart as eights: their ink spans much more.
        #expect(try width("tab.ones") > width("ones") + 10)
        #expect(try width("heavy") > width("light") + 10)

        // Only the label whose axis values changed is drawn again.
        try tmp.writeJSON(style(lightVariations: ["wght": 900]), to: "style.json")
        let second = try await CLI.run(arguments)
        #expect(second.status == 0, "\(second)")
        #expect(second.stderr.contains("en: 1 rendered, 5 unchanged"), "\(second)")
        let redrawn = try ManifestFile.load(tmp("out/en/manifest.json"))
        let light = try #require(redrawn.labels.first { $0.key == "light" }?.images.first)
        let heavy = try #require(redrawn.labels.first { $0.key == "heavy" }?.images.first)
        #expect(light.hash == heavy.hash)

        // A misspelt tag is an error naming the file and the path.
        try tmp.writeJSON(["font": ["family": "Inter", "size": 40, "features": ["tabular": 1]]] as [String: Any], to: "style.json")
        let bad = try await CLI.run(arguments)
        #expect(bad.status == 2, "\(bad)")
        #expect(bad.stderr.contains("style.json: $.font.features.tabular: expected an OpenType tag"), "\(bad)")
    }
}
