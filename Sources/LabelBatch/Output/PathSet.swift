import Foundation

/// The temporary files of this run, shared between the writing threads and the signal
/// handler, which must not miss a file that a thread is still writing.
///
/// A file being written is known by its path. Once written it is known only by its
/// folder, where the handler finds it by its name (``AtomicWriter/stagingProcess(ofName:)``
/// names this process): a run of a hundred thousand labels would otherwise hold a path
/// per staged image until it commits.
final class PathSet: @unchecked Sendable {
    // @unchecked: every property is only touched while `condition` is locked.
    private var writing: Set<String> = []
    private var folders: Set<String> = []
    private var closed = false
    private let condition = NSCondition()

    /// Registers a temporary file about to be written in `folder`; false once the run is
    /// being interrupted. Each `true` must be followed by ``endWriting(_:)``.
    func beginWriting(_ path: String, in folder: String) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !closed else { return false }
        writing.insert(path)
        folders.insert(folder)
        return true
    }

    /// The file at `path` is written, or was never made: from now on its folder stands
    /// for it.
    func endWriting(_ path: String) {
        condition.lock()
        defer { condition.unlock() }
        writing.remove(path)
        condition.broadcast()
    }

    /// Whether ``close()`` has been called: the run is being interrupted.
    var isClosed: Bool {
        condition.lock()
        defer { condition.unlock() }
        return closed
    }

    /// Refuses new writes, waits a little for those under way, and hands out the files
    /// still being written and every folder written to.
    func close() -> (writing: Set<String>, folders: Set<String>) {
        condition.lock()
        defer { condition.unlock() }
        closed = true
        let deadline = Date().addingTimeInterval(5)
        while !writing.isEmpty, condition.wait(until: deadline) {}
        return (writing, folders)
    }
}
