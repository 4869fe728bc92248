/// The labels one of N machines renders. A label belongs to a shard by a hash of its
/// locale and key, so the split does not depend on table order, file names or which
/// other keys exist, and every label is in exactly one shard. Shards of one run may share
/// an output folder: each one's manifest keeps the entries the others wrote.
public struct Shard: Sendable, Hashable {
    /// Which shard this is, 1-based (1 ≤ `index` ≤ `count`), as written on the command line.
    public var index: Int
    /// How many shards the labels are split into, at least 1.
    public var count: Int

    /// Shard `index` (1-based) of `count`.
    public init(index: Int, count: Int) {
        precondition(count >= 1 && (1...count).contains(index), "shard \(index)/\(count) is not one of 1...\(count)")
        self.index = index
        self.count = count
    }

    /// Reads `K/N` with 1 ≤ K ≤ N, e.g. `2/4`; nil for anything else.
    package init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(k) else { return nil }
        self.init(index: k, count: n)
    }

    /// Whether this shard renders the label of `key` in `locale`.
    package func contains(locale: String, key: String) -> Bool {
        Self.slot(locale: locale, key: key, count: count) == index - 1
    }

    static func slot(locale: String, key: String, count: Int) -> Int {
        var bytes = Array(locale.utf8)
        bytes.append(0)
        bytes += key.utf8
        return Int(ContentHash.value(of: bytes) % UInt64(count))
    }
}
