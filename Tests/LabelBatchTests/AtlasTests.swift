import Foundation
@testable import LabelBatch
import StringTables
import StyledText
import Testing
import TextRender

/// Sprite sheets: every frame cut out of its sheet and put back in its untrimmed place
/// is the single image, pixel for pixel; edges are extruded, frames padded, bytes
/// independent of the jobs, and a run with nothing changed touches nothing.
@Suite("LabelBatch: atlases")
struct AtlasTests {
    /// One locale mixing Latin, Arabic, Hebrew, Japanese, Korean, Thai, Devanagari and
    /// Cyrillic, so frames come in many sizes, some of two lines.
    static let mixed = table("en", [
        "latin": "Continue", "latin.long": "Download the update now", "arabic": "تحميل لعبة محفوظة",
        "hebrew": "טבלת מובילים", "japanese": "アップデートをダウンロード", "korean": "업데이트 다운로드",
        "thai": "ตั้งค่าคอนโทรลเลอร์", "hindi": "गेम लोड करें", "russian": "Скачать обновление", "short": "Ja",
    ])
    static let german = table("de", ["play": "Spielen", "quit": "Beenden"])
    /// A translucent shadow, so the sheets hold soft edges and trimmed margins.
    static let shadowed = ##""shadows": [{"color": "#00000080", "offset": [2, 2], "blur": 4}]"##
    /// Small enough for the @2x labels (up to 400 pixels wide) to need several sheets.
    static let settings = AtlasSettings(maximumSide: 420)

    func atlasRun(_ tables: [StringTable], into scratch: Scratch, folder: String = "out", jobs: Int = 2,
                  atlas: AtlasSettings? = settings, keys: [String] = []) throws -> BatchRun {
        BatchRun(tables: tables, styleSheet: try styleSheet(extra: Self.shadowed), outputFolder: scratch(folder),
                 fonts: bundledFonts, keys: keys.map(KeyPattern.init), jobs: jobs, atlas: atlas)
    }

    @Test("every frame, cut out and put back at its offset in its source size, is the single image pixel for pixel")
    func framesRebuildTheSingleImages() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try runAll(try atlasRun([Self.mixed, Self.german], into: scratch))

        for locale in ["en", "de"] {
            let folder = scratch("out/\(locale)")
            let manifest = try manifest(locale, in: scratch)
            let sheets = try LoadedSheet.all(in: folder, manifest: manifest)
            var framed: [String: Int] = [:]
            for sheet in sheets {
                #expect(sheet.data.meta.image == sheet.record.image)
                #expect(sheet.data.meta.size == .init(w: sheet.image.width, h: sheet.image.height))
                #expect(sheet.image.width <= 420 && sheet.image.height <= 420)
                #expect(sheet.data.meta.scale == (sheet.record.scale == 1 ? "1" : "2"))
                #expect(sheet.data.meta.format == "RGBA8888" && sheet.data.meta.app == "labelgen"
                        && sheet.data.meta.version == Labelgen.version)
                for (key, frame) in sheet.data.frames {
                    let image = try #require(manifest.labels.first { $0.key == key }?.images.first { $0.scale == sheet.record.scale })
                    let single = try PNGDecoder().decode(contentsOf: folder.appendingPathComponent(image.file))
                    #expect(frame.sourceSize == .init(w: single.width, h: single.height))
                    #expect(frame.trimmed == (frame.frame.w != single.width || frame.frame.h != single.height))
                    #expect(!frame.rotated)
                    let restored = sheet.restore(frame) == single
                    #expect(restored, "\(locale)/\(image.file) differs from its frame in \(sheet.record.image)")
                    #expect(image.atlas == Manifest.AtlasFrame(
                        sheet: sheet.record.image, frame: [frame.frame.x, frame.frame.y, frame.frame.w, frame.frame.h],
                        offset: [frame.spriteSourceSize.x, frame.spriteSourceSize.y]))
                    framed[image.file, default: 0] += 1
                }
            }
            let files = manifest.labels.flatMap { $0.images.map(\.file) }
            #expect(framed == Dictionary(uniqueKeysWithValues: files.map { ($0, 1) }), "every image in exactly one frame")
            #expect(sheets.contains { $0.data.frames.values.contains { $0.trimmed } }, "the shadow's margin is trimmed")
        }
        let english = try manifest("en", in: scratch).atlas
        #expect(english?.sheets.filter { $0.scale == 2 }.count ?? 0 >= 2, "the @2x labels need several sheets")
        #expect(english?.sheets.map(\.image).contains("atlas-1@2x.png") == true)
        #expect(try scratch.files(in: "out/en").filter { $0.hasPrefix("atlas-") }.sorted()
                == english?.sheets.flatMap { [$0.image, $0.data] }.sorted())
    }

    @Test("the ring of pixels around each frame repeats the frame's edge, and extruded frames never touch")
    func edgesAreExtrudedAndFramesPadded() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try runAll(try atlasRun([Self.mixed], into: scratch))
        let sheets = try LoadedSheet.all(in: scratch("out/en"), manifest: try manifest("en", in: scratch))
        var rings = 0
        for sheet in sheets {
            let frames = sheet.data.frames.sorted { $0.key < $1.key }.map(\.value.frame)
            for f in frames {
                for (x, y) in ring(around: f) {
                    let edge = sheet.image[min(max(x, f.x), f.x + f.w - 1), min(max(y, f.y), f.y + f.h - 1)]
                    #expect(sheet.image[x, y] == edge, "\(sheet.record.image) at (\(x), \(y))")
                }
                rings += 1
            }
            // Each frame with its extruded edge lies on the sheet, and 2 pixels of padding
            // separate any two of them.
            let extruded = frames.map { (x: $0.x - 1, y: $0.y - 1, maxX: $0.x + $0.w + 1, maxY: $0.y + $0.h + 1) }
            for (i, a) in extruded.enumerated() {
                #expect(a.x >= 0 && a.y >= 0 && a.maxX <= sheet.image.width && a.maxY <= sheet.image.height)
                for b in extruded[(i + 1)...] {
                    #expect(a.maxX + 2 <= b.x || b.maxX + 2 <= a.x || a.maxY + 2 <= b.y || b.maxY + 2 <= a.y,
                            "\(sheet.record.image): \(a) and \(b) are closer than the padding")
                }
            }
        }
        #expect(rings == 20)
    }

    @Test("a sheet of more frames than are decoded at once holds every frame, extruded as wide as asked",
          arguments: [0, 3])
    func manyFramesOnOneSheet(extrusion: Int) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        // More frames than one turn of decoding on every job count tried, all on one sheet.
        let jobCounts = [1, 2]
        let count = jobCounts.max()! * AtlasBuilder.framesPerThread + 5
        let strings = Dictionary(uniqueKeysWithValues: (0..<count).map { ("k\($0)", "Wort \($0)") })
        let settings = AtlasSettings(maximumSide: 4096, extrusion: extrusion)
        var bytes: [[String: Data]] = []
        for jobs in jobCounts {
            let folder = "jobs\(jobs)"
            try runAll(try atlasRun([table("de", strings)], into: scratch, folder: folder, jobs: jobs, atlas: settings))
            let manifest = try manifest("de", in: scratch, folder: folder)
            let sheets = try LoadedSheet.all(in: scratch("\(folder)/de"), manifest: manifest)
            try #require(sheets.count == 2, "one sheet per scale")
            let sheet = try #require(sheets.first { $0.record.scale == 1 })
            try #require(sheet.data.frames.count == count)
            var covered = Set<Int>()
            for (key, frame) in sheet.data.frames {
                let file = try #require(manifest.labels.first { $0.key == key }?.images.first { $0.scale == 1 }?.file)
                let single = try PNGDecoder().decode(contentsOf: scratch("\(folder)/de/\(file)"))
                #expect(sheet.restore(frame) == single, "\(key) differs from its frame")
                // Every pixel of the extruded rectangle is the nearest pixel of the frame.
                let f = frame.frame
                for y in (f.y - extrusion)..<(f.y + f.h + extrusion) {
                    for x in (f.x - extrusion)..<(f.x + f.w + extrusion) {
                        let nearest = sheet.image[min(max(x, f.x), f.x + f.w - 1), min(max(y, f.y), f.y + f.h - 1)]
                        #expect(sheet.image[x, y] == nearest, "\(key) at (\(x), \(y))")
                        covered.insert(y * sheet.image.width + x)
                    }
                }
            }
            // Outside the extruded frames the sheet is transparent.
            for y in 0..<sheet.image.height {
                for x in 0..<sheet.image.width where !covered.contains(y * sheet.image.width + x) {
                    #expect(sheet.image[x, y].a == 0, "(\(x), \(y)) lies in no frame but is not clear")
                }
            }
            bytes.append(try scratch.contents(of: "\(folder)/de"))
        }
        #expect(bytes[0] == bytes[1], "the sheets depend on the number of jobs")
    }

    @Test("the sheets' bytes do not depend on the number of jobs")
    func jobsGiveTheSameBytes() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try runAll(try atlasRun([Self.mixed], into: scratch, folder: "one", jobs: 1))
        try runAll(try atlasRun([Self.mixed], into: scratch, folder: "two", jobs: 2))
        let one = try scratch.contents(of: "one/en"), two = try scratch.contents(of: "two/en")
        #expect(one.keys.contains("atlas-1@2x.png"))
        #expect(one == two)
    }

    @Test("a rerun with nothing changed touches nothing; a changed label repacks; sheets no longer needed go")
    func rerunsAreIncremental() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try runAll(try atlasRun([Self.mixed], into: scratch))
        let before = try stamps(of: scratch("out/en"))

        let (again, _) = try runAll(try atlasRun([Self.mixed], into: scratch))
        #expect(again.filesWritten == 0 && again.filesRemoved == 0)
        #expect(try stamps(of: scratch("out/en")) == before, "a file was replaced")

        // A sheet that is no longer what the manifest says is packed again, and only it.
        let original = try Data(contentsOf: scratch("out/en/atlas-0@2x.png"))
        try Data("damaged".utf8).write(to: scratch("out/en/atlas-0@2x.png"))
        let (repaired, _) = try runAll(try atlasRun([Self.mixed], into: scratch))
        #expect(repaired.filesWritten == 1)
        #expect(try Data(contentsOf: scratch("out/en/atlas-0@2x.png")) == original)
        #expect(try stamps(of: scratch("out/en")).filter { $0.key != "atlas-0@2x.png" }
                == before.filter { $0.key != "atlas-0@2x.png" })

        // So is a sheet whose data file was cut short or edited.
        let data = try Data(contentsOf: scratch("out/en/atlas-0.json"))
        for damage in [data.prefix(data.count / 2), Data(String(decoding: data, as: UTF8.self)
                                                           .replacingOccurrences(of: "\"x\" : ", with: "\"x\" : 1").utf8)] {
            try damage.write(to: scratch("out/en/atlas-0.json"))
            let (rewritten, _) = try runAll(try atlasRun([Self.mixed], into: scratch))
            #expect(rewritten.filesWritten >= 1)
            #expect(try Data(contentsOf: scratch("out/en/atlas-0.json")) == data)
        }

        // A user's file the manifest never listed stays, whatever its name.
        try Data("mine".utf8).write(to: scratch("out/en/atlas-7.png"))
        var fewer = Self.mixed
        fewer.entries = fewer.entries.filter { ["latin", "short"].contains($0.key) }
        fewer.entries[0].value = "Go on"
        let (shrunk, _) = try runAll(try atlasRun([fewer], into: scratch))
        let sheets = try #require(try manifest("en", in: scratch).atlas?.sheets)
        #expect(sheets.map(\.image) == ["atlas-0.png", "atlas-0@2x.png"])
        #expect(try scratch.files(in: "out/en").filter { $0.hasPrefix("atlas-") }
                == ["atlas-0.json", "atlas-0.png", "atlas-0@2x.json", "atlas-0@2x.png", "atlas-7.png"])
        #expect(shrunk.filesRemoved > 4)
        let sheet = try #require(try LoadedSheet.all(in: scratch("out/en"), manifest: try manifest("en", in: scratch)).first)
        let frame = try #require(sheet.data.frames["latin"])
        let restored = sheet.restore(frame) == (try PNGDecoder().decode(contentsOf: scratch("out/en/latin.png")))
        #expect(restored, "the changed label's frame is not its new image")

        // Without atlases, the sheets and every manifest field naming them go.
        try runAll(try atlasRun([fewer], into: scratch, atlas: nil))
        let plain = try manifest("en", in: scratch)
        #expect(plain.atlas == nil && plain.labels.allSatisfy { $0.images.allSatisfy { $0.atlas == nil } })
        #expect(try scratch.files(in: "out/en").filter { $0.hasPrefix("atlas-") } == ["atlas-7.png"])
    }

    @Test("a manifest edited to name other files as sheets cannot make a run delete them")
    func editedSheetNamesAreNotDeleted() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try runAll(try atlasRun([Self.german], into: scratch))
        let url = scratch("out/de/manifest.json")
        var edited = try manifest("de", in: scratch)
        let real = try #require(edited.atlas?.sheets.first)
        for (image, data) in [("play.png", "manifest.json"), ("notes.png", "notes.json"), ("atlas-x.png", "atlas-0.jsonl")] {
            var sheet = real
            (sheet.image, sheet.data) = (image, data)
            edited.atlas?.sheets.append(sheet)
        }
        try JSONEncoder().encode(edited).write(to: url)
        for mine in ["notes.png", "notes.json", "atlas-x.png", "atlas-0.jsonl"] {
            try Data("mine".utf8).write(to: scratch("out/de/\(mine)"))
        }

        try runAll(try atlasRun([Self.german], into: scratch, atlas: nil))
        #expect(FileManager.default.fileExists(atPath: url.path), "the new manifest was deleted")
        #expect(try manifest("de", in: scratch).atlas == nil)
        // The real sheets went; every file only the edit named stayed.
        #expect(try scratch.files(in: "out/de").sorted()
                == ["atlas-0.jsonl", "atlas-x.png",
                    "manifest.json", "notes.json", "notes.png", "play.png", "play@2x.png", "quit.png", "quit@2x.png"])
    }

    @Test("merging shards into a folder with atlases removes the sheets, as a run without --atlas does")
    func mergeRemovesSheets() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try runAll(try atlasRun([Self.german], into: scratch, folder: "merged"))
        #expect(try scratch.files(in: "merged/de").contains("atlas-0.png"))
        for index in 1...2 {
            try runAll(try batchRun([Self.german], into: scratch, folder: "shard\(index)", shard: Shard(index: index, count: 2)))
        }
        let result = try ShardMerge(shardFolders: [scratch("shard1"), scratch("shard2")], outputFolder: scratch("merged")).run()
        #expect(result.filesRemoved == 4)
        #expect(try scratch.files(in: "merged/de").filter { $0.hasPrefix("atlas-") } == [])
    }

    @Test("only the names a sheet can have count as sheet files")
    func sheetFileNames() {
        for name in ["atlas-0.png", "atlas-12@2x.png", "atlas-3@1.5x.png"] {
            #expect(FileNames.isSheetFile(name, suffix: "png"), "\(name)")
        }
        for name in ["atlas-.png", "atlas-0@x.png", "atlas-0@2.png", "atlas-0@-1x.png", "atlas-a.png", "manifest.png",
                     "atlas-0.json", "../atlas-0.png", "atlas-0@2x@2x.png", "atlas-+1.png", "atlas-01.png", "atlas-0@1x.png",
                     "atlas-0@2y.png", "atlas-0@2.0x.png", "atlas-0@infx.png"] {
            #expect(!FileNames.isSheetFile(name, suffix: "png"), "\(name)")
        }
        #expect(FileNames.isSheetFile("atlas-0@2x.json", suffix: "json"))
        #expect(!FileNames.isSheetFile("manifest.json", suffix: "json"))
    }

    @Test("a run limited to some keys packs the labels the manifest keeps too")
    func partialRunsPackEveryKeptLabel() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try runAll(try atlasRun([Self.mixed], into: scratch, atlas: nil))
        let (committed, report) = try runAll(try atlasRun([Self.mixed], into: scratch, keys: ["latin*"]))
        #expect(report.labels.count == 2 && committed.filesWritten > 0)
        let manifest = try manifest("en", in: scratch)
        #expect(manifest.labels.count == 10 && manifest.labels.allSatisfy { $0.images.allSatisfy { $0.atlas != nil } })
    }

    @Test("a label larger than a sheet stops the run, naming it and its size, before any output changes")
    func tooLargeIsAnError() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try runAll(try atlasRun([Self.german], into: scratch, atlas: nil))
        let before = try scratch.contents(of: "out/de")
        let changed = table("de", ["play": "Jetzt spielen", "quit": "Beenden"])

        let run = try atlasRun([changed], into: scratch, atlas: AtlasSettings(maximumSide: 100))
        let thrown = #expect(throws: BatchError.self) { try run.render(try run.plan()) }
        guard case .atlasFrameTooLarge("de", let key, 1, let width, _, _)? = thrown else {
            Issue.record("expected a frame too large, got \(String(describing: thrown))")
            return
        }
        #expect(width > 98)
        #expect(["play", "quit"].contains(key))
        #expect(thrown?.description.contains("key \"\(key)\" (locale de) at @1x is \(width)x") == true)
        #expect(thrown?.description.contains("at most 100x100 pixels") == true)
        #expect(try scratch.contents(of: "out/de") == before, "an output changed, or a temporary file stayed")
        // The lock is free again: the next run can plan.
        _ = try atlasRun([changed], into: scratch, atlas: nil).plan()
    }

    @Test("atlases refuse shards and keys named like a sheet")
    func refusals() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        var run = try atlasRun([Self.german], into: scratch)
        run.shard = Shard(index: 1, count: 2)
        let sharded = #expect(throws: BatchError.self) { try run.plan() }
        #expect(sharded?.description.contains("shard 1/2") == true)

        let named = #expect(throws: BatchError.self) { try atlasRun([table("de", ["atlas-0": "x"])], into: scratch).plan() }
        guard case .atlasNameTaken("de.json", "atlas-0")? = named else {
            Issue.record("expected the key to be refused, got \(String(describing: named))")
            return
        }
        let upper = #expect(throws: BatchError.self) { try atlasRun([table("de", ["ATLAS-12": "x"])], into: scratch).plan() }
        #expect(upper?.description.contains("ATLAS-12.png, the name of an atlas sheet") == true)
        _ = try atlasRun([table("de", ["atlas-x": "x", "atlas": "y", "atlas-": "z"])], into: scratch).plan()
    }

    @Test("MaxRects fills a sheet with squares that tile it exactly, and opens a second only when full")
    func packerFillsSheets() {
        let packer = AtlasPacker(side: 128, padding: 0)
        let squares = packer.pack(Array(repeating: .init(width: 32, height: 32), count: 17))
        #expect(squares.filter { $0.sheet == 0 }.count == 16 && squares.last?.sheet == 1)
        let mixed = [AtlasPacker.Item(width: 64, height: 128), .init(width: 64, height: 64), .init(width: 64, height: 64)]
        #expect(packer.pack(mixed).allSatisfy { $0.sheet == 0 })
        // With padding, 3 pixels wide items of 1 pixel padding: 32 of them per row of 128 + 1.
        let padded = AtlasPacker(side: 128, padding: 1).pack(Array(repeating: .init(width: 3, height: 128), count: 33))
        #expect(padded.filter { $0.sheet == 0 }.count == 32)
    }
}

/// The pixels just outside frame `f`, corners included.
private func ring(around f: TexturePackerData.Rect) -> [(Int, Int)] {
    var points: [(Int, Int)] = []
    for x in (f.x - 1)...(f.x + f.w) { points += [(x, f.y - 1), (x, f.y + f.h)] }
    for y in f.y..<(f.y + f.h) { points += [(f.x - 1, y), (f.x + f.w, y)] }
    return points
}

/// Each file's inode and modification time: a replaced file gets a new inode.
private func stamps(of folder: URL) throws -> [String: [Int]] {
    var stamps: [String: [Int]] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
        var info = stat()
        stat(folder.appendingPathComponent(name).path, &info)
        stamps[name] = [Int(info.st_ino), info.st_mtim.tv_sec, info.st_mtim.tv_nsec]
    }
    return stamps
}

/// A sheet's data file as TexturePacker's "JSON (Hash)" layout names its fields, read
/// independently of the library's own types.
struct TexturePackerData: Decodable {
    var frames: [String: Frame]
    var meta: Meta

    struct Frame: Decodable {
        var frame: Rect
        var rotated: Bool
        var trimmed: Bool
        var spriteSourceSize: Rect
        var sourceSize: Size
    }

    struct Meta: Decodable {
        var app: String
        var version: String
        var image: String
        var format: String
        var size: Size
        var scale: String
    }

    struct Rect: Decodable, Equatable { var x, y, w, h: Int }
    struct Size: Decodable, Equatable { var w, h: Int }
}

/// A sheet as a game engine loads it: its PNG and its data file.
struct LoadedSheet {
    var record: Manifest.Sheet
    var image: RGBAImage
    var data: TexturePackerData

    /// Every sheet the manifest in `folder` lists.
    static func all(in folder: URL, manifest: Manifest) throws -> [LoadedSheet] {
        try (manifest.atlas?.sheets ?? []).map { record in
            LoadedSheet(record: record, image: try PNGDecoder().decode(contentsOf: folder.appendingPathComponent(record.image)),
                        data: try JSONDecoder().decode(TexturePackerData.self,
                                                       from: Data(contentsOf: folder.appendingPathComponent(record.data))))
        }
    }

    /// The frame cut out of the sheet and put at its offset in a transparent canvas of
    /// its source size: the untrimmed image.
    func restore(_ frame: TexturePackerData.Frame) -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: frame.sourceSize.w * frame.sourceSize.h * 4)
        for y in 0..<frame.frame.h {
            for x in 0..<frame.frame.w {
                let from = ((frame.frame.y + y) * image.width + frame.frame.x + x) * 4
                let to = ((frame.spriteSourceSize.y + y) * frame.sourceSize.w + frame.spriteSourceSize.x + x) * 4
                pixels[to..<to + 4] = image.pixels[from..<from + 4]
            }
        }
        return RGBAImage(width: frame.sourceSize.w, height: frame.sourceSize.h, pixels: pixels)
    }
}
