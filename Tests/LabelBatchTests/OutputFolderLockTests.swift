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
        #expect(try scratch.files(in: "out") == [], "locking wrote into the folder")
    }

    @Test("the message names the holder when it is known, and reads as well without it")
    func messageWithAndWithoutHolder() {
        #expect(BatchError.outputFolderLocked(path: "/labels", holder: 4242).description
                == "/labels: another run (process 4242) is writing this folder; wait for it to finish")
        #expect(BatchError.outputFolderLocked(path: "/labels", holder: nil).description
                == "/labels: another run is writing this folder; wait for it to finish")
    }

    @Test("two spellings of one folder, through a symbolic link or with dots, are one claim")
    func spellingsOfOneFolder() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try FileManager.default.createDirectory(at: scratch("out"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: scratch("link"), withDestinationURL: scratch("out"))
        let lock = try OutputFolderLock(folder: scratch("link"))
        for spelling in ["out", "out/.", "link/../out"] {
            #expect(throws: BatchError.self, "\(spelling)") { try OutputFolderLock(folder: scratch(spelling)) }
        }
        lock.release()
        #expect(throws: Never.self) { try OutputFolderLock(folder: scratch("out")).release() }
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
        // All gone: the next run locks the folder, which holds nothing but the labels.
        let (committed, _) = try runAll(run)
        #expect(committed.filesWritten == 0)
        #expect(try manifest("en", in: scratch).labels.map(\.key) == ["play", "quit"])
        #expect(try scratch.files(in: "out") == [
            "en/manifest.json", "en/play.png", "en/play@2x.png", "en/quit.png", "en/quit@2x.png",
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
            fd = os.open(sys.argv[1], os.O_RDONLY)
            if sys.argv[2] == "hold":
                fcntl.flock(fd, fcntl.LOCK_EX)
                print("held", flush=True)
                time.sleep(7200)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                print("free", flush=True)
            except OSError:
                print("busy", flush=True)
            """, folder.path, hold ? "hold" : "try"]
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

    @Test("release() frees the folder even while a child forked by another thread still shares the lock's descriptor")
    func releaseWhileAChildSharesTheDescriptor() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let lock = try OutputFolderLock(folder: scratch("out"))
        // A child that has not exec'd yet keeps every descriptor, close-on-exec or not; this
        // one never execs, and does nothing but wait to be killed.
        let child = fork()
        if child == 0 {
            while true { pause() }
        }
        try #require(child > 0, "fork failed: \(String(cString: strerror(errno)))")
        defer {
            kill(child, SIGKILL)
            var status: Int32 = 0
            waitpid(child, &status, 0)
        }
        #expect(try Self.otherProcess(on: scratch("out"), hold: false).said == "busy")
        lock.release()
        #expect(try Self.otherProcess(on: scratch("out"), hold: false).said == "free",
                "the folder stayed locked while the child kept a copy of the descriptor")
    }

    @Test("the lock file of an older labelgen is removed once the folder is held, never while another holds it")
    func oldLockFileRemoved() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let oldLockFile = scratch("out/.labelgen.lock")
        try FileManager.default.createDirectory(at: scratch("out"), withIntermediateDirectories: true)
        try Data("4242\n".utf8).write(to: oldLockFile)
        let holder = try OutputFolderLock(folder: scratch("out"))
        #expect(try scratch.files(in: "out") == [])

        try Data("4242\n".utf8).write(to: oldLockFile)
        #expect(throws: BatchError.self) { try OutputFolderLock(folder: scratch("out")) }
        #expect(try scratch.files(in: "out") == [".labelgen.lock"], "removed by a run that does not hold the folder")
        holder.release()
        let (committed, _) = try runAll(try batchRun([Self.english], into: scratch))
        #expect(committed.filesWritten == 5)
        #expect(try scratch.files(in: "out") == [
            "en/manifest.json", "en/play.png", "en/play@2x.png", "en/quit.png", "en/quit@2x.png",
        ])
    }

    @Test("the holder is found in /proc/locks by the folder's device, major and minor in hex, and inode; waiters and record locks are not holders")
    func holderInProcLocks() {
        // Device numbers as Python's os.makedev(major, minor) makes them: 254:0 is this
        // machine's disk (`fe:00`), 259:300000 has a major above 255 and a minor above 255.
        let disk: UInt64 = 65024, large: UInt64 = 1_227_949_024
        let locks = """
            1: POSIX  ADVISORY  WRITE 101 fe:00:77 0 EOF
            2: FLOCK  ADVISORY  WRITE 102 08:01:77 0 EOF
            3: FLOCK  ADVISORY  WRITE 103 fe:00:770 0 EOF
            4: FLOCK  ADVISORY  WRITE 104 fe:00:77 0 EOF
            4: -> FLOCK  ADVISORY  WRITE 105 fe:00:77 0 EOF
            5: -> FLOCK  ADVISORY  WRITE 106 103:493e0:88 0 EOF
            6: FLOCK  ADVISORY  WRITE 107 103:493e0:88 0 EOF
            7: FLOCK  ADVISORY  WRITE 0 08:01:99 0 EOF
            """
        #expect(OutputFolderLock.holder(inLocks: locks, device: disk, inode: 77) == 104)
        #expect(OutputFolderLock.holder(inLocks: locks, device: large, inode: 88) == 107)
        #expect(OutputFolderLock.holder(inLocks: locks, device: 2049, inode: 77) == 102)
        #expect(OutputFolderLock.holder(inLocks: locks, device: disk, inode: 88) == nil)
        // A holder in another pid namespace is listed as pid 0: no pid to name.
        #expect(OutputFolderLock.holder(inLocks: locks, device: 2049, inode: 99) == nil)
        #expect(OutputFolderLock.holder(inLocks: "", device: disk, inode: 77) == nil)
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
