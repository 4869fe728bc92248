import Foundation
import Testing

@Suite("labelgen: --strict")
struct StrictTests {
    @Test("--strict exits 1 for a truncated label, which the manifest reports; without it the run succeeds")
    func strictTruncation() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        // One line of 24 px Noto Sans needs about 33 px of height: box 100x40 holds one
        // line, and minSize == size forbids shrinking, so the long text must be truncated.
        try tmp.writeJSON([
            "font": ["family": "Noto Sans", "size": 24, "minSize": 24],
            "fill": "#000000",
            "box": ["width": 100, "height": 40],
            "maxLines": 1,
            "canvas": "box",
            "scales": [1],
        ] as [String: Any], to: "style.json")
        try tmp.writeJSON(["long": "This label is far too long for its box", "ok": "Hi"], to: "en.json")
        let arguments = [tmp("en.json").path, "--style", tmp("style.json").path]

        let strict = try await CLI.run(arguments + ["--out", tmp("strict").path, "--strict"])
        #expect(strict.status == 1, "\(strict)")
        #expect(strict.stderr.contains("long"), "\(strict)")
        let manifest = try ManifestFile.load(tmp("strict/en/manifest.json"))
        let long = try manifest.label("long")
        #expect(long.truncated == true)
        #expect(long.lines.count == 1)
        let line = try #require(long.lines.last)
        #expect(line.hasSuffix("…"), "\(long.lines)")
        #expect(line.count > 1, "nothing left of the text but the ellipsis: \(long.lines)")
        #expect("This label is far too long for its box".hasPrefix(String(line.dropLast()).trimmingCharacters(in: .whitespaces)),
                "\(long.lines)")
        let ok = try manifest.label("ok")
        #expect(ok.truncated == false && ok.lines == ["Hi"])
        #expect(FileManager.default.fileExists(atPath: tmp("strict/en/long.png").path))

        let lenient = try await CLI.run(arguments + ["--out", tmp("lenient").path])
        #expect(lenient.status == 0, "\(lenient)")
        #expect(try ManifestFile.load(tmp("lenient/en/manifest.json")).label("long").truncated == true)
        #expect(try Files.contents(tmp("lenient")) == Files.contents(tmp("strict")))
    }

    /// Every character here has a bundled glyph, but no face has both the Hebrew letter
    /// and U+0301: the letter's face draws the accent as glyph 0, which is a missing glyph.
    @Test("--strict exits 1 for a label drawn with glyph 0 though each of its characters is in some font")
    func strictGlyphZero() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try tmp.writeJSON(Styles.basic(scales: [1]), to: "style.json")
        try tmp.writeJSON(["name": "Player \u{05D0}\u{0301} 1", "ok": "Player 1"], to: "en.json")
        let arguments = [tmp("en.json").path, "--style", tmp("style.json").path]

        let strict = try await CLI.run(arguments + ["--out", tmp("strict").path, "--strict"])
        #expect(strict.status == 1, "\(strict)")
        #expect(strict.stderr.contains("en/name") && !strict.stderr.contains("en/ok"), "\(strict)")
        let manifest = try ManifestFile.load(tmp("strict/en/manifest.json"))
        #expect(try manifest.label("name").missingCharacters == ["U+0301"])
        #expect(try manifest.label("ok").missingCharacters == nil)

        let lenient = try await CLI.run(arguments + ["--out", tmp("lenient").path])
        #expect(lenient.status == 0, "\(lenient)")
        #expect(try Files.contents(tmp("lenient")) == Files.contents(tmp("strict")))
    }
}

@Suite("labelgen: the demo localizations")
struct DemoTests {
    static let hudKeys = ["score", "high_score", "level", "lives", "coins", "time_left", "combo", "bonus"].map { "hud." + $0 }

    @Test("en.json with score.json and --keys 'hud.*' writes 8 keys at 3 scales")
    func demoHud() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        let result = try await CLI.run(["Localizations/strings/en.json", "--style", "Localizations/styles/score.json",
                                        "--keys", "hud.*", "--out", tmp("out").path])
        #expect(result.status == 0, "\(result)")
        var expected = ["en/manifest.json"]
        for key in Self.hudKeys {
            expected += ["en/\(key).png", "en/\(key)@2x.png", "en/\(key)@3x.png"]
        }
        #expect(Files.list(tmp("out")) == expected.sorted())
        let manifest = try ManifestFile.load(tmp("out/en/manifest.json"))
        #expect(Set(manifest.labels.map(\.key)) == Set(Self.hudKeys))
        #expect(manifest.style == "score.json")
        for label in manifest.labels {
            #expect(label.images.map(\.scale) == [1, 2, 3], "\(label.key)")
            for image in label.images {
                let data = try Data(contentsOf: tmp("out/en").appendingPathComponent(image.file))
                let size = try #require(PNG.size(of: data), "\(image.file)")
                #expect(size.width == Int(480 * image.scale) && size.height == Int(120 * image.scale), "\(image.file): \(size)")
                #expect(size.width == image.width && size.height == image.height, "\(image.file)")
            }
        }
    }
}

@Suite("labelgen: --help and --version")
struct HelpTests {
    @Test("--help exits 0 and shows --style and an example")
    func help() async throws {
        let result = try await CLI.run(["--help"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("--style"), "\(result)")
        #expect(result.stdout.contains("Example"), "\(result)")
        #expect(result.stdout.contains("labelgen strings/de.json --style"), "\(result)")
    }

    @Test("--help documents the options of the default command")
    func helpDocumentsOptions() async throws {
        let result = try await CLI.run(["--help"])
        #expect(result.status == 0, "\(result)")
        // The contract's usage: labelgen <strings-file>... --style <style.json> [--out DIR] …
        for text in ["<strings-file>", "--style <style.json>", "--out", "--scales", "--jobs", "--strict", "The style file"] {
            #expect(result.stdout.contains(text), "`labelgen --help` does not mention \(text):\n\(result.stdout)")
        }
    }

    @Test("--version prints the version the manifests name")
    func version() async throws {
        let result = try await CLI.run(["--version"])
        #expect(result.status == 0, "\(result)")
        let version = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(!version.isEmpty && version.first!.isNumber && version.contains("."), "\(result)")

        let tmp = try TempDir()
        defer { tmp.remove() }
        try tmp.writeJSON(Styles.basic(scales: [1]), to: "style.json")
        try tmp.writeJSON(["v": "V"], to: "en.json")
        let run = try await CLI.run([tmp("en.json").path, "--style", tmp("style.json").path, "--out", tmp("out").path])
        #expect(run.status == 0, "\(run)")
        #expect(try ManifestFile.load(tmp("out/en/manifest.json")).tool == "labelgen \(version)")
    }
}
