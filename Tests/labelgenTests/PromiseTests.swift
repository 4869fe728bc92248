import Captions
import Foundation
import Testing
import TextRender

/// Promises the command line makes in its help and README, each checked end to end
/// through the built executable.
@Suite("labelgen: command-line promises")
struct PromiseTests {
    // MARK: - --strict

    @Test("--strict exits 1 for a label that overflows its box and for one with a character no font covers; without it both succeed")
    func strictOverflowAndMissingCharacters() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        // "tall": a box lower than one line even at minSize, and nothing to cut, so the
        // whole line stands out of the box. "nofont": a character from a private use
        // plane and a Georgian letter, which no bundled font has.
        var style = Styles.basic(scales: [1])
        style["keys"] = ["tall": ["font": ["size": 40, "minSize": 20], "box": ["width": 400, "height": 12], "maxLines": 1]]
        try tmp.writeJSON(style, to: "style.json")
        try tmp.writeJSON(["tall": "Tall", "nofont": "A\u{10FFFD}\u{10D0}", "ok": "Fine"], to: "en.json")
        let base = [tmp("en.json").path, "--style", tmp("style.json").path]

        // Each problem alone, so neither can pass on the strength of the other.
        for (key, out) in [("tall", "overflow"), ("nofont", "missing")] {
            let strict = try await CLI.run(base + ["--keys", key, "--keys", "ok", "--out", tmp("\(out)-strict").path, "--strict"])
            #expect(strict.status == 1, "\(key): \(strict)")
            #expect(strict.stderr.contains("en/\(key)"), "\(key): the failure does not name the label: \(strict)")
            #expect(!strict.stderr.contains("en/ok"), "\(key): a label that fits failed --strict: \(strict)")

            let lenient = try await CLI.run(base + ["--keys", key, "--keys", "ok", "--out", tmp("\(out)-lenient").path])
            #expect(lenient.status == 0, "\(key): \(lenient)")
            #expect(try Files.contents(tmp("\(out)-lenient")) == Files.contents(tmp("\(out)-strict")),
                    "\(key): --strict changed what was written")
        }

        let overflow = try PromiseSupport.rawLabel("tall", in: tmp("overflow-strict/en/manifest.json"))
        #expect(overflow["fit"] as? String == "overflows", "\(overflow)")
        #expect(overflow["truncated"] as? Bool == false, "\(overflow)")
        #expect(overflow["lines"] as? [String] == ["Tall"], "\(overflow)")

        let missing = try PromiseSupport.rawLabel("nofont", in: tmp("missing-strict/en/manifest.json"))
        #expect(missing["missingCharacters"] as? [String] == ["U+10FFFD", "U+10D0"], "\(missing)")
        #expect(missing["fit"] as? String == "fits", "\(missing)")
        #expect(missing["truncated"] as? Bool == false, "\(missing)")
    }

    // MARK: - Interrupts

    @Test("SIGINT exits 130 and SIGTERM 143 while labels are drawn, leaving earlier outputs whole and no temporary file",
          arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
    func interruptExitStatus(signal: Int32, status: Int32) async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try tmp.writeJSON(Styles.basic(scales: [1, 2]), to: "style.json")
        try tmp.writeJSON(["title": "Hello", "score": "Score: 12"], to: "en.json")
        let first = try await CLI.run([tmp("en.json").path, "--style", tmp("style.json").path, "--out", tmp("out").path, "--quiet"])
        try #require(first.status == 0, "\(first)")
        let before = try Files.contents(tmp("out"))
        try #require(before.count == 5, "\(before.keys.sorted())")

        // Enough shadowed labels at three scales, on one thread, that drawing them takes
        // far longer than the wait for the first staged image; the two earlier keys change,
        // so a run that got as far as writing would alter their files.
        var table = ["title": "Hello!", "score": "Score: 13"]
        for index in 0..<2000 { table["filler.\(index)"] = "Filler label number \(index)" }
        try tmp.writeJSON(table, to: "big/en.json")
        try tmp.writeJSON(Styles.basic(scales: [1, 2, 3], extra: ["shadows": [["blur": 8, "offset": [0, 2]]]]),
                          to: "shadowed.json")
        let process = try PromiseSupport.start([tmp("big/en.json").path, "--style", tmp("shadowed.json").path,
                                                "--out", tmp("out").path, "--jobs", "1", "--quiet"])
        // Images are staged under temporary names as they are drawn: once one shows, the
        // run is drawing, and the interrupt has temporary files to clean up.
        // The waits block this thread instead of suspending: a suspended test may resume
        // only once other tests free a thread, long after the run has ended.
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning, Date() < deadline,
              !Files.list(tmp("out")).contains(where: { $0.hasSuffix(".tmp") }) {
            usleep(20_000)
        }
        usleep(200_000)
        #expect(process.isRunning, "the run ended before it could be interrupted")
        #expect(Files.list(tmp("out")).contains { $0.hasSuffix(".tmp") }, "no image was staged before the interrupt")
        try await PromiseSupport.send(signal, to: process)

        #expect(process.terminationReason == .exit, "ended by the signal itself, status \(process.terminationStatus)")
        #expect(process.terminationStatus == status)
        let leftovers = Files.list(tmp.url).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty, "temporary files left: \(leftovers.prefix(5)) (\(leftovers.count) in all)")
        #expect(try Files.contents(tmp("out")) == before, "earlier output changed: \(Files.list(tmp("out")).prefix(10))")
    }

    // MARK: - Stale outputs

    @Test("images of scales no longer asked for are removed, and the manifest lists only the scales rendered")
    func droppedScalesAreRemoved() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try tmp.writeJSON(Styles.basic(scales: [1, 2, 3]), to: "style.json")
        try tmp.writeJSON(["play": "Play", "quit": "Quit"], to: "en.json")
        let base = [tmp("en.json").path, "--style", tmp("style.json").path, "--out", tmp("out").path]

        let all = try await CLI.run(base + ["--scales", "1,2,3"])
        try #require(all.status == 0, "\(all)")
        #expect(Files.list(tmp("out")) == ["en/manifest.json", "en/play.png", "en/play@2x.png", "en/play@3x.png",
                                           "en/quit.png", "en/quit@2x.png", "en/quit@3x.png"])
        let oneX = try Files.contents(tmp("out")).filter { !$0.key.contains("@") && $0.key.hasSuffix(".png") }

        let fewer = try await CLI.run(base + ["--scales", "1"])
        #expect(fewer.status == 0, "\(fewer)")
        #expect(Files.list(tmp("out")) == ["en/manifest.json", "en/play.png", "en/quit.png"])
        #expect(fewer.stderr.contains("4 removed"), "\(fewer)")
        let manifest = try ManifestFile.load(tmp("out/en/manifest.json"))
        for label in manifest.labels {
            #expect(label.images.map(\.scale) == [1], "\(label.key)")
            #expect(label.images.map(\.file) == ["\(label.key).png"], "\(label.key)")
        }
        #expect(try Files.contents(tmp("out")).filter { $0.key.hasSuffix(".png") } == oneX, "the @1x images changed")
    }

    // MARK: - The tool version in the input hash

    @Test("a labelgen of another version redraws every label; a recorded hash that differs redraws its label")
    func versionIsPartOfTheInputHash() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try tmp.writeJSON(Styles.basic(scales: [1]), to: "style.json")
        try tmp.writeJSON(["play": "Play", "quit": "Quit"], to: "en.json")
        let arguments = [tmp("en.json").path, "--style", tmp("style.json").path, "--out", tmp("out").path]

        let first = try await CLI.run(arguments)
        try #require(first.status == 0, "\(first)")
        let manifest = try ManifestFile.load(tmp("out/en/manifest.json"))
        let version = String(manifest.tool.dropFirst("labelgen ".count))
        try #require(manifest.tool == "labelgen \(version)" && !version.isEmpty, "\(manifest.tool)")
        let again = try await CLI.run(arguments)
        try #require(again.stderr.contains("en: 0 rendered, 2 unchanged"), "\(again)")

        // The same program under another version number: its version string literal,
        // patched in a copy of the executable, is the only difference.
        let other = try PromiseSupport.executable(withVersion: version, replacedBy: "9.9.9", in: tmp("bin"))
        let upgraded = try await PromiseSupport.run(other, arguments)
        #expect(upgraded.status == 0, "\(upgraded)")
        let upgradedManifest = try ManifestFile.load(tmp("out/en/manifest.json"))
        try #require(upgradedManifest.tool == "labelgen 9.9.9", "the patched executable did not run as 9.9.9: \(upgradedManifest.tool)")
        #expect(upgraded.stderr.contains("en: 2 rendered, 0 unchanged"), "a new version kept labels drawn by the old one: \(upgraded)")
        // Same pixels, new hashes: the images stay, the manifest's input hashes change.
        let hashes = { (file: ManifestFile) in file.labels.map(\.images).map { $0.map(\.hash) } }
        #expect(hashes(upgradedManifest) == hashes(manifest))
        let otherInputs = try PromiseSupport.rawLabels(in: tmp("out/en/manifest.json")).map { $0["inputHash"] as? String }
        let back = try await CLI.run(arguments)
        #expect(back.stderr.contains("en: 2 rendered, 0 unchanged"), "going back to the old version kept the new one's labels: \(back)")
        let ownInputs = try PromiseSupport.rawLabels(in: tmp("out/en/manifest.json")).map { $0["inputHash"] as? String }
        #expect(otherInputs != ownInputs, "the input hashes do not depend on the version")

        // What a version change amounts to on disk: one entry's recorded hash differs.
        var root = try PromiseSupport.json(tmp("out/en/manifest.json"))
        var labels = try #require(root["labels"] as? [[String: Any]])
        let index = try #require(labels.firstIndex { $0["key"] as? String == "quit" })
        labels[index]["inputHash"] = "0000000000000000"
        root["labels"] = labels
        try tmp.writeJSON(root, to: "out/en/manifest.json")
        let edited = try await CLI.run(arguments)
        #expect(edited.stderr.contains("en: 1 rendered, 1 unchanged"), "\(edited)")
        #expect(try PromiseSupport.rawLabel("quit", in: tmp("out/en/manifest.json"))["inputHash"] as? String
                == ownInputs[index], "the redrawn label's hash was not recorded afresh")
    }

    // MARK: - --force

    @Test("--force draws every label again, leaving files whose bytes are the same untouched and rewriting a changed one")
    func forceRedrawsButKeepsIdenticalFiles() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try tmp.writeJSON(Styles.basic(scales: [1, 2]), to: "style.json")
        try tmp.writeJSON(["play": "Play", "quit": "Quit", "load": "Load game"], to: "en.json")
        let arguments = [tmp("en.json").path, "--style", tmp("style.json").path, "--out", tmp("out").path]
        try #require(try await CLI.run(arguments).status == 0)
        let before = try Files.identities(tmp("out"))
        let bytesBefore = try Files.contents(tmp("out"))
        // A build system compares modification times; make a rewrite show even on a
        // coarse clock.
        try await Task.sleep(for: .milliseconds(1100))

        try tmp.writeJSON(["play": "Play", "quit": "Quit now", "load": "Load game"], to: "en.json")
        let forced = try await CLI.run(arguments + ["--force", "--report", tmp("report.json").path])
        #expect(forced.status == 0, "\(forced)")
        #expect(forced.stderr.contains("en: 3 rendered, 0 unchanged"), "\(forced)")
        let report = try PromiseSupport.json(tmp("report.json"))
        let statuses = (report["labels"] as? [[String: Any]] ?? []).map { $0["status"] as? String }
        #expect(statuses == ["rendered", "rendered", "rendered"], "\(statuses)")

        let after = try Files.identities(tmp("out"))
        let bytesAfter = try Files.contents(tmp("out"))
        #expect(Set(after.keys) == Set(before.keys))
        for file in ["en/play.png", "en/play@2x.png", "en/load.png", "en/load@2x.png"] {
            #expect(bytesAfter[file] == bytesBefore[file], "\(file): bytes changed")
            #expect(after[file] == before[file], "\(file) was rewritten with the same bytes: \(before[file].map(String.init(describing:)) ?? "-") -> \(after[file].map(String.init(describing:)) ?? "-")")
        }
        for file in ["en/quit.png", "en/quit@2x.png", "en/manifest.json"] {
            #expect(bytesAfter[file] != bytesBefore[file], "\(file): bytes unchanged")
            #expect(after[file]?.modified != before[file]?.modified, "\(file): modification time unchanged")
            #expect(after[file]?.inode != before[file]?.inode, "\(file): not replaced by a new file")
        }
        #expect(forced.stderr.contains("3 files written"), "\(forced)")
    }

    // MARK: - String table formats

    @Test("a String Catalog renders every locale it holds, with plural variants and the key as the source text")
    func stringCatalog() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        func unit(_ value: String) -> [String: Any] { ["stringUnit": ["state": "translated", "value": value]] }
        try tmp.writeJSON([
            "sourceLanguage": "en",
            "version": "1.0",
            "strings": [
                "Play": ["localizations": ["de": unit("Spielen"), "fr": unit("Jouer")]],
                "menu.quit": ["localizations": ["en": unit("Quit"), "de": unit("Beenden"), "fr": unit("Quitter")]],
                "coins": ["localizations": [
                    "en": ["variations": ["plural": ["one": unit("%lld coin"), "other": unit("%lld coins")]]],
                    "de": ["variations": ["plural": ["one": unit("%lld Münze"), "other": unit("%lld Münzen")]]],
                    "fr": unit("%lld pièces"),
                ]],
            ],
        ] as [String: Any], to: "Localizable.xcstrings")
        try tmp.writeJSON(Styles.basic(scales: [1, 2], extra: ["samples": ["%lld": "3"]]), to: "style.json")

        let result = try await CLI.run([tmp("Localizable.xcstrings").path, "--style", tmp("style.json").path,
                                        "--out", tmp("out").path])
        #expect(result.status == 0, "\(result)")
        let expected: [String: [String: String]] = [
            "en": ["Play": "Play", "menu.quit": "Quit", "coins#one": "3 coin", "coins#other": "3 coins"],
            "de": ["Play": "Spielen", "menu.quit": "Beenden", "coins#one": "3 Münze", "coins#other": "3 Münzen"],
            "fr": ["Play": "Jouer", "menu.quit": "Quitter", "coins": "3 pièces"],
        ]
        try PromiseSupport.expectLabels(expected, scales: [1, 2], in: tmp("out"))

        // --locale picks one of the catalog's locales.
        let german = try await CLI.run([tmp("Localizable.xcstrings").path, "--locale", "de", "--style", tmp("style.json").path,
                                        "--out", tmp("de-only").path])
        #expect(german.status == 0, "\(german)")
        #expect(Set(Files.list(tmp("de-only")).map { $0.split(separator: "/")[0] }) == ["de"])
    }

    @Test("gettext .po files render per locale, from the file name or the header, with contexts and escapes")
    func gettext() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try tmp.write("""
            msgid ""
            msgstr ""
            "Language: de\\n"
            "Content-Type: text/plain; charset=UTF-8\\n"

            # A menu item
            msgctxt "menu"
            msgid "Open"
            msgstr "Öffnen"

            msgid "Quit"
            msgstr "Beenden"

            msgid "Say"
            msgstr "Sag \\"Hallo\\""

            """, to: "po/de.po")
        // No locale in the path: the header names it.
        try tmp.write("""
            msgid ""
            msgstr ""
            "Language: pt_BR\\n"

            msgctxt "menu"
            msgid "Open"
            msgstr "Abrir"

            msgid "Quit"
            msgstr "Sair"

            msgid "Say"
            msgstr "Diga \\"Oi\\""

            """, to: "po/game.po")
        try tmp.writeJSON(Styles.basic(scales: [1]), to: "style.json")

        let result = try await CLI.run([tmp("po/de.po").path, tmp("po/game.po").path, "--style", tmp("style.json").path,
                                        "--out", tmp("out").path])
        #expect(result.status == 0, "\(result)")
        try PromiseSupport.expectLabels([
            "de": ["menu.Open": "Öffnen", "Quit": "Beenden", "Say": "Sag \"Hallo\""],
            "pt-BR": ["menu.Open": "Abrir", "Quit": "Sair", "Say": "Diga \"Oi\""],
        ], scales: [1], in: tmp("out"))
    }

    @Test("Android strings.xml files render per locale folder, with aapt2's text rules")
    func androidResources() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try tmp.write("""
            <?xml version="1.0" encoding="utf-8"?>
            <resources>
                <string name="menu_play">Spielen</string>
                <string name="menu_quit">Spiel
                    <b>beenden</b></string>
                <string name="hint">Nicht \\'aufgeben\\'</string>
                <string name="app_name" translatable="false">Labelgen</string>
                <plurals name="lives">
                    <item quantity="one">Ein Leben</item>
                    <item quantity="other">Viele Leben</item>
                </plurals>
            </resources>
            """, to: "res/values-de/strings.xml")
        try tmp.write("""
            <?xml version="1.0" encoding="utf-8"?>
            <resources>
                <string name="menu_play">Jouer</string>
                <string name="menu_quit">"Quitter  le jeu"</string>
                <string name="hint">N\\'abandonne pas</string>
                <plurals name="lives">
                    <item quantity="one">Une vie</item>
                    <item quantity="other">Des vies</item>
                </plurals>
            </resources>
            """, to: "res/values-fr-rCA/strings.xml")
        try tmp.writeJSON(Styles.basic(scales: [1], extra: ["box": ["width": 400, "height": 80]]), to: "style.json")

        let result = try await CLI.run([tmp("res/values-de/strings.xml").path, tmp("res/values-fr-rCA/strings.xml").path,
                                        "--style", tmp("style.json").path, "--out", tmp("out").path])
        #expect(result.status == 0, "\(result)")
        try PromiseSupport.expectLabels([
            "de": ["menu_play": "Spielen", "menu_quit": "Spiel beenden", "hint": "Nicht 'aufgeben'",
                   "lives#one": "Ein Leben", "lives#other": "Viele Leben"],
            "fr-CA": ["menu_play": "Jouer", "menu_quit": "Quitter  le jeu", "hint": "N'abandonne pas",
                      "lives#one": "Une vie", "lives#other": "Des vies"],
        ], scales: [1], in: tmp("out"))
    }

    // MARK: - Summary and report

    @Test("the summary counts rendered, unchanged, shrunk, truncated, skipped and untranslated labels per locale; the report lists untranslated keys")
    func summaryAndUntranslatedReport() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        func unit(_ value: String) -> [String: Any] { ["stringUnit": ["state": "translated", "value": value]] }
        // de lacks "quit" (untranslated); "coins" has no sample, so it is not drawn anywhere.
        try tmp.writeJSON([
            "sourceLanguage": "en",
            "strings": [
                "ok": ["localizations": ["en": unit("OK"), "de": unit("Gut")]],
                "long": ["localizations": [
                    "en": unit("A label with rather too many words"),
                    "de": unit("Ein Etikett mit reichlich vielen Wörtern")]],
                "cut": ["localizations": [
                    "en": unit("Truncated beyond any hope of fitting"),
                    "de": unit("Abgeschnitten ohne jede Hoffnung auf Platz")]],
                "coins": ["localizations": ["en": unit("%d coins"), "de": unit("%d Münzen")]],
                "quit": ["localizations": ["en": unit("Quit")]],
            ],
        ] as [String: Any], to: "Game.xcstrings")
        // fr: an empty and a fuzzy entry are untranslated; one entry is drawn.
        try tmp.write("""
            msgid "ok"
            msgstr "D'accord"

            msgid "quit"
            msgstr ""

            #, fuzzy
            msgid "long"
            msgstr "Une étiquette"

            """, to: "fr.po")
        var style = Styles.basic(scales: [1], extra: ["font": ["family": "Noto Sans", "size": 24, "minSize": 8]])
        style["keys"] = ["cut": ["font": ["size": 24, "minSize": 24], "maxLines": 1, "box": ["width": 120, "height": 40]]]
        try tmp.writeJSON(style, to: "style.json")
        let arguments = [tmp("Game.xcstrings").path, tmp("fr.po").path, "--style", tmp("style.json").path,
                         "--out", tmp("out").path, "--report", tmp("report.json").path]

        let first = try await CLI.run(arguments)
        #expect(first.status == 0, "\(first)")
        let summary = PromiseSupport.localeLines(first.stderr)
        #expect(summary == [
            "de: 3 rendered, 0 unchanged, 1 shrunk, 1 truncated, 1 skipped, 1 untranslated",
            "en: 4 rendered, 0 unchanged, 1 shrunk, 1 truncated, 1 skipped",
            "fr: 1 rendered, 0 unchanged, 0 shrunk, 0 truncated, 2 untranslated",
        ], "\(first)")
        // The worst offenders: truncated first, then the most shrunk, then those not drawn;
        // five at most.
        let worst = first.stderr.split(separator: "\n").map(String.init).drop { $0 != "worst:" }.dropFirst().prefix(6)
        let expectedWorst = ["  de/cut: truncated", "  en/cut: truncated", "  de/long: shrunk to ", "  en/long: shrunk to ",
                             "  de/coins: not rendered, no sample for %d", "  … and 1 more (see --report)"]
        #expect(worst.count == expectedWorst.count && zip(worst, expectedWorst).allSatisfy { $0.hasPrefix($1) },
                "\(first)")

        let report = try PromiseSupport.json(tmp("report.json"))
        let untranslated = try #require(report["untranslated"] as? [String: [String]], "\(report)")
        #expect(untranslated.mapValues { $0.sorted() } == ["de": ["quit"], "fr": ["long", "quit"]])
        let entries = try #require(report["labels"] as? [[String: Any]])
        let reported = Set(entries.map { "\($0["locale"] as? String ?? "?")/\($0["key"] as? String ?? "?")" })
        #expect(!reported.contains("de/quit") && !reported.contains("fr/quit") && !reported.contains("fr/long"),
                "an untranslated key was reported as a label: \(reported.sorted())")
        #expect(!FileManager.default.fileExists(atPath: tmp("out/de/quit.png").path), "an untranslated key was drawn")

        // One changed text: only its label is drawn again.
        try tmp.write(try String(contentsOf: tmp("fr.po"), encoding: .utf8).replacingOccurrences(of: "D'accord", with: "Bien"),
                      to: "fr.po")
        let second = try await CLI.run(arguments)
        #expect(second.status == 0, "\(second)")
        #expect(PromiseSupport.localeLines(second.stderr) == [
            "de: 0 rendered, 3 unchanged, 1 shrunk, 1 truncated, 1 skipped, 1 untranslated",
            "en: 0 rendered, 4 unchanged, 1 shrunk, 1 truncated, 1 skipped",
            "fr: 1 rendered, 0 unchanged, 0 shrunk, 0 truncated, 2 untranslated",
        ], "\(second)")
    }

    // MARK: - --tolerance

    @Test("--check with --tolerance D,S% passes while the share of pixels beyond D is within S and fails above it")
    func toleranceShare() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try tmp.writeJSON(Styles.basic(scales: [1]), to: "style.json")
        try tmp.writeJSON(["play": "Play"], to: "en.json")
        let arguments = [tmp("en.json").path, "--style", tmp("style.json").path, "--out", tmp("out").path]
        try #require(try await CLI.run(arguments).status == 0)

        // The golden image: the label with 16 of its 16,000 pixels (0.1%) made opaque red,
        // and 100 more made faintly visible (10 levels of alpha). Both rows are the
        // canvas's outer ring, which the renderer keeps clear.
        var golden = try ImageDecoder().decode(contentsOf: tmp("out/en/play.png"))
        try #require(golden.width == 200 && golden.height == 80)
        for x in 0..<16 { try PromiseSupport.set(&golden, x: x, y: 0, to: [255, 0, 0, 255]) }
        for x in 0..<100 { try PromiseSupport.set(&golden, x: x, y: 79, to: [0, 0, 0, 10]) }
        try FileManager.default.createDirectory(at: tmp("golden/en"), withIntermediateDirectories: true)
        try PNGEncoder().encode(golden).write(to: tmp("golden/en/play.png"))

        func check(_ tolerance: String) async throws -> CLIResult {
            try await CLI.run(arguments + ["--check", tmp("golden").path, "--tolerance", tolerance])
        }
        // Within the share: exactly at it, and well inside.
        for tolerance in ["16,0.1%", "16,1%", "200,0.1%"] {
            let result = try await check(tolerance)
            #expect(result.status == 0, "--tolerance \(tolerance): \(result)")
            #expect(!FileManager.default.fileExists(atPath: tmp("out/_diff").path), "--tolerance \(tolerance)")
        }
        // Above the share: 16 pixels where 0.09% allows 14, no share at all, and a delta small enough
        // that the faint pixels count too (116 > 0.5% of 16,000 = 80).
        for tolerance in ["16,0.09%", "16", "8,0.5%"] {
            let result = try await check(tolerance)
            #expect(result.status == 1, "--tolerance \(tolerance): \(result)")
            #expect(result.stderr.contains("en/play"), "--tolerance \(tolerance): \(result)")
            #expect(FileManager.default.fileExists(atPath: tmp("out/_diff/en/play.diff.png").path),
                    "--tolerance \(tolerance): no diff image")
        }
        // A delta above every difference forgives everything, whatever the share.
        #expect(try await check("255").status == 0)
    }
}

// MARK: - Support

private enum PromiseSupport {
    static func json(_ url: URL) throws -> [String: Any] {
        let value = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
        return try #require(value as? [String: Any], "\(url.lastPathComponent) is not a JSON object")
    }

    /// The manifest's label entries as written, with the fields `ManifestFile` leaves out.
    static func rawLabels(in manifest: URL) throws -> [[String: Any]] {
        try #require(try json(manifest)["labels"] as? [[String: Any]], "\(manifest.path) has no labels")
    }

    static func rawLabel(_ key: String, in manifest: URL) throws -> [String: Any] {
        try #require(try rawLabels(in: manifest).first { $0["key"] as? String == key }, "no label \(key) in \(manifest.path)")
    }

    /// Checks that `out` holds exactly the given labels, by locale and key with their
    /// text: a manifest per locale whose single line is that text, and an image per
    /// scale whose size matches the manifest.
    static func expectLabels(_ expected: [String: [String: String]], scales: [Double], in out: URL,
                             sourceLocation: SourceLocation = #_sourceLocation) throws {
        let locales = Set(Files.list(out).compactMap { $0.split(separator: "/").first.map(String.init) })
        #expect(locales == Set(expected.keys), sourceLocation: sourceLocation)
        for (locale, texts) in expected {
            let folder = out.appendingPathComponent(locale)
            let manifest = try ManifestFile.load(folder.appendingPathComponent("manifest.json"))
            #expect(manifest.locale == locale, sourceLocation: sourceLocation)
            #expect(Set(manifest.labels.map(\.key)) == Set(texts.keys), "\(locale)", sourceLocation: sourceLocation)
            var files = ["manifest.json"]
            for (key, text) in texts {
                guard let label = manifest.labels.first(where: { $0.key == key }) else { continue }
                #expect(label.text == text, "\(locale)/\(key)", sourceLocation: sourceLocation)
                #expect(label.lines == [text], "\(locale)/\(key)", sourceLocation: sourceLocation)
                #expect(label.images.map(\.scale) == scales, "\(locale)/\(key)", sourceLocation: sourceLocation)
                for image in label.images {
                    files.append(image.file)
                    let data = try Data(contentsOf: folder.appendingPathComponent(image.file))
                    let size = PNG.size(of: data)
                    #expect(size?.width == image.width && size?.height == image.height,
                            "\(locale)/\(image.file)", sourceLocation: sourceLocation)
                }
            }
            #expect(Files.list(folder) == files.sorted(), "\(locale)", sourceLocation: sourceLocation)
        }
    }

    /// The per-locale summary lines of a run's terminal output.
    static func localeLines(_ output: String) -> [String] {
        output.split(separator: "\n").map(String.init).filter { line in
            line.range(of: #"^[A-Za-z-]+: \d+ rendered, "#, options: .regularExpression) != nil
        }
    }

    static func set(_ image: inout RGBAImage, x: Int, y: Int, to pixel: [UInt8]) throws {
        let offset = (y * image.width + x) * 4
        try #require(image.pixels[offset + 3] == 0, "pixel \(x),\(y) of the label is not transparent")
        image.pixels.replaceSubrange(offset..<offset + 4, with: pixel)
    }

    /// A copy of labelgen in `folder` whose version string reads `replacement`. The
    /// version is a string literal stored once in the executable; the replacement has
    /// the same length, so nothing else moves.
    static func executable(withVersion version: String, replacedBy replacement: String, in folder: URL) throws -> URL {
        try #require(version.utf8.count == replacement.utf8.count)
        var bytes = [UInt8](try Data(contentsOf: try CLI.executable()))
        let needle = [0] + Array(version.utf8) + [0]
        var found: [Int] = []
        var index = 0
        while index + needle.count <= bytes.count {
            if bytes[index] == 0, bytes[index + 1] == needle[1], Array(bytes[index..<index + needle.count]) == needle {
                found.append(index + 1)
            }
            index += 1
        }
        try #require(found.count == 1, "the version \(version) is stored \(found.count) times in labelgen, not once")
        bytes.replaceSubrange(found[0]..<found[0] + needle.count - 2, with: Array(replacement.utf8))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let copy = folder.appendingPathComponent("labelgen")
        try Data(bytes).write(to: copy)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: copy.path)
        return copy
    }

    /// Runs an executable as `CLI.run` runs labelgen: bundled fonts, output captured.
    static func run(_ executable: URL, _ arguments: [String]) async throws -> CLIResult {
        let captures = FileManager.default.temporaryDirectory.appendingPathComponent("labelgen-promise-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: captures, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: captures) }
        let outURL = captures.appendingPathComponent("stdout"), errURL = captures.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let process = try start(arguments, executable: executable,
                                stdout: try FileHandle(forWritingTo: outURL), stderr: try FileHandle(forWritingTo: errURL))
        try await waitForExit(process, within: 300)
        return CLIResult(status: process.terminationStatus,
                         stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
                         stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }

    /// Starts labelgen (or `executable`) with the bundled fonts, without waiting for it.
    static func start(_ arguments: [String], executable: URL? = nil,
                      stdout: FileHandle = .nullDevice, stderr: FileHandle = .nullDevice) throws -> Process {
        let process = Process()
        process.executableURL = try executable ?? CLI.executable()
        process.arguments = arguments
        process.currentDirectoryURL = CLI.packageRoot
        var environment = ProcessInfo.processInfo.environment
        environment["LABELGEN_FONTS"] = CLI.fontsFolder.path
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        return process
    }

    /// Sends `signal` and waits for the process to end.
    static func send(_ signal: Int32, to process: Process) async throws {
        kill(process.processIdentifier, signal)
        try await waitForExit(process, within: 30)
    }

    /// Waits for the process to end; kills it, and fails, if it takes longer than `seconds`.
    static func waitForExit(_ process: Process, within seconds: Double) async throws {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { try await Task.sleep(for: .milliseconds(10)) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            Issue.record("labelgen did not end within \(Int(seconds)) s")
        }
        process.waitUntilExit()
    }
}
