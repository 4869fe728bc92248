import Foundation

/// The temporary files of this run, shared between the writing threads and the signal
/// handler, which must not miss a file that a thread is still writing.
final class PathSet: @unchecked Sendable {
    // @unchecked: every property is only touched while `condition` is locked.
    private var paths: Set<String> = []
    private var writing = 0
    private var closed = false
    private let condition = NSCondition()

    /// Registers a temporary file about to be written; false once the run is being
    /// interrupted. Each `true` must be followed by ``endWriting()``.
    func beginWriting(_ path: String) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !closed else { return false }
        paths.insert(path)
        writing += 1
        return true
    }

    func endWriting() {
        condition.lock()
        defer { condition.unlock() }
        writing -= 1
        condition.broadcast()
    }

    func remove(_ path: String) {
        condition.lock()
        defer { condition.unlock() }
        paths.remove(path)
    }

    /// Whether ``close()`` has been called: the run is being interrupted.
    var isClosed: Bool {
        condition.lock()
        defer { condition.unlock() }
        return closed
    }

    /// Refuses new writes, waits a little for those under way, and hands out every
    /// registered path.
    func close() -> Set<String> {
        condition.lock()
        defer { condition.unlock() }
        closed = true
        let deadline = Date().addingTimeInterval(5)
        while writing > 0, condition.wait(until: deadline) {}
        let all = paths
        paths = []
        return all
    }
}
