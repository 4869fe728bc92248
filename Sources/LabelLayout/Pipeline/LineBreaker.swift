import StyledText

/// What lines are broken for: one size, one width, and how far breaking may go.
struct LineRequest: Sendable {
    var fontSize: Double
    var tracking: Double
    /// The line width in px, or nil for no wrapping (newlines still break).
    var maxWidth: Double?
    var wrap: WrapMode
    /// Whether a word longer than a line may be split between grapheme clusters; when
    /// false such a word overflows its line (and the caller shrinks).
    var allowWordBreaks: Bool
    /// Whether lines may also end at the dictionary's hyphenation points.
    var hyphenate: Bool
    /// How the breaks of each paragraph are chosen among those that fit.
    var style: WrapStyle = .greedy
}

/// The one owner of line breaking: where lines of a text end at a size. Lines are filled
/// greedily over ICU's line-break opportunities (locale-tailored, so Thai and Japanese
/// break without spaces), taking a break inside a phrase only for a phrase longer than
/// a line and grapheme-cluster breaks only for a word longer than a line, with explicit
/// newlines kept; then ``LineComposer`` chooses, for balance and pretty, another set of
/// breaks in as many lines. It also measures lines as every later stage measures them.
struct LineBreaker {
    let text: ShapedText

    /// The lines of the text for `request`: greedy filling, then the request's wrap style.
    func breakLines(_ opportunities: BreakOpportunities, _ request: LineRequest) -> LineBreaks {
        let greedy = fill(opportunities, request)
        guard request.style != .greedy else { return greedy }
        return LineComposer(breaker: self, opportunities: opportunities, request: request).compose(greedy)
    }

    /// Greedy filling: each line takes as much text as fits in `request.maxWidth`.
    func fill(_ opportunities: BreakOpportunities, _ request: LineRequest) -> LineBreaks {
        let (fontSize, tracking, maxWidth, wrap) = (request.fontSize, request.tracking, request.maxWidth, request.wrap)
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
        case .word where request.hyphenate && !opportunities.hyphenations.isEmpty:
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
                    // The next piece alone is wider than the line: a phrase breaks inside
                    // at the rules' breaks first.
                    let next = index < candidates.count ? candidates[index] : count
                    if wrap == .word, let limit,
                       let inside = insideFill(start..<next, opportunities.inside, fontSize: fontSize,
                                               tracking: tracking, limit: limit) {
                        end = inside
                    } else if request.allowWordBreaks, wrap != .none, let limit {
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

    /// The furthest break inside a phrase in `range` that still fits, if any does.
    private func insideFill(_ range: Range<Int>, _ inside: [Int], fontSize: Double, tracking: Double,
                            limit: Double) -> Int? {
        guard !inside.isEmpty else { return nil }
        var low = 0, high = inside.count
        while low < high {
            let middle = (low + high) / 2
            if inside[middle] <= range.lowerBound { low = middle + 1 } else { high = middle }
        }
        var found: Int?
        for offset in inside[low...] where offset < range.upperBound {
            guard visibleWidth(range.lowerBound..<offset, fontSize: fontSize, tracking: tracking) <= limit else { break }
            found = offset
        }
        return found
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

    /// White space a line may end in and hide: Unicode's White_Space but the no-break
    /// spaces (U+00A0, U+2007, U+202F), which hold their neighbours together.
    static func isTrailingSpace(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 { return scalar == 0x20 || (0x09...0x0D).contains(scalar) }
        guard scalar != 0xA0, scalar != 0x2007, scalar != 0x202F else { return false }
        return Unicode.Scalar(scalar)?.properties.isWhitespace ?? false
    }
}
