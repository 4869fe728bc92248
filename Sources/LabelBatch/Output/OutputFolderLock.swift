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
/// The claim is a `flock(2)` lock on the output folder itself, taken through a descriptor
/// of the folder: nothing is written into the folder for it, so an output folder holds
/// only what the run makes (labels, manifests, atlases, and the report, contact sheet or
/// diff images asked for), whether the run finished, failed or was interrupted. The
/// kernel drops the claim when the process ends, however it ends, so a run that was
/// killed never blocks the next one; the files such a run had staged under temporary
/// names are removed by the next one to hold the folder. Two spellings of one folder (through a symbolic link, say)
/// are one folder to the lock. Older versions of labelgen locked a file,
/// `.labelgen.lock`, inside the folder; a run that holds the folder removes that file if
/// it finds it.
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
/// alike: each lock opens the folder anew, and `flock(2)` locks of separate opens
/// conflict whichever process made them.
package final class OutputFolderLock: Sendable {
    /// The output folder this lock holds.
    package let folder: URL
    /// The open folder; unlocking it releases the claim.
    private let descriptor: Descriptor
    /// What the sweeps for killed runs' files under this lock have looked at.
    private let leftovers = Locked(LeftoverSweep())

    /// Locks `folder`, creating it if needed.
    ///
    /// - Parameters:
    ///   - folder: The output folder.
    ///   - waiting: Whether to wait for another holder to release the folder; without it,
    ///     a held folder fails at once.
    ///   - whileWaiting: Called once, before waiting, with the holder's process id, so a
    ///     caller can say what it waits for; nil when the system does not tell it (only
    ///     Linux does, in `/proc/locks`) or the holder ended meanwhile.
    /// - Throws: ``BatchError/outputFolderLocked(path:holder:)`` when another holds the
    ///   folder and `waiting` is false; ``BatchError/outputNotAFolder(path:)`` when
    ///   `folder` is a file; ``BatchError/cannotWrite(path:reason:)`` when the folder
    ///   cannot be made, opened or locked.
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
        let fd = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOTDIR { throw .outputNotAFolder(path: folder.path) }
            throw .cannotWrite(path: folder.path, reason: String(cString: strerror(errno)))
        }
        descriptor = Descriptor(fd)
        if flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK else {
                throw .cannotWrite(path: folder.path, reason: String(cString: strerror(errno)))
            }
            let holder = Self.holder(of: fd)
            guard waiting else { throw .outputFolderLocked(path: folder.path, holder: holder) }
            whileWaiting(holder)
            while flock(fd, LOCK_EX) != 0 {
                guard errno == EINTR else {
                    throw .cannotWrite(path: folder.path, reason: String(cString: strerror(errno)))
                }
            }
        }
        // An older labelgen's lock file would be copied into app bundles and shipped with
        // the labels. Only a run holding the folder removes it, and it needs no mention:
        // no run of this version reads it.
        _ = unlinkat(fd, Self.oldLockFileName, 0)
        // So are the files a killed run had staged and not yet renamed: at the top, in the
        // locale folders its manifests name, and in their `_diff/<locale>`.
        leftovers.withLock { _ = $0.sweepOutputFolder(fd) }
    }

    /// Removes the files killed runs staged in the folders of `locales` (and their
    /// `_diff/<locale>`), the folders a run is about to write: a run killed before it
    /// wrote a locale's first manifest leaves one that no manifest names. Folders swept
    /// already under this lock are not looked at again; nothing is done once released.
    ///
    /// - Returns: How many files were removed.
    @discardableResult
    package func removeLeftovers(inLocales locales: some Sequence<String>) -> Int {
        descriptor.withOpenFolder { out in
            leftovers.withLock { sweep in locales.reduce(0) { $0 + sweep.sweep(locale: $1, in: out) } }
        } ?? 0
    }

    /// Releases the folder now rather than when the lock is freed. Calling it again does
    /// nothing.
    package func release() { descriptor.close() }

    /// The file in which versions of labelgen before the folder itself was locked kept
    /// their lock.
    private static let oldLockFileName = ".labelgen.lock"

    // MARK: - Who holds the folder

    /// The process holding a `flock(2)` lock on the folder open at `fd`, as the kernel
    /// lists it; nil where it does not (on macOS), or when no holder is listed any more.
    private static func holder(of fd: Int32) -> Int32? {
        #if os(Linux)
        var info = stat()
        guard fstat(fd, &info) == 0,
              let locks = try? String(contentsOfFile: "/proc/locks", encoding: .utf8) else { return nil }
        return holder(inLocks: locks, device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        #else
        return nil
        #endif
    }

    /// The process holding a `flock(2)` lock on the file `device`/`inode` (`st_dev` and
    /// `st_ino` from `stat(2)`), as `locks`, the text of Linux's `/proc/locks`, lists it.
    ///
    /// A held lock's line is `1: FLOCK  ADVISORY  WRITE 4242 fe:00:123456 0 EOF`: the
    /// holder's pid, then the file as the device's major and minor number in hex and the
    /// inode in decimal. A process waiting for it is listed below it with `->` before
    /// `FLOCK`; POSIX record locks, which never conflict with `flock(2)`, are listed too.
    /// A pid of 0 is a process outside this one's pid namespace.
    package static func holder(inLocks locks: String, device: UInt64, inode: UInt64) -> Int32? {
        let (major, minor) = linuxDeviceNumbers(device)
        for line in locks.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count >= 6, fields[1] == "FLOCK" else { continue }
            let file = fields[5].split(separator: ":")
            guard file.count == 3, UInt64(file[0], radix: 16) == major, UInt64(file[1], radix: 16) == minor,
                  UInt64(file[2]) == inode, let pid = Int32(fields[4]), pid > 0 else { continue }
            return pid
        }
        return nil
    }

    /// The major and minor number of a Linux `dev_t`, as glibc's `major()` and `minor()`
    /// take them apart (macros, which Swift does not import): 12 bits of major and 20 of
    /// minor, the low ones where the 16-bit `dev_t` of old had them.
    static func linuxDeviceNumbers(_ device: UInt64) -> (major: UInt64, minor: UInt64) {
        let major = (device & 0x0000_0000_000f_ff00) >> 8 | (device & 0xffff_f000_0000_0000) >> 32
        let minor = device & 0x0000_0000_0000_00ff | (device & 0x0000_0fff_fff0_0000) >> 12
        return (major, minor)
    }
}

/// Owns the folder's descriptor: unlocks and closes it once, which ends the claim.
private final class Descriptor: Sendable {
    private let fd: Locked<Int32>

    init(_ fd: Int32) {
        self.fd = Locked(fd)
    }

    /// Calls `body` with the folder's descriptor while it is open, nil once it is closed.
    func withOpenFolder<T>(_ body: (Int32) -> T) -> T? {
        fd.withLock { fd in fd >= 0 ? body(fd) : nil }
    }

    func close() {
        fd.withLock { fd in
            guard fd >= 0 else { return }
            // A flock(2) lock belongs to the open file, not to this descriptor: a child
            // process forked by another thread shares the open file until it execs, and
            // closing only this descriptor would leave the folder locked until then.
            // Unlocking first ends the claim whatever copies remain.
            _ = flock(fd, LOCK_UN)
            _ = closeDescriptor(fd)
            fd = -1
        }
    }

    deinit { close() }
}
