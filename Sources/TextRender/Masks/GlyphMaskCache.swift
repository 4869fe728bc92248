import Foundation
import LabelCore

/// Glyph masks rasterized once and shared by every label and thread that draws the
/// same glyph at the same size and phase, within a memory budget.
///
/// The cache keeps two generations: masks go into the newer one, and when it has used
/// half the budget it becomes the older one and the previous older one is dropped; a
/// mask found in the older generation moves back into the newer. So the glyphs in use
/// stay, memory stays under the budget, and no per-entry bookkeeping is needed. Masks
/// depend only on their key, so whatever the cache holds, the pixels are the same.
final class GlyphMaskCache: Sendable {
    /// The cache every ``Renderer`` uses unless told otherwise: 32 MB holds the masks of
    /// about ten thousand glyphs at 48 px with a 4 px outline.
    static let shared = GlyphMaskCache(budget: 32 << 20)

    /// The most memory the masks hold, in bytes.
    let budget: Int
    private let generations = Locked(Generations())

    init(budget: Int) {
        self.budget = budget
    }

    /// The bytes the cached masks hold now.
    var byteCount: Int {
        generations.withLock { $0.newerBytes + $0.olderBytes }
    }

    /// The mask `key` names, rasterized on first use. Two threads asking for the same new
    /// mask at once may both rasterize it; the result is the same.
    func mask(_ key: GlyphMaskKey) -> GlyphMask {
        if let found = cached(key) { return found }
        let coverage = key.outset > 0 ? mask(key.plain) : nil
        let mask = GlyphMask.rasterize(key, coverage: coverage)
        store(mask, for: key)
        return mask
    }

    private func cached(_ key: GlyphMaskKey) -> GlyphMask? {
        generations.withLock { cache in
            if let found = cache.newer[key] { return found }
            guard let found = cache.older.removeValue(forKey: key) else { return nil }
            cache.olderBytes -= found.byteCount
            cache.insert(found, for: key, budget: budget)
            return found
        }
    }

    private func store(_ mask: GlyphMask, for key: GlyphMaskKey) {
        generations.withLock { cache in
            guard cache.newer[key] == nil else { return }
            cache.insert(mask, for: key, budget: budget)
        }
    }
}

private struct Generations {
    var newer: [GlyphMaskKey: GlyphMask] = [:]
    var older: [GlyphMaskKey: GlyphMask] = [:]
    var newerBytes = 0
    var olderBytes = 0

    /// Adds to the newer generation, retiring it when it has used its half of the budget.
    mutating func insert(_ mask: GlyphMask, for key: GlyphMaskKey, budget: Int) {
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
