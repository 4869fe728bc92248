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
        defer { lock.release() }
        let started = Date()
        let result = try await CLI.run(arguments(tmp))
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains(tmp("out").path), "\(result)")
        #expect(result.stderr.contains("pid \(getpid())"), "\(result)")
        #expect(result.stderr.contains("--wait-for-lock"), "\(result)")
        #expect(Date().timeIntervalSince(started) < 20, "it waited")
        #expect(Files.list(tmp("out"), lockFiles: true) == [OutputFolderLock.fileName])
    }

    @Test("with --wait-for-lock a run waits for the holder, then succeeds")
    func waitForLock() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try setUp(tmp)
        let lock = try OutputFolderLock(folder: tmp("out"))
        let run = Task { try await CLI.run(arguments(tmp, ["--wait-for-lock"])) }
        // Long enough for the process to start and reach the lock in a loaded machine.
        try await Task.sleep(for: .seconds(3))
        #expect(Files.list(tmp("out"), lockFiles: true) == [OutputFolderLock.fileName], "wrote while the folder was held")
        lock.release()
        let result = try await run.value
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("waiting for another run (pid \(getpid())) to finish writing \(tmp("out").path)"),
                "\(result)")
        #expect(Files.list(tmp("out")).contains("en/manifest.json"))
    }

    @Test("a lock file left by a labelgen killed with SIGKILL does not block the next run")
    func killedHolderLeavesNoClaim() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        try setUp(tmp, keys: 400)
        let holder = Process()
        holder.executableURL = try CLI.executable()
        holder.arguments = arguments(tmp, ["--jobs", "1", "--quiet"])
        holder.environment = ProcessInfo.processInfo.environment.merging(["LABELGEN_FONTS": CLI.fontsFolder.path]) { $1 }
        holder.standardOutput = FileHandle.nullDevice
        holder.standardError = FileHandle.nullDevice
        try holder.run()
        // Kill it once it holds the folder: the lock file names it and a lock is refused.
        let lockFile = OutputFolderLock.file(in: tmp("out"))
        var held = false
        for _ in 0..<2000 where !held {
            if let text = try? String(contentsOf: lockFile, encoding: .utf8), text == "\(holder.processIdentifier)\n" {
                held = (try? OutputFolderLock(folder: tmp("out"))) == nil
            }
            if !held { try await Task.sleep(for: .milliseconds(5)) }
        }
        try #require(held, "the run never held the folder")
        kill(holder.processIdentifier, SIGKILL)
        holder.waitUntilExit()
        #expect(holder.terminationReason == .uncaughtSignal && holder.terminationStatus == SIGKILL,
                "the run finished before it was killed")
        #expect(try String(contentsOf: lockFile, encoding: .utf8) == "\(holder.processIdentifier)\n")

        let started = Date()
        let next = try await CLI.run(arguments(tmp))
        #expect(next.status == 0, "\(next)")
        #expect(!next.stderr.contains("waiting"), "\(next)")
        #expect(Date().timeIntervalSince(started) < 120)
        #expect(Files.list(tmp("out")).contains("en/manifest.json"))
    }
}
