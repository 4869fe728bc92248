import Foundation
import LabelBatch
import Testing
import TextRender

/// `--atlas SIZE` end to end: the sheets a game engine would load give back every
/// single image, whatever `--jobs` is, and a rerun leaves them alone.
@Suite("labelgen generate: --atlas")
struct AtlasCommandTests {
    /// Latin, Arabic, Japanese, Thai, Devanagari, Hebrew and Cyrillic in one table.
    static var mixed: [String: Any] {[
        "menu": ["play": "Play", "settings": "Controller settings", "quit": "Quit game"],
        "ar": "تحميل لعبة محفوظة", "ja": "アップデートをダウンロード", "th": "ตั้งค่าคอนโทรลเลอร์",
        "hi": "गेम लोड करें", "he": "טבלת מובילים", "ru": "Скачать обновление",
    ]}

    func prepare(_ tmp: TempDir) throws -> [String] {
        try tmp.writeJSON(Styles.basic(scales: [1, 2], extra: [
            "stroke": ["width": 2, "color": "#FFFFFF"],
            "shadows": [["color": "#00000099", "offset": [0, 2], "blur": 3]],
        ]), to: "style.json")
        try tmp.writeJSON(Self.mixed, to: "en.json")
        return [tmp("en.json").path, "--style", tmp("style.json").path]
    }

    @Test("sheets cut back into frames equal the single PNGs, with the same bytes for --jobs 1 and 2, and a rerun writes nothing")
    func sheetsRebuildSinglesWithAnyJobs() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        let base = try prepare(tmp)
        for jobs in ["1", "2"] {
            let result = try await CLI.run(base + ["--out", tmp("out\(jobs)").path, "--atlas", "420", "--jobs", jobs])
            #expect(result.status == 0, "\(result)")
        }
        let files = try Files.contents(tmp("out1"))
        #expect(files == (try Files.contents(tmp("out2"))), "--jobs changed the output")
        #expect(files.keys.contains("en/atlas-1@2x.json"), "the @2x labels should need a second sheet: \(files.keys.sorted())")

        let folder = tmp("out1/en")
        let manifest = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: folder.appendingPathComponent("manifest.json")))
        var frames = 0
        for sheet in manifest.atlas?.sheets ?? [] {
            let pixels = try PNGDecoder().decode(contentsOf: folder.appendingPathComponent(sheet.image))
            let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent(sheet.data)))
                as? [String: Any])
            let meta = try #require(json["meta"] as? [String: Any])
            #expect(meta["image"] as? String == sheet.image && meta["scale"] as? String == (sheet.scale == 1 ? "1" : "2"))
            #expect(meta["size"] as? [String: Int] == ["w": pixels.width, "h": pixels.height])
            for (key, value) in try #require(json["frames"] as? [String: [String: Any]]) {
                let frame = try #require(value["frame"] as? [String: Int]), source = try #require(value["sourceSize"] as? [String: Int])
                let offset = try #require(value["spriteSourceSize"] as? [String: Int])
                #expect(value["rotated"] as? Bool == false)
                let image = try #require(manifest.labels.first { $0.key == key }?.images.first { $0.scale == sheet.scale })
                let single = try PNGDecoder().decode(contentsOf: folder.appendingPathComponent(image.file))
                var restored = RGBAImage(width: source["w"]!, height: source["h"]!)
                for y in 0..<frame["h"]! {
                    for x in 0..<frame["w"]! {
                        let from = ((frame["y"]! + y) * pixels.width + frame["x"]! + x) * 4
                        let to = ((offset["y"]! + y) * restored.width + offset["x"]! + x) * 4
                        restored.pixels[to..<to + 4] = pixels.pixels[from..<from + 4]
                    }
                }
                let same = restored == single
                #expect(same, "\(image.file) differs from its frame in \(sheet.image)")
                frames += 1
            }
        }
        #expect(frames == 18, "nine labels at two scales")

        let stamps = try Self.stamps(of: folder)
        let rerun = try await CLI.run(base + ["--out", tmp("out1").path, "--atlas", "420"])
        #expect(rerun.status == 0 && (rerun.stdout + rerun.stderr).contains("0 files written, 0 removed"), "\(rerun)")
        #expect(try Self.stamps(of: folder) == stamps, "a rerun with nothing changed replaced a file")
    }

    @Test("a label larger than a sheet exits 2 naming the key and its size, and writes nothing")
    func tooLarge() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        let base = try prepare(tmp)
        let result = try await CLI.run(base + ["--out", tmp("out").path, "--atlas", "64", "--scales", "1"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains(#"key ""#) && result.stderr.contains("at @1x is")
                && result.stderr.contains("at most 64x64 pixels"), "\(result)")
        #expect(Files.list(tmp("out")).isEmpty, "\(Files.list(tmp("out")))")
    }

    @Test("--atlas refuses --shard and sizes with no room for a frame, as usage errors")
    func usage() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        let base = try prepare(tmp) + ["--out", tmp("out").path]
        let sharded = try await CLI.run(base + ["--atlas", "1024", "--shard", "1/2"])
        #expect(sharded.status == 2 && sharded.stderr.contains("--shard 1/2"), "\(sharded)")
        let tiny = try await CLI.run(base + ["--atlas", "4"])
        #expect(tiny.status == 2 && tiny.stderr.contains("--atlas must be 8 to 16384 pixels, got 4"), "\(tiny)")
        #expect(Files.list(tmp("out")).isEmpty)
        let help = try await CLI.run(["--help"])
        #expect(help.stdout.contains("--atlas <size>"), "\(help)")
    }

    /// Each file's inode and modification time: a replaced file gets a new inode.
    static func stamps(of folder: URL) throws -> [String: [Int]] {
        var stamps: [String: [Int]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            var info = stat()
            stat(folder.appendingPathComponent(name).path, &info)
            stamps[name] = [Int(info.st_ino), info.st_mtim.tv_sec, info.st_mtim.tv_nsec]
        }
        return stamps
    }
}
