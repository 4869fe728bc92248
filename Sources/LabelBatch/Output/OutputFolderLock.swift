import Foundation
#if canImport(Glibc)
import Glibc
/// `close(2)`, named apart from the ``Descriptor/close()`` that calls it.
private let closeDescriptor = Glibc.close
#elseif canImport(Darwin)
import Darwin
private let closeDescriptor = Darwin.close
#endif

/// An exclusive claim on an output folder, so that two runs into one folder never mix
/// their files under one manifest.
///
/// The claim is a POSIX record lock (`fcntl(2)`, `F_SETLK`) on `OUT/.labelgen.lock`,
/// which also holds the holder's process id for people to read. The kernel drops the
/// claim when the process ends, however it ends, and never hands it to child
/// processes, so a run that was killed never blocks the next one; the file
/// itself stays (removing it would let a waiting run lock a file no one else sees). It
/// is never listed in a manifest, never removed as a stale image, and never read as a
/// locale folder.
///
/// ``BatchRun/plan()`` takes the lock itself, and the plan keeps it through
/// ``BatchRun/render(_:progress:)``, ``BatchRun/commit(_:)`` and
/// ``BatchRun/report(_:checks:)``: it is released when the report is made, when the
/// rendered batch is discarded, or when the plan and the batches made from it are all
/// gone. A caller that must hold the folder longer (to read its manifests before
/// planning, or to write more files after the report) takes the lock itself and passes
/// it to ``BatchRun/plan(holding:)``; then it is released by ``release()`` or when it
/// is gone:
///
/// ```swift
/// let lock = try OutputFolderLock(folder: out, waiting: true)
/// let plan = try run.plan(holding: lock)
/// ```
///
/// The lock excludes other processes and other `OutputFolderLock`s of the same process
/// alike.
package final class OutputFolderLock: Sendable {
    /// The name of the lock file inside the output folder.
    package static let fileName = ".labelgen.lock"

    /// The output folder this lock holds.
    package let folder: URL
    /// The open lock file; closing it releases the lock.
    private let descriptor: Descriptor

    /// Locks `folder`, creating it if needed.
    ///
    /// - Parameters:
    ///   - folder: The output folder.
    ///   - waiting: Whether to wait for another holder to release the folder; without it,
    ///     a held folder fails at once.
    ///   - whileWaiting: Called once, before waiting, with the holder's process id (nil
    ///     when it has not written it yet), so a caller can say what it waits for.
    /// - Throws: ``BatchError/outputFolderLocked(path:holder:)`` when another holds the
    ///   folder and `waiting` is false; ``BatchError/outputNotAFolder(path:)`` when
    ///   `folder` is a file; ``BatchError/cannotWrite(path:reason:)`` when the lock file
    ///   cannot be made, e.g. because it is a symbolic link.
    package init(folder: URL, waiting: Bool = false,
                whileWaiting: (_ holder: Int32?) -> Void = { _ in }) throws(BatchError) {
        self.folder = folder
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), !isFolder.boolValue {
            throw .outputNotAFolder(path: folder.path)
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .cannotWrite(folder, error)
        }
        let path = Self.file(in: folder).path
        // Within the process, folders are told apart by their real path, so two
        // spellings of one folder are one claim.
        let claim = URL(fileURLWithPath: folder.path).resolvingSymlinksInPath().path
        if !ClaimedFolders.shared.claim(claim, waiting: waiting, whileWaiting: { whileWaiting(getpid()) }) {
            throw .outputFolderLocked(path: folder.path, holder: getpid())
        }
        // O_NOFOLLOW: the pid is written into the file, never through a link elsewhere.
        let fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            ClaimedFolders.shared.release(claim)
            throw .cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
        descriptor = Descriptor(fd, claim: claim)
        // A POSIX record lock rather than flock(2): it belongs to this process alone, so a
        // child forked by another thread, which holds a copy of the descriptor until it
        // execs, never keeps the folder locked after release().
        if !Self.lockWholeFile(fd, waiting: false) {
            guard errno == EAGAIN || errno == EACCES else {
                throw .cannotWrite(path: path, reason: String(cString: strerror(errno)))
            }
            let holder = Self.holder(of: fd)
            guard waiting else { throw .outputFolderLocked(path: folder.path, holder: holder) }
            whileWaiting(holder)
            while !Self.lockWholeFile(fd, waiting: true) {
                guard errno == EINTR else { throw .cannotWrite(path: path, reason: String(cString: strerror(errno))) }
            }
        }
        // Left alone when it already names this process, as files whose bytes would
        // not change are everywhere else.
        if Self.writtenPid(in: fd) != getpid() {
            let pid = Data("\(getpid())\n".utf8)
            ftruncate(fd, 0)
            _ = pid.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
        }
    }

    /// Releases the folder now rather than when the lock is freed. Calling it again does
    /// nothing.
    package func release() { descriptor.close() }

    /// Where the lock file of `folder` is.
    package static func file(in folder: URL) -> URL { folder.appendingPathComponent(fileName) }

    /// Takes a write lock on the whole file; false with `errno` set when it cannot.
    private static func lockWholeFile(_ fd: Int32, waiting: Bool) -> Bool {
        var region = flock()
        region.l_type = Int16(F_WRLCK)
        region.l_whence = Int16(SEEK_SET)
        return fcntl(fd, waiting ? F_SETLKW : F_SETLK, &region) == 0
    }

    /// The process holding the lock on the file, as the kernel knows it, else the pid the
    /// last holder wrote into it.
    private static func holder(of fd: Int32) -> Int32? {
        var region = flock()
        region.l_type = Int16(F_WRLCK)
        region.l_whence = Int16(SEEK_SET)
        if fcntl(fd, F_GETLK, &region) == 0, region.l_type != Int16(F_UNLCK), region.l_pid > 0 { return region.l_pid }
        return writtenPid(in: fd)
    }

    /// The process id the last holder wrote into the lock file, if any.
    private static func writtenPid(in fd: Int32) -> Int32? {
        var bytes = [UInt8](repeating: 0, count: 32)
        let count = pread(fd, &bytes, bytes.count, 0)
        guard count > 0 else { return nil }
        return Int32(String(decoding: bytes[..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

/// The folders this process holds: POSIX record locks never conflict within one
/// process, so two claims from its own threads are told apart here.
private final class ClaimedFolders: @unchecked Sendable {
    // @unchecked: `folders` is only touched under `condition`.
    static let shared = ClaimedFolders()
    private var folders: Set<String> = []
    private let condition = NSCondition()

    /// Claims `folder`; false if another claim holds it and `waiting` is false, else
    /// waits for that claim to end, calling `whileWaiting` once first.
    func claim(_ folder: String, waiting: Bool, whileWaiting: () -> Void) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        if folders.contains(folder) {
            guard waiting else { return false }
            whileWaiting()
            while folders.contains(folder) { condition.wait() }
        }
        folders.insert(folder)
        return true
    }

    func release(_ folder: String) {
        condition.lock()
        defer { condition.unlock() }
        folders.remove(folder)
        condition.broadcast()
    }
}

/// Owns the lock file's descriptor and closes it once, which releases the record lock,
/// then ends the process's claim on the folder.
private final class Descriptor: Sendable {
    private let fd: Locked<Int32>
    private let claim: String

    init(_ fd: Int32, claim: String) {
        self.fd = Locked(fd)
        self.claim = claim
    }

    func close() {
        fd.withLock { fd in
            guard fd >= 0 else { return }
            _ = closeDescriptor(fd)
            fd = -1
            ClaimedFolders.shared.release(claim)
        }
    }

    deinit { close() }
}
