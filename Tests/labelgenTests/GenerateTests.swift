import Foundation
import Testing

/// What a successful run writes: files, PNGs and the manifest.
@Suite("labelgen generate: outputs")
struct GenerateTests {
    @Test("writes a PNG per key and scale plus a manifest that describes them")
    func writesLabelsAndManifest() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        var style = Styles.basic(scales: [1, 2])
        style["keys"] = ["tight": ["canvas": "tight"]]
        try tmp.writeJSON(style, to: "style.json")
        try tmp.writeJSON([
            "play": "Play",
            "wrap": "New game settings menu",
            "tight": "Tight",
        ] as [String: Any], to: "en.json")

        let result = try await CLI.run([tmp("en.json").path, "--style", tmp("style.json").path, "--out", tmp("out").path])
        #expect(result.status == 0, "\(result)")

        let folder = tmp("out/en")
        let expectedFiles = ["manifest.json", "play.png", "play@2x.png", "tight.png", "tight@2x.png", "wrap.png", "wrap@2x.png"]
        #expect(Files.list(tmp("out")) == expectedFiles.map { "en/" + $0 })

        let manifest = try ManifestFile.load(folder.appendingPathComponent("manifest.json"))
        #expect(manifest.tool.hasPrefix("labelgen "))
        #expect(manifest.locale == "en")
        #expect(manifest.style == "style.json")
        #expect(Set(manifest.labels.map(\.key)) == ["play", "wrap", "tight"])

        var hashes: [String: String] = [:]
        for label in manifest.labels {
            #expect(label.fontSize == 24, "\(label.key)")
            #expect(label.truncated == false, "\(label.key)")
            #expect(label.box.width == 200 && label.box.height == 80, "\(label.key)")
            #expect(label.images.map(\.scale) == [1, 2], "\(label.key)")
            for image in label.images {
                let data = try Data(contentsOf: folder.appendingPathComponent(image.file))
                #expect(Array(data.prefix(8)) == PNG.signature, "\(image.file) is not a PNG")
                let size = try #require(PNG.size(of: data), "\(image.file) has no IHDR")
                #expect(size.width == image.width && size.height == image.height,
                        "\(image.file): IHDR \(size) but manifest \(image.width)x\(image.height)")
                if label.key != "tight" {
                    // canvas box: the PNG is exactly the box at this scale, with the box at (0, 0).
                    #expect(image.width == Int(200 * image.scale) && image.height == Int(80 * image.scale), "\(image.file)")
                    #expect(image.boxOrigin == [0, 0], "\(image.file)")
                } else {
                    #expect(image.boxOrigin.count == 2, "\(image.file)")
                }
                #expect(image.baselines.count == label.lines.count, "\(image.file)")
                #expect(image.baselines == image.baselines.sorted(), "\(image.file)")
                #expect(image.baselines.allSatisfy { $0 > 0 && $0 < image.height }, "\(image.file): \(image.baselines)")
                #expect(image.hash.count >= 8 && image.hash.allSatisfy(\.isHexDigit), "\(image.file): hash \(image.hash)")
                if let other = hashes[image.hash] {
                    Issue.record("\(image.file) and \(other) have the same hash \(image.hash)")
                }
                hashes[image.hash] = image.file
            }
        }
        #expect(try manifest.label("play").lines == ["Play"])
        #expect(try manifest.label("play").text == "Play")
        #expect(try manifest.label("wrap").lines == ["New game", "settings menu"])
        #expect(try manifest.label("tight").images.map(\.file) == ["tight.png", "tight@2x.png"])
        // The tight canvas is the ink plus effects: narrower than the 200 px box.
        let tight = try manifest.label("tight").images[0]
        #expect(tight.width < 200, "tight canvas \(tight.width)x\(tight.height)")
    }

    @Test("--quiet prints nothing on success, --scales overrides the style's scales")
    func quietAndScalesOverride() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try tmp.writeJSON(Styles.basic(scales: [1, 2]), to: "style.json")
        try tmp.writeJSON(["ok": "OK"], to: "en.json")
        let result = try await CLI.run([tmp("en.json").path, "--style", tmp("style.json").path,
                                        "--out", tmp("out").path, "--scales", "1,3", "--quiet"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty && result.stdout.isEmpty, "\(result)")
        #expect(Files.list(tmp("out")) == ["en/manifest.json", "en/ok.png", "en/ok@3x.png"])
        let image = try #require(try ManifestFile.load(tmp("out/en/manifest.json")).label("ok").images.last)
        #expect(image.scale == 3 && image.width == 600 && image.height == 240)
    }

    @Test("nested JSON objects give dotted keys and file names")
    func nestedTablesGiveDottedKeys() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try tmp.writeJSON(Styles.basic(scales: [1]), to: "style.json")
        try tmp.write(#"{"menu": {"play": "Play", "sub": {"deep": "Deep"}}, "title": "Title"}"#, to: "en.json")

        let result = try await CLI.run([tmp("en.json").path, "--style", tmp("style.json").path, "--out", tmp("out").path])
        #expect(result.status == 0, "\(result)")
        #expect(Files.list(tmp("out")) == ["en/manifest.json", "en/menu.play.png", "en/menu.sub.deep.png", "en/title.png"])
        let manifest = try ManifestFile.load(tmp("out/en/manifest.json"))
        #expect(manifest.labels.map(\.key) == ["menu.play", "menu.sub.deep", "title"])
        #expect(try manifest.label("menu.sub.deep").images.map(\.file) == ["menu.sub.deep.png"])
    }

    @Test("the locale comes from the file or folder name, and --locale overrides it")
    func localeFromPathOrOption() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try tmp.writeJSON(Styles.basic(scales: [1]), to: "style.json")
        try tmp.writeJSON(["hello": "Hallo"], to: "de.json")
        try tmp.writeJSON(["hello": "你好"], to: "zh-Hans.json")
        try tmp.writeJSON(["hello": "Hej"], to: "sv.lproj/Localizable.json")
        let style = tmp("style.json").path

        let fromPath = try await CLI.run([tmp("de.json").path, tmp("zh-Hans.json").path, tmp("sv.lproj/Localizable.json").path,
                                          "--style", style, "--out", tmp("a").path])
        #expect(fromPath.status == 0, "\(fromPath)")
        #expect(Files.list(tmp("a")) == ["de/hello.png", "de/manifest.json", "sv/hello.png", "sv/manifest.json",
                                         "zh-Hans/hello.png", "zh-Hans/manifest.json"])
        #expect(try ManifestFile.load(tmp("a/de/manifest.json")).locale == "de")
        #expect(try ManifestFile.load(tmp("a/zh-Hans/manifest.json")).label("hello").text == "你好")

        let overridden = try await CLI.run([tmp("de.json").path, "--locale", "fr", "--style", style, "--out", tmp("b").path])
        #expect(overridden.status == 0, "\(overridden)")
        #expect(Files.list(tmp("b")) == ["fr/hello.png", "fr/manifest.json"])
        let manifest = try ManifestFile.load(tmp("b/fr/manifest.json"))
        #expect(manifest.locale == "fr")
        #expect(try manifest.label("hello").text == "Hallo")
    }
}

/// Same inputs, same bytes; re-runs leave unchanged files alone.
@Suite("labelgen generate: determinism and incremental writes")
struct DeterminismTests {
    static func writeInputs(_ tmp: TempDir) throws {
        try tmp.writeJSON(Styles.basic(scales: [1, 2], extra: [
            "stroke": ["width": 2, "color": "#FFFFFF"],
            "shadows": [["color": "#00000080", "offset": [0, 2], "blur": 4]],
        ]), to: "style.json")
        try tmp.writeJSON([
            "a": "Alpha", "b": "Beta", "c": "Gamma ray", "d": "Delta force team",
            "e": "Größe", "f": "Play now", "g": "Combo ×12", "h": "Quit",
        ], to: "en.json")
    }

    @Test("two runs into two folders, and --jobs 1, 2 and 4, give byte-identical outputs")
    func byteIdenticalOutputs() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try Self.writeInputs(tmp)
        func run(_ out: String, jobs: String?) async throws {
            var arguments = [tmp("en.json").path, "--style", tmp("style.json").path, "--out", tmp(out).path]
            if let jobs { arguments += ["--jobs", jobs] }
            let result = try await CLI.run(arguments)
            #expect(result.status == 0, "\(result)")
        }
        try await run("first", jobs: nil)
        try await run("second", jobs: nil)
        try await run("jobs1", jobs: "1")
        try await run("jobs2", jobs: "2")
        try await run("jobs4", jobs: "4")

        let reference = try Files.contents(tmp("first"))
        #expect(reference.count == 8 * 2 + 1)
        for other in ["second", "jobs1", "jobs2", "jobs4"] {
            let contents = try Files.contents(tmp(other))
            #expect(contents.keys.sorted() == reference.keys.sorted(), "\(other)")
            for (file, data) in reference where contents[file] != data {
                Issue.record("\(other)/\(file) differs from first/\(file)")
            }
        }
    }

    @Test("re-running with nothing changed rewrites nothing; changing one string rewrites only its files and the manifest")
    func incrementalRewrites() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try Self.writeInputs(tmp)
        let arguments = [tmp("en.json").path, "--style", tmp("style.json").path, "--out", tmp("out").path]

        let first = try await CLI.run(arguments)
        #expect(first.status == 0, "\(first)")
        let before = try Files.identities(tmp("out"))
        let bytesBefore = try Files.contents(tmp("out"))
        #expect(before.count == 17)

        let second = try await CLI.run(arguments)
        #expect(second.status == 0, "\(second)")
        let after = try Files.identities(tmp("out"))
        #expect(after.keys.sorted() == before.keys.sorted(), "files appeared or vanished: \(Files.list(tmp("out")))")
        for (file, identity) in before where after[file] != identity {
            Issue.record("unchanged run rewrote \(file): \(identity) -> \(after[file].map(\.description) ?? "missing")")
        }
        #expect(try Files.contents(tmp("out")) == bytesBefore)

        // Change one string.
        try tmp.writeJSON([
            "a": "Alpha", "b": "Beta", "c": "Gamma ray", "d": "Delta force team",
            "e": "Größe", "f": "Play later", "g": "Combo ×12", "h": "Quit",
        ], to: "en.json")
        let third = try await CLI.run(arguments)
        #expect(third.status == 0, "\(third)")
        let changed = try Files.identities(tmp("out"))
        #expect(changed.keys.sorted() == before.keys.sorted(), "files appeared or vanished: \(Files.list(tmp("out")))")
        let rewritten = Set(changed.filter { before[$0.key] != $0.value }.keys)
        #expect(rewritten == ["en/f.png", "en/f@2x.png", "en/manifest.json"])
        let manifest = try ManifestFile.load(tmp("out/en/manifest.json"))
        #expect(try manifest.label("f").lines == ["Play later"])
        let bytesNow = try Files.contents(tmp("out"))
        for file in bytesBefore.keys.sorted() where !rewritten.contains(file) {
            #expect(bytesNow[file] == bytesBefore[file], "\(file)")
        }
        #expect(bytesNow["en/f.png"] != bytesBefore["en/f.png"])
    }
}
