import Foundation

/// Glyph masks rasterized once and shared by every label and thread that draws the
/// same glyph at the same size and phase, within a memory budget.
///
/// The cache keeps two generations: masks go into the newer one, and when it has used
/// half the budget it becomes the older one and the previous older one is dropped; a
/// mask found in the older generation moves back into the newer. So the glyphs in use
/// stay, memory stays under the budget, and no per-entry bookkeeping is needed. Masks
/// depend only on their key, so whatever the cache holds, the pixels are the same.
final class GlyphMaskCache: @unchecked Sendable {
    // @unchecked: the dictionaries and the byte count are only touched inside `lock`.
    /// The cache every ``Renderer`` uses unless told otherwise: 32 MB holds the masks of
    /// about ten thousand glyphs at 48 px with a 4 px outline.
    static let shared = GlyphMaskCache(budget: 32 << 20)

    /// The most memory the masks hold, in bytes.
    let budget: Int
    private let lock = NSLock()
    private var newer: [GlyphMaskKey: GlyphMask] = [:]
    private var older: [GlyphMaskKey: GlyphMask] = [:]
    private var newerBytes = 0
    private var olderBytes = 0

    init(budget: Int) {
        self.budget = budget
    }

    /// The bytes the cached masks hold now.
    var byteCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return newerBytes + olderBytes
    }

    /// The mask `key` names, rasterized on first use. Two threads asking for the same new
    /// mask at once may both rasterize it; the result is the same.
    func mask(_ key: GlyphMaskKey) throws(RenderError) -> GlyphMask {
        if let found = cached(key) { return found }
        let coverage = key.outset > 0 ? try mask(key.plain) : nil
        let mask = try GlyphMask.rasterize(key, coverage: coverage)
        store(mask, for: key)
        return mask
    }

    private func cached(_ key: GlyphMaskKey) -> GlyphMask? {
        lock.lock()
        defer { lock.unlock() }
        if let found = newer[key] { return found }
        guard let found = older.removeValue(forKey: key) else { return nil }
        olderBytes -= found.byteCount
        insert(found, for: key)
        return found
    }

    private func store(_ mask: GlyphMask, for key: GlyphMaskKey) {
        lock.lock()
        defer { lock.unlock() }
        guard newer[key] == nil else { return }
        insert(mask, for: key)
    }

    /// Adds to the newer generation, retiring it when it has used its half of the budget.
    private func insert(_ mask: GlyphMask, for key: GlyphMaskKey) {
        newer[key] = mask
        newerBytes += mask.byteCount
        if newerBytes > budget / 2 {
            older = newer
            olderBytes = newerBytes
            newer = [:]
            newerBytes = 0
        }
    }
}
