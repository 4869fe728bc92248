import Foundation
import Testing

/// Runs in a row into one folder: what is redrawn, kept, merged and removed.
@Suite("labelgen generate: incremental runs, shards, reports")
struct IncrementalTests {
    private func setUp(_ tmp: TempDir, strings: [String: String] = ["play": "Play", "quit": "Quit", "load": "Load game"]) throws {
        try tmp.writeJSON(Styles.basic(scales: [1, 2]), to: "style.json")
        try tmp.writeJSON(strings, to: "en.json")
    }

    private func generate(_ tmp: TempDir, _ extra: [String] = []) async throws -> CLIResult {
        try await CLI.run([tmp("en.json").path, "--style", tmp("style.json").path, "--out", tmp("out").path] + extra)
    }

    @Test("a second run with nothing changed draws nothing and rewrites no file")
    func nothingChanged() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try setUp(tmp)
        #expect(try await generate(tmp).status == 0)
        let before = try Files.identities(tmp("out"))
        let second = try await generate(tmp)
        #expect(second.status == 0, "\(second)")
        #expect(second.stderr.contains("en: 0 rendered, 3 unchanged"), "\(second)")
        #expect(second.stderr.contains("0 files written"), "\(second)")
        #expect(try Files.identities(tmp("out")) == before)
    }

    @Test("one changed string redraws one label and rewrites only its files and the manifest")
    func oneChanged() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try setUp(tmp)
        #expect(try await generate(tmp).status == 0)
        let before = try Files.identities(tmp("out"))
        try setUp(tmp, strings: ["play": "Play!", "quit": "Quit", "load": "Load game"])
        let second = try await generate(tmp)
        #expect(second.stderr.contains("en: 1 rendered, 2 unchanged"), "\(second)")
        let after = try Files.identities(tmp("out"))
        let changed = Set(after.keys.filter { after[$0] != before[$0] })
        #expect(changed == ["en/play.png", "en/play@2x.png", "en/manifest.json"])
    }

    @Test("a re-run that redraws labels into the same bytes keeps those files' inodes and times; only the manifest is replaced")
    func redrawnIntoSameBytes() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try setUp(tmp)
        #expect(try await generate(tmp).status == 0)
        let before = try Files.identities(tmp("out"))
        // A build system compares modification times; make a rewrite show on a coarse clock.
        try await Task.sleep(for: .milliseconds(1100))
        // A transparent outline changes the style, so every label is drawn again, but
        // not a pixel of it.
        try tmp.writeJSON(Styles.basic(scales: [1, 2], extra: ["stroke": ["width": 2, "color": "#00000000"]]), to: "style.json")
        let second = try await generate(tmp)
        #expect(second.status == 0, "\(second)")
        #expect(second.stderr.contains("en: 3 rendered, 0 unchanged"), "\(second)")
        let after = try Files.identities(tmp("out"))
        #expect(Set(after.keys) == Set(before.keys) && before.count == 7, "\(before.keys.sorted())")
        let replaced = Set(after.keys.filter { after[$0] != before[$0] })
        #expect(replaced == ["en/manifest.json"], "replaced: \(replaced.sorted())")
    }

    @Test("a changed style or a changed font file redraws every label it affects")
    func styleAndFontChanges() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try setUp(tmp)
        let fonts = tmp("fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        let regular = CLI.packageRoot.appendingPathComponent("Fonts/NotoSans-Regular.ttf")
        try FileManager.default.copyItem(at: regular, to: fonts.appendingPathComponent("NotoSans-Regular.ttf"))
        #expect(try await generate(tmp, ["--fonts", fonts.path]).status == 0)

        var style = Styles.basic(scales: [1, 2])
        style["fill"] = "#FF0000"
        try tmp.writeJSON(style, to: "style.json")
        #expect(try await generate(tmp, ["--fonts", fonts.path]).stderr.contains("en: 3 rendered, 0 unchanged"))

        // The same family in a different file: every label depends on the fonts.
        try FileManager.default.removeItem(at: fonts.appendingPathComponent("NotoSans-Regular.ttf"))
        try FileManager.default.copyItem(at: CLI.packageRoot.appendingPathComponent("Fonts/NotoSans-Bold.ttf"),
                                         to: fonts.appendingPathComponent("NotoSans-Regular.ttf"))
        let third = try await generate(tmp, ["--fonts", fonts.path])
        #expect(third.stderr.contains("en: 3 rendered, 0 unchanged"), "\(third)")
        let manifest = try ManifestFile.load(tmp("out/en/manifest.json"))
        #expect(manifest.fonts?.map(\.file) == ["NotoSans-Regular.ttf"])
        #expect(manifest.fonts?.first?.hash.count == 16)
        #expect(try manifest.label("play").fontFiles == ["NotoSans-Regular.ttf"])
    }

    @Test("outputs of keys removed from the table are deleted; other files are left alone")
    func staleOutputs() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try setUp(tmp)
        #expect(try await generate(tmp).status == 0)
        try tmp.write("notes", to: "out/en/README.txt")
        try tmp.write("mine", to: "out/en/mine.png")
        try setUp(tmp, strings: ["play": "Play", "load": "Load game"])
        let second = try await generate(tmp)
        #expect(second.status == 0, "\(second)")
        #expect(Files.list(tmp("out")) == ["en/README.txt", "en/load.png", "en/load@2x.png", "en/manifest.json",
                                           "en/mine.png", "en/play.png", "en/play@2x.png"])
        #expect(second.stderr.contains("2 removed"), "\(second)")
    }

    @Test("a manifest entry naming a path outside the folder is never deleted")
    func hostileManifest() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try setUp(tmp)
        #expect(try await generate(tmp).status == 0)
        try tmp.write("precious", to: "precious.png")
        let manifestURL = tmp("out/en/manifest.json")
        var manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: manifestURL)) as! [String: Any]
        var labels = manifest["labels"] as! [[String: Any]]
        var gone = labels[0]
        gone["key"] = "gone"
        gone["images"] = [["scale": 1, "file": "../../precious.png", "width": 1, "height": 1,
                           "boxOrigin": [0, 0], "baselines": [0], "hash": "0"]]
        labels.append(gone)
        manifest["labels"] = labels
        try JSONSerialization.data(withJSONObject: manifest).write(to: manifestURL)
        #expect(try await generate(tmp).status == 0)
        #expect(FileManager.default.fileExists(atPath: tmp("precious.png").path))
    }

    @Test("keys left out by --keys keep their outputs")
    func partialRuns() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try setUp(tmp)
        #expect(try await generate(tmp).status == 0)
        let full = try Files.contents(tmp("out"))
        let partial = try await generate(tmp, ["--keys", "play", "--force"])
        #expect(partial.stderr.contains("en: 1 rendered"), "\(partial)")
        #expect(try Files.contents(tmp("out")) == full)
    }

    @Test("shards cover every label exactly once, and merge into the bytes of a full run")
    func shards() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        let keys = (1...12).map { "key\($0)" }
        try setUp(tmp, strings: Dictionary(uniqueKeysWithValues: keys.map { ($0, "Label \($0)") }))
        var rendered: [String] = []
        for k in 1...3 {
            let result = try await generate(tmp, ["--shard", "\(k)/3", "--report", tmp("report\(k).json").path])
            #expect(result.status == 0, "\(result)")
            let report = try JSONSerialization.jsonObject(with: Data(contentsOf: tmp("report\(k).json"))) as! [String: Any]
            rendered += (report["labels"] as! [[String: Any]]).map { $0["key"] as! String }
        }
        #expect(rendered.sorted() == keys.sorted())
        let merged = try Files.contents(tmp("out"))
        try FileManager.default.removeItem(at: tmp("out"))
        #expect(try await generate(tmp, ["--jobs", "1"]).status == 0)
        #expect(try Files.contents(tmp("out")) == merged)
        for bad in ["0/3", "4/3", "3", "a/b"] {
            let result = try await generate(tmp, ["--shard", bad])
            #expect(result.status == 2 && result.stderr.contains("--shard"), "\(bad): \(result)")
        }
    }

    @Test("--max-shrink fails labels shrunk below the share, and the report says why")
    func maxShrink() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        var style = Styles.basic(scales: [1])
        style["font"] = ["family": "Noto Sans", "size": 24, "minSize": 8]
        style["maxLines"] = 1
        try tmp.writeJSON(style, to: "style.json")
        try tmp.writeJSON(["short": "Play", "long": "Controller settings and more"], to: "en.json")
        let loose = try await generate(tmp, ["--max-shrink", "50%", "--report", tmp("r.json").path])
        #expect(loose.status == 0, "\(loose)")
        let strictRun = try await generate(tmp, ["--max-shrink", "90%", "--report", tmp("r.json").path])
        #expect(strictRun.status == 1, "\(strictRun)")
        #expect(strictRun.stderr.contains("en/long"), "\(strictRun)")
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: tmp("r.json"))) as! [String: Any]
        let long = (report["labels"] as! [[String: Any]]).first { $0["key"] as? String == "long" }!
        #expect((long["sizeShare"] as! Double) < 0.9)
        #expect((long["failures"] as! [String]) == ["fails --max-shrink 90%"])
        #expect(try await generate(tmp, ["--max-shrink", "120%"]).status == 2)
    }

    @Test("placeholders are filled from the style's samples; without a sample the label is not drawn")
    func placeholders() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        var style = Styles.basic(scales: [1])
        style["samples"] = ["%d": "12", "name": "Alex"]
        try tmp.writeJSON(style, to: "style.json")
        try tmp.writeJSON(["lives": "Lives: %d", "hello": "Hi {name}", "raw": "%@ joined"], to: "en.json")
        let result = try await generate(tmp, ["--report", tmp("r.json").path])
        #expect(result.status == 0, "\(result)")
        let manifest = try ManifestFile.load(tmp("out/en/manifest.json"))
        #expect(try manifest.label("lives").text == "Lives: 12")
        #expect(try manifest.label("hello").text == "Hi Alex")
        #expect(!manifest.labels.contains { $0.key == "raw" })
        #expect(!FileManager.default.fileExists(atPath: tmp("out/en/raw.png").path))
        #expect(result.stderr.contains("1 skipped") && result.stderr.contains("no sample for %@"), "\(result)")
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: tmp("r.json"))) as! [String: Any]
        let raw = (report["labels"] as! [[String: Any]]).first { $0["key"] as? String == "raw" }!
        #expect(raw["status"] as? String == "not-rendered")
        #expect(raw["unfilledPlaceholders"] as? [String] == ["%@"])
    }
}

@Suite("labelgen generate: --check against golden images")
struct CheckOptionTests {
    @Test("--check passes on identical images, fails with diff images on a changed style, and on a missing golden")
    func check() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try tmp.writeJSON(Styles.basic(scales: [1, 2]), to: "style.json")
        try tmp.writeJSON(["play": "Play", "quit": "Quit"], to: "en.json")
        func run(_ extra: [String]) async throws -> CLIResult {
            try await CLI.run([tmp("en.json").path, "--style", tmp("style.json").path, "--out", tmp("out").path] + extra)
        }
        #expect(try await run([]).status == 0)
        try FileManager.default.copyItem(at: tmp("out"), to: tmp("golden"))

        let same = try await run(["--check", tmp("golden").path])
        #expect(same.status == 0, "\(same)")
        #expect(!FileManager.default.fileExists(atPath: tmp("out/_diff").path))

        var style = Styles.basic(scales: [1, 2])
        style["fill"] = "#212020"  // one level of red: within the default tolerance
        try tmp.writeJSON(style, to: "style.json")
        #expect(try await run(["--check", tmp("golden").path]).status == 0)

        style["fill"] = "#802020"
        try tmp.writeJSON(style, to: "style.json")
        let changed = try await run(["--check", tmp("golden").path])
        #expect(changed.status == 1, "\(changed)")
        #expect(changed.stderr.contains("en/play") && changed.stderr.contains("differ from the golden image"), "\(changed)")
        #expect(Files.list(tmp("out/_diff")) == ["en/play.diff.png", "en/play@2x.diff.png", "en/quit.diff.png", "en/quit@2x.diff.png"])

        try FileManager.default.removeItem(at: tmp("golden/en/quit@2x.png"))
        try tmp.writeJSON(Styles.basic(scales: [1, 2]), to: "style.json")
        let missing = try await run(["--check", tmp("golden").path])
        #expect(missing.status == 1 && missing.stderr.contains("no golden en/quit@2x.png"), "\(missing)")
        #expect(Files.list(tmp("out/_diff")).isEmpty, "diffs of the previous check are gone")

        let bad = try await run(["--check", tmp("golden").path, "--tolerance", "2,0.1"])
        #expect(bad.status == 2 && bad.stderr.contains("--tolerance"), "\(bad)")
    }
}
