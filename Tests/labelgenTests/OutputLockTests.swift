import Foundation
import LabelBatch
import Testing

/// Two `labelgen` processes into one folder: the second fails at once (exit 2) or, with
/// `--wait-for-lock`, waits; a killed run leaves no claim behind.
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
        #expect(Files.list(tmp("out"), lockFiles: true) == [OutputFolderLock.fileName])
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
            waited = try Self.waiters(on: OutputFolderLock.file(in: tmp("out"))) > 0
            if !waited { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(waited, "the run never waited for the lock")
        #expect(Files.list(tmp("out"), lockFiles: true) == [OutputFolderLock.fileName], "wrote while the folder was held")
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
        let lockFile = OutputFolderLock.file(in: tmp("out"))
        // Another process takes the same POSIX record lock a run takes, says so, and
        // sleeps: the lock is held for certain while the test looks, however loaded the
        // machine, and is left behind only by the kill. Its sleep outlasts any wait for
        // a thread: on two busy cores a suspended test has resumed ten minutes late.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        holder.arguments = ["python3", "-c", """
            import fcntl, os, sys, time
            fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT)
            fcntl.lockf(fd, fcntl.LOCK_EX)
            os.write(fd, b"%d\\n" % os.getpid())
            print("held", flush=True)
            time.sleep(7200)
            """, lockFile.path]
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
        #expect(try String(contentsOf: lockFile, encoding: .utf8) == "\(holder.processIdentifier)\n",
                "the killed holder's lock file is left as it was")
        let next = try await CLI.run(arguments(tmp))
        #expect(next.status == 0, "\(next)")
        #expect(!next.stderr.contains("waiting"), "\(next)")
        #expect(Files.list(tmp("out")).contains("en/manifest.json"))
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

    /// How many processes wait for a lock on `file`, as `/proc/locks` lists them.
    private static func waiters(on file: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        let inode = try #require(attributes[.systemFileNumber] as? NSNumber).uint64Value
        // "1: -> POSIX  ADVISORY  WRITE 4242 00:2b:123456 0 EOF": a waiter, on device
        // 00:2b, inode 123456.
        return try String(contentsOfFile: "/proc/locks", encoding: .utf8).split(separator: "\n").filter { line in
            let fields = line.split(separator: " ")
            return fields.contains("->") && fields.contains { $0.hasSuffix(":\(inode)") }
        }.count
    }
}
