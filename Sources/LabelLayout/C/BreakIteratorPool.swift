/// Break iterators by kind and locale, one set per thread that asks, because an ICU
/// iterator holds the text it walks. Opening one loads ICU rule data, so they are kept.
final class BreakIteratorPool: @unchecked Sendable {
    // @unchecked: `free` is guarded by `lock`; an iterator taken out is used by one
    // caller only until it is put back.
    private struct Key: Hashable {
        var kind: BreakIterator.Kind
        var locale: String
    }

    private var free: [Key: [BreakIterator]] = [:]
    private let lock = Mutex()

    func with<T>(_ kind: BreakIterator.Kind, locale: String,
                 _ body: (BreakIterator) -> T) throws(LayoutError) -> T {
        let key = Key(kind: kind, locale: locale)
        let pooled = lock.withLock { free[key]?.popLast() }
        let iterator: BreakIterator
        if let pooled { iterator = pooled } else { iterator = try BreakIterator(kind: kind, locale: locale) }
        defer { lock.withLock { free[key, default: []].append(iterator) } }
        return body(iterator)
    }
}
