import StyledText

/// Chooses the breaks of each paragraph among all the ways to set it in the number of
/// lines greedy filling needs, as a paragraph composer does: by dynamic programming over
/// the break opportunities, each line no wider than the request's width.
///
/// - ``WrapStyle/balance`` costs each line's distance from the paragraph's mean width, so
///   lines come out as even as the breaks allow.
/// - ``WrapStyle/pretty`` costs each line but the last by the room it leaves, as greedy
///   filling would, and the last line only when it is ragged.
///
/// Both weigh the breaks the same way: a break after a sentence earns a bonus, one after
/// other clause punctuation is free, one inside a clause costs a little, and one between
/// a number and the word after it, or after a one-letter word, costs more than any line
/// can, as does an orphan (a lone CJK character, or one short word, on the last line).
/// Greedy's own breaks are one of the candidates, so the chosen set never has more
/// lines; the fitter keeps greedy's lines when the chosen ones do not fit at the same
/// size (docs/typesetting.md has the weights in a table).
///
/// A paragraph whose greedy lines break at a hyphen or between the graphemes of a word
/// is kept as greedy set it: those breaks are a last resort, and moving them would make
/// more. Breaks inside a phrase wider than the line are weighed with the others.
struct LineComposer {
    let breaker: LineBreaker
    let opportunities: BreakOpportunities
    let request: LineRequest

    /// What a break or a line costs, in units of (share of the line width)².
    enum Weight {
        /// A break after the end of a sentence (`.`, `?`, `!`, `。`, …): a bonus, so that a
        /// label of two sentences sets them on lines of their own when the widths allow.
        static let sentenceEnd = -0.2
        /// A break inside a phrase or word that is wider than the line.
        static let insidePhrase = 0.5
        /// A break inside a clause, where one after clause punctuation is free.
        static let insideClause = 0.08
        /// A break after a comma: between a clause end and a break inside a clause.
        static let afterComma = 0.04
        /// A break that separates a number from its unit or a one-letter word from the
        /// next: taken only when no other set of breaks fits.
        static let forbidden = 8.0
        /// A last line that is a lone CJK character or one short word.
        static let orphan = 6.0
        /// A line shorter than ``raggedShare`` of the longest (balance).
        static let ragged = 2.0
        /// A last line shorter than ``raggedShare`` of the longest (pretty), times the
        /// square of the share it lacks: a last line a tenth of the longest costs 1.8.
        static let raggedLast = 20.0
    }

    /// A last line shorter than this share of the longest line is ragged.
    static let raggedShare = 0.4
    /// A last line of one word shorter than this share of the longest line is an orphan.
    static let orphanShare = 0.25

    func compose(_ greedy: LineBreaks) -> LineBreaks {
        guard greedy.lines.count > 1, request.wrap == .word, let width = request.maxWidth, width > 0 else { return greedy }
        var lines: [Range<Int>] = []
        var first = 0
        for (index, line) in greedy.lines.enumerated()
        where opportunities.hard.contains(line.upperBound) || index == greedy.lines.count - 1 {
            let paragraph = Array(greedy.lines[first...index])
            lines += composeParagraph(paragraph, width: width) ?? paragraph
            first = index + 1
        }
        let widest = lines.map(measure).max() ?? 0
        return LineBreaks(lines: lines, brokeWord: greedy.brokeWord, maxWidth: widest)
    }

    // MARK: - One paragraph

    /// The best lines for a paragraph that greedy filling set in `greedy`, or nil to keep
    /// greedy's.
    private func composeParagraph(_ greedy: [Range<Int>], width: Double) -> [Range<Int>]? {
        let count = greedy.count
        guard count > 1, let start = greedy.first?.lowerBound, let end = greedy.last?.upperBound else { return nil }
        // Line ends the paragraph may use, in order; the paragraph's end last.
        var ends = Self.offsets(opportunities.offsets, in: (start + 1)..<end)
        // Where greedy had to break inside a phrase wider than the line, every break
        // inside a phrase is a candidate too, at a cost: the set chosen then splits the
        // long phrase where the lines come out best (画像ファイル | フォーマット, not
        // 画像ファイルフォーマッ | ト).
        let inside = Set(Self.offsets(opportunities.inside, in: (start + 1)..<end))
        let greedyEnds = greedy.dropLast().map(\.upperBound)
        if greedyEnds.contains(where: inside.contains) { ends = (ends + inside).sorted() }
        ends.append(end)
        let candidates = Set(ends)
        guard ends.count >= count, greedyEnds.allSatisfy(candidates.contains) else { return nil }
        let limit = width + 1e-6
        let greedyWidths = greedy.map(measure)
        // Lines of nothing but spaces have nothing to balance.
        guard let longest = greedyWidths.max(), longest > 0 else { return nil }
        let costs = Costs(style: request.style, width: width,
                          mean: greedyWidths.reduce(0, +) / Double(count), longest: longest)

        // best[k][j]: the cheapest way to set start..<ends[j] in k + 1 lines, and where its
        // last line starts (an index into ends, or -1 for the paragraph's start).
        let last = ends.count - 1
        var best = [[(cost: Double, from: Int)]](
            repeating: [(cost: Double, from: Int)](repeating: (.infinity, -1), count: ends.count), count: count)
        for k in 0..<count {
            let isLast = k == count - 1
            // The last line ends the paragraph; every other line ends before its end.
            for j in (isLast ? last : k)...(isLast ? last : last - 1) {
                var i = j - 1
                while i >= k - 1 {
                    let line = (k == 0 ? start : ends[i])..<ends[j]
                    let lineWidth = measure(line)
                    if lineWidth > limit { break }
                    let before = k == 0 ? 0 : best[k - 1][i].cost
                    if before.isFinite {
                        var cost = before + costs.line(lineWidth, isLast: isLast)
                        cost += isLast ? lastLineCost(line, width: lineWidth, costs: costs) : breakCost(at: ends[j])
                        if !isLast && inside.contains(ends[j]) { cost += Weight.insidePhrase }
                        if cost < best[k][j].cost { best[k][j] = (cost, k == 0 ? -1 : i) }
                    }
                    if k == 0 { break }
                    i -= 1
                }
            }
        }
        guard best[count - 1][last].cost.isFinite else { return nil }
        var lines: [Range<Int>] = []
        var j = last
        for k in stride(from: count - 1, through: 0, by: -1) {
            let from = best[k][j].from
            lines.append((from < 0 ? start : ends[from])..<ends[j])
            j = from
        }
        return lines.reversed()
    }

    /// The line-by-line costs of a wrap style.
    private struct Costs {
        let style: WrapStyle
        let width: Double
        /// The mean width of the paragraph's lines: balance's target for every line.
        let mean: Double
        /// The longest line, which raggedness and orphans are measured against.
        let longest: Double

        func line(_ lineWidth: Double, isLast: Bool) -> Double {
            let short = max(0, raggedShare - lineWidth / longest)
            switch style {
            case .balance:
                let off = (lineWidth - mean) / width
                return off * off + (short > 0 ? Weight.ragged : 0)
            case .pretty, .greedy:
                // Only the last line may be short; how short decides how much it costs,
                // so that a break after a sentence can still leave it a little short.
                guard !isLast else { return Weight.raggedLast * short * short }
                let room = (width - lineWidth) / width
                return room * room
            }
        }
    }

    // MARK: - Weights

    private var scalars: [UInt32] { breaker.text.itemized.scalars }

    private func measure(_ line: Range<Int>) -> Double {
        breaker.visibleWidth(line, fontSize: request.fontSize, tracking: request.tracking)
    }

    /// What it costs to end a line at `offset`.
    func breakCost(at offset: Int) -> Double {
        let text = scalars
        guard offset > 0, offset < text.count else { return 0 }
        var last = offset - 1
        while last > 0, LineBreaker.isTrailingSpace(text[last]) { last -= 1 }
        // Closing quotes and brackets belong to the clause they close.
        var clauseEnd = last
        while clauseEnd > 0, BreakCharacters.isClosing(text[clauseEnd]) { clauseEnd -= 1 }
        if BreakCharacters.isSentenceEnd(text[clauseEnd]) { return Weight.sentenceEnd }
        if BreakCharacters.isClauseEnd(text[clauseEnd]) { return 0 }
        if BreakCharacters.isComma(text[clauseEnd]) { return Weight.afterComma }
        let spaced = last < offset - 1
        // Thai, Lao, Khmer and Burmese write words without spaces and put one between
        // phrases and sentences: there a space is the clause's end.
        if spaced && BreakCharacters.spacesEndPhrases(text[last]) { return 0 }
        if spaced && BreakCharacters.isDigit(text[last]) && BreakCharacters.isUnitStart(text[offset]) { return Weight.forbidden }
        if spaced && isOneLetterWord(endingAt: last) { return Weight.forbidden }
        return Weight.insideClause
    }

    /// The extra cost of a paragraph's last line: an orphan's.
    private func lastLineCost(_ line: Range<Int>, width lineWidth: Double, costs: Costs) -> Double {
        isOrphan(line, width: lineWidth, longest: costs.longest) ? Weight.orphan : 0
    }

    /// A last line that is one CJK character (with its punctuation), or one word shorter
    /// than ``orphanShare`` of the longest line.
    func isOrphan(_ line: Range<Int>, width lineWidth: Double, longest: Double) -> Bool {
        let visible = breaker.trimmedTrailingSpace(line)
        let letters = visible.filter { !BreakCharacters.isPunctuation(scalars[$0]) }
        if let first = letters.first, BreakCharacters.isCJK(scalars[first]),
           breaker.graphemeCount(first..<(letters.last! + 1)) == 1 {
            return true
        }
        let oneWord = !visible.contains { LineBreaker.isTrailingSpace(scalars[$0]) }
        return oneWord && lineWidth < Self.orphanShare * longest
    }

    /// Whether the word that ends at `last` is one letter long.
    private func isOneLetterWord(endingAt last: Int) -> Bool {
        let text = scalars
        guard let scalar = Unicode.Scalar(text[last]), scalar.properties.isAlphabetic else { return false }
        var start = last
        while start > 0, !LineBreaker.isTrailingSpace(text[start - 1]) { start -= 1 }
        let word = start..<(last + 1)
        return breaker.graphemeCount(word) == 1 && !BreakCharacters.isCJK(text[last])
    }

    /// The offsets of `sorted` that fall in `range`.
    static func offsets(_ sorted: [Int], in range: Range<Int>) -> [Int] {
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < range.lowerBound { low = middle + 1 } else { high = middle }
        }
        var result: [Int] = []
        for offset in sorted[low...] {
            guard offset < range.upperBound else { break }
            result.append(offset)
        }
        return result
    }
}
