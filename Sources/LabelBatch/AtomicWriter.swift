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
    public static func removeTemporaryFilesOnInterrupt() {
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
    public static func reason(_ error: any Error) -> String {
        let top = error as NSError
        let underlying = (top.userInfo[NSUnderlyingErrorKey] as? any Error).map { $0 as NSError } ?? top
        if underlying.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(underlying.code))) }
        return underlying.localizedDescription
    }
}
