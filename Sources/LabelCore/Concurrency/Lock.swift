import Foundation

/// A lock around the few places where C objects are mutated or caches filled.
/// (Synchronization.Mutex needs a newer deployment target than this package declares,
/// and a type named `Mutex` here would shadow it where it is available.)
package final class Lock: @unchecked Sendable {
    // @unchecked: NSLock is thread-safe; it is only ever used through withLock.
    private let lock = NSLock()

    package init() {}

    package func withLock<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}

/// A value that threads share, reached only while its lock is held.
package final class Locked<Value>: @unchecked Sendable {
    // @unchecked: `value` is only touched inside `withLock`.
    private var value: Value
    private let lock = NSLock()

    package init(_ value: Value) {
        self.value = value
    }

    package func withLock<T, E: Error>(_ body: (inout Value) throws(E) -> T) throws(E) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

/// A dictionary that threads fill and read together.
package typealias LockedCache<Key: Hashable, Value> = Locked<[Key: Value]>

extension Locked where Value: ExpressibleByDictionaryLiteral {
    /// An empty cache.
    package convenience init() {
        self.init([:])
    }
}
