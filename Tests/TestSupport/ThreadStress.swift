import Dispatch
import Foundation
import LabelCore

/// Runs the same work on many threads at once, to check that an object shared between
/// them gives each thread what a single thread gets.
///
/// Real threads rather than tasks: Swift's cooperative pool has one thread per core (two
/// here), which would take turns instead of racing through the shared caches.
public enum ThreadStress {
    /// Runs `body` on `threads` threads, released together, and returns each thread's
    /// result in thread order. `body` gets the thread's number, from 0.
    public static func run<Result: Sendable>(threads: Int,
                                             _ body: @escaping @Sendable (Int) -> Result) -> [Result] {
        let results = Locked<[Result?]>(Array(repeating: nil, count: threads))
        let gate = StartGate(expected: threads)
        let finished = DispatchGroup()
        for index in 0..<threads {
            finished.enter()
            let thread = Thread {
                gate.arriveAndWait()
                let result = body(index)
                results.withLock { $0[index] = result }
                finished.leave()
            }
            // The default of 512 KiB is thin for layout's deeper call chains under
            // ThreadSanitizer, which makes frames larger.
            thread.stackSize = 8 << 20
            thread.start()
        }
        finished.wait()
        return results.withLock { $0.map { $0! } }
    }

    /// Whether this process runs under ThreadSanitizer (`make tsan-test`).
    public static let underThreadSanitizer: Bool = dlsym(nil, "__tsan_init") != nil
}

/// Holds every thread back until all have started, so their first steps overlap.
private final class StartGate: @unchecked Sendable {
    // @unchecked: `arrived` is only touched while `condition` is locked.
    private let condition = NSCondition()
    private var arrived = 0
    private let expected: Int

    init(expected: Int) { self.expected = expected }

    func arriveAndWait() {
        condition.lock()
        defer { condition.unlock() }
        arrived += 1
        if arrived == expected { condition.broadcast() }
        while arrived < expected { condition.wait() }
    }
}
