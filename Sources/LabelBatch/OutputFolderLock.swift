import Foundation

/// An exclusive claim on an output folder, so that two runs into one folder never mix
/// their files under one manifest.
///
/// The claim is an `flock(2)` on `OUT/.labelgen.lock`, which holds the holder's process
/// id for the message another run shows. The kernel drops the claim when the process
/// ends, however it ends, so a run that was killed never blocks the next one; the file
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
public final class OutputFolderLock: Sendable {
    /// The name of the lock file inside the output folder.
    public static let fileName = ".labelgen.lock"

    /// The output folder this lock holds.
    public let folder: URL
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
    public init(folder: URL, waiting: Bool = false,
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
        // O_NOFOLLOW: the pid is written into the file, never through a link elsewhere.
        let fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .cannotWrite(path: path, reason: String(cString: strerror(errno))) }
        descriptor = Descriptor(fd)
        if flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK else {
                throw .cannotWrite(path: path, reason: String(cString: strerror(errno)))
            }
            let holder = Self.holder(of: fd)
            guard waiting else { throw .outputFolderLocked(path: folder.path, holder: holder) }
            whileWaiting(holder)
            while flock(fd, LOCK_EX) != 0 {
                guard errno == EINTR else { throw .cannotWrite(path: path, reason: String(cString: strerror(errno))) }
            }
        }
        // Left alone when it already names this process, as files whose bytes would
        // not change are everywhere else.
        if Self.holder(of: fd) != getpid() {
            let pid = Data("\(getpid())\n".utf8)
            ftruncate(fd, 0)
            _ = pid.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
        }
    }

    /// Releases the folder now rather than when the lock is freed. Calling it again does
    /// nothing.
    public func release() { descriptor.close() }

    /// Where the lock file of `folder` is.
    public static func file(in folder: URL) -> URL { folder.appendingPathComponent(fileName) }

    /// The process id the holder wrote into the lock file, if any.
    private static func holder(of fd: Int32) -> Int32? {
        var bytes = [UInt8](repeating: 0, count: 32)
        let count = pread(fd, &bytes, bytes.count, 0)
        guard count > 0 else { return nil }
        return Int32(String(decoding: bytes[..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

/// Owns the lock file's descriptor and closes it once, which releases the `flock`.
private final class Descriptor: @unchecked Sendable {
    // @unchecked: `fd` is only touched under `lock`.
    private var fd: Int32
    private let lock = NSLock()

    init(_ fd: Int32) { self.fd = fd }

    func close() {
        lock.lock()
        defer { lock.unlock() }
        guard fd >= 0 else { return }
        Glibc.close(fd)
        fd = -1
    }

    deinit { close() }
}
