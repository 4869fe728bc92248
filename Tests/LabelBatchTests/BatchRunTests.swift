import Foundation
import LabelBatch
import StringTables
import StyledText
import Testing
import TextRender

/// Whole runs driven from Swift, phase by phase, with the bundled fonts and the real
/// engine: no process, no command line.
@Suite("LabelBatch: runs in phases")
struct BatchRunTests {
    static let english = table("en", ["play": "Play", "quit": "Quit", "raw": "%@ joined"])
    static let german = table("de", ["play": "Spielen"])

    @Test("a plan checks the tables and decides each label's fate before anything is written")
    func planIsInspectable() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let plan = try batchRun([Self.english, Self.german], into: scratch).plan()

        #expect(statuses(plan) == ["en/play": "render", "en/quit": "render", "en/raw": "not rendered",
                                   "de/play": "render"])
        #expect(plan.labels.map(\.key) == ["play", "quit", "raw", "play"], "table order")
        #expect(plan.locales == ["de", "en"])
        #expect(plan.labelsToRender.count == 3)
        let raw = try #require(plan.labels.first { $0.key == "raw" })
        #expect(raw.unfilledPlaceholders == ["%@"])
        #expect(plan.labels.allSatisfy { $0.scales == [1, 2] && $0.style.font.size == 24 })
        #expect(try scratch.files(in: "out") == [], "planning wrote into the output folder")

        // Keys that would write the same file, and a locale that is no folder name, stop the plan.
        let clash = table("en", ["Play": "Play", "play": "play"])
        let clashing = #expect(throws: BatchError.self) { try batchRun([clash], into: scratch).plan() }
        guard case .sameFileName(_, "en", "Play", "play")? = clashing else {
            Issue.record("expected the two keys to clash, got \(String(describing: clashing))")
            return
        }
        let escaping = StringTable(locale: "../en", source: "evil.json", entries: [.init(key: "a", value: "A")])
        let unsafeLocale = #expect(throws: BatchError.self) { try batchRun([escaping], into: scratch).plan() }
        guard case .unsafeLocale("evil.json", "../en")? = unsafeLocale else {
            Issue.record("expected an unsafe locale, got \(String(describing: unsafeLocale))")
            return
        }
    }

    @Test("a re-run draws only the labels whose images were deleted since, at every scale, in every locale")
    func deletedImagesAreDrawnAgain() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try runAll(try batchRun([Self.english, Self.german], into: scratch))
        do {
            // A plan holds the folder's lock until it is gone.
            let unchanged = try batchRun([Self.english, Self.german], into: scratch).plan()
            #expect(statuses(unchanged) == ["en/play": "unchanged", "en/quit": "unchanged", "en/raw": "not rendered",
                                            "de/play": "unchanged"])
        }
        let original = try Data(contentsOf: scratch("out/en/quit@2x.png"))
        try FileManager.default.removeItem(at: scratch("out/en/quit@2x.png"))
        try FileManager.default.removeItem(at: scratch("out/de/play.png"))
        let run = try batchRun([Self.english, Self.german], into: scratch)
        let plan = try run.plan()
        #expect(statuses(plan) == ["en/play": "unchanged", "en/quit": "render", "en/raw": "not rendered",
                                   "de/play": "render"])
        _ = try run.commit(try run.render(plan))
        #expect(try Data(contentsOf: scratch("out/en/quit@2x.png")) == original)
        #expect(FileManager.default.fileExists(atPath: scratch("out/de/play.png").path))
    }

    @Test("a run writes every label at every scale, a manifest per locale and a report, and says how far it is")
    func runWritesFilesAndManifest() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let run = try batchRun([Self.english, Self.german], into: scratch)
        let plan = try run.plan()
        let seen = ProgressLog()
        let rendered = try run.render(plan, progress: seen.record)
        #expect(seen.entries.map(\.done) == [1, 2, 3] && seen.entries.allSatisfy { $0.total == 3 })
        #expect(Set(seen.entries.map { "\($0.locale)/\($0.key)" }) == ["en/play", "en/quit", "de/play"])
        #expect(rendered.renderedCount == 3)
        let committed = try run.commit(rendered)

        #expect(try scratch.files(in: "out") == [
            "de/manifest.json", "de/play.png", "de/play@2x.png",
            "en/manifest.json", "en/play.png", "en/play@2x.png", "en/quit.png", "en/quit@2x.png",
        ])
        #expect(committed.filesWritten == 8 && committed.filesRemoved == 0)

        let english = try manifest("en", in: scratch)
        #expect(english.tool == "labelgen \(Labelgen.version)" && english.style == "test-style.json")
        #expect(english.labels.map(\.key) == ["play", "quit"])
        let play = english.labels[0]
        #expect(play.lines == ["Play"] && play.text == "Play" && !play.truncated)
        #expect(play.images.map(\.file) == ["play.png", "play@2x.png"])
        #expect(play.images.map(\.width) == [200, 400] && play.images.map(\.height) == [80, 160])
        let playImage = try PNGDecoder().decode(contentsOf: scratch("out/en/play@2x.png"))
        #expect(playImage.width == 400 && playImage.pixels.contains { $0 != 0 }, "the @2x image is empty")
        #expect(english.fonts?.map(\.file) == ["NotoSans-Regular.ttf"])
        guard case .render(let inputHash) = plan.labels[0].status else { Issue.record("play not drawn"); return }
        #expect(play.inputHash == inputHash)

        let report = try run.report(committed)
        #expect(report.labels.map(\.status) == [.rendered, .rendered, .notRendered, .rendered])
        #expect(report.failedLabels.isEmpty)
    }

    @Test("a second run with nothing changed draws nothing and touches no file; a changed string redraws its label")
    func unchangedRunDrawsNothing() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try runAll(try batchRun([Self.english], into: scratch))
        let before = try scratch.contents(of: "out")
        let dates = try modificationDates(scratch, "out")

        let again = try batchRun([Self.english], into: scratch)
        let plan = try again.plan()
        #expect(statuses(plan) == ["en/play": "unchanged", "en/quit": "unchanged", "en/raw": "not rendered"])
        let rendered = try again.render(plan)
        #expect(rendered.renderedCount == 0)
        rendered.discard()  // ends the run, so the next one can lock the folder
        let (committed, report) = try runAll(again)
        #expect(committed.filesWritten == 0 && committed.filesRemoved == 0)
        #expect(report.labels.map(\.status) == [.unchanged, .unchanged, .notRendered])
        #expect(try scratch.contents(of: "out") == before)
        #expect(try modificationDates(scratch, "out") == dates)

        let edited = table("en", ["play": "Play!", "quit": "Quit", "raw": "%@ joined"])
        #expect(statuses(try batchRun([edited], into: scratch).plan())
                == ["en/play": "render", "en/quit": "unchanged", "en/raw": "not rendered"])
    }

    @Test("shards split the labels between them and merge into the bytes of a full run")
    func shardsCoverTheirPart() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let keys = (1...12).map { "key\($0)" }
        let tables = ["en", "de"].map { locale in
            table(locale, Dictionary(uniqueKeysWithValues: keys.map { ($0, "\(locale) \($0)") }))
        }
        var planned: [String] = []
        for index in 1...3 {
            let shard = Shard(index: index, count: 3)
            let run = try batchRun(tables, into: scratch, shard: shard)
            let plan = try run.plan()
            #expect(plan.labels.allSatisfy { shard.contains(locale: $0.locale, key: $0.key) })
            #expect(!plan.labels.isEmpty && plan.labels.count < 24, "shard \(index) has \(plan.labels.count) labels")
            planned += plan.labels.map { "\($0.locale)/\($0.key)" }
            plan.lock.release()  // only looked at; the run below plans again
            try runAll(run)
        }
        #expect(planned.sorted() == tables.flatMap { table in keys.map { "\(table.locale)/\($0)" } }.sorted(),
                "every label in exactly one shard")
        try runAll(try batchRun(tables, into: scratch, folder: "full"))
        #expect(try scratch.contents(of: "out") == scratch.contents(of: "full"))
    }

    @Test("a run that fails while drawing leaves the earlier outputs as they were, and nothing of its own")
    func failedRenderRollsBack() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try runAll(try batchRun([Self.english], into: scratch))
        let before = try scratch.contents(of: "out")

        // Every label changes colour, and one names a font that does not exist: the others
        // are drawn and staged before that one fails. French has no folder yet.
        let broken = try styleSheet(fill: "#FF0000", extra: #""keys": {"quit": {"font": {"family": "No Such Family Xyz"}}}"#)
        let french = table("fr", ["play": "Jouer"])
        let run = try batchRun([Self.english, french], into: scratch, sheet: broken)
        let plan = try run.plan()
        #expect(plan.labelsToRender.count == 3)
        let error = #expect(throws: BatchError.self) { try run.render(plan) }
        guard case .layout("test-style.json", "en.json", "quit", "en", _)? = error else {
            Issue.record("expected a layout error for en/quit, got \(String(describing: error))")
            return
        }
        #expect(error?.description.contains("No Such Family Xyz") == true, "\(String(describing: error))")
        #expect(try scratch.contents(of: "out") == before, "outputs changed, or temporary files were left")
        #expect(!FileManager.default.fileExists(atPath: scratch("out/fr").path), "the new locale folder was left")
    }

    @Test("images of keys gone from the table are removed; other files stay")
    func staleImagesArePruned() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try runAll(try batchRun([Self.english], into: scratch))
        try Data("notes".utf8).write(to: scratch("out/en/README.txt"))
        let (committed, _) = try runAll(try batchRun([table("en", ["play": "Play"])], into: scratch))
        #expect(committed.filesRemoved == 2)
        #expect(try scratch.files(in: "out/en") == ["README.txt", "manifest.json", "play.png", "play@2x.png"])
        #expect(try manifest("en", in: scratch).labels.map(\.key) == ["play"])
    }

    @Test("a golden check finds one changed pixel, names its label and writes a diff image")
    func goldenCheckFindsAChangedPixel() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let run = try batchRun([Self.english], into: scratch)
        try runAll(run)
        try FileManager.default.copyItem(at: scratch("out"), to: scratch("golden"))
        let checks = BatchRun.Checks(goldenFolder: scratch("golden"))
        #expect(try runAll(run, checks: checks).1.failedLabels.isEmpty)

        // One pixel of the box's clear outer ring, made opaque in the golden @2x image.
        var golden = try PNGDecoder().decode(contentsOf: scratch("golden/en/play@2x.png"))
        #expect(golden[0, 0].a == 0)
        golden.pixels.replaceSubrange(0..<4, with: [255, 0, 0, 255])
        try PNGEncoder().encode(golden).write(to: scratch("golden/en/play@2x.png"))

        let report = try runAll(run, checks: checks).1
        #expect(report.failedLabels.map(\.key) == ["play"])
        let failures = report.failedLabels.first?.failures ?? []
        #expect(failures.count == 1 && failures[0].hasPrefix("--check: play@2x.png: 1 pixel (")
                && failures[0].hasSuffix("differs from the golden image, by up to 255 of 255"), "\(failures)")
        #expect(try scratch.files(in: "out/_diff") == ["en/play@2x.diff.png"])
        #expect(run.diffFolder == scratch("out/_diff"))
    }

    @Test("a golden check on four threads reports each differing label and its diff image, and the first unreadable image in plan order")
    func goldenCheckOnThreads() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let keys = (1...12).map { String(format: "k%02d", $0) }
        var run = try batchRun([table("en", Dictionary(uniqueKeysWithValues: keys.map { ($0, "Label \($0)") }))], into: scratch)
        run.jobs = 4
        try runAll(run)
        try FileManager.default.copyItem(at: scratch("out"), to: scratch("golden"))
        for key in ["k03", "k07", "k11"] {
            var golden = try PNGDecoder().decode(contentsOf: scratch("golden/en/\(key).png"))
            golden.pixels.replaceSubrange(0..<4, with: [255, 0, 0, 255])
            try PNGEncoder().encode(golden).write(to: scratch("golden/en/\(key).png"))
        }
        let checks = BatchRun.Checks(goldenFolder: scratch("golden"))
        let report = try runAll(run, checks: checks).1
        #expect(report.failedLabels.map(\.key) == ["k03", "k07", "k11"])
        #expect(try scratch.files(in: "out/_diff") == ["en/k03.diff.png", "en/k07.diff.png", "en/k11.diff.png"])

        for key in ["k09", "k05", "k12"] { try Data("not a PNG".utf8).write(to: scratch("out/en/\(key)@2x.png")) }
        for _ in 0..<3 {
            do {
                _ = try runAll(run, checks: checks)
                Issue.record("unreadable images were compared")
            } catch let error as BatchError {
                guard case .unreadableImage = error else { Issue.record("\(error)"); continue }
                #expect(error.description.contains("k05@2x.png"), "\(error)")
            }
        }
    }

    @Test("strict fails a truncated label and the size limit a shrunk one; neither fails by default")
    func checksFailLabels() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let sheet = try styleSheet(extra: #""keys": {"long": {"maxLines": 1}}"#)
        let strings = table("en", ["ok": "Hi", "long": "A label far too long for a box of two hundred pixels"])
        let run = try batchRun([strings], into: scratch, sheet: sheet)
        #expect(try runAll(run).1.failedLabels.isEmpty)
        let strict = try runAll(run, checks: .init(strict: true)).1
        #expect(strict.failedLabels.map(\.key) == ["long"] && strict.failedLabels[0].failures == ["fails --strict"])
        let limited = try runAll(run, checks: .init(minimumSizeShare: 0.9)).1
        #expect(limited.failedLabels.map(\.key) == ["long"])
        #expect(limited.failedLabels.first?.failures == ["fails --max-shrink 90%"])
    }

    /// Modification dates of every file below `relative`.
    private func modificationDates(_ scratch: Scratch, _ relative: String) throws -> [String: Date] {
        var dates: [String: Date] = [:]
        for file in try scratch.files(in: relative) {
            let attributes = try FileManager.default.attributesOfItem(atPath: scratch(relative).appendingPathComponent(file).path)
            dates[file] = attributes[.modificationDate] as? Date
        }
        return dates
    }
}

/// The progress reports of a run, in the order they came.
private final class ProgressLog: @unchecked Sendable {
    // @unchecked: `log` is only touched under `lock`.
    private var log: [BatchProgress] = []
    private let lock = NSLock()

    func record(_ progress: BatchProgress) {
        lock.lock()
        log.append(progress)
        lock.unlock()
    }

    var entries: [BatchProgress] { lock.lock(); defer { lock.unlock() }; return log }

    @Test("the report names the wrap style that set each label: the style's, or the default for its alignment")
    func reportNamesWrapStyle() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let sheet = try styleSheet(extra: """
            "align": "center", "keys": {"left": {"align": "left"}, "greedy": {"wrapStyle": "greedy"}}
            """)
        let strings = ["centred": "Play the game", "left": "Play the game", "greedy": "Play the game"]
        let (_, report) = try runAll(try batchRun([table("en", strings)], into: scratch, sheet: sheet))
        let styles = Dictionary(uniqueKeysWithValues: report.labels.map { ($0.key, $0.wrapStyle) })
        #expect(styles == ["centred": "balance", "left": "pretty", "greedy": "greedy"])
    }
}
