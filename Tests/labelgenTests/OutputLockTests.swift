import Foundation
import LabelBatch
import Testing

/// Two `labelgen` processes into one folder: the second fails at once (exit 2) or, with
/// `--wait-for-lock`, waits; a killed run leaves no claim behind, and no run leaves a
/// file for the lock in the folder.
@Suite("labelgen generate: one run at a time per output folder")
struct OutputLockTests {
    private func setUp(_ tmp: TempDir, keys: Int = 3) throws {
        try tmp.writeJSON(Styles.basic(scales: [1, 2]), to: "style.json")
        var strings: [String: String] = [:]
        for index in 0..<keys { strings["key\(index)"] = "Label number \(index)" }
        try tmp.writeJSON(strings, to: "en.json")
    }

    private func arguments(_ tmp: TempDir, _ extra: [String] = []) -> [String] {
        [tmp("en.json").path, "--style", tmp("style.json").path, "--out", tmp("out").path] + extra
    }

    @Test("a run into a folder another process holds fails at once with exit 2, naming both, and writes nothing")
    func heldFolderFailsFast() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try setUp(tmp)
        let lock = try OutputFolderLock(folder: tmp("out"))
        // Released in the end in any case, so a run that waited would exit 0, not hang.
        let releaser = Task {
            try? await Task.sleep(for: .seconds(300))
            lock.release()
        }
        defer { releaser.cancel() }
        let result = try await CLI.run(arguments(tmp))
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains(tmp("out").path), "\(result)")
        #expect(result.stderr.contains("pid \(getpid())"), "\(result)")
        #expect(result.stderr.contains("--wait-for-lock"), "\(result)")
        #expect(Files.list(tmp("out")) == [])
    }

    @Test("with --wait-for-lock a run waits for the holder, then succeeds")
    func waitForLock() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try setUp(tmp)
        let lock = try OutputFolderLock(folder: tmp("out"))
        let run = Task { try await CLI.run(arguments(tmp, ["--wait-for-lock"])) }
        // The kernel lists the run among the lock's waiters once it waits.
        var waited = false
        for _ in 0..<1200 where !waited {
            waited = try Self.waiters(on: tmp("out")) > 0
            if !waited { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(waited, "the run never waited for the lock")
        #expect(Files.list(tmp("out")) == [], "wrote while the folder was held")
        lock.release()
        let result = try await run.value
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("waiting for another run (pid \(getpid())) to finish writing \(tmp("out").path)"),
                "\(result)")
        #expect(Files.list(tmp("out")).contains("en/manifest.json"))
    }

    @Test("a folder locked by another program is refused naming its pid, and once that program is killed the next run goes ahead")
    func killedHolderLeavesNoClaim() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try setUp(tmp)
        try FileManager.default.createDirectory(at: tmp("out"), withIntermediateDirectories: true)
        // Another process takes the same flock(2) lock on the folder a run takes, says so,
        // and sleeps: the lock is held for certain while the test looks, however loaded
        // the machine, and is left behind only by the kill. Its sleep outlasts any wait for
        // a thread: on two busy cores a suspended test has resumed ten minutes late.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        holder.arguments = ["python3", "-c", """
            import fcntl, os, sys, time
            fd = os.open(sys.argv[1], os.O_RDONLY)
            fcntl.flock(fd, fcntl.LOCK_EX)
            print("held", flush=True)
            time.sleep(7200)
            """, tmp("out").path]
        let said = Pipe()
        holder.standardOutput = said
        try holder.run()
        defer { if holder.isRunning { kill(holder.processIdentifier, SIGKILL) } }
        let line = String(decoding: said.fileHandleForReading.availableData, as: UTF8.self)
        try #require(line.hasPrefix("held"), "the holder said \(line.debugDescription)")

        let refused = try await CLI.run(arguments(tmp))
        #expect(refused.status == 2, "\(refused)")
        #expect(refused.stderr.contains("pid \(holder.processIdentifier)"), "\(refused)")

        kill(holder.processIdentifier, SIGKILL)
        holder.waitUntilExit()
        #expect(holder.terminationReason == .uncaughtSignal && holder.terminationStatus == SIGKILL)
        let next = try await CLI.run(arguments(tmp))
        #expect(next.status == 0, "\(next)")
        #expect(!next.stderr.contains("waiting"), "\(next)")
        #expect(Files.list(tmp("out")) == Self.outputs(keys: 3))
    }

    @Test("a labelgen killed mid-run with SIGKILL leaves no claim and no lock file; the next run goes ahead at once and clears the killed run's staged files")
    func killedRunLeavesNoClaim() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try setUp(tmp, keys: 200)
        let child = try Child(arguments: arguments(tmp, ["--jobs", "1", "--quiet"]))
        // Once an image is staged, the run holds the folder and is drawing.
        let deadline = Date().addingTimeInterval(120)
        while child.isRunning, Date() < deadline, !Files.list(tmp("out")).contains(where: { $0.hasSuffix(".tmp") }) {
            usleep(5000)
        }
        try #require(child.isRunning, "the run ended before it could be killed")
        kill(child.pid, SIGKILL)
        #expect(try await child.waitForExit() == .signalled(SIGKILL))
        // Images staged under temporary names are all a SIGKILL can leave: nothing else is
        // written before the run renames its images into place.
        let left = Files.list(tmp("out")).filter { !$0.hasSuffix(".tmp") }
        #expect(left == [], "the killed run left \(left)")

        let next = try await CLI.run(arguments(tmp, ["--jobs", "1"]))
        #expect(next.status == 0, "\(next)")
        #expect(!next.stderr.contains("waiting"), "\(next)")
        #expect(Files.list(tmp("out")) == Self.outputs(keys: 200), "nothing but the outputs after the next run")
    }

    /// Whether this process may start others in a pid namespace of their own: as root,
    /// with util-linux's `unshare`, where the container allows it.
    private static let pidNamespacesAllowed: Bool = {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else { return false }
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        probe.arguments = ["-p", "-f", "--mount-proc", "/bin/true"]
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return false }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
    }()

    @Test("a run in another pid namespace holding OUT/inner and OUT/de loses none of its staged files while a run into OUT starts and ends",
          .enabled(if: pidNamespacesAllowed, "needs root and `unshare -p -f --mount-proc` permitted"))
    func otherNamespaceKeepsItsStaging() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try setUp(tmp)
        // An earlier run drew German too, so OUT/de holds labelgen's manifest: a folder the
        // sweep looks into, now another run's output folder.
        try tmp.writeJSON(["key0": "Beschriftung 0"], to: "de.json")
        let earlier = try await CLI.run(arguments(tmp) + [tmp("de.json").path])
        try #require(earlier.status == 0, "\(earlier)")
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let invisible = ended.processIdentifier

        // The other run, as pid `invisible` of its own namespace (the kernel hands out the
        // pid after ns_last_pid), locks its folders and stages files in them as a run does,
        // then waits for its input to end: it is mid-write for as long as the test needs.
        let other = Process()
        other.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        other.arguments = ["-p", "-f", "--mount-proc", "/usr/bin/env", "python3", "-c", """
            import fcntl, os, sys
            try:
                with open("/proc/sys/kernel/ns_last_pid", "w") as last: last.write(str(int(sys.argv[1]) - 1))
            except OSError:
                pass
            child = os.fork()
            if child:
                os.waitpid(child, 0)
                sys.exit(0)
            out = sys.argv[2]
            os.makedirs(out + "/inner/en", exist_ok=True)
            held = []
            for folder in ("inner", "de"):
                held.append(os.open(out + "/" + folder, os.O_RDONLY))
                fcntl.flock(held[-1], fcntl.LOCK_EX)
            pid = os.getpid()
            for name in ("inner/.report.json.%d.0A1B2C3D.tmp", "inner/en/.key0.png.%d.DEADBEEF.tmp",
                         "de/.key0.png.%d.12345678.tmp"):
                with open(out + "/" + name % pid, "w") as staged: staged.write("x")
            print("held %d" % pid, flush=True)
            sys.stdin.read()
            """, String(invisible), tmp("out").path]
        let input = Pipe(), output = Pipe()
        other.standardInput = input
        other.standardOutput = output
        try other.run()
        var inputOpen = true
        // Ending its input ends the other run, and its namespace with it.
        func endOther() throws {
            if inputOpen { try input.fileHandleForWriting.close() }
            inputOpen = false
            other.waitUntilExit()
        }
        defer { try? endOther() }
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let more = output.fileHandleForReading.availableData
            if more.isEmpty { break }
            line.append(more)
        }
        let said = String(decoding: line, as: UTF8.self).split(separator: " ")
        try #require(said.count == 2 && said[0] == "held", "the other run said \(said)")
        let pid = try #require(Int32(said[1].trimmingCharacters(in: .whitespacesAndNewlines)))
        let staged = ["inner/.report.json.\(pid).0A1B2C3D.tmp", "inner/en/.key0.png.\(pid).DEADBEEF.tmp",
                      "de/.key0.png.\(pid).12345678.tmp"]

        let result = try await CLI.run(arguments(tmp))
        #expect(result.status == 0, "\(result)")
        for name in staged { #expect(FileManager.default.fileExists(atPath: tmp("out/" + name).path), "\(name)") }
        #expect(other.isRunning, "the other run ended before the run into OUT did")
        #expect(pid == invisible, "the other run got pid \(pid), not \(invisible): its pid is no test of the sweep")

        // Once the other run has ended, its file in OUT/de is a leftover like any other;
        // OUT/inner is still not OUT's to sweep.
        try endOther()
        let next = try await CLI.run(arguments(tmp))
        #expect(next.status == 0, "\(next)")
        #expect(!FileManager.default.fileExists(atPath: tmp("out/" + staged[2]).path), "the ended run's leftover stayed")
        for name in staged.prefix(2) { #expect(FileManager.default.fileExists(atPath: tmp("out/" + name).path), "\(name)") }
    }

    @Test("a run leaves only labels and manifests in OUT, hidden files included, and so does the next one")
    func onlyOutputsInTheFolder() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try setUp(tmp)
        for _ in 0..<2 {
            let result = try await CLI.run(arguments(tmp))
            #expect(result.status == 0, "\(result)")
            #expect(Files.list(tmp("out")) == Self.outputs(keys: 3))
        }
    }

    @Test("a lock file an older labelgen left in OUT is removed by the next run, which says nothing of it")
    func oldLockFileRemoved() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try setUp(tmp)
        try FileManager.default.createDirectory(at: tmp("out"), withIntermediateDirectories: true)
        try Data("4242\n".utf8).write(to: tmp("out/.labelgen.lock"))
        let result = try await CLI.run(arguments(tmp))
        #expect(result.status == 0, "\(result)")
        #expect(!result.stdout.contains("lock") && !result.stderr.contains("lock"), "\(result)")
        #expect(Files.list(tmp("out")) == Self.outputs(keys: 3))
    }

    /// The files a run of `setUp`'s table with `keys` keys writes: its labels at @1x and
    /// @2x, and the manifest.
    private static func outputs(keys: Int) -> [String] {
        ((0..<keys).flatMap { ["en/key\($0).png", "en/key\($0)@2x.png"] } + ["en/manifest.json"]).sorted()
    }

    @Test("two labelgen runs started together into one folder leave exactly one run's labels, never a mix")
    func twoRunsNeverInterleave() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try tmp.writeJSON(Styles.basic(scales: [1, 2]), to: "style.json")
        // Overlapping keys with different texts, so every image shows which run drew it,
        // and keys of one run only, which the other would have to remove as stale.
        for (run, keys) in [("first", 0..<150), ("second", 75..<225)] {
            var strings: [String: String] = [:]
            for index in keys { strings["key\(index)"] = "\(run.capitalized) run, label \(index)" }
            try tmp.writeJSON(strings, to: "\(run)/en.json")
        }
        func arguments(_ run: String, into out: String) -> [String] {
            [tmp("\(run)/en.json").path, "--style", tmp("style.json").path, "--out", tmp(out).path,
             "--jobs", "1", "--wait-for-lock"]
        }
        async let first = CLI.run(arguments("first", into: "out"))
        async let second = CLI.run(arguments("second", into: "out"))
        let results = try await [first, second]
        for result in results { #expect(result.status == 0, "\(result)") }
        #expect(results.contains { $0.stderr.contains("waiting for another run") },
                "the runs never overlapped, so the lock was not tried: \(results)")

        // The folder is exactly what the run that finished last writes alone.
        let manifest = try String(contentsOf: tmp("out/en/manifest.json"), encoding: .utf8)
        let last = manifest.contains("First run,") ? "first" : "second"
        #expect(!manifest.contains(last == "first" ? "Second run," : "First run,"), "one manifest lists both runs' labels")
        let alone = try await CLI.run(arguments(last, into: "alone"))
        #expect(alone.status == 0, "\(alone)")
        let mixed = try Files.contents(tmp("out")), expected = try Files.contents(tmp("alone"))
        #expect(mixed.keys.sorted() == expected.keys.sorted())
        let differing = expected.keys.filter { mixed[$0] != expected[$0] }.sorted()
        #expect(differing.isEmpty, "files that differ from a run of the \(last) table alone: \(differing.prefix(5))")
    }

    /// How many processes wait for a `flock(2)` lock on `folder`, as `/proc/locks` lists
    /// them.
    private static func waiters(on folder: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.path)
        let inode = try #require(attributes[.systemFileNumber] as? NSNumber).uint64Value
        // "1: -> FLOCK  ADVISORY  WRITE 4242 fe:00:123456 0 EOF": a waiter, on device
        // fe:00, inode 123456.
        return try String(contentsOfFile: "/proc/locks", encoding: .utf8).split(separator: "\n").filter { line in
            let fields = line.split(separator: " ")
            return fields.count >= 7 && fields[1] == "->" && fields[2] == "FLOCK" && fields[6].hasSuffix(":\(inode)")
        }.count
    }
}
