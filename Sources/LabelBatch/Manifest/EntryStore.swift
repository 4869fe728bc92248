import Foundation
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Manifest entries of the labels a run draws, encoded as they stand in a manifest file
/// and kept on disk until the manifests are written: a run of a hundred thousand labels
/// would otherwise hold every entry in memory, about a kilobyte each, until its end.
///
/// The file has no name (``AtomicWriter/openNameless(in:for:)``): no run, however it
/// ends, leaves it behind, and its bytes go where the outputs go rather than to a
/// temporary folder that may be a small memory disk.
final class EntryStore: Sendable {
    /// Where an entry's bytes lie in the store.
    struct Entry: Sendable, Equatable {
        let offset: Int
        let count: Int
    }

    private let descriptor: Int32
    /// The end of the bytes written so far; appends reserve their range under the lock
    /// and write outside it, so the drawing threads do not wait for each other's writes.
    private let end = Locked(0)

    /// A store in `folder`, which must exist.
    ///
    /// - Throws: The file system's error when the file cannot be made.
    init(in folder: URL) throws {
        descriptor = try AtomicWriter.openNameless(in: folder, for: "manifest-entries")
    }

    deinit { close(descriptor) }

    /// Adds `bytes`, from any thread.
    ///
    /// - Throws: The file system's error, such as a full disk.
    func append(_ bytes: Data) throws -> Entry {
        let offset = end.withLock { end in
            defer { end += bytes.count }
            return end
        }
        try Self.write(bytes, to: descriptor, at: offset)
        return Entry(offset: offset, count: bytes.count)
    }

    /// The bytes of `entry`.
    ///
    /// - Throws: The file system's error.
    func bytes(of entry: Entry) throws -> Data {
        try Self.read(descriptor, offset: entry.offset, count: entry.count)
    }

    /// Writes all of `bytes` into the file open as `descriptor`, from `offset`: the
    /// scratch files of a run (entries, staged files, report entries) are written so.
    ///
    /// - Throws: The file system's error, such as a full disk.
    static func write(_ bytes: Data, to descriptor: Int32, at offset: Int) throws {
        try bytes.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) throws in
            var done = 0
            while done < buffer.count {
                let written = pwrite(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
                if written < 0 {
                    if errno == EINTR { continue }
                    throw POSIXError(POSIXError.Code(rawValue: errno) ?? .EIO)
                }
                done += written
            }
        }
    }

    /// `count` bytes of the file open as `descriptor`, from `offset`.
    static func read(_ descriptor: Int32, offset: Int, count: Int) throws -> Data {
        var data = Data(count: count)
        try data.withUnsafeMutableBytes { (buffer: UnsafeMutableRawBufferPointer) throws in
            var done = 0
            while done < count {
                let read = pread(descriptor, buffer.baseAddress! + done, count - done, off_t(offset + done))
                if read < 0, errno == EINTR { continue }
                guard read > 0 else { throw POSIXError(read == 0 ? .EIO : POSIXError.Code(rawValue: errno) ?? .EIO) }
                done += read
            }
        }
        return data
    }
}
