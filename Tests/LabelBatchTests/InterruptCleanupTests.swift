import Foundation
import Testing
@testable import LabelBatch

/// The bookkeeping behind removing temporary files on SIGINT: a clean-up that starts
/// while a thread is writing must wait for that write, and later writes are refused.
@Suite("Temporary files on interrupt")
struct InterruptCleanupTests {
    @Test("closing waits for a write under way, hands out its path and refuses new ones")
    func closeWaitsForWriters() async throws {
        let paths = PathSet()
        #expect(paths.beginWriting("/tmp/a.tmp"))
        let started = Date()
        let writer = Task.detached {
            try await Task.sleep(for: .milliseconds(300))
            paths.endWriting()
        }
        let handedOut = paths.close()
        #expect(Date().timeIntervalSince(started) >= 0.25, "close returned while a write was under way")
        #expect(handedOut == ["/tmp/a.tmp"])
        #expect(!paths.beginWriting("/tmp/b.tmp"))
        try await writer.value
    }

    @Test("files removed after writing are not handed out")
    func removedPathsAreForgotten() {
        let paths = PathSet()
        #expect(paths.beginWriting("/tmp/a.tmp"))
        paths.endWriting()
        #expect(paths.beginWriting("/tmp/b.tmp"))
        paths.endWriting()
        paths.remove("/tmp/a.tmp")
        #expect(paths.close() == ["/tmp/b.tmp"])
    }
}
