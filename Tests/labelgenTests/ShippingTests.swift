import Foundation
import LabelBatch
import Testing
import TextRender

/// `--png`, `--alpha` and `--format` (and the style's `"output"`): the files a game ships.
@Suite("labelgen generate: PNG size, premultiplied alpha, WebP")
struct ShippingTests {
    private static let strings = [
        "menu.play": "Play", "menu.options": "Options and settings",
        "hud.score": "Score: 1200", "tip.long": "Collect every star to open the secret door",
    ]

    private func setUp(_ tmp: TempDir, style extra: [String: Any] = [:]) throws {
        var style = Styles.basic(scales: [1, 2])
        style["shadows"] = [["color": "#00000099", "offset": [0, 2], "blur": 4]]
        for (key, value) in extra { style[key] = value }
        try tmp.writeJSON(style, to: "style.json")
        try tmp.writeJSON(Self.strings, to: "en.json")
    }

    private func run(_ tmp: TempDir, into folder: String, _ options: [String] = []) async throws -> CLIResult {
        try await CLI.run([tmp("en.json").path, "--style", tmp("style.json").path, "--out", tmp(folder).path, "--quiet"] + options)
    }

    private func manifest(_ tmp: TempDir, _ folder: String) throws -> [String: Any] {
        let data = try Data(contentsOf: tmp("\(folder)/en/manifest.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The label files of `folder`'s locale, by name.
    private func images(_ tmp: TempDir, _ folder: String) throws -> [String: Data] {
        try Files.contents(tmp("\(folder)/en")).filter { $0.key != "manifest.json" && !$0.key.hasPrefix("atlas-") }
    }

    /// `data`'s pixels as the fast PNG encoder writes them: two files hold the same pixels
    /// exactly when these bytes are equal.
    private func fastPNG(ofWebP data: Data) throws -> Data {
        try PNGEncoder(.fast).encode(try WebPDecoder().decode(data))
    }

    @Test("--png small writes the same pixels as fast in fewer bytes, and the manifest says which")
    func smallPNG() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try setUp(tmp)
        #expect(try await run(tmp, into: "fast").status == 0)
        let small = try await run(tmp, into: "small", ["--png", "small"])
        #expect(small.status == 0, "\(small)")
        let fastFiles = try images(tmp, "fast"), smallFiles = try images(tmp, "small")
        #expect(fastFiles.keys.sorted() == smallFiles.keys.sorted())
        for (name, bytes) in fastFiles {
            #expect(try PNGDecoder().decode(try #require(smallFiles[name])) == PNGDecoder().decode(bytes), "\(name)")
        }
        let fastTotal = fastFiles.values.map(\.count).reduce(0, +), smallTotal = smallFiles.values.map(\.count).reduce(0, +)
        #expect(smallTotal < fastTotal, "small \(smallTotal) bytes, fast \(fastTotal)")
        #expect(try manifest(tmp, "small")["output"] as? [String: String] == ["format": "png", "png": "small", "alpha": "straight"])
        #expect(try manifest(tmp, "fast")["output"] as? [String: String] == ["format": "png", "png": "fast", "alpha": "straight"])
    }

    @Test("--format webp writes .webp files with the PNG's pixels, named in the manifest")
    func webp() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try setUp(tmp)
        #expect(try await run(tmp, into: "png").status == 0)
        let result = try await run(tmp, into: "webp", ["--format", "webp"])
        #expect(result.status == 0, "\(result)")
        let pngFiles = try images(tmp, "png"), webpFiles = try images(tmp, "webp")
        #expect(webpFiles.keys.sorted() == pngFiles.keys.map { $0.replacingOccurrences(of: ".png", with: ".webp") }.sorted())
        for (name, bytes) in pngFiles {
            let webp = try #require(webpFiles[name.replacingOccurrences(of: ".png", with: ".webp")])
            #expect(WebPDecoder.isWebP(webp))
            #expect(try fastPNG(ofWebP: webp) == bytes, "\(name): the WebP holds other pixels")
        }
        let written = try manifest(tmp, "webp")
        #expect(written["output"] as? [String: String] == ["format": "webp", "alpha": "straight"])
        let labels = try #require(written["labels"] as? [[String: Any]])
        let files = labels.flatMap { ($0["images"] as? [[String: Any]] ?? []).compactMap { $0["file"] as? String } }
        #expect(files.count == 8 && files.allSatisfy { $0.hasSuffix(".webp") }, "\(files)")
    }

    @Test("--alpha premultiplied stores colour times alpha, and the atlas's sheets and data say so")
    func premultipliedWithAtlas() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try setUp(tmp)
        #expect(try await run(tmp, into: "straight", ["--format", "webp"]).status == 0)
        let result = try await run(tmp, into: "premultiplied", ["--format", "webp", "--alpha", "premultiplied", "--atlas", "512"])
        #expect(result.status == 0, "\(result)")
        let straight = try images(tmp, "straight"), premultiplied = try images(tmp, "premultiplied")
        #expect(straight.keys.sorted() == premultiplied.keys.sorted())
        for (name, bytes) in straight {
            let expected = try WebPDecoder().decode(bytes).premultiplied()
            #expect(try WebPDecoder().decode(try #require(premultiplied[name])) == expected, "\(name)")
        }
        #expect(try manifest(tmp, "premultiplied")["output"] as? [String: String] == ["format": "webp", "alpha": "premultiplied"])
        let data = try JSONSerialization.jsonObject(with: Data(contentsOf: tmp("premultiplied/en/atlas-0.json"))) as? [String: Any]
        let meta = try #require(data?["meta"] as? [String: Any])
        #expect(meta["image"] as? String == "atlas-0.webp")
        #expect(meta["premultiplyAlpha"] as? Bool == true)
        try expectFramesHoldTheirLabels(tmp, "premultiplied", format: "webp")
        // The same for PNG, whose labels are read back byte for byte when packed.
        #expect(try await run(tmp, into: "premultiplied-png", ["--alpha", "premultiplied", "--atlas", "512"]).status == 0)
        try expectFramesHoldTheirLabels(tmp, "premultiplied-png", format: "png")
        let plain = try await run(tmp, into: "plain-atlas", ["--atlas", "512"])
        #expect(plain.status == 0)
        let plainData = try JSONSerialization.jsonObject(with: Data(contentsOf: tmp("plain-atlas/en/atlas-0.json"))) as? [String: Any]
        #expect((plainData?["meta"] as? [String: Any])?["premultiplyAlpha"] as? Bool == false)
        #expect(Files.list(tmp("plain-atlas/en")).contains("atlas-0.png"))
    }

    /// Each frame of the @1x sheet holds its label's pixels as the label's file stores
    /// them: premultiplied once, when the run is.
    private func expectFramesHoldTheirLabels(_ tmp: TempDir, _ folder: String, format: String,
                                             sourceLocation: SourceLocation = #_sourceLocation) throws {
        func decode(_ data: Data) throws -> RGBAImage {
            format == "webp" ? try WebPDecoder().decode(data) : try #require(ExactPNGReader.decode(data))
        }
        let data = try JSONSerialization.jsonObject(with: Data(contentsOf: tmp("\(folder)/en/atlas-0.json"))) as? [String: Any]
        let sheet = try decode(Data(contentsOf: tmp("\(folder)/en/atlas-0.\(format)")))
        let frames = try #require(data?["frames"] as? [String: [String: Any]])
        #expect(frames.count == Self.strings.count, sourceLocation: sourceLocation)
        for (key, frame) in frames {
            let rect = try #require(frame["frame"] as? [String: Int]), offset = try #require(frame["spriteSourceSize"] as? [String: Int])
            let label = try decode(Data(contentsOf: tmp("\(folder)/en/\(key).\(format)")))
            let x = try #require(rect["x"]), y = try #require(rect["y"]), ox = try #require(offset["x"]), oy = try #require(offset["y"])
            var same = true
            for row in 0..<(try #require(rect["h"])) {
                for column in 0..<(try #require(rect["w"])) where same {
                    same = sheet[x + column, y + row] == label[ox + column, oy + row]
                }
            }
            #expect(same, "\(folder): the frame of \(key) differs from its label's pixels", sourceLocation: sourceLocation)
        }
    }

    @Test("a re-run keeps WebP files untouched; switching the format or the compression re-encodes and leaves no file of the old format")
    func incremental() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try setUp(tmp)
        #expect(try await run(tmp, into: "out", ["--format", "webp"]).status == 0)
        let first = try Files.identities(tmp("out"))
        #expect(try await run(tmp, into: "out", ["--format", "webp"]).status == 0)
        #expect(try Files.identities(tmp("out")) == first, "an unchanged re-run touched files")

        #expect(try await run(tmp, into: "out").status == 0)
        let afterSwitch = Files.list(tmp("out"))
        #expect(afterSwitch.filter { $0.hasSuffix(".webp") } == [], "\(afterSwitch)")
        #expect(afterSwitch.filter { $0.hasSuffix(".png") }.count == 8)
        let fast = try images(tmp, "out")

        #expect(try await run(tmp, into: "out", ["--png", "small"]).status == 0)
        let small = try images(tmp, "out")
        #expect(small.keys.sorted() == fast.keys.sorted())
        #expect(small.allSatisfy { fast[$0.key] != $0.value }, "switching to small must re-encode every image")
    }

    @Test("--check compares WebP files with WebP goldens: a match passes, a changed label fails with a diff")
    func checkWithWebP() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try setUp(tmp)
        #expect(try await run(tmp, into: "golden", ["--format", "webp"]).status == 0)
        let same = try await run(tmp, into: "out", ["--format", "webp", "--check", tmp("golden").path])
        #expect(same.status == 0, "\(same)")
        var changed = Self.strings
        changed["menu.play"] = "Play now"
        try tmp.writeJSON(changed, to: "en.json")
        let differing = try await run(tmp, into: "out", ["--format", "webp", "--check", tmp("golden").path])
        #expect(differing.status == 1, "\(differing)")
        #expect(differing.stderr.contains("en/menu.play"), "\(differing)")
        #expect(Files.list(tmp("out/_diff")).contains("en/menu.play.diff.png"))
    }

    @Test("the contact sheet shows WebP labels as WebP and premultiplied ones straightened")
    func contactSheet() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try setUp(tmp)
        let result = try await run(tmp, into: "out", ["--format", "webp", "--contact-sheet", tmp("sheet.html").path])
        #expect(result.status == 0, "\(result)")
        let page = try String(contentsOf: tmp("sheet.html"), encoding: .utf8)
        #expect(page.components(separatedBy: "data:image/webp;base64,").count - 1 == Self.strings.count)
        let premultiplied = try await run(tmp, into: "pm", ["--alpha", "premultiplied", "--contact-sheet", tmp("pm.html").path])
        #expect(premultiplied.status == 0, "\(premultiplied)")
        let pmPage = try String(contentsOf: tmp("pm.html"), encoding: .utf8)
        let straightPage = try String(contentsOf: tmp("sheet.html"), encoding: .utf8)
        #expect(pmPage.components(separatedBy: "data:image/png;base64,").count - 1 == Self.strings.count)
        #expect(!straightPage.isEmpty)
    }

    @Test("the style's \"output\" sets the encoding, and the command line overrides it field by field")
    func styleOutput() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try setUp(tmp, style: ["output": ["format": "webp", "alpha": "premultiplied"]])
        #expect(try await run(tmp, into: "style").status == 0)
        #expect(try manifest(tmp, "style")["output"] as? [String: String] == ["format": "webp", "alpha": "premultiplied"])
        #expect(try await run(tmp, into: "override", ["--format", "png", "--png", "small"]).status == 0)
        #expect(try manifest(tmp, "override")["output"] as? [String: String] == ["format": "png", "png": "small", "alpha": "premultiplied"])
    }

    @Test("bad encoding values are usage errors (exit 2) naming the option or the style field", arguments: [
        (["--format", "gif"], ["--format", "png or webp", "\"gif\""]),
        (["--png", "tiny"], ["--png", "fast or small", "\"tiny\""]),
        (["--alpha", "pre"], ["--alpha", "straight or premultiplied", "\"pre\""]),
        (["--format", "webp", "--atlas", "16384"], ["--atlas 16384", "WebP", "16383"]),
    ])
    func badOptions(options: [String], mentions: [String]) async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try setUp(tmp)
        let result = try await run(tmp, into: "out", options)
        #expect(result.status == 2, "\(result)")
        for text in mentions { #expect(result.stderr.contains(text), "\(text): \(result)") }
        #expect(Files.list(tmp("out")) == [], "a refused run wrote \(Files.list(tmp("out")))")
    }

    @Test("bad \"output\" in a style is an error naming its place", arguments: [
        (#"{"output": {"format": "gif"}}"#, ["output.format", "png, webp"]),
        (#"{"output": {"quality": 9}}"#, ["output.quality", "unknown field"]),
        (#"{"output": "webp"}"#, ["output", "an object"]),
        (#"{"locales": {"de": {"output": {"format": "webp"}}}}"#, ["locales.de.output", "whole run"]),
    ])
    func badStyleOutput(fields: String, mentions: [String]) async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try setUp(tmp, style: try #require(try JSONSerialization.jsonObject(with: Data(fields.utf8)) as? [String: Any]))
        let result = try await run(tmp, into: "out")
        #expect(result.status == 2, "\(result)")
        for text in mentions { #expect(result.stderr.contains(text), "\(text): \(result)") }
    }

    @Test("a hyphenated line ends in its hyphen in the manifest, flagged, and the text stays whole")
    func hyphenatedLines() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try tmp.writeJSON(Styles.basic(scales: [1], extra: [
            "hyphenate": true, "box": ["width": 180, "height": 130], "maxLines": 3, "align": "left",
            "font": ["family": "Noto Sans", "size": 24, "minSize": 24],
        ]), to: "style.json")
        let text = "Sicherheitseinstellungen ändern"
        try tmp.writeJSON(["settings": text, "short": "Ja"], to: "de.json")
        let result = try await CLI.run([tmp("de.json").path, "--style", tmp("style.json").path, "--out", tmp("out").path])
        #expect(result.status == 0, "\(result)")
        let data = try Data(contentsOf: tmp("out/de/manifest.json"))
        let labels = try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["labels"] as? [[String: Any]])
        let settings = try #require(labels.first { $0["key"] as? String == "settings" })
        let lines = try #require(settings["lines"] as? [String])
        let flags = try #require(settings["hyphenated"] as? [Bool], "no hyphenated flags: \(lines)")
        #expect(flags.count == lines.count)
        #expect(flags.contains(true), "\(lines)")
        for (line, flag) in zip(lines, flags) { #expect(line.hasSuffix("-") == flag, "\(line)") }
        let rebuilt = zip(lines, flags).map { line, flag in flag ? String(line.dropLast()) : line + " " }.joined()
        #expect(rebuilt.trimmingCharacters(in: .whitespaces) == text)
        #expect(settings["text"] as? String == text)
        let short = try #require(labels.first { $0["key"] as? String == "short" })
        #expect(short["hyphenated"] == nil, "a label without hyphens has no flags")
    }
}
