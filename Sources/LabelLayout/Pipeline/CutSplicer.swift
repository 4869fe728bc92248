/// Shapes a cut text (the label's text with one ellipsis in place of what was cut) by
/// reusing the glyphs of the text it was cut from away from the cut, as Pango's
/// ellipsizer shapes only the ellipsis: only a stretch around the ellipsis is shaped
/// again. The result is the one shaping the whole cut text would give. HarfBuzz tells
/// where that holds: glyphs before an offset clear of `UNSAFE_TO_CONCAT` do not change
/// when the text after it does (and the other way round), provided the newly shaped
/// stretch is clear of the flag where it meets them too; an item untouched by the cut
/// keeps its glyphs when it and the five characters of context HarfBuzz reads on either
/// side (`HB_BUFFER_CONTEXT_LENGTH`) are unchanged. Anything else is shaped in full.
struct CutSplicer {
    /// The text the cut was made in, shaped in full.
    let previous: ShapedText
    /// The range of `previous` that the ellipsis replaced.
    let replaced: Range<Int>
    /// The cut text.
    let text: ItemizedText

    /// HarfBuzz's `HB_BUFFER_CONTEXT_LENGTH`: the characters it reads either side of what it shapes.
    static let contextLength = 5

    /// The ellipsis's offset in the cut text.
    private var ellipsis: Int { replaced.lowerBound }
    /// How far offsets after the ellipsis moved: `previous` offset = cut offset + shift.
    private var shift: Int { replaced.count - 1 }

    /// The offset in `previous` of the cut text's `offset`, or nil for the ellipsis.
    private func previousOffset(_ offset: Int) -> Int? {
        offset < ellipsis ? offset : offset > ellipsis ? offset + shift : nil
    }

    /// The item's glyphs, spliced from `previous` and a shaping of the stretch around the
    /// cut; nil when nothing can be reused and the item is to be shaped as usual.
    func glyphs(of item: TextItem, session: ShapingSession,
                unsafeBreaks: inout [Bool], unsafeConcats: inout [Bool]) -> [ShapedGlyph]? {
        let run = text.runs[item.run]
        guard run.image == nil else { return nil }
        let start = item.range.lowerBound, end = item.range.upperBound
        // The previous item that the start (end) of this one was shaped in, if it shaped alike.
        let before = start < ellipsis ? matchingItem(at: start, like: item) : nil
        let after = end - 1 > ellipsis ? matchingItem(at: end - 1 + shift, like: item) : nil

        // An item the cut did not touch: the same text, context and shaping.
        if end <= ellipsis || start > ellipsis {
            let source = end <= ellipsis ? before : after
            if let source, source.item.range == (start + (start > ellipsis ? shift : 0))..<(end + (start > ellipsis ? shift : 0)),
               sameContext(of: item.range, as: source.item.range) {
                return copy(source, from: source.item.range, unsafeBreaks: &unsafeBreaks, unsafeConcats: &unsafeConcats)
            }
        }

        // Where the reused glyphs end before the cut (`left`) and start after it (`right`).
        var left = start
        if let before, before.item.range.lowerBound == start {
            left = min(ellipsis, end, before.item.range.upperBound - 1)
            while left > start && (!previous.clusterStarts[left] || previous.unsafeConcats[left]) { left -= 1 }
        }
        var right = end
        if let after, after.item.range.upperBound == end + shift {
            right = max(ellipsis + 1, start, after.item.range.lowerBound - shift + 1)
            while right < end && (!previous.clusterStarts[right + shift] || previous.unsafeConcats[right + shift]) {
                right += 1
            }
        }
        guard left > start || right < end else { return nil }

        // The stretch between is shaped in the cut text; it reaches one reusable cluster
        // past `right`, so that the flag where the two meet is HarfBuzz's own.
        var reach = right
        if right < end {
            reach += 1
            while reach < end && !(previous.clusterStarts[reach + shift] && !previous.unsafeConcats[reach + shift]) {
                reach += 1
            }
        }
        var stretch = item
        stretch.range = left..<reach
        var stretchBreaks = [Bool](repeating: false, count: text.scalars.count + 1)
        var stretchConcats = stretchBreaks
        let shaped = stretch.range.isEmpty ? [] : session.shape(
            stretch, run: run, in: text.scalars, context: 0..<text.scalars.count,
            unsafeBreaks: &stretchBreaks, unsafeConcats: &stretchConcats)
        if left > start && stretchConcats[left] { return nil }
        if right < end {
            guard !stretchConcats[right], shaped.contains(where: { $0.cluster == right }) else { return nil }
        }
        let isRTL = item.level & 1 == 1
        var pieces: [[ShapedGlyph]] = []
        if left > start, let before {
            pieces.append(copy(before, from: start..<left, unsafeBreaks: &unsafeBreaks, unsafeConcats: &unsafeConcats))
        }
        pieces.append(shaped.filter { $0.cluster < right })
        for offset in left..<right {
            unsafeBreaks[offset] = stretchBreaks[offset]
            unsafeConcats[offset] = stretchConcats[offset]
        }
        if right < end, let after {
            pieces.append(copy(after, from: (right + shift)..<(end + shift),
                               unsafeBreaks: &unsafeBreaks, unsafeConcats: &unsafeConcats))
        }
        // Items keep their glyphs in visual order: right-to-left ones from the logical end.
        return isRTL ? pieces.reversed().flatMap { $0 } : pieces.flatMap { $0 }
    }

    /// The previous item holding `offset` (of `previous`), if it was shaped as `item` is.
    private func matchingItem(at offset: Int, like item: TextItem) -> ShapedItem? {
        guard let found = previous.items.first(where: { $0.item.range.contains(offset) }) else { return nil }
        let old = found.item
        let oldRun = previous.itemized.runs[old.run], run = text.runs[item.run]
        guard old.face === item.face, old.script == item.script, old.level == item.level,
              oldRun.shapesLike(run) else { return nil }
        return found
    }

    /// Whether the cut text around `range` reads as `previous` around `source`: the same
    /// characters and the same context either side.
    private func sameContext(of range: Range<Int>, as source: Range<Int>) -> Bool {
        let count = text.scalars.count, previousCount = previous.itemized.scalars.count
        let lower = max(0, range.lowerBound - Self.contextLength)
        let upper = min(count, range.upperBound + Self.contextLength)
        let previousLower = max(0, source.lowerBound - Self.contextLength)
        let previousUpper = min(previousCount, source.upperBound + Self.contextLength)
        guard range.lowerBound - lower == source.lowerBound - previousLower,
              upper - range.upperBound == previousUpper - source.upperBound else { return false }
        return text.scalars[lower..<upper].elementsEqual(previous.itemized.scalars[previousLower..<previousUpper])
    }

    /// The glyphs of `source` whose clusters fall in `range` (of `previous`), moved to the
    /// cut text's offsets, with their flags.
    private func copy(_ source: ShapedItem, from range: Range<Int>,
                      unsafeBreaks: inout [Bool], unsafeConcats: inout [Bool]) -> [ShapedGlyph] {
        let delta = range.lowerBound < ellipsis ? 0 : -shift
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(range.count)
        for glyph in source.glyphs where range.contains(glyph.cluster) {
            var moved = glyph
            moved.cluster += delta
            glyphs.append(moved)
        }
        for offset in range {
            unsafeBreaks[offset + delta] = previous.unsafeBreaks[offset]
            unsafeConcats[offset + delta] = previous.unsafeConcats[offset]
        }
        return glyphs
    }
}
