import Foundation
import Testing
import TextRender

/// Broken, hostile and oversized inputs: each is refused with exit status 2 and a message
/// naming the file, and none damages what an earlier run wrote.
@Suite("labelgen: hostile and broken inputs")
struct HostileInputTests {
    static let table: [String: String] = ["title": "Hello", "score": "Score: 12"]

    /// A folder holding a style, a table and the output of one good run into `out`.
    struct Workspace {
        let tmp: TempDir
        let before: [String: Data]
        /// What labelgen runs under: nothing, or `Machine.asNobody`.
        let launcher: [String]

        var out: URL { tmp("out") }
        var style: String { tmp("style.json").path }
        var strings: String { tmp("en.json").path }

        init(launcher: [String] = []) async throws {
            self.launcher = launcher
            // Another user must reach the folder whatever TMPDIR says, and write in it as
            // labelgen does in its own folders.
            tmp = launcher.isEmpty ? try TempDir() : try TempDir(under: URL(fileURLWithPath: "/tmp"))
            try tmp.writeJSON(Styles.basic(scales: [1, 2]), to: "style.json")
            try tmp.writeJSON(HostileInputTests.table, to: "en.json")
            if !launcher.isEmpty { try Machine.giveToNobody(tmp.url) }
            let good = try await CLI.run([tmp("en.json").path, "--style", tmp("style.json").path,
                                          "--out", tmp("out").path, "--quiet"], launcher: launcher)
            #expect(good.status == 0, "\(good)")
            before = try Files.contents(tmp("out"))
            #expect(before.count == 5, "\(before.keys.sorted())")
        }

        /// Runs labelgen and checks it exits 2 naming every text of `mentions`, with the
        /// earlier output byte for byte as it was and no temporary file left anywhere.
        func expectRefused(_ arguments: [String], mentions: [String],
                           sourceLocation: SourceLocation = #_sourceLocation) async throws {
            let result = try await CLI.run(arguments, launcher: launcher)
            #expect(result.status == 2, "\(result)", sourceLocation: sourceLocation)
            for text in mentions {
                #expect(result.stderr.contains(text), "stderr does not mention \(text): \(result)",
                        sourceLocation: sourceLocation)
            }
            expectOutputIntact(sourceLocation: sourceLocation)
        }

        func expectOutputIntact(sourceLocation: SourceLocation = #_sourceLocation) {
            do {
                let after = try Files.contents(out)
                #expect(after == before, "earlier output changed: \(after.keys.sorted())", sourceLocation: sourceLocation)
            } catch {
                Issue.record("cannot read the earlier output: \(error)", sourceLocation: sourceLocation)
            }
            let leftovers = Files.list(tmp.url).filter { $0.hasSuffix(".tmp") }
            #expect(leftovers.isEmpty, "temporary files left: \(leftovers)", sourceLocation: sourceLocation)
        }
    }

    // MARK: - Fonts

    @Test("font.files naming a file that is not a font")
    func notAFont() async throws {
        let work = try await Workspace()
        defer { work.tmp.remove() }
        try work.tmp.write("these are not the glyphs you are looking for", to: "notafont.ttf")
        try work.tmp.writeJSON(Styles.basic(extra: ["font": ["size": 24, "files": ["notafont.ttf"]]]), to: "bad.json")
        try await work.expectRefused([work.strings, "--style", work.tmp("bad.json").path, "--out", work.out.path, "--force"],
                                     mentions: ["notafont.ttf", "not a font file", "key \""])
    }

    @Test("a style naming a font family no font has")
    func missingFamily() async throws {
        let work = try await Workspace()
        defer { work.tmp.remove() }
        try work.tmp.writeJSON(Styles.basic(extra: ["font": ["family": "Comic Nonexistent", "size": 24]]), to: "bad.json")
        try await work.expectRefused([work.strings, "--style", work.tmp("bad.json").path, "--out", work.out.path],
                                     mentions: ["bad.json", "Comic Nonexistent", "no font"])
    }

    // MARK: - Unreadable inputs

    @Test("a folder in place of a string table or a style file")
    func folderAsInput() async throws {
        let work = try await Workspace()
        defer { work.tmp.remove() }
        try FileManager.default.createDirectory(at: work.tmp("de.json"), withIntermediateDirectories: true)
        try await work.expectRefused([work.tmp("de.json").path, "--style", work.style, "--out", work.out.path],
                                     mentions: ["de.json", "is a folder"])
        try FileManager.default.createDirectory(at: work.tmp("folder.json"), withIntermediateDirectories: true)
        try await work.expectRefused([work.strings, "--style", work.tmp("folder.json").path, "--out", work.out.path],
                                     mentions: ["folder.json", "is a folder"])
    }

    @Test("a string table without read permission",
          .enabled(if: Machine.permissionsStopThisProcess || Machine.canRunLabelgenAsNobody,
                   "needs a user that file permissions stop: not root, or root with setpriv (util-linux) and a labelgen that user nobody can run"))
    func unreadableTable() async throws {
        // Permissions do not stop root (CI runs as root), so root has labelgen run as
        // nobody, the owner of the folder and of the locked file.
        let work = try await Workspace(launcher: Machine.permissionsStopThisProcess ? [] : Machine.asNobody)
        defer { work.tmp.remove() }
        let locked = try work.tmp.writeJSON(["title": "Hallo"], to: "de.json")
        if !work.launcher.isEmpty { try Machine.giveToNobody(locked) }
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: locked.path)
        try await work.expectRefused([locked.path, "--style", work.style, "--out", work.out.path],
                                     mentions: ["de.json", "Permission denied"])
    }

    @Test("a truncated PNG photo for a caption leaves an existing output alone")
    func truncatedPNGPhoto() async throws {
        let work = try await Workspace()
        defer { work.tmp.remove() }
        let png = try #require(work.before["en/title@2x.png"])
        try png.prefix(png.count / 2).write(to: work.tmp("half.png"))
        try work.tmp.write("an earlier picture", to: "meme.png")
        let result = try await CLI.run(["caption", work.tmp("half.png").path, "--text", "TOP",
                                        "--style", work.style, "--out", work.tmp("meme.png").path])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("half.png") && result.stderr.contains("corrupt PNG"), "\(result)")
        #expect(try String(contentsOf: work.tmp("meme.png"), encoding: .utf8) == "an earlier picture")
        work.expectOutputIntact()
    }

    @Test("a photo whose header claims a huge size is refused before it is decoded")
    func hugePhoto() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try tmp.writeJSON(Styles.basic(), to: "style.json")
        // 20000x20000 in the header and no pixel data: refused for its size, not as corrupt.
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        png += [0, 0, 0x4E, 0x20, 0, 0, 0x4E, 0x20, 8, 6, 0, 0, 0]
        try Data(png).write(to: tmp("huge.png"))
        let result = try await CLI.run(["caption", tmp("huge.png").path, "--text", "TOP",
                                        "--style", tmp("style.json").path, "--out", tmp("meme.png").path])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("huge.png: the PNG image is 20000x20000 pixels"), "\(result)")
        #expect(result.stderr.contains("at most 128 Mpixel"), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: tmp("meme.png").path))
    }

    // MARK: - Outputs that cannot be written

    @Test("--out naming a regular file, or a file where the locale folder goes")
    func outputIsAFile() async throws {
        let work = try await Workspace()
        defer { work.tmp.remove() }
        try work.tmp.write("not a folder", to: "plain")
        let result = try await CLI.run([work.strings, "--style", work.style, "--out", work.tmp("plain").path])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("plain: exists and is not a folder"), "\(result)")
        #expect(try String(contentsOf: work.tmp("plain"), encoding: .utf8) == "not a folder")

        try work.tmp.write("not a folder either", to: "other/en")
        let second = try await CLI.run([work.strings, "--style", work.style, "--out", work.tmp("other").path])
        #expect(second.status == 2, "\(second)")
        #expect(second.stderr.contains("other/en: exists and is not a folder"), "\(second)")
        #expect(Files.list(work.tmp("other")) == ["en"])
        work.expectOutputIntact()
    }

    @Test("a full disk fails the run naming the file, keeping earlier outputs and leaving no temporary files",
          .enabled(if: Machine.canMountTmpfs, "needs root and tmpfs mounts"))
    func fullDisk() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        let disk = tmp("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        // A small disk of its own, so that filling it disturbs nothing else.
        try #require(try Self.shell("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", disk.path]) == 0,
                     "cannot mount a tmpfs on \(disk.path)")
        defer { #expect((try? Self.shell("umount", [disk.path])) == 0, "cannot unmount \(disk.path)") }

        try tmp.writeJSON(Styles.basic(scales: [1, 2]), to: "style.json")
        try tmp.writeJSON(Self.table, to: "en.json")
        let out = disk.appendingPathComponent("out")
        let good = try await CLI.run([tmp("en.json").path, "--style", tmp("style.json").path, "--out", out.path])
        #expect(good.status == 0, "\(good)")
        let before = try Files.contents(out)
        // Fill what is left, so that every new byte fails.
        _ = FileManager.default.createFile(atPath: disk.path + "/filler", contents: nil)
        let filler = try #require(FileHandle(forWritingAtPath: disk.path + "/filler"))
        while (try? filler.write(contentsOf: Data(count: 4096))) != nil {}
        try? filler.close()

        try tmp.writeJSON(Styles.basic(scales: [1, 2], extra: ["fill": "#FF0000"]), to: "red.json")
        let result = try await CLI.run([tmp("en.json").path, "--style", tmp("red.json").path, "--out", out.path])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains(out.path + "/en/"), "\(result)")
        #expect(result.stderr.contains("No space left on device") || result.stderr.contains("space"), "\(result)")
        #expect(try Files.contents(out) == before, "earlier output changed")
        #expect(Files.list(disk).filter { $0.hasSuffix(".tmp") }.isEmpty, "\(Files.list(disk))")
    }

    // MARK: - Symbolic links in the output folder

    @Test("a locale folder that is a symbolic link to elsewhere is refused; nothing is written through it")
    func symlinkedLocaleFolder() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try tmp.writeJSON(Styles.basic(), to: "style.json")
        try tmp.writeJSON(Self.table, to: "en.json")
        try tmp.write("precious", to: "elsewhere/keep.txt")
        try FileManager.default.createDirectory(at: tmp("out"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: tmp("out/en").path, withDestinationPath: tmp("elsewhere").path)

        let result = try await CLI.run([tmp("en.json").path, "--style", tmp("style.json").path, "--out", tmp("out").path])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains(tmp("out/en").path + ": is a symbolic link"), "\(result)")
        #expect(Files.list(tmp("elsewhere")) == ["keep.txt"])
    }

    @Test("an image that is a symbolic link to an outside file is replaced by the image, the outside file untouched")
    func symlinkedImage() async throws {
        let work = try await Workspace()
        defer { work.tmp.remove() }
        try work.tmp.write("outside", to: "outside.png")
        let image = work.out.appendingPathComponent("en/title.png")
        try FileManager.default.removeItem(at: image)
        try FileManager.default.createSymbolicLink(atPath: image.path, withDestinationPath: work.tmp("outside.png").path)

        let result = try await CLI.run([work.strings, "--style", work.style, "--out", work.out.path, "--force"])
        #expect(result.status == 0, "\(result)")
        #expect(try String(contentsOf: work.tmp("outside.png"), encoding: .utf8) == "outside")
        let attributes = try FileManager.default.attributesOfItem(atPath: image.path)
        #expect(attributes[.type] as? FileAttributeType == .typeRegular)
        #expect(try Data(contentsOf: image) == work.before["en/title.png"])
    }

    // MARK: - Interrupts

    @Test("SIGINT while labels are drawn exits non-zero and leaves earlier outputs and no temporary files")
    func interrupt() async throws {
        let work = try await Workspace()
        defer { work.tmp.remove() }
        // Many labels with shadows at three scales: drawing them takes far longer than the
        // wait before the interrupt, which lands while images are being staged under
        // temporary names (and may land inside such a write).
        var table = Self.table.mapValues { $0 + "!" }
        for index in 0..<2000 { table["filler.\(index)"] = "Filler label number \(index)" }
        try work.tmp.writeJSON(table, to: "big/en.json")
        try work.tmp.writeJSON(Styles.basic(scales: [1, 2, 3], extra: ["shadows": [["blur": 8, "offset": [0, 2]]]]),
                               to: "shadowed.json")

        let process = try Self.startLabelgen([work.tmp("big/en.json").path, "--style", work.tmp("shadowed.json").path,
                                              "--out", work.out.path, "--jobs", "1", "--quiet"])
        // Blocking, not suspending: a suspended test may resume only once other tests
        // free a thread, long after the run has ended.
        usleep(1_000_000)
        #expect(process.isRunning, "the run ended before it could be interrupted")
        try await Self.interrupt(process)

        #expect(process.terminationReason == .uncaughtSignal || process.terminationStatus == 130,
                "status \(process.terminationStatus)")
        #expect(process.terminationStatus != 0)
        work.expectOutputIntact()
    }

    @Test("SIGINT at any moment of start-up ends the run: it is never ignored on the way in")
    func interruptDuringStartUp() async throws {
        let work = try await Workspace()
        defer { work.tmp.remove() }
        var table: [String: String] = [:]
        for index in 0..<400 { table["filler.\(index)"] = "Filler label number \(index)" }
        try work.tmp.writeJSON(table, to: "big/en.json")
        try work.tmp.writeJSON(Styles.basic(scales: [1, 2, 3]), to: "plain.json")

        // From before the process's first instruction to well after its set-up.
        for delay in stride(from: 0, through: 60, by: 4) {
            let process = try Self.startLabelgen([work.tmp("big/en.json").path, "--style", work.tmp("plain.json").path,
                                                  "--out", work.out.path, "--quiet"])
            if delay > 0 { try await Task.sleep(for: .milliseconds(delay)) }
            try await Self.interrupt(process)
            #expect(process.terminationReason == .uncaughtSignal || process.terminationStatus == 130,
                    "interrupted after \(delay) ms: status \(process.terminationStatus)")
            work.expectOutputIntact()
        }
    }

    // MARK: - Limits

    @Test("a style over a limit is refused with its path; a canvas over the limit names the key")
    func limitsAtTheCommandLine() async throws {
        let work = try await Workspace()
        defer { work.tmp.remove() }
        try work.tmp.writeJSON(Styles.basic(extra: ["font": ["size": 48000]]), to: "huge-font.json")
        try await work.expectRefused([work.strings, "--style", work.tmp("huge-font.json").path, "--out", work.out.path],
                                     mentions: ["huge-font.json: $.font.size: 48000 exceeds the font size limit of 2000"])

        try work.tmp.writeJSON(Styles.basic(scales: [2], extra: ["box": ["width": 16000, "height": 16000]]), to: "huge-box.json")
        try await work.expectRefused([work.strings, "--style", work.tmp("huge-box.json").path, "--out", work.out.path],
                                     mentions: ["en.json: key \"", "at @2x would be 32000x32000 pixels",
                                                "at most 16384 on a side"])

        try work.tmp.writeJSON(["title": String(repeating: "ab", count: 50_001)], to: "long/en.json")
        try await work.expectRefused([work.tmp("long/en.json").path, "--style", work.style, "--out", work.out.path],
                                     mentions: ["key \"title\"", "100002 Unicode scalars", "at most 100000"])
    }

    @Test("a table of a million keys is read in bounded memory")
    func millionKeys() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.gnuTime),
                     "needs GNU time at \(Self.gnuTime) to measure peak memory: install the Debian package time (make deps does)")
        let tmp = try TempDir()
        defer { tmp.remove() }
        try tmp.writeJSON(Styles.basic(scales: [1]), to: "style.json")
        var json = "{"
        json.reserveCapacity(40_000_000)
        for index in 0..<1_000_000 {
            if index > 0 { json += "," }
            json += "\"key.\(index)\": \"String number \(index)\""
        }
        json += "}"
        try tmp.write(json, to: "en.json")

        try tmp.write(#"{"key.7": "String number 7"}"#, to: "one/en.json")

        // The same run over the whole table and over a table of one key: the difference
        // in peak memory is what the table costs, whatever the build (AddressSanitizer
        // adds tens of megabytes of its own).
        let whole = try await peakMemoryOfRun(table: tmp("en.json"), in: tmp)
        #expect(whole.status == 0, "\(whole.stderr)")
        // key.7, key.99999 and key.999990 to key.999999, and the manifest.
        #expect(Files.list(tmp("out/en")).count == 13, "\(Files.list(tmp("out/en")))")
        let one = try await peakMemoryOfRun(table: tmp("one/en.json"), in: tmp)
        #expect(one.status == 0, "\(one.stderr)")
        let wholeKB = try #require(whole.kilobytes, "no peak memory in the output of time -v: \(whole.stderr)")
        let oneKB = try #require(one.kilobytes, "no peak memory in the output of time -v: \(one.stderr)")
        // The file is read a megabyte at a time: what grows with it is one hash per key
        // (16 MB here), not the 37 MB of text (about 20 MB measured; 56 MB when the file
        // was held, 160 MB keeping every entry, 300 MB building the whole document).
        #expect(wholeKB - oneKB < 32_000, "the table took \((wholeKB - oneKB) / 1024) MB")
    }

    /// A million-key table in one of the formats read whole before: where it goes, how
    /// one key is written, and what the table may cost.
    struct MillionKeyTable: Sendable, CustomTestStringConvertible {
        let path: String
        let header: String
        let entry: @Sendable (Int) -> String
        let separator: String
        let footer: String
        /// Kilobytes the table may add to a run over a table of one key: a hash per key
        /// and the chunk being read grow with it, not its text.
        let bound: Int

        var testDescription: String { path }

        func text(keys: some Sequence<Int>) -> String {
            var text = header
            text.reserveCapacity(120_000_000)
            var first = true
            for index in keys {
                if !first { text += separator }
                first = false
                text += entry(index)
            }
            return text + footer
        }

        static let all = [
            MillionKeyTable(path: "en.strings", header: "", entry: { "\"key.\($0)\" = \"String number \($0)\";\n" },
                            separator: "", footer: "", bound: 32_000),
            MillionKeyTable(path: "en.po", header: "msgid \"\"\nmsgstr \"Language: en\\n\"\n\n",
                            entry: { "msgid \"key.\($0)\"\nmsgstr \"String number \($0)\"\n\n" },
                            separator: "", footer: "", bound: 32_000),
            MillionKeyTable(path: "Localizable.xcstrings", header: #"{"sourceLanguage": "en", "version": "1.0", "strings": {"#,
                            entry: { #""key.\#($0)": {"localizations": {"en": {"stringUnit": "#
                                + #"{"state": "translated", "value": "String number \#($0)"}}}}"# },
                            separator: ",\n", footer: "}}", bound: 32_000),
            MillionKeyTable(path: "values-en/strings.xml", header: "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<resources>\n",
                            entry: { "    <string name=\"key.\($0)\">String number \($0)</string>\n" },
                            separator: "", footer: "</resources>\n", bound: 32_000),
        ]
    }

    @Test("a table of a million keys is read in bounded memory in every format", arguments: MillionKeyTable.all)
    func millionKeys(in format: MillionKeyTable) async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.gnuTime),
                     "needs GNU time at \(Self.gnuTime) to measure peak memory: install the Debian package time (make deps does)")
        let tmp = try TempDir()
        defer { tmp.remove() }
        try tmp.writeJSON(Styles.basic(scales: [1]), to: "style.json")
        try tmp.write(format.text(keys: 0..<1_000_000), to: "all/" + format.path)
        try tmp.write(format.text(keys: [7]), to: "one/" + format.path)

        let whole = try await peakMemoryOfRun(table: tmp("all/" + format.path), in: tmp)
        #expect(whole.status == 0, "\(whole.stderr)")
        // key.7, key.99999 and key.999990 to key.999999, and the manifest.
        #expect(Files.list(tmp("out/en")).count == 13, "\(Files.list(tmp("out/en")))")
        let one = try await peakMemoryOfRun(table: tmp("one/" + format.path), in: tmp)
        #expect(one.status == 0, "\(one.stderr)")
        let wholeKB = try #require(whole.kilobytes, "no peak memory in the output of time -v: \(whole.stderr)")
        let oneKB = try #require(one.kilobytes, "no peak memory in the output of time -v: \(one.stderr)")
        // Read whole, these tables cost 300 to 900 MB.
        #expect(wholeKB - oneKB < format.bound, "the table took \((wholeKB - oneKB) / 1024) MB")
    }

    /// GNU time, which reports a program's peak memory (the shell's `time` does not).
    static let gnuTime = "/usr/bin/time"

    /// Runs labelgen over `table` with the million-key test's `--keys` under
    /// `/usr/bin/time -v`, and reads its peak memory.
    private func peakMemoryOfRun(table: URL, in tmp: TempDir) async throws -> (status: Int32, stderr: String, kilobytes: Int?) {
        let labelgen = try CLI.executable()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.gnuTime)
        process.arguments = ["-v", labelgen.path, table.path, "--style", tmp("style.json").path,
                             "--keys", "key.99999*", "--keys", "key.7", "--out", tmp("out").path, "--quiet"]
        var environment = ProcessInfo.processInfo.environment
        environment["LABELGEN_FONTS"] = CLI.fontsFolder.path
        // AddressSanitizer keeps up to 256 MB of freed memory from reuse by default, which
        // would measure its quarantine, not labelgen; other builds ignore this.
        environment["ASAN_OPTIONS"] = [environment["ASAN_OPTIONS"], "quarantine_size_mb=4"]
            .compactMap { $0 }.joined(separator: ":")
        process.environment = environment
        let errors = tmp("stderr")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        let handle = try FileHandle(forWritingTo: errors)
        process.standardError = handle
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        while process.isRunning { try await Task.sleep(for: .milliseconds(100)) }
        try handle.close()
        let stderr = try String(contentsOf: errors, encoding: .utf8)
        let line = stderr.split(separator: "\n").first { $0.contains("Maximum resident set size") }
        let kilobytes = line.flatMap { Int($0.split(separator: ":").last!.trimmingCharacters(in: .whitespaces)) }
        return (process.terminationStatus, stderr, kilobytes)
    }

    // MARK: - Support

    /// labelgen started with the bundled fonts, its output discarded.
    static func startLabelgen(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = try CLI.executable()
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["LABELGEN_FONTS"] = CLI.fontsFolder.path
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Sends SIGINT and waits for the process to end (killing it after 30 s).
    static func interrupt(_ process: Process) async throws {
        process.interrupt()
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning && Date() < deadline { try await Task.sleep(for: .milliseconds(10)) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    /// Runs a system command quietly; its exit status.
    static func shell(_ command: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [command] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}

/// What the machine the tests run on allows, found out once, before the tests that need it.
private enum Machine {
    /// Runs a command as user and group nobody (65534 on Debian), with no other groups.
    static let asNobody = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
    static let nobody: uid_t = 65534

    /// Whether a file without read permission is closed to this process: not to root, nor
    /// to a process that may override permissions.
    static let permissionsStopThisProcess: Bool = {
        guard let probe = try? TempDir() else { return false }
        defer { probe.remove() }
        let path = probe("locked").path
        guard FileManager.default.createFile(atPath: path, contents: Data("x".utf8),
                                             attributes: [.posixPermissions: 0]) else { return false }
        let descriptor = open(path, O_RDONLY)
        guard descriptor < 0 else {
            close(descriptor)
            return false
        }
        return errno == EACCES
    }()

    /// Whether this process may switch to nobody and nobody can start labelgen (a build
    /// in a folder only root can enter cannot be).
    static let canRunLabelgenAsNobody: Bool = {
        guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: asNobody[0]),
              let labelgen = try? CLI.executable() else { return false }
        return (try? HostileInputTests.shell(asNobody[0], Array(asNobody.dropFirst()) + [labelgen.path, "--version"])) == 0
    }()

    /// Whether this process can mount a tmpfs: root, in a container that allows it.
    static let canMountTmpfs: Bool = {
        guard geteuid() == 0, let probe = try? TempDir() else { return false }
        defer { probe.remove() }
        guard (try? HostileInputTests.shell("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", probe.path])) == 0 else {
            return false
        }
        return (try? HostileInputTests.shell("umount", [probe.path])) == 0
    }()

    /// Makes nobody the owner of `url` and of everything below it.
    static func giveToNobody(_ url: URL) throws {
        var paths = [url.path]
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
            paths += try FileManager.default.subpathsOfDirectory(atPath: url.path).map { url.appendingPathComponent($0).path }
        }
        for path in paths where lchown(path, nobody, nobody) != 0 {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EPERM)
        }
    }
}

private extension TempDir {
    /// A fresh folder in `parent`.
    init(under parent: URL) throws {
        url = parent.appendingPathComponent("labelgenTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
}
