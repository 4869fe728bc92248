import Dispatch

extension RandomAccessCollection where Index == Int, Self: Sendable {
    /// `transform` over every element on up to `jobs` threads, the results in element
    /// order. Indices are handed out in order, so early elements finish first, as a
    /// progress count expects; `jobs` <= 1 maps on the calling thread.
    package func concurrentMap<T>(jobs: Int, _ transform: @Sendable (Element) -> T) -> [T] {
        concurrentMap(jobs: jobs, worker: {}) { _, element in transform(element) }
    }

    /// The same with one `Worker` per thread, made on that thread, for state a worker
    /// reuses from one element to the next but must not share (a renderer's surfaces).
    package func concurrentMap<Worker, T>(
        jobs: Int, worker: @Sendable () -> Worker, _ transform: @Sendable (inout Worker, Element) -> T
    ) -> [T] {
        guard !isEmpty else { return [] }
        guard jobs > 1, count > 1 else {
            var single = worker()
            return map { transform(&single, $0) }
        }
        let slots = Locked(WorkQueue<T>(count: count))
        withoutActuallyEscaping(transform) { transform in
            withoutActuallyEscaping(worker) { worker in
                DispatchQueue.concurrentPerform(iterations: Swift.min(jobs, count)) { _ in
                    var own = worker()
                    while let offset = slots.withLock({ $0.next() }) {
                        let result = transform(&own, self[startIndex + offset])
                        slots.withLock { $0.results[offset] = result }
                    }
                }
            }
        }
        return slots.withLock { $0.results.map { $0! } }
    }
}

/// The next index to hand out and the results so far.
private struct WorkQueue<T> {
    var results: [T?]
    var handedOut = 0

    init(count: Int) {
        results = Array(repeating: nil, count: count)
    }

    mutating func next() -> Int? {
        guard handedOut < results.count else { return nil }
        defer { handedOut += 1 }
        return handedOut
    }
}
