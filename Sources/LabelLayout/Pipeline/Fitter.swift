import StyledText

/// A shaped text with its break opportunities: everything that does not depend on size.
struct PreparedText: Sendable {
    var shaped: ShapedText
    var opportunities: BreakOpportunities
    var breaker: LineBreaker { LineBreaker(text: shaped) }
}

/// The room the text has and the rules it must keep.
struct Frame: Sendable {
    /// Width and height available to the text, px at scale 1 (nil: unconstrained).
    var width: Double?
    var height: Double?
    var maxLines: Int
    var wrap: WrapMode
    var tracking: Double
    var lineHeight: Double
}

/// Vertical measures of lines, from the faces each line uses.
struct LineMetrics {
    let text: ShapedText
    let primary: FontFace
    let lineHeight: Double

    /// Ascent, descent and band height of the line in px at `fontSize`: the largest of
    /// its runs' faces (each at its run's size) and inline pictures decide.
    func band(_ range: Range<Int>, fontSize: Double) -> (ascent: Double, descent: Double, height: Double) {
        var ascender = 0.0, descender = 0.0, gap = 0.0
        var found = false
        for item in text.items where item.item.range.overlaps(range) {
            let run = text.itemized.runs[item.item.run]
            let own = run.chain[0], face = item.item.face
            ascender = max(ascender, max(own.ascender, face.ascender) * run.scale)
            descender = max(descender, max(own.descender, face.descender) * run.scale)
            gap = max(gap, max(own.lineGap, face.lineGap) * run.scale)
            if let image = run.image { ascender = max(ascender, image.maxY * run.scale) }
            found = true
        }
        if !found {
            (ascender, descender, gap) = (primary.ascender, primary.descender, primary.lineGap)
        }
        let natural = (ascender + descender + gap) * fontSize
        return (ascender * fontSize, descender * fontSize, natural * lineHeight)
    }

    func totalHeight(_ lines: [Range<Int>], fontSize: Double) -> Double {
        lines.reduce(0) { $0 + band($1, fontSize: fontSize).height }
    }
}

/// What the fitter decided.
struct FitDecision {
    var fontSize: Double
    var breaks: LineBreaks
    var outcome: FitOutcome
    var attempts: Int
}

/// Finds the largest size in [minSize, size] at which the text fits its frame, by a
/// binary search over a grid of sizes, each a full line-breaking pass over the one
/// shaping result. A word is split between grapheme clusters only at the minimum size.
struct Fitter {
    /// Grid of candidate sizes; the chosen size is within this of the best one.
    static let step = 0.125

    let prepared: PreparedText
    let metrics: LineMetrics
    let frame: Frame

    func fit(size: Double, minSize: Double?) -> FitDecision {
        var attempts = 0
        func attempt(_ fontSize: Double, allowWordBreaks: Bool) -> (LineBreaks, Bool) {
            attempts += 1
            let breaks = prepared.breaker.breakLines(
                prepared.opportunities, fontSize: fontSize, tracking: frame.tracking,
                maxWidth: frame.width, wrap: frame.wrap, allowWordBreaks: allowWordBreaks)
            return (breaks, fits(breaks, fontSize: fontSize))
        }

        let canShrink = minSize.map { $0 < size } ?? false
        let (full, fullFits) = attempt(size, allowWordBreaks: !canShrink)
        if fullFits || !canShrink {
            return FitDecision(fontSize: size, breaks: full, outcome: fullFits ? .fits : .truncated, attempts: attempts)
        }
        let minSize = minSize!
        let steps = Int(((size - minSize) / Self.step).rounded(.down))
        func sizeAt(_ k: Int) -> Double { k == steps ? size : minSize + Double(k) * Self.step }

        let (smallest, smallestFits) = attempt(minSize, allowWordBreaks: false)
        guard smallestFits else {
            let (broken, brokenFits) = attempt(minSize, allowWordBreaks: true)
            return FitDecision(fontSize: minSize, breaks: broken, outcome: brokenFits ? .shrunk : .truncated,
                               attempts: attempts)
        }
        // Invariant: sizeAt(low) fits, sizeAt(high) does not.
        var low = 0, high = steps
        var best = smallest
        while high - low > 1 {
            let middle = (low + high) / 2
            let (breaks, ok) = attempt(sizeAt(middle), allowWordBreaks: false)
            if ok { low = middle; best = breaks } else { high = middle }
        }
        // Fit is not monotonic once lines wrap (a smaller size can move a break and need
        // an extra line), so sizes just above the found one are tried too.
        var k = low + 1
        while k < min(steps, low + 4) {
            let (breaks, ok) = attempt(sizeAt(k), allowWordBreaks: false)
            if ok { low = k; best = breaks }
            k += 1
        }
        return FitDecision(fontSize: sizeAt(low), breaks: best, outcome: .shrunk, attempts: attempts)
    }

    func fits(_ breaks: LineBreaks, fontSize: Double) -> Bool {
        if let width = frame.width, breaks.maxWidth > width + 1e-6 { return false }
        if frame.maxLines > 0 && breaks.lines.count > frame.maxLines { return false }
        if let height = frame.height, metrics.totalHeight(breaks.lines, fontSize: fontSize) > height + 1e-6 {
            return false
        }
        return true
    }

    /// How many of `lines` can be shown: at most maxLines and as many as the height holds
    /// (always at least one).
    func visibleLineCount(_ lines: [Range<Int>], fontSize: Double) -> Int {
        var count = frame.maxLines > 0 ? min(lines.count, frame.maxLines) : lines.count
        if let height = frame.height {
            var used = 0.0
            var fitting = 0
            for line in lines.prefix(count) {
                used += metrics.band(line, fontSize: fontSize).height
                if used > height + 1e-6 { break }
                fitting += 1
            }
            count = min(count, fitting)
        }
        return max(1, count)
    }
}
