import Foundation
import Testing

/// `labelgen` over several locales' tables draws them a locale at a time, unless the run
/// needs all of them at once (`--contact-sheet`, `--check`): both must give the same run.
@Suite("labelgen over several locales' tables: one locale at a time, the same run")
struct LocaleByLocaleCommandTests {
    @Test("three locales' tables give the files, report, summary and exit status of a run that draws them at once")
    func sameAsWholeRun() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try tmp.writeJSON(Styles.basic(extra: ["keys": ["long": ["maxLines": 1]]]), to: "style.json")
        try tmp.writeJSON(["play": "Play", "long": "A label far too long for a box of two hundred pixels"], to: "en.json")
        try tmp.writeJSON(["play": "Spielen", "long": "Ein Text, der für eine Zeile viel zu lang ist"], to: "de.json")
        try tmp.writeJSON(["play": "Jouer", "quit": "Quitter"], to: "fr.json")
        func run(_ out: String, _ extra: [String]) async throws -> CLIResult {
            try await CLI.run(["en.json", "de.json", "fr.json"].map { tmp($0).path }
                + ["--style", tmp("style.json").path, "--out", tmp(out).path, "--report", tmp(out + ".json").path, "--strict"]
                + extra)
        }
        let parts = try await run("parts", [])
        // A contact sheet shows every locale of a key on one page: this run draws them at once.
        let whole = try await run("whole", ["--contact-sheet", tmp("sheet.html").path])
        #expect(parts.status == 1 && whole.status == 1, "\(parts)\n\(whole)")
        // The summary, the files written and the labels that failed.
        let lines = { (result: CLIResult, out: String) in
            result.stderr.split(separator: "\n").map { $0.replacingOccurrences(of: tmp(out).path, with: "OUT") }
        }
        #expect(lines(parts, "parts") == lines(whole, "whole"), "\(parts)\n\(whole)")
        #expect(lines(parts, "parts").contains("labelgen: 2 labels failed their checks: en/long, de/long"), "\(parts)")
        #expect(lines(parts, "parts").contains("15 files written, 0 removed, in OUT"), "\(parts)")
        #expect(lines(parts, "parts").contains("fr: 2 rendered, 0 unchanged, 0 shrunk, 0 truncated"), "\(parts)")
        #expect(try Files.contents(tmp("parts")) == Files.contents(tmp("whole")))
        #expect(try timeless(tmp("parts.json")) == timeless(tmp("whole.json")))
    }

    /// A report file with every label's time set to 0: the one field two runs never share.
    private func timeless(_ url: URL) throws -> NSDictionary {
        var object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
        var labels = object["labels"] as! [[String: Any]]
        for index in labels.indices { labels[index]["milliseconds"] = 0 }
        object["labels"] = labels
        return object as NSDictionary
    }
}
