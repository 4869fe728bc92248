import Foundation
import Testing
@testable import LabelBatch

/// The bookkeeping behind removing temporary files on SIGINT: a clean-up that starts
/// while a thread is writing must wait for that write, and later writes are refused.
@Suite("Temporary files on interrupt")
struct InterruptCleanupTests {
    @Test("closing waits for a write under way, hands out its path and folder, and refuses new ones")
    func closeWaitsForWriters() {
        let paths = PathSet()
        #expect(paths.beginWriting("/tmp/x/a.tmp", in: "/tmp/x/"))
        let started = Date()
        // A thread of its own: close() blocks its caller, and the tasks' threads may all be taken.
        let writer = Thread {
            Thread.sleep(forTimeInterval: 0.3)
            paths.endWriting("/tmp/x/a.tmp")
        }
        writer.start()
        let handedOut = paths.close()
        #expect(Date().timeIntervalSince(started) >= 0.25, "close returned while a write was under way")
        #expect(handedOut.writing == [] && handedOut.folders == ["/tmp/x/"])
        #expect(Date().timeIntervalSince(started) < 4, "close waited for its deadline though the write ended")
        #expect(!paths.beginWriting("/tmp/x/b.tmp", in: "/tmp/x/"))
    }

    @Test("a write that does not end in time is handed out by its path; written files only by their folders")
    func writtenFilesGoByFolder() {
        let paths = PathSet()
        #expect(paths.beginWriting("/tmp/x/a.tmp", in: "/tmp/x/"))
        paths.endWriting("/tmp/x/a.tmp")
        #expect(paths.beginWriting("/tmp/y/b.tmp", in: "/tmp/y/"))
        let handedOut = paths.close()
        #expect(handedOut.writing == ["/tmp/y/b.tmp"])
        #expect(handedOut.folders == ["/tmp/x/", "/tmp/y/"])
    }

    @Test("an interrupted run's clean-up removes the files this process staged in a folder, and no other file")
    func removesOwnStagedFiles() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let folder = scratch.url.path + "/"
        let own = try #require(try AtomicWriter.stage(Data("mine".utf8), for: scratch("a.png")))
        // A live process's staged file (this test's parent), and files that are no staged file.
        let other = ".b.png.\(getppid()).0000ABCD.tmp"
        for name in [other, "c.png", ".hidden"] { try Data("x".utf8).write(to: scratch(name)) }
        AtomicWriter.removeOwnStagedFiles(in: folder)
        #expect(!FileManager.default.fileExists(atPath: own.temporary))
        #expect(try scratch.files(in: "").sorted() == [".b.png.\(getppid()).0000ABCD.tmp", ".hidden", "c.png"].sorted())
    }
}
