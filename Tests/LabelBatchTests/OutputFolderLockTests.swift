import Foundation
import LabelBatch
import Testing

/// One run at a time per output folder, within one process: the lock API, and the
/// phases of a ``BatchRun`` holding it.
@Suite("LabelBatch: output folder lock")
struct OutputFolderLockTests {
    static let english = table("en", ["play": "Play", "quit": "Quit"])

    @Test("a held folder fails a second lock at once, naming the folder and the holder's pid")
    func heldFolderFails() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let first = try OutputFolderLock(folder: scratch("out"))
        let refused = #expect(throws: BatchError.self) { try OutputFolderLock(folder: scratch("out")) }
        guard case .outputFolderLocked(let path, let holder)? = refused else {
            Issue.record("expected the folder to be locked, got \(String(describing: refused))")
            return
        }
        #expect(path == scratch("out").path)
        #expect(holder == getpid())
        #expect(refused?.description.contains("process \(getpid())") == true)

        first.release()
        _ = try OutputFolderLock(folder: scratch("out"))
        #expect(try scratch.files(in: "out") == [OutputFolderLock.fileName])
    }

    @Test("the plan holds the folder until the plan and the batches made from it are gone")
    func planHoldsTheFolderThroughCommit() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let run = try batchRun([Self.english], into: scratch)
        do {
            let committed = try run.commit(try run.render(try run.plan()))
            #expect(throws: BatchError.self) { try OutputFolderLock(folder: scratch("out")) }
            #expect(throws: BatchError.self) { try run.plan() }
            _ = try run.report(committed, checks: .init())
            // The report ends the run even while its batches are still around.
            #expect(throws: Never.self) { try OutputFolderLock(folder: scratch("out")).release() }
            withExtendedLifetime(committed) {}
        }
        // All gone: the next run locks the folder, and sees no trace of the lock file.
        let (committed, _) = try runAll(run)
        #expect(committed.filesWritten == 0)
        #expect(try manifest("en", in: scratch).labels.map(\.key) == ["play", "quit"])
        #expect(try scratch.files(in: "out") == [
            OutputFolderLock.fileName, "en/manifest.json", "en/play.png", "en/play@2x.png", "en/quit.png", "en/quit@2x.png",
        ])
    }

    @Test("waitsForLock waits for the holder to release the folder, then plans")
    func waitingRunWaits() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        var run = try batchRun([Self.english], into: scratch)
        run.waitsForLock = true
        let holder = try OutputFolderLock(folder: scratch("out"))
        let started = Date()
        let waiting = Task.detached { [run] in try runAll(run) }
        try await Task.sleep(for: .milliseconds(500))
        #expect(!FileManager.default.fileExists(atPath: scratch("out/en").path), "ran while the folder was held")
        holder.release()
        _ = try await waiting.value
        #expect(Date().timeIntervalSince(started) >= 0.45)
        #expect(try manifest("en", in: scratch).labels.count == 2)
    }

    @Test("plan(holding:) plans under a lock the caller took")
    func planWithCallersLock() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let run = try batchRun([Self.english], into: scratch)
        let lock = try OutputFolderLock(folder: scratch("out"))
        let plan = try run.plan(holding: lock)
        #expect(plan.lock === lock)
        try run.commit(try run.render(plan)).plan.lock.release()
        _ = try OutputFolderLock(folder: scratch("out"))
    }

    // MARK: - Between processes

    /// Another process that takes the lock a run takes on `folder`: with `hold`, it takes it
    /// (waiting if need be), says "held" and sleeps until killed; without, it tries once
    /// without waiting and says "busy" or "free".
    private static func otherProcess(on folder: URL, hold: Bool) throws -> (process: Process, said: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", """
            import fcntl, os, sys, time
            fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT)
            if sys.argv[2] == "hold":
                fcntl.lockf(fd, fcntl.LOCK_EX)
                os.write(fd, b"%d\\n" % os.getpid())
                print("held", flush=True)
                time.sleep(7200)
            try:
                fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                print("free", flush=True)
            except OSError:
                print("busy", flush=True)
            """, OutputFolderLock.file(in: folder).path, hold ? "hold" : "try"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let said = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        if !hold { process.waitUntilExit() }
        return (process, said.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test("a folder another process holds is refused naming that process, waited for, and taken once it ends")
    func heldByAnotherProcess() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try FileManager.default.createDirectory(at: scratch("out"), withIntermediateDirectories: true)
        let (holder, said) = try Self.otherProcess(on: scratch("out"), hold: true)
        defer { if holder.isRunning { kill(holder.processIdentifier, SIGKILL) } }
        try #require(said == "held", "the other process said \(said.debugDescription)")

        let refused = #expect(throws: BatchError.self) { try OutputFolderLock(folder: scratch("out")) }
        guard case .outputFolderLocked(_, let pid)? = refused else {
            Issue.record("expected the folder to be locked, got \(String(describing: refused))")
            return
        }
        #expect(pid == holder.processIdentifier)

        // The waiting lock blocks a thread of its own, never one the test runner shares.
        let waiter = Waiter(folder: scratch("out"))
        Thread { waiter.lock() }.start()
        #expect(waiter.done.wait(timeout: .now() + 0.5) == .timedOut, "took the folder while another process held it")
        kill(holder.processIdentifier, SIGKILL)
        holder.waitUntilExit()
        try #require(waiter.done.wait(timeout: .now() + 120) == .success, "still waiting after the holder ended")
        let lock = try #require(try waiter.result?.get())
        // Now this process holds it, and the other side sees that.
        #expect(try Self.otherProcess(on: scratch("out"), hold: false).said == "busy")
        lock.release()
        #expect(try Self.otherProcess(on: scratch("out"), hold: false).said == "free")
    }
}

/// Takes a folder's lock, waiting for it, and signals `done` with the outcome.
private final class Waiter: @unchecked Sendable {
    let folder: URL
    let done = DispatchSemaphore(value: 0)
    /// Set once, before `done` is signalled.
    private(set) var result: Result<OutputFolderLock, BatchError>?

    init(folder: URL) { self.folder = folder }

    func lock() {
        do throws(BatchError) {
            result = .success(try OutputFolderLock(folder: folder, waiting: true))
        } catch {
            result = .failure(error)
        }
        done.signal()
    }
}
