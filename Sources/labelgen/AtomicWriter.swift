import Dispatch
import Foundation

/// Writes files so that a reader (or a crash) never sees half of one: the bytes go to a
/// temporary file in the same folder, which is then renamed over the target. A file whose
/// bytes would not change is left untouched, so re-runs do not disturb build systems.
enum AtomicWriter {
    /// - Returns: whether the file was written (false when it already held these bytes).
    @discardableResult
    static func write(_ data: Data, to url: URL) throws -> Bool {
        guard let staged = try stage(data, for: url) else { return false }
        try commit(staged)
        return true
    }

    /// A file written under a temporary name beside its target, waiting to be renamed
    /// into place (``commit(_:)``) or removed (``discard(_:)``).
    struct Staged: Sendable {
        var temporary: String
        var target: String
    }

    /// Writes `data` beside `url` under a temporary name, so the drawing threads can put
    /// their bytes on disk as they go while the outputs stay as they were until every
    /// label has succeeded.
    /// - Returns: nil when the file already holds these bytes.
    static func stage(_ data: Data, for url: URL) throws -> Staged? {
        let manager = FileManager.default
        if let existing = manager.contents(atPath: url.path), existing == data { return nil }
        let folder = url.deletingLastPathComponent()
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).\(UUID().uuidString.prefix(8)).tmp")
        guard pending.beginWriting(temporary.path) else {
            throw CocoaError(.userCancelled, userInfo: [NSLocalizedDescriptionKey: "interrupted"])
        }
        defer { pending.endWriting() }
        do {
            try data.write(to: temporary)
        } catch {
            try? manager.removeItem(at: temporary)
            pending.remove(temporary.path)
            throw error
        }
        return Staged(temporary: temporary.path, target: url.path)
    }

    /// Renames a staged file over its target.
    static func commit(_ staged: Staged) throws {
        defer { pending.remove(staged.temporary) }
        guard rename(staged.temporary, staged.target) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(staged.temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: staged.target,
                                                          NSLocalizedDescriptionKey: reason])
        }
    }

    /// Removes a staged file that will not be used.
    static func discard(_ staged: Staged) {
        unlink(staged.temporary)
        pending.remove(staged.temporary)
    }

    /// Temporary files being written now, removed if the run is interrupted.
    private static let pending = PathSet()

    /// Signal sources stop when released; these live as long as the process.
    nonisolated(unsafe) private static var signalSources: [any DispatchSourceSignal] = []

    /// Makes SIGINT and SIGTERM remove the temporary files being written before the
    /// process exits with 128 + the signal's number, as shells report it. Without this a
    /// Ctrl-C during the writes would leave `.name.tmp` files behind; files already
    /// renamed into place are whole, and the rest keep their previous contents.
    /// Call once, before any work starts.
    static func removeTemporaryFilesOnInterrupt() {
        let signals = [SIGINT, SIGTERM]
        for signalNumber in signals {
            #if !os(Linux)
            // kqueue sees ignored signals too: ignoring them first keeps the default
            // action (ending the process at once) from running before the source does.
            signal(signalNumber, SIG_IGN)
            #endif
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                // Writes under way finish first, so none creates its file after the
                // unlinking; writes not yet begun are refused.
                for path in pending.close() { unlink(path) }
                exit(128 + signalNumber)
            }
            source.resume()
            signalSources.append(source)
        }
        #if os(Linux)
        waitForSignalHandlers(signals)
        #endif
    }

    #if os(Linux)
    /// libdispatch on Linux catches a signal with a handler of its own, which it installs
    /// when the source is resumed. An ignored signal never reaches that handler's
    /// predecessor, so an interrupt in between would be lost and the run would go on;
    /// left at the default action, it ends the process before anything is written.
    /// Returning only once the handlers are in place leaves no gap between the two.
    private static func waitForSignalHandlers(_ signals: [Int32]) {
        let deadline = DispatchTime.now() + .seconds(2)
        for signalNumber in signals {
            while installedHandler(signalNumber) == 0, DispatchTime.now() < deadline { usleep(50) }
        }
    }

    /// The signal's handler as a number: 0 is the default action, 1 is ignoring it.
    static func installedHandler(_ signalNumber: Int32) -> UInt {
        var action = sigaction()
        sigaction(signalNumber, nil, &action)
        return withUnsafeBytes(of: action.__sigaction_handler) { $0.load(as: UInt.self) }
    }
    #endif
}

extension AtomicWriter {
    /// Why a write failed, in the system's words ("Not a directory", "No space left on
    /// device") rather than Foundation's error dump.
    static func reason(_ error: any Error) -> String {
        let top = error as NSError
        let underlying = (top.userInfo[NSUnderlyingErrorKey] as? any Error).map { $0 as NSError } ?? top
        if underlying.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(underlying.code))) }
        return underlying.localizedDescription
    }
}

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
