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
}
