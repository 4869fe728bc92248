#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file read front to back through one fixed buffer, so a parser can walk a document
/// of any size in constant memory. Owns the descriptor and the buffer.
package final class ChunkedFile {
    private let descriptor: Int32
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    /// Set when a read failed; the chunks seen so far are then not the whole file.
    package private(set) var failed = false

    /// Opens `path` for reading; nil when it cannot be opened.
    package init?(path: String, chunkSize: Int = 1 << 20) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
        buffer = .allocate(capacity: max(16, chunkSize))
    }

    deinit {
        close(descriptor)
        buffer.deallocate()
    }

    /// The next bytes of the file, valid until the next call; nil at the end or after a
    /// failed read. Chunks are filled completely except the last, so the first holds
    /// any byte order mark whole.
    package func next() -> UnsafeBufferPointer<UInt8>? {
        guard !failed else { return nil }
        var filled = 0
        while filled < buffer.count {
            let count = read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            if count > 0 {
                filled += count
            } else if count == 0 {
                break
            } else if errno != EINTR {
                failed = true
                return nil
            }
        }
        return filled > 0 ? UnsafeBufferPointer(rebasing: buffer[..<filled]) : nil
    }
}
