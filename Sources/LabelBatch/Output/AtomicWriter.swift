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

    /// Writes the bytes `produce` hands to its ``Pieces`` to `url`, as ``write(_:to:)``
    /// does, without holding them all: a manifest of a hundred thousand labels is 75 MB.
    /// The bytes are compared with the file's as they are written, and the file is left
    /// untouched when they are the same.
    ///
    /// - Returns: Whether the file was written (false when it already held these bytes).
    /// - Throws: The file system's error, or what `produce` throws; then nothing changed.
    @discardableResult
    package static func write(to url: URL, _ produce: (inout Pieces) throws -> Void) throws -> Bool {
        guard let staged = try stage(to: url, produce) else { return false }
        do {
            try withDescriptor(staged.temporary) { guard fsync($0) == 0 else { throw posixError(staged.temporary) } }
        } catch {
            discard(staged)
            throw error
        }
        try commit(staged)
        return true
    }

    /// ``write(to:_:)`` up to the rename: the bytes wait under a temporary name beside
    /// `url` until ``commit(_:)`` or ``discard(_:)``, and are not yet synced (``flush(_:)``).
    ///
    /// - Returns: nil when the file already holds these bytes.
    /// - Throws: The file system's error, or what `produce` throws; then nothing is left.
    static func stage(to url: URL, _ produce: (inout Pieces) throws -> Void) throws -> Staged? {
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let staged = Staged(folder: folder.path + "/", name: url.lastPathComponent)
        let temporary = staged.temporary
        guard pending.beginWriting(temporary, in: staged.folder) else { waitForInterruptToEnd() }
        var pieces: Pieces
        do {
            defer { pending.endWriting(temporary) }
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            guard descriptor >= 0 else { throw posixError(temporary) }
            pieces = Pieces(descriptor: descriptor, path: temporary, old: open(url.path, O_RDONLY | O_CLOEXEC))
            do {
                try produce(&pieces)
                try pieces.finish()
            } catch {
                pieces.closeFiles()
                discard(staged)
                throw error
            }
        }
        pieces.closeFiles()
        guard pieces.differs else {
            discard(staged)
            return nil
        }
        return staged
    }

    /// Where ``write(to:_:)`` takes a file's bytes, a piece at a time, and writes them a
    /// megabyte at a time, comparing each with the bytes the file had.
    package struct Pieces {
        private let descriptor: Int32
        private let path: String
        /// The file being replaced, open for reading while its bytes match; -1 once they
        /// differ or when there was none.
        private var old: Int32
        /// How many of the old file's bytes have been compared.
        private var compared = 0
        private var buffer = Data()
        /// Whether the bytes written differ from the old file's so far.
        private(set) var differs: Bool

        fileprivate init(descriptor: Int32, path: String, old: Int32) {
            self.descriptor = descriptor
            self.path = path
            self.old = old
            differs = old < 0
        }

        /// Adds `bytes` to the file.
        package mutating func append(_ bytes: Data) throws {
            buffer.append(bytes)
            if buffer.count >= 1 << 20 { try flush() }
        }

        fileprivate mutating func finish() throws {
            try flush()
            if !differs {
                var probe: UInt8 = 0
                if pread(old, &probe, 1, off_t(compared)) != 0 { differs = true }
            }
        }

        fileprivate mutating func closeFiles() {
            close(descriptor)
            if old >= 0 { close(old) }
            old = -1
        }

        private mutating func flush() throws {
            guard !buffer.isEmpty else { return }
            try writeAll(buffer, to: descriptor, path: path)
            if !differs, (try? EntryStore.read(old, offset: compared, count: buffer.count)) != buffer { differs = true }
            compared += buffer.count
            buffer.removeAll(keepingCapacity: true)
        }
    }

    /// A file written under a temporary name beside its target, waiting to be renamed
    /// into place (``commit(_:)``) or removed (``discard(_:)``).
    ///
    /// A run holds one per image until it commits, so it keeps its paths in parts: the
    /// folder's path is one string shared by every file staged in it.
    struct Staged: Sendable {
        /// The target's folder, ending in `/`.
        let folder: String
        /// The target's name in it.
        let name: String
        /// What tells the temporary name apart from other stagings of the same target.
        let tag: UInt32

        /// The target's path.
        var target: String { folder + name }
        /// The temporary file's path.
        var temporary: String { folder + temporaryName(for: name, tag: tag) }

        init(folder: String, name: String, tag: UInt32 = .random(in: .min ... .max)) {
            self.folder = folder
            self.name = name
            self.tag = tag
        }
    }

    /// Opens a scratch file in `folder` that has no name: it is made under a staged
    /// name for `name` and unlinked at once, so it vanishes with its descriptor however
    /// the run ends, and a run killed between the two calls leaves a file that the next
    /// run's ``LeftoverSweep`` takes for a dead process's and removes.
    ///
    /// - Returns: The descriptor, open for reading and writing; the caller closes it.
    /// - Throws: The file system's error.
    static func openNameless(in folder: URL, for name: String) throws -> Int32 {
        let path = Staged(folder: folder.path + "/", name: name).temporary
        let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw posixError(path) }
        unlink(path)
        return descriptor
    }

    /// The temporary name of a file staged for a target named `name` by this process.
    private static func temporaryName(for name: String, tag: UInt32) -> String {
        let hex = String(tag, radix: 16, uppercase: true)
        return ".\(name).\(ProcessInfo.processInfo.processIdentifier).\(String(repeating: "0", count: 8 - hex.count) + hex).tmp"
    }

    /// The process id in a name ``temporaryName(for:tag:)`` gives, or nil for any other name.
    ///
    /// The form is exact: `.<name>.<pid>.<tag>.tmp`, where `<name>` is the target's name
    /// (not empty), `<pid>` a process id in decimal digits with no sign and no leading
    /// zero, and `<tag>` eight uppercase hexadecimal digits, as in
    /// `.play@2x.png.4242.0A1B2C3D.tmp`. Only such names are ever removed as leftovers
    /// (``LeftoverSweep``), so anything a user names otherwise is safe.
    static func stagingProcess(ofName name: String) -> Int32? {
        let bytes = Array(name.utf8)
        let suffix = Array(".tmp".utf8)
        guard bytes.count > 1 + 1 + 1 + 1 + 8 + suffix.count, bytes.first == UInt8(ascii: "."),
              bytes.suffix(suffix.count).elementsEqual(suffix) else { return nil }
        let body = bytes.dropFirst().dropLast(suffix.count)
        let tag = body.suffix(8)
        guard tag.allSatisfy({ (0x30...0x39).contains($0) || (0x41...0x46).contains($0) }) else { return nil }
        let rest = body.dropLast(9)
        guard body[body.endIndex - 9] == UInt8(ascii: "."),
              let dot = rest.lastIndex(of: UInt8(ascii: ".")), dot > rest.startIndex else { return nil }
        let digits = rest[(dot + 1)...]
        guard isProcessNumber(digits), let pid = Int32(String(decoding: digits, as: UTF8.self)) else { return nil }
        return pid
    }

    /// Whether `digits` spell a process id as ``temporaryName(for:tag:)`` does: ASCII
    /// decimal digits, no sign, no leading zero, at most ten of them.
    private static func isProcessNumber(_ digits: some Collection<UInt8>) -> Bool {
        guard let first = digits.first, (0x31...0x39).contains(first), digits.count <= 10 else { return false }
        return digits.allSatisfy { (0x30...0x39).contains($0) }
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
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return try stage(data, named: url.lastPathComponent, in: folder.path + "/", sync: sync)
    }

    /// ``stage(_:for:sync:)`` for a file named `name` in `folder`, a path ending in `/`
    /// of a folder that exists: a run stages thousands of files in a few folders.
    static func stage(_ data: Data, named name: String, in folder: String, sync: Bool = false) throws -> Staged? {
        if let existing = FileManager.default.contents(atPath: folder + name), existing == data { return nil }
        let staged = Staged(folder: folder, name: name)
        let temporary = staged.temporary
        guard pending.beginWriting(temporary, in: folder) else { waitForInterruptToEnd() }
        defer { pending.endWriting(temporary) }
        do {
            try writeNew(data, to: temporary, sync: sync)
        } catch {
            unlink(temporary)
            throw error
        }
        return staged
    }

    /// Creates the file at `path` (which must not exist) holding `data`.
    private static func writeNew(_ data: Data, to path: String, sync: Bool) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw posixError(path) }
        defer { close(descriptor) }
        try writeAll(data, to: descriptor, path: path)
        if sync, fsync(descriptor) != 0 { throw posixError(path) }
    }

    /// Writes all of `data` to `descriptor`, the file at `path`.
    private static func writeAll(_ data: Data, to descriptor: Int32, path: String) throws {
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
    static func flush(_ staged: some Sequence<Staged>) throws {
        try flush { body in try staged.forEach(body) }
    }

    /// ``flush(_:)`` for the files `visit` hands to its closure, one at a time: a run's
    /// staged images are listed on disk (``StagedFileList``), not in an array.
    static func flush(_ visit: ((Staged) throws -> Void) throws -> Void) throws {
        #if os(Linux)
        // A file is on its folder's file system: one look per folder, not per file.
        var synced: Set<UInt64> = []
        var folders: Set<String> = []
        try visit { file in
            guard folders.insert(file.folder).inserted else { return }
            var info = stat()
            guard stat(file.folder, &info) == 0, synced.insert(UInt64(info.st_dev)).inserted else { return }
            try withDescriptor(file.folder) { guard syncFileSystem($0) == 0 else { throw posixError(file.folder) } }
        }
        #else
        try visit { file in
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
        let temporary = staged.temporary
        guard rename(temporary, staged.target) == 0 else {
            let reason = String(cString: strerror(errno))
            // The interrupt handler may have removed the file between its staging and now.
            if pending.isClosed { waitForInterruptToEnd() }
            unlink(temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: staged.target,
                                                          NSLocalizedDescriptionKey: reason])
        }
    }

    /// Removes a staged file that will not be used.
    static func discard(_ staged: Staged) {
        unlink(staged.temporary)
    }

    /// Temporary files being written now, and the folders of those written, removed if
    /// the run is interrupted.
    private static let pending = PathSet()

    /// Removes the files this process staged in `folder` (a path ending in `/`), found
    /// by their names: what an interrupted run must not leave behind.
    static func removeOwnStagedFiles(in folder: String) {
        let own = ProcessInfo.processInfo.processIdentifier
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        where name.hasPrefix(".") && stagingProcess(ofName: name) == own {
            unlink(folder + name)
        }
    }

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
                let (writing, folders) = pending.close()
                for path in writing { unlink(path) }
                for folder in folders { removeOwnStagedFiles(in: folder) }
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
