/// `--shard K/N`: the labels one of N machines renders. A label belongs to a shard by a
/// hash of its locale and key, so the split does not depend on table order, file
/// names or which other keys exist, and every label is in exactly one shard.
struct Shard: Equatable {
    /// 1-based, as written on the command line.
    var index: Int
    var count: Int

    init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// Parses `K/N` with 1 <= K <= N.
    init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(k) else { return nil }
        self.init(index: k, count: n)
    }

    func contains(locale: String, key: String) -> Bool {
        Self.slot(locale: locale, key: key, count: count) == index - 1
    }

    static func slot(locale: String, key: String, count: Int) -> Int {
        var bytes = Array(locale.utf8)
        bytes.append(0)
        bytes += key.utf8
        return Int(ContentHash.value(of: bytes) % UInt64(count))
    }
}
