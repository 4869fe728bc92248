import StyledText

/// Where a text may break, found once per text and reused at every size the fitter tries.
struct BreakOpportunities: Sendable {
    /// Scalar offsets after which a line may end, ascending, the end of the text included.
    var offsets: [Int]
    /// Offsets where a line must end (after a newline).
    var hard: Set<Int>
    /// Dictionary hyphenation points inside words, ascending: where a line may also end,
    /// with a hyphen, when breaking between words alone does not fit.
    var hyphenations: [Int] = []
}

/// The lines of a text at one size, as logical scalar ranges.
struct LineBreaks: Sendable, Equatable {
    var lines: [Range<Int>]
    /// A word was split between grapheme clusters because it was longer than a line.
    var brokeWord: Bool
    /// The widest line, trailing white space excluded, in px.
    var maxWidth: Double
}

/// Greedy line filling over ICU's line-break opportunities (locale-tailored, so Thai and
/// Japanese break without spaces), with grapheme-cluster breaks for words longer than a
/// line and explicit newlines kept.
struct LineBreaker {
    let text: ShapedText

    /// ICU's opportunities mapped to scalar offsets, keeping only those that fall between
    /// shaping clusters (a break inside a ligature would need re-shaping).
    static func opportunities(for text: ShapedText, locale: String, pool: BreakIteratorPool) throws(LayoutError) -> BreakOpportunities {
        let itemized = text.itemized
        guard !itemized.scalars.isEmpty else { return BreakOpportunities(offsets: [0], hard: []) }
        let utf16 = itemized.utf16
        var scalarAt = [Int](repeating: -1, count: utf16.count + 1)
        for (index, offset) in itemized.utf16Offsets.enumerated() { scalarAt[offset] = index }
        let boundaries = try pool.with(.line, locale: locale) { $0.boundaries(utf16) }
        var offsets: [Int] = []
        var hard = Set<Int>()
        for boundary in boundaries {
            let offset = scalarAt[boundary.offset]
            guard offset >= 0, text.clusterStarts[offset] || offset == itemized.scalars.count else { continue }
            if !boundary.isHard && Self.gluesToImage(itemized.scalars, at: offset) { continue }
            offsets.append(offset)
            if boundary.isHard { hard.insert(offset) }
        }
        if offsets.last != itemized.scalars.count { offsets.append(itemized.scalars.count) }
        // A paragraph ends at every separator even where ICU saw none (U+2029 is one).
        for paragraph in itemized.paragraphs where paragraph.range.upperBound < itemized.scalars.count {
            hard.insert(paragraph.range.upperBound)
            if !offsets.contains(paragraph.range.upperBound) { offsets.append(paragraph.range.upperBound) }
        }
        offsets.sort()
        return BreakOpportunities(offsets: offsets, hard: hard)
    }

    /// Whether a break at `offset` would part an inline image (U+FFFC) from the text it
    /// touches. UAX #14 lets objects break on both sides (class CB); in a label an icon
    /// belongs to its word ("<img/>×3"), as a letter would, and breaks only at spaces.
    static func gluesToImage(_ scalars: [UInt32], at offset: Int) -> Bool {
        guard offset > 0, offset < scalars.count else { return false }
        let before = scalars[offset - 1], after = scalars[offset]
        return before == 0xFFFC || (after == 0xFFFC && !isTrailingSpace(before))
    }

    /// Breaks the text into lines no wider than `maxWidth` px at `fontSize`.
    /// - Parameters:
    ///   - maxWidth: the line width in px, or nil for no wrapping (newlines still break).
    ///   - allowWordBreaks: whether a word longer than a line may be split between grapheme
    ///     clusters; when false such a word overflows its line (and the caller shrinks).
    ///   - hyphenate: whether lines may also end at the dictionary's hyphenation points.
    func breakLines(_ opportunities: BreakOpportunities, fontSize: Double, tracking: Double,
                    maxWidth: Double?, wrap: WrapMode, allowWordBreaks: Bool, hyphenate: Bool = false) -> LineBreaks {
        let count = text.count
        guard count > 0 else { return LineBreaks(lines: [0..<0], brokeWord: false, maxWidth: 0) }
        var lines: [Range<Int>] = []
        var brokeWord = false
        var widest = 0.0
        var start = 0
        let limit = wrap == .none ? nil : maxWidth.map { $0 + 1e-6 }

        // Candidate ends: ICU's opportunities for word wrap, every grapheme boundary for char wrap.
        let candidates: [Int]
        switch wrap {
        case .char:
            let graphemes = (1...count).filter { text.itemized.graphemeStarts[$0] && text.clusterStarts[$0] || $0 == count }
            candidates = Array(Set(graphemes).union(opportunities.hard)).sorted()
        case .word where hyphenate && !opportunities.hyphenations.isEmpty:
            candidates = Array(Set(opportunities.offsets).union(opportunities.hyphenations)).sorted()
        case .word, .none:
            candidates = opportunities.offsets
        }

        var index = 0
        while start < count {
            var lastFit: Int?
            var end: Int?
            while index < candidates.count {
                let candidate = candidates[index]
                if candidate <= start { index += 1; continue }
                let width = visibleWidth(start..<candidate, fontSize: fontSize, tracking: tracking)
                if let limit, width > limit {
                    break
                }
                lastFit = candidate
                index += 1
                if opportunities.hard.contains(candidate) || candidate == count {
                    end = candidate
                    break
                }
            }
            if end == nil {
                if let lastFit {
                    end = lastFit
                } else {
                    // The next piece alone is wider than the line.
                    let next = index < candidates.count ? candidates[index] : count
                    if allowWordBreaks, wrap != .none, let limit {
                        end = graphemeFill(start..<next, fontSize: fontSize, tracking: tracking, limit: limit)
                        if end! < next { brokeWord = true }
                    } else {
                        end = next
                    }
                    if end == next { index += 1 }
                }
            }
            let line = start..<end!
            widest = max(widest, visibleWidth(line, fontSize: fontSize, tracking: tracking))
            lines.append(line)
            start = end!
        }
        return LineBreaks(lines: lines, brokeWord: brokeWord, maxWidth: widest)
    }

    /// The furthest grapheme boundary in `range` that still fits, at least one cluster.
    private func graphemeFill(_ range: Range<Int>, fontSize: Double, tracking: Double, limit: Double) -> Int {
        var best = range.upperBound
        var found: Int?
        for offset in (range.lowerBound + 1)...range.upperBound
        where (text.itemized.graphemeStarts[offset] && text.clusterStarts[offset]) || offset == range.upperBound {
            if visibleWidth(range.lowerBound..<offset, fontSize: fontSize, tracking: tracking) <= limit {
                found = offset
            } else {
                if found == nil { best = offset }
                break
            }
        }
        return found ?? best
    }

    /// A line's width in px without its trailing white space and newline, which hang
    /// past the edge as in every text engine.
    func visibleWidth(_ range: Range<Int>, fontSize: Double, tracking: Double) -> Double {
        let visible = trimmedTrailingSpace(range)
        guard !visible.isEmpty else { return 0 }
        let hyphen = shownHyphen(visible).map { $0.advance * fontSize } ?? 0
        return text.width(visible) * fontSize + tracking * Double(graphemeCount(visible) - 1) + hyphen
    }

    /// The hyphen a line shows when it ends at a soft hyphen or at a dictionary
    /// hyphenation point (not at the end of the text).
    func shownHyphen(_ visible: Range<Int>) -> ShapedGlyph? {
        guard let last = visible.last, visible.upperBound < text.count else { return nil }
        if text.itemized.scalars[last] == 0xAD { return text.hyphens[last] }
        return text.dictionaryHyphens[visible.upperBound]
    }

    func trimmedTrailingSpace(_ range: Range<Int>) -> Range<Int> {
        var end = range.upperBound
        while end > range.lowerBound, Self.isTrailingSpace(text.itemized.scalars[end - 1]) { end -= 1 }
        return range.lowerBound..<end
    }

    func graphemeCount(_ range: Range<Int>) -> Int {
        text.graphemePrefix[range.upperBound] - text.graphemePrefix[range.lowerBound]
    }

    static func isTrailingSpace(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x1680, 0x2000...0x2006, 0x2008...0x200A,
             0x2028, 0x2029, 0x205F, 0x3000:
            return true
        default:
            return false
        }
    }
}
