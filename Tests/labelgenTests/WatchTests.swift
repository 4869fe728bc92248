import Foundation
import Testing

/// `labelgen --watch`: a real labelgen keeps running while the test edits its inputs as
/// an editor would, and each edit redraws exactly the labels it concerns. Every wait is
/// for something the run did (a file replaced, a line printed), with a deadline.
@Suite("labelgen --watch")
struct WatchTests {
    /// A watching labelgen over `en.json` (keys a, b, c) and `style.json`, with a contact
    /// sheet; made once its first run is done.
    final class Watch {
        let tmp: TempDir
        let child: Child
        var out: URL { tmp("out") }
        var logFile: URL { tmp("stderr.txt") }

        static let table = ["a": "Apples", "b": "Bananas", "c": "Cherries"]

        /// With `spreadsheet`, the table watched is `strings.csv` holding that text instead.
        init(table: [String: String] = Watch.table, spreadsheet: String? = nil,
             style: [String: Any] = Styles.basic(scales: [1]), before: (TempDir) throws -> Void = { _ in }) async throws {
            tmp = try TempDir()
            try tmp.writeJSON(style, to: "style.json")
            let tableName = spreadsheet == nil ? "en.json" : "strings.csv"
            if let spreadsheet { try tmp.write(spreadsheet, to: tableName) } else { try tmp.writeJSON(table, to: tableName) }
            try before(tmp)
            child = try Child(arguments: [tmp(tableName).path, "--style", tmp("style.json").path, "--out", tmp("out").path,
                                          "--contact-sheet", tmp("sheet.html").path, "--watch"],
                              standardError: tmp("stderr.txt"))
            try await waitUntil("the first run is done and watching begins") { self.log.contains("for changes (Ctrl-C to stop)") }
        }

        deinit {
            kill(child.pid, SIGKILL)
            var status: Int32 = 0
            waitpid(child.pid, &status, 0)
            tmp.remove()
        }

        /// What labelgen printed on standard error so far.
        var log: String { (try? String(contentsOf: logFile, encoding: .utf8)) ?? "" }

        /// Polls `condition` until it holds; fails, with the log, after `seconds`.
        func waitUntil(_ what: String, seconds: Double = 90, _ condition: () throws -> Bool) async throws {
            let deadline = Date().addingTimeInterval(seconds)
            while try !condition() {
                try #require(child.isRunning, "labelgen ended while waiting until \(what); it printed:\n\(log)")
                try #require(Date() < deadline, "waited \(Int(seconds)) s until \(what); labelgen printed:\n\(log)")
                try await Task.sleep(for: .milliseconds(20))
            }
        }

        /// The inode of each image in the locale folder.
        func inodes() throws -> [String: UInt64] {
            try Files.identities(out).filter { $0.key.hasSuffix(".png") }.mapValues(\.inode)
        }

        /// Saves the table as most editors do: a new file renamed over the old one.
        func saveByRenaming(_ table: [String: String]) throws {
            try tmp.writeJSON(table, to: "en.json.saving")
            try #require(rename(tmp("en.json.saving").path, tmp("en.json").path) == 0)
        }

        /// Saves the table in place: the file is truncated and written again.
        func saveInPlace(_ text: String, to name: String = "en.json") throws {
            let handle = try FileHandle(forWritingTo: tmp(name))
            try handle.truncate(atOffset: 0)
            try handle.write(contentsOf: Data(text.utf8))
            try handle.close()
        }

        /// Waits until the images named in `redrawn` have new inodes; then checks that
        /// the others kept theirs, i.e. were not written again.
        func expectRedrawn(_ redrawn: Set<String>, since before: [String: UInt64], after what: String) async throws {
            try await waitUntil("\(redrawn.sorted()) are redrawn after \(what)") {
                let now = try inodes()
                return redrawn.allSatisfy { now[$0] != nil && now[$0] != before[$0] }
            }
            for (file, inode) in try inodes() where !redrawn.contains(file) {
                #expect(inode == before[file], "\(file) was written again after \(what), though its inputs are unchanged")
            }
        }

        /// Sends `signal` and waits for labelgen to end.
        func stop(_ signal: Int32) async throws -> Child.Ending {
            kill(child.pid, signal)
            return try await child.waitForExit(within: 60)
        }

        /// Checks what an interrupted watch leaves: no temporary file, and a manifest
        /// that lists every image, each on disk, for the table's current text.
        func expectConsistent(texts: [String: String]) throws {
            let leftovers = Files.list(tmp.url).filter { $0.hasSuffix(".tmp") }
            #expect(leftovers.isEmpty, "temporary files left: \(leftovers)")
            let manifest = try ManifestFile.load(out.appendingPathComponent("en/manifest.json"))
            #expect(Set(manifest.labels.map(\.key)) == Set(texts.keys))
            for label in manifest.labels {
                #expect(label.text == texts[label.key], "\(label.key): the manifest has \(label.text)")
                for image in label.images {
                    #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("en/\(image.file)").path),
                            "\(image.file) is listed but missing")
                }
            }
        }
    }

    @Test("saving a table, by renaming over it or in place, redraws only the labels whose text changed; SIGINT ends it with 130")
    func tableSaves() async throws {
        let watch = try await Watch()
        #expect(try watch.inodes().keys.sorted() == ["en/a.png", "en/b.png", "en/c.png"], "\(watch.log)")

        var table = Watch.table
        table["a"] = "Apricots"
        var before = try watch.inodes()
        try watch.saveByRenaming(table)
        try await watch.expectRedrawn(["en/a.png"], since: before, after: "a rename over en.json")
        try await watch.waitUntil("the run is logged") { watch.log.contains("en.json changed; 1 label redrawn in ") }

        table["b"] = "Blueberries"
        before = try watch.inodes()
        try watch.saveInPlace(String(decoding: try JSONSerialization.data(withJSONObject: table), as: UTF8.self))
        try await watch.expectRedrawn(["en/b.png"], since: before, after: "en.json was written in place")
        // The manifest is written after the images are renamed: the run ends with its log line.
        try await watch.waitUntil("the second run is logged") {
            watch.log.components(separatedBy: "en.json changed; 1 label redrawn in ").count - 1 == 2
        }

        #expect(try await watch.stop(SIGINT) == .exited(130))
        try watch.expectConsistent(texts: table)
    }

    @Test("saving a spreadsheet redraws only the labels of the cells that changed, whatever their locale")
    func spreadsheetSave() async throws {
        let csv = "keys,en,de\na,Apples,Äpfel\nb,Bananas,Bananen\n"
        let watch = try await Watch(spreadsheet: csv)
        #expect(try watch.inodes().keys.sorted() == ["de/a.png", "de/b.png", "en/a.png", "en/b.png"], "\(watch.log)")
        let before = try watch.inodes()
        try watch.saveInPlace(csv.replacingOccurrences(of: "Bananen", with: "Bananenschalen"), to: "strings.csv")
        try await watch.expectRedrawn(["de/b.png"], since: before, after: "one cell of strings.csv changed")
        try await watch.waitUntil("the run is logged") { watch.log.contains("strings.csv changed; 1 label redrawn in ") }
        #expect(try await watch.stop(SIGINT) == .exited(130))
    }

    @Test("saving the style redraws every label; SIGTERM ends it with 143")
    func styleSave() async throws {
        let watch = try await Watch()
        let before = try watch.inodes()
        try watch.tmp.writeJSON(Styles.basic(scales: [1], extra: ["fill": "#B00000"]), to: "style.json")
        try await watch.expectRedrawn(["en/a.png", "en/b.png", "en/c.png"], since: before, after: "the style was saved")
        try await watch.waitUntil("the run is logged") { watch.log.contains("style.json changed; 3 labels redrawn in ") }
        #expect(try await watch.stop(SIGTERM) == .exited(143))
        try watch.expectConsistent(texts: Watch.table)
    }

    @Test("a table saved half-written is reported as an error, changes nothing, and the watch goes on until it is fixed")
    func brokenTable() async throws {
        let watch = try await Watch()
        let outputs = try Files.contents(watch.out)
        let identities = try Files.identities(watch.out)
        let sheet = try Data(contentsOf: watch.tmp("sheet.html"))

        try watch.saveInPlace(#"{"a": "Avocados", "b": "#)
        try await watch.waitUntil("the error is reported") { watch.log.contains("en.json:1:24: expected a value") }
        #expect(try Files.contents(watch.out) == outputs, "the outputs changed after a failed run")
        #expect(try Files.identities(watch.out) == identities, "files were rewritten by a failed run")
        #expect(try Data(contentsOf: watch.tmp("sheet.html")) == sheet)

        var table = Watch.table
        table["a"] = "Avocados"
        let before = try watch.inodes()
        try watch.saveByRenaming(table)
        try await watch.expectRedrawn(["en/a.png"], since: before, after: "the table was fixed")
        try await watch.waitUntil("the run is logged") { watch.log.contains("en.json changed; 1 label redrawn in ") }
        #expect(try await watch.stop(SIGINT) == .exited(130))
        try watch.expectConsistent(texts: table)
    }

    @Test("changing a picture the markup names redraws the labels showing it")
    func pictureSave() async throws {
        // Two different PNGs to show: the images of a first, plain run.
        let seed = try TempDir()
        defer { seed.remove() }
        try seed.writeJSON(Styles.basic(scales: [1]), to: "style.json")
        try seed.writeJSON(["one": "1", "two": "22"], to: "en.json")
        let seeded = try await CLI.run([seed("en.json").path, "--style", seed("style.json").path,
                                        "--out", seed("out").path, "--quiet"])
        try #require(seeded.status == 0, "\(seeded)")

        var table = Watch.table
        table["c"] = #"Cherries <img src="coin.png"/>"#
        let watch = try await Watch(table: table) { tmp in
            try FileManager.default.copyItem(at: seed("out/en/one.png"), to: tmp("coin.png"))
        }
        let before = try watch.inodes()
        let handle = try FileHandle(forWritingTo: watch.tmp("coin.png"))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: try Data(contentsOf: seed("out/en/two.png")))
        try handle.close()
        try await watch.expectRedrawn(["en/c.png"], since: before, after: "the picture was saved")
        #expect(try await watch.stop(SIGINT) == .exited(130))
    }

    @Test("the contact sheet of a watch reloads itself: its script names the generation on disk, which each run that changes the page moves on")
    func contactSheetReloads() async throws {
        let watch = try await Watch()
        func generations() throws -> (page: String?, script: String?) {
            let page = try String(contentsOf: watch.tmp("sheet.html"), encoding: .utf8)
            let script = try? String(contentsOf: watch.tmp("sheet.reload.js"), encoding: .utf8)
            func quoted(after marker: String, in text: String?) -> String? {
                guard let text, let start = text.range(of: marker) else { return nil }
                return String(text[start.upperBound...].prefix { $0 != "\"" })
            }
            return (quoted(after: "var generation = \"", in: page), quoted(after: "labelgenGeneration(\"", in: script))
        }
        let page = try String(contentsOf: watch.tmp("sheet.html"), encoding: .utf8)
        #expect(page.contains(#"script.src = "sheet.reload.js?t=" + Date.now();"#))
        #expect(page.contains("location.reload()"))
        let first = try generations()
        #expect(first.page != nil && first.page == first.script, "\(first)")

        var table = Watch.table
        table["b"] = "Blackberries"
        try watch.saveByRenaming(table)
        try await watch.waitUntil("the page and its script name a new generation") {
            let now = try generations()
            return now.page != first.page && now.script != first.script
        }
        let second = try generations()
        #expect(second.page == second.script, "\(second)")
        #expect(try String(contentsOf: watch.tmp("sheet.html"), encoding: .utf8).contains("Blackberries"))
        #expect(try await watch.stop(SIGINT) == .exited(130))
    }

    @Test("--watch with --shard or --check is a usage error (exit 2)")
    func refusedCombinations() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try tmp.writeJSON(Styles.basic(scales: [1]), to: "style.json")
        try tmp.writeJSON(Watch.table, to: "en.json")
        let common = [tmp("en.json").path, "--style", tmp("style.json").path, "--out", tmp("out").path, "--watch"]
        for (option, value) in [("--shard", "1/2"), ("--check", tmp("golden").path)] {
            // A watch that is not refused never ends by itself: it is killed at the deadline.
            let log = tmp("\(option).txt")
            let child = try Child(arguments: common + [option, value], standardError: log)
            #expect(try await child.waitForExit(within: 30) == .exited(2), "\(option)")
            let message = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            #expect(message.contains("--watch") && message.contains(option), "\(option): \(message)")
        }
        #expect(Files.list(tmp("out")).isEmpty, "a refused run wrote \(Files.list(tmp("out")))")
    }
}
