import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
private let systemWrite = Glibc.write
#else
import Darwin
private let systemWrite = Darwin.write
#endif

/// Writes files so that a reader (or a crash) never sees half of one: the bytes go to a
/// temporary file in the same folder, which is then renamed over the target. A file whose
/// bytes would not change is left untouched, so re-runs do not disturb build systems.
package enum AtomicWriter {
    /// Writes `data` to `url` through a temporary file beside it, creating the folder if
    /// needed.
    ///
    /// - Returns: Whether the file was written (false when it already held these bytes).
    /// - Throws: The file system's error; ``reason(_:)`` puts it in words.
    @discardableResult
    package static func write(_ data: Data, to url: URL) throws -> Bool {
        guard let staged = try stage(data, for: url, sync: true) else { return false }
        try commit(staged)
        return true
    }

    /// A file written under a temporary name beside its target, waiting to be renamed
    /// into place (``commit(_:)``) or removed (``discard(_:)``).
    struct Staged: Sendable {
        var temporary: String
        var target: String
    }

    /// The temporary name of a file staged for `url` by this process.
    private static func temporaryName(for url: URL) -> String {
        ".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).\(UUID().uuidString.prefix(8)).tmp"
    }

    /// Removes the files staged in `folder`, and in the folders in it up to `depth` levels
    /// down, by processes that are gone: a run killed with SIGKILL, or by a power cut,
    /// cannot remove them itself. Staged files of live processes are left alone.
    ///
    /// - Returns: How many were removed.
    @discardableResult
    static func removeLeftovers(in folder: URL, depth: Int = 2) -> Int {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: folder.path) else { return 0 }
        var removed = 0
        for name in names {
            let url = folder.appendingPathComponent(name)
            if let pid = stagingProcess(ofName: name) {
                // kill(pid, 0) fails with ESRCH only when no such process exists.
                if kill(pid, 0) != 0, errno == ESRCH, unlink(url.path) == 0 { removed += 1 }
            } else if depth > 0, !name.contains("."),
                      // The folders runs write into (locales, `_diff`) have no dot; every
                      // file they write has one, so a locale of 100,000 labels costs no
                      // look at each file.
                      (try? url.resourceValues(forKeys: [.isDirectoryKey, .isSymbolicLinkKey])).map({
                          $0.isDirectory == true && $0.isSymbolicLink != true
                      }) == true {
                removed += removeLeftovers(in: url, depth: depth - 1)
            }
        }
        return removed
    }

    /// The process id in a name ``temporaryName(for:)`` gives, or nil for any other name.
    static func stagingProcess(ofName name: String) -> Int32? {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return nil }
        let parts = name.dropFirst().dropLast(4).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 3, let pid = Int32(parts[parts.count - 2]), pid > 0 else { return nil }
        let tag = parts[parts.count - 1]
        guard tag.count == 8, tag.allSatisfy({ $0.isHexDigit && !$0.isLowercase }) else { return nil }
        return pid
    }

    /// Writes `data` beside `url` under a temporary name, so the drawing threads can put
    /// their bytes on disk as they go while the outputs stay as they were until every
    /// label has succeeded.
    ///
    /// - Parameter sync: Whether to wait for the bytes to reach the disk now. A batch
    ///   stages thousands of files and waits once for all of them (``flush(_:)``) before
    ///   renaming any: a wait per file cost a millisecond each and kept the drawing
    ///   threads idle.
    /// - Returns: nil when the file already holds these bytes.
    static func stage(_ data: Data, for url: URL, sync: Bool = false) throws -> Staged? {
        let manager = FileManager.default
        if let existing = manager.contents(atPath: url.path), existing == data { return nil }
        let folder = url.deletingLastPathComponent()
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(temporaryName(for: url))
        guard pending.beginWriting(temporary.path) else { waitForInterruptToEnd() }
        defer { pending.endWriting() }
        do {
            try writeNew(data, to: temporary.path, sync: sync)
        } catch {
            try? manager.removeItem(at: temporary)
            pending.remove(temporary.path)
            throw error
        }
        return Staged(temporary: temporary.path, target: url.path)
    }

    /// Creates the file at `path` (which must not exist) holding `data`.
    private static func writeNew(_ data: Data, to path: String, sync: Bool) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw posixError(path) }
        defer { close(descriptor) }
        try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) throws in
            var offset = 0
            while offset < bytes.count {
                let count = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    throw posixError(path)
                }
                offset += count
            }
        }
        if sync, fsync(descriptor) != 0 { throw posixError(path) }
    }

    /// The error `errno` names, for `path`, as Foundation's writers report it.
    private static func posixError(_ path: String) -> any Error {
        let code = POSIXError.Code(rawValue: errno) ?? .EIO
        return CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path,
                                                       NSUnderlyingErrorKey: POSIXError(code) as NSError])
    }

    /// Waits until the staged files' bytes are on disk, so renaming them into place
    /// cannot leave a target empty after a crash: on Linux one `syncfs` per file system
    /// they are on, elsewhere an `fsync` per file.
    static func flush(_ staged: [Staged]) throws {
        #if os(Linux)
        var synced: Set<UInt64> = []
        for file in staged {
            var info = stat()
            guard stat(file.temporary, &info) == 0, synced.insert(UInt64(info.st_dev)).inserted else { continue }
            try withDescriptor(file.temporary) { guard syncFileSystem($0) == 0 else { throw posixError(file.temporary) } }
        }
        #else
        for file in staged {
            try withDescriptor(file.temporary) { guard fsync($0) == 0 else { throw posixError(file.temporary) } }
        }
        #endif
    }

    #if os(Linux)
    /// glibc's `syncfs`, which its headers declare only for _GNU_SOURCE, so Swift does
    /// not see it; without it, `sync` (every file system) does the same job.
    private static let syncFileSystem: @convention(c) (Int32) -> Int32 = {
        guard let symbol = dlsym(nil, "syncfs") else { return { _ in sync(); return 0 } }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32) -> Int32).self)
    }()
    #endif

    private static func withDescriptor(_ path: String, _ body: (Int32) throws -> Void) throws {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw posixError(path) }
        defer { close(descriptor) }
        try body(descriptor)
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
    package static func removeTemporaryFilesOnInterrupt() {
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
    package static func reason(_ error: any Error) -> String {
        let top = error as NSError
        let underlying = (top.userInfo[NSUnderlyingErrorKey] as? any Error).map { $0 as NSError } ?? top
        if underlying.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(underlying.code))) }
        return underlying.localizedDescription
    }
}
