import StyledText

extension PreparedText {
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
    /// How the breaks of each paragraph are chosen once the size is found.
    var wrapStyle: WrapStyle = .greedy

    /// A request to break lines at `fontSize` in this frame's width.
    func request(fontSize: Double, allowWordBreaks: Bool, hyphenate: Bool, style: WrapStyle = .greedy) -> LineRequest {
        LineRequest(fontSize: fontSize, tracking: tracking, maxWidth: width, wrap: wrap,
                    allowWordBreaks: allowWordBreaks, hyphenate: hyphenate, style: style)
    }
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
            if let image = run.image {
                ascender = max(ascender, image.maxY * run.scale)
                descender = max(descender, -image.minY * run.scale)
            }
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

    /// Where the ink of a line's glyphs reaches, in px from the pen's start and the
    /// baseline (`nil` for a line with no ink). Pieces are taken in the paragraph's
    /// direction, which is their visual order on a line of one direction; the positioner
    /// measures the placed glyphs again, exactly.
    func ink(_ range: Range<Int>, fontSize: Double, tracking: Double) -> LineInk? {
        let visible = LineBreaker(text: text).trimmedTrailingSpace(range)
        guard !visible.isEmpty else { return nil }
        let isRTL = text.itemized.paragraphs.first { $0.range.contains(visible.lowerBound) }?.isRTL ?? false
        var pieces = text.items.filter { $0.item.range.overlaps(visible) }
        if isRTL { pieces.reverse() }
        var ink: LineInk?
        var pen = 0.0
        for piece in pieces {
            let run = text.itemized.runs[piece.item.run]
            let size = fontSize * run.scale
            let slant = run.italic && !piece.item.face.isItalic && run.image == nil ? Positioner.syntheticSlant : 0
            for i in Self.glyphSpan(piece.glyphs, covering: visible) {
                let glyph = piece.glyphs[i]
                if let box = GlyphRun.inkBox(glyph.id, face: piece.item.face, image: run.image, slant: slant) {
                    let x = pen + glyph.offsetX * fontSize, y = glyph.offsetY * fontSize
                    let glyphInk = LineInk(minX: x + box.minX * size, maxX: x + box.maxX * size,
                                           ascent: y + box.maxY * size, descent: -(y + box.minY * size))
                    ink = ink.map { $0.union(glyphInk) } ?? glyphInk
                }
                pen += glyph.advance * fontSize
                let next = i + 1 < piece.glyphs.count ? piece.glyphs[i + 1].cluster : -1
                if next != glyph.cluster { pen += tracking }
            }
        }
        // The hyphen of a hyphenated line is drawn after its last letter, in that
        // letter's face and size; the line's visual end in the left-to-right runs that
        // are hyphenated by dictionary, which is where the pen is now.
        if let hyphen = LineBreaker(text: text).shownHyphen(visible), !isRTL,
           let piece = pieces.last(where: { $0.item.range.contains(hyphen.cluster) }) {
            let size = fontSize * text.itemized.runs[piece.item.run].scale
            if let box = GlyphRun.inkBox(hyphen.id, face: piece.item.face, image: nil, slant: 0) {
                let x = pen - tracking
                let glyphInk = LineInk(minX: x + box.minX * size, maxX: x + box.maxX * size,
                                       ascent: box.maxY * size, descent: -box.minY * size)
                ink = ink.map { $0.union(glyphInk) } ?? glyphInk
            }
        }
        return ink
    }

    /// The glyphs of an item whose clusters fall in `range`. Clusters run monotonically
    /// through an item's glyphs (up, or down for right-to-left), so the span is found by
    /// bisection: a long item is not walked whole for each of its many lines.
    static func glyphSpan(_ glyphs: [ShapedGlyph], covering range: Range<Int>) -> Range<Int> {
        guard let first = glyphs.first, let last = glyphs.last else { return 0..<0 }
        let ascending = first.cluster <= last.cluster
        // The first glyph at or past a bound, in the item's order of clusters.
        func boundary(_ bound: Int) -> Int {
            var low = 0, high = glyphs.count
            while low < high {
                let mid = (low + high) / 2
                let past = ascending ? glyphs[mid].cluster >= bound : glyphs[mid].cluster < bound
                if past { high = mid } else { low = mid + 1 }
            }
            return low
        }
        return ascending
            ? boundary(range.lowerBound)..<boundary(range.upperBound)
            : boundary(range.upperBound)..<boundary(range.lowerBound)
    }
}

/// The reach of a line's ink: left and right of the pen's start, above and below the
/// baseline, in px.
struct LineInk: Equatable {
    var minX: Double
    var maxX: Double
    var ascent: Double
    var descent: Double

    var width: Double { maxX - minX }

    func union(_ other: LineInk) -> LineInk {
        LineInk(minX: min(minX, other.minX), maxX: max(maxX, other.maxX),
                ascent: max(ascent, other.ascent), descent: max(descent, other.descent))
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
    /// The grid shrunk sizes lie on, in px at scale 1: the size itself and the minimum
    /// size are kept exactly, every size between is a multiple of this. The grid is
    /// absolute, not counted from the minimum size, so that labels with different
    /// styles shrink to the same few sizes and share their glyph masks; half a pixel
    /// makes a label at most 3/8 px smaller than a 1/8 px grid did, which cannot be seen
    /// (docs/performance.md, "The size grid").
    static let step = 0.5

    /// The multiples of ``step`` strictly between `minSize` and `size`, by index.
    static func grid(above minSize: Double, below size: Double) -> Range<Int> {
        let first = Int((minSize / step).rounded(.down)) + 1
        let last = Int((size / step).rounded(.up)) - 1
        return first..<max(first, last + 1)
    }

    let prepared: PreparedText
    let metrics: LineMetrics
    let frame: Frame

    func fit(size: Double, minSize: Double?) -> FitDecision {
        var attempts = 0
        // The size is searched with greedy lines; the wrap style then chooses other breaks
        // in as many lines at the size found (``composed(_:)``), so that balanced or pretty
        // lines never cost a size or a line.
        var requests: [Double: LineRequest] = [:]
        func pass(_ fontSize: Double, allowWordBreaks: Bool, hyphenate: Bool) -> (LineBreaks, Bool) {
            attempts += 1
            let (breaks, request) = breakLines(fontSize: fontSize, allowWordBreaks: allowWordBreaks, hyphenate: hyphenate)
            requests[fontSize] = request
            return (breaks, fits(breaks, fontSize: fontSize))
        }
        func decision(_ fontSize: Double, _ breaks: LineBreaks, _ outcome: FitOutcome) -> FitDecision {
            var chosen = breaks
            if outcome != .truncated, let request = requests[fontSize] { chosen = composed(breaks, request) }
            return FitDecision(fontSize: fontSize, breaks: chosen, outcome: outcome, attempts: attempts)
        }
        // At each size: whole words first; then dictionary hyphenation points, so a long
        // compound hyphenates at a larger size than shrinking alone would reach; breaks
        // inside a syllable only where the caller allows them (at the minimum size).
        let hyphenates = !prepared.opportunities.hyphenations.isEmpty
        func attempt(_ fontSize: Double, allowWordBreaks: Bool) -> (LineBreaks, Bool) {
            guard hyphenates else { return pass(fontSize, allowWordBreaks: allowWordBreaks, hyphenate: false) }
            let whole = pass(fontSize, allowWordBreaks: false, hyphenate: false)
            if whole.1 { return whole }
            let hyphenated = pass(fontSize, allowWordBreaks: false, hyphenate: true)
            if hyphenated.1 || !allowWordBreaks { return hyphenated }
            return pass(fontSize, allowWordBreaks: true, hyphenate: true)
        }

        let canShrink = minSize.map { $0 < size } ?? false
        let (full, fullFits) = attempt(size, allowWordBreaks: !canShrink)
        if fullFits || !canShrink {
            return decision(size, full, fullFits ? .fits : .truncated)
        }
        let minSize = minSize!
        // Candidates: the minimum size, the grid's sizes strictly between, the full size.
        let grid = Self.grid(above: minSize, below: size)
        let steps = grid.count + 1
        func sizeAt(_ k: Int) -> Double {
            k == 0 ? minSize : k == steps ? size : Double(grid.lowerBound + k - 1) * Self.step
        }

        let (smallest, smallestFits) = attempt(minSize, allowWordBreaks: false)
        guard smallestFits else {
            let (broken, brokenFits) = attempt(minSize, allowWordBreaks: true)
            return decision(minSize, broken, brokenFits ? .shrunk : .truncated)
        }
        // Invariant: sizeAt(low) fits, sizeAt(high) does not.
        var low = 0, high = steps
        var best = smallest
        var bestSize = minSize
        while high - low > 1 {
            let middle = (low + high) / 2
            let (breaks, ok) = attempt(sizeAt(middle), allowWordBreaks: false)
            if ok { low = middle; best = breaks; bestSize = sizeAt(middle) } else { high = middle }
        }
        // Fit is not monotonic once lines wrap (a smaller size can move a break and need
        // an extra line), so sizes just above the found one are tried too.
        var k = low + 1
        while k < min(steps, low + 4) {
            let (breaks, ok) = attempt(sizeAt(k), allowWordBreaks: false)
            if ok { low = k; best = breaks; bestSize = sizeAt(k) }
            k += 1
        }
        // The last request made at the chosen size is the one its lines were broken for;
        // later attempts at other sizes do not replace it.
        return decision(bestSize, best, .shrunk)
    }

    /// The wrap style's lines in place of greedy's, when they fit as greedy's do. They
    /// are chosen within the frame's whole width first, then, if some line's ink is too
    /// wide for that, within the narrower width greedy's ink left.
    private func composed(_ greedy: LineBreaks, _ request: LineRequest) -> LineBreaks {
        guard frame.wrapStyle != .greedy, greedy.lines.count > 1 else { return greedy }
        var styled = request
        styled.style = frame.wrapStyle
        var widths = [request.maxWidth]
        if frame.width != request.maxWidth { widths.insert(frame.width, at: 0) }
        for width in widths {
            styled.maxWidth = width
            let chosen = LineBreaker(text: prepared.shaped).breakLines(prepared.opportunities, styled)
            guard chosen.lines != greedy.lines else { return greedy }
            if chosen.lines.count == greedy.lines.count && fits(chosen, fontSize: request.fontSize) { return chosen }
        }
        return greedy
    }

    /// Lines at `fontSize`. The breaker fills lines by their advances; a line whose ink
    /// (a "V" or "y" at its end, a slanted or stroked edge) is wider than the room is
    /// broken again a little narrower. Otherwise a size could fail where a smaller one
    /// fits only because its last word wrapped, and fitting would skip larger sizes.
    /// - Returns: the greedy lines and the request they were broken for, whose width is
    ///   the one the ink allowed.
    func breakLines(fontSize: Double, allowWordBreaks: Bool, hyphenate: Bool) -> (LineBreaks, LineRequest) {
        var request = frame.request(fontSize: fontSize, allowWordBreaks: allowWordBreaks, hyphenate: hyphenate)
        var breaks = prepared.breaker.breakLines(prepared.opportunities, request)
        guard let width = frame.width, frame.wrap != .none else { return (breaks, request) }
        for _ in 0..<4 {
            let excess = breaks.lines.compactMap { metrics.ink($0, fontSize: fontSize, tracking: frame.tracking) }
                .map { $0.width - (width - 2 * Self.inkMargin) }.max() ?? 0
            guard excess > 1e-6, let current = request.maxWidth, current - excess > 0 else { break }
            request.maxWidth = current - excess
            breaks = prepared.breaker.breakLines(prepared.opportunities, request)
        }
        return (breaks, request)
    }

    /// Whether lines fit the frame: by their advances and line bands, and with their ink
    /// clear of the box's outermost pixel ring (``inkMargin``), so that no glyph, stroke
    /// or shadow pixel is ever cut off at the box's edge.
    func fits(_ breaks: LineBreaks, fontSize: Double) -> Bool {
        if let width = frame.width, breaks.maxWidth > width + 1e-6 { return false }
        if frame.maxLines > 0 && breaks.lines.count > frame.maxLines { return false }
        if let height = frame.height, metrics.totalHeight(breaks.lines, fontSize: fontSize) > height + 1e-6 {
            return false
        }
        if let width = frame.width {
            for line in breaks.lines {
                if let ink = metrics.ink(line, fontSize: fontSize, tracking: frame.tracking),
                   ink.width > width - 2 * Self.inkMargin + 1e-6 { return false }
            }
        }
        if let height = frame.height, let ink = blockInk(breaks.lines, fontSize: fontSize),
           ink.bottom - ink.top > height - 2 * Self.inkMargin - Self.baselineSnap + 1e-6 {
            return false
        }
        return true
    }

    /// The room kept between the ink (with the effects' extents) and the box's edge: one
    /// pixel at scale 1, the outermost ring that anti-aliasing would otherwise reach.
    static let inkMargin = 1.0
    /// Baselines are snapped to whole pixels, which can move a line by up to this much.
    static let baselineSnap = 1.0

    /// The width lines need: their advances, and their ink with its margin where that
    /// reaches further (a label without a box width grows to it).
    func contentWidth(_ lines: [Range<Int>], fontSize: Double) -> Double {
        lines.map { line in
            let advance = prepared.breaker.visibleWidth(line, fontSize: fontSize, tracking: frame.tracking)
            guard let ink = metrics.ink(line, fontSize: fontSize, tracking: frame.tracking) else { return advance }
            return max(advance, ink.maxX + Self.inkMargin) - min(0, ink.minX - Self.inkMargin)
        }.max() ?? 0
    }

    /// The height lines need: their bands, or their ink with its margin and room for the
    /// baseline snap where that is taller.
    func contentHeight(_ lines: [Range<Int>], fontSize: Double) -> Double {
        let bands = metrics.totalHeight(lines, fontSize: fontSize)
        guard let ink = blockInk(lines, fontSize: fontSize) else { return bands }
        return max(bands, ink.bottom - ink.top + 2 * Self.inkMargin + Self.baselineSnap)
    }

    /// The top and bottom of the lines' ink, stacked as the positioner stacks their bands.
    func blockInk(_ lines: [Range<Int>], fontSize: Double) -> (top: Double, bottom: Double)? {
        var top = Double.infinity, bottom = -Double.infinity
        var bandTop = 0.0
        for line in lines {
            let band = metrics.band(line, fontSize: fontSize)
            let baseline = bandTop + (band.height - band.ascent - band.descent) / 2 + band.ascent
            if let ink = metrics.ink(line, fontSize: fontSize, tracking: frame.tracking) {
                top = min(top, baseline - ink.ascent)
                bottom = max(bottom, baseline + ink.descent)
            }
            bandTop += band.height
        }
        return top <= bottom ? (top, bottom) : nil
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
