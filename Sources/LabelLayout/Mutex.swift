import Foundation

/// A lock around the few places where C objects are mutated or caches filled.
/// (Synchronization.Mutex needs a newer deployment target than this package declares.)
final class Mutex: @unchecked Sendable {
    // @unchecked: NSLock is thread-safe; it is only ever used through withLock.
    private let lock = NSLock()

    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
