import Dispatch
import Foundation

/// Writes files so that a reader (or a crash) never sees half of one: the bytes go to a
/// temporary file in the same folder, which is then renamed over the target. A file whose
/// bytes would not change is left untouched, so re-runs do not disturb build systems.
public enum AtomicWriter {
    /// Writes `data` to `url` through a temporary file beside it, creating the folder if
    /// needed.
    ///
    /// - Returns: Whether the file was written (false when it already held these bytes).
    /// - Throws: The file system's error; ``reason(_:)`` puts it in words.
    @discardableResult
    public static func write(_ data: Data, to url: URL) throws -> Bool {
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
        guard pending.beginWriting(temporary.path) else { waitForInterruptToEnd() }
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
            // The interrupt handler may have removed the file between its staging and now.
            if pending.isClosed { waitForInterruptToEnd() }
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

    /// Parks a thread whose write was refused or undone by the interrupt handler, which
    /// is about to end the process with 130 or 143. Returning an error instead would let
    /// the caller exit first, with its own status (2, as for a failed write).
    private static func waitForInterruptToEnd() -> Never {
        while true { sleep(60) }
    }

    /// Signal sources stop when released; these live as long as the process.
    nonisolated(unsafe) private static var signalSources: [any DispatchSourceSignal] = []

    /// Makes SIGINT and SIGTERM remove the temporary files being written before the
    /// process exits with 128 + the signal's number, as shells report it. Without this a
    /// Ctrl-C during the writes would leave `.name.tmp` files behind; files already
    /// renamed into place are whole, and the rest keep their previous contents.
    ///
    /// Call it first thing in `main`, before any thread starts and before anything is
    /// written. On Linux it blocks both signals in the calling thread, and so in every
    /// thread started after it, for good: a signal that arrives before the handling is
    /// ready then waits, pending, instead of ending the process at a moment when files
    /// may be half-written. Processes started afterwards inherit the blocked signals.
    public static func removeTemporaryFilesOnInterrupt() {
        let signals = [SIGINT, SIGTERM]
        #if os(Linux)
        blockInThisAndLaterThreads(signals)
        #endif
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
    /// libdispatch on Linux reads signals from a signalfd, which only ever sees signals
    /// that are blocked (they stay pending until it reads them). New threads inherit the
    /// mask of the thread that starts them, so blocking here, before any other thread
    /// exists, covers the whole process, including a signal sent before the sources
    /// below are registered.
    private static func blockInThisAndLaterThreads(_ signals: [Int32]) {
        var set = sigset_t()
        sigemptyset(&set)
        for signalNumber in signals { sigaddset(&set, signalNumber) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// A thread started before the signals were blocked still takes them, through the
    /// handler libdispatch installs when a source is resumed. Until that handler is in
    /// place such a signal has its default action, which ends the process before anything
    /// is written; returning only once it is in place leaves no gap after that.
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
    public static func reason(_ error: any Error) -> String {
        let top = error as NSError
        let underlying = (top.userInfo[NSUnderlyingErrorKey] as? any Error).map { $0 as NSError } ?? top
        if underlying.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(underlying.code))) }
        return underlying.localizedDescription
    }
}
