/// Break iterators by kind and locale, one set per thread that asks, because an ICU
/// iterator holds the text it walks. Opening one loads ICU rule data, so they are kept.
final class BreakIteratorPool: Sendable {
    // An iterator taken out of `free` is used by one caller only until it is put back.
    private struct Key: Hashable {
        var kind: BreakIterator.Kind
        var locale: String
    }

    private let free = Locked<[Key: [BreakIterator]]>([:])

    func with<T>(_ kind: BreakIterator.Kind, locale: String,
                 _ body: (BreakIterator) -> T) throws(LayoutError) -> T {
        let key = Key(kind: kind, locale: locale)
        let pooled = free.withLock { $0[key]?.popLast() }
        let iterator: BreakIterator
        if let pooled { iterator = pooled } else { iterator = try BreakIterator(kind: kind, locale: locale) }
        defer { free.withLock { $0[key, default: []].append(iterator) } }
        return body(iterator)
    }
}
