import Foundation
import LabelBatch
import StringTables
import Testing

/// ``LocaleByLocaleRun``: a run of several locales drawn one locale at a time, which must
/// give what the four phases give for the same tables, and change nothing unless every
/// locale was drawn.
@Suite("LocaleByLocaleRun: one locale at a time, the bytes of a whole run")
struct LocaleByLocaleRunTests {
    private static let sheet = #""keys": {"long": {"maxLines": 1}}, "samples": {"%d": "3"}"#

    private static func tables(changed: Bool = false) -> [StringTable] {
        [
            table("en", ["play": "Play", "quit": "Quit", "long": "A label far too long for a box of two hundred pixels",
                         "lives": "%d lives", "count": "%@ coins"]),
            table("de", changed
                ? ["play": "Spielen", "long": "Ein Text, der für eine Zeile viel zu lang ist"]
                : ["play": "Spielen", "quit": "Beenden", "long": "Ein Text, der für eine Zeile viel zu lang ist"]),
            table("fr", ["play": changed ? "Jouer !" : "Jouer", "quit": "Quitter"]),
        ]
    }

    /// The run of `tables` into `scratch(folder)` drawn a locale at a time, one part per
    /// table, each read when its turn comes; `loaded` hears which part was read.
    private func byLocale(_ tables: [StringTable], into scratch: Scratch, folder: String,
                          loaded: @escaping (Int) throws -> Void = { _ in }) throws -> LocaleByLocaleRun {
        var run = try batchRun([], into: scratch, folder: folder, sheet: try styleSheet(extra: Self.sheet))
        run.tables = []
        return LocaleByLocaleRun(run: run, parts: tables.indices.map { index in
            LocaleByLocaleRun.Part {
                try loaded(index)
                return [tables[index]]
            }
        })
    }

    /// Runs `run` with `checks` into a folder it locks itself; the report's bytes, as the
    /// `--report` file has them.
    @discardableResult
    private func execute(_ run: LocaleByLocaleRun, checks: BatchRun.Checks = .init(), report: URL) throws
        -> (LocaleByLocaleRun.Outcome, [RunReport]) {
        let lock = try OutputFolderLock(folder: run.run.outputFolder, waiting: false)
        defer { lock.release() }
        var parts: [RunReport] = []
        let outcome = try run.execute(holding: lock, checks: checks, keepsReport: true, progress: { _ in }) { parts.append($0) }
        try outcome.report?.write(to: report)
        return (outcome, parts)
    }

    /// The four phases over `tables` into `scratch(folder)`, and the report's file.
    @discardableResult
    private func whole(_ tables: [StringTable], into scratch: Scratch, folder: String, checks: BatchRun.Checks = .init(),
                       report: URL) throws -> CommittedBatch {
        let run = try batchRun(tables, into: scratch, folder: folder, sheet: try styleSheet(extra: Self.sheet))
        let (committed, runReport) = try runAll(run, checks: checks)
        try runReport.write(to: report)
        return committed
    }

    /// A report file with every label's time set to 0: the one field two runs never share.
    private func timeless(_ url: URL) throws -> NSDictionary {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
        var labels = object["labels"] as! [[String: Any]]
        for index in labels.indices { labels[index]["milliseconds"] = 0 }
        var copy = object
        copy["labels"] = labels
        return copy as NSDictionary
    }

    @Test("three locales give the four phases' images, manifests, report and counts; after a change too, stale images removed")
    func sameBytesAsWholeRun() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let checks = BatchRun.Checks(strict: true)
        for changed in [false, true] {
            let tables = Self.tables(changed: changed)
            let committed = try whole(tables, into: scratch, folder: "whole", checks: checks, report: scratch("whole.json"))
            let (outcome, parts) = try execute(try byLocale(tables, into: scratch, folder: "parts"), checks: checks,
                                               report: scratch("parts.json"))
            #expect(try scratch.contents(of: "parts") == scratch.contents(of: "whole"), "changed: \(changed)")
            #expect(try timeless(scratch("parts.json")) == timeless(scratch("whole.json")), "changed: \(changed)")
            #expect(outcome.filesWritten == committed.filesWritten && outcome.filesRemoved == committed.filesRemoved,
                    "parts \(outcome.filesWritten)/\(outcome.filesRemoved), whole \(committed.filesWritten)/\(committed.filesRemoved)")
            #expect(parts.map { Set($0.labels.map(\.locale)) } == [["en"], ["de"], ["fr"]])
            #expect(parts.flatMap(\.labels).filter { !$0.failures.isEmpty }.map { "\($0.locale)/\($0.key)" } == ["en/long", "de/long"])
        }
        // The change removed de/quit and redrew fr/play.
        #expect(!FileManager.default.fileExists(atPath: scratch("parts/de/quit.png").path))
        let german = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: scratch("parts/de/manifest.json")))
        #expect(german.labels.map(\.key) == ["long", "play"])
        let (again, _) = try execute(try byLocale(Self.tables(changed: true), into: scratch, folder: "parts"),
                                     report: scratch("again.json"))
        #expect(again.filesWritten == 0 && again.filesRemoved == 0)
    }

    @Test("each locale is read after the one before is staged, and nothing is in place until every locale is drawn")
    func oneLocaleAtATime() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        var seen: [Int: [String]] = [:]
        let run = try byLocale(Self.tables(), into: scratch, folder: "parts") { index in
            seen[index] = try scratch.files(in: "parts")
        }
        try execute(run, report: scratch("report.json"))
        #expect(seen[0] == [])
        // English is staged under temporary names when German is read; no output is in place.
        let staged = seen[1] ?? []
        #expect(staged.contains { $0.hasPrefix("en/") } && !staged.contains("en/play.png") && !staged.contains("en/manifest.json"),
                "\(staged)")
        #expect(!(seen[2] ?? []).contains { $0.hasPrefix("de/") && $0.hasSuffix(".png") && !$0.contains("/.") },
                "\(seen[2] ?? [])")
        #expect(try scratch.files(in: "parts").filter { $0.hasSuffix("manifest.json") } == ["de/manifest.json", "en/manifest.json", "fr/manifest.json"])
    }

    @Test("a locale that fails to draw, or whose tables cannot be read, leaves every output as it was and nothing staged")
    func failureChangesNothing() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try execute(try byLocale(Self.tables(), into: scratch, folder: "parts"), report: scratch("report.json"))
        let before = try scratch.contents(of: "parts")

        // German names an inline image that does not exist: English is drawn and staged first.
        var broken = Self.tables(changed: true)
        broken[1] = table("de", ["play": #"Spielen <img src="no-such-picture.png"/>"#])
        let error = #expect(throws: BatchError.self) {
            try execute(try byLocale(broken, into: scratch, folder: "parts"), report: scratch("report.json"))
        }
        #expect(error.map { "\($0)" }?.contains("no-such-picture.png") == true, "\(String(describing: error))")
        #expect(try scratch.contents(of: "parts") == before, "outputs changed, or temporary files were left")

        // French cannot be read, after English and German are staged.
        struct Unreadable: Error {}
        #expect(throws: Unreadable.self) {
            try execute(try byLocale(Self.tables(changed: true), into: scratch, folder: "parts") { index in
                if index == 2 { throw Unreadable() }
            }, report: scratch("report.json"))
        }
        #expect(try scratch.contents(of: "parts") == before, "outputs changed, or temporary files were left")
    }
}
