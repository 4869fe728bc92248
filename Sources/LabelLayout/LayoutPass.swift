import StyledText

/// One label's pass through the pipeline, and the only place that chains its stages:
/// prepare (runs, items, shaping, break opportunities), fit, truncate, reshape the line
/// ends, position. It holds what every stage needs to know about the call (style, locale,
/// paragraph direction, the room the effects leave). ``LayoutEngine`` checks the limits
/// and makes one per `layout` call; the stages live in Pipeline/, one per file, and the
/// data they hand on in PipelineData.swift.
struct LayoutPass {
    let resolver: FontResolver
    let breakers: BreakIteratorPool
    /// The dictionary of the label's language when the style hyphenates and Labelgen has
    /// one, else nil.
    let hyphenator: Hyphenator?
    let styler: RunStyler
    let style: LabelStyle
    let locale: String
    let direction: TextDirectionRequest
    /// The style's own face, whose metrics set the line height of every line.
    let primary: FontFace
    /// How far the layer effects reach: the text is inset in the box by this much.
    let extents: EdgeInsets
    /// The box less the effects' extents, with the style's line rules.
    let frame: Frame

    init(resolver: FontResolver, breakers: BreakIteratorPool, hyphenation: HyphenDictionaryCache,
         images: InlineImageLoader, styled: StyledString, style: LabelStyle, locale: String) throws(LayoutError) {
        self.resolver = resolver
        self.breakers = breakers
        self.style = style
        self.locale = locale
        primary = try resolver.layoutChain(for: style.font, language: locale)[0]
        styler = RunStyler(resolver: resolver, images: images)
        direction = Self.direction(of: style, locale: locale)
        extents = style.effectExtents(for: styled)
        frame = Self.frame(of: style, inset: extents)
        // Only lines that wrap at words in a box can end at a hyphen.
        let hyphenates = style.hyphenate && frame.wrap == .word && frame.width != nil
        hyphenator = try hyphenates ? hyphenation.dictionary(for: LayoutEngine.language(of: locale)).map(Hyphenator.init) : nil
    }

    private static func direction(of style: LabelStyle, locale: String) -> TextDirectionRequest {
        switch style.direction {
        case .ltr: return .ltr
        case .rtl: return .rtl
        case .auto:
            // A string of a right-to-left locale is a right-to-left paragraph even when it
            // starts with a Latin name ("Alex הצטרף למשחק"); other locales go by the text.
            let language = LayoutEngine.language(of: locale)
            return LayoutEngine.rightToLeftLanguages.contains(language) ? .rtl : .auto(defaultRTL: false)
        }
    }

    private static func frame(of style: LabelStyle, inset extents: EdgeInsets) -> Frame {
        var frame = Frame(
            width: style.box.map { max(0, $0.width - extents.left - extents.right) },
            height: style.box?.height.map { max(0, $0 - extents.top - extents.bottom) },
            maxLines: max(0, style.maxLines), wrap: style.box == nil ? .none : style.wrap,
            tracking: style.tracking, lineHeight: style.lineHeight, wrapStyle: style.resolvedWrapStyle)
        // Without a box the label is one unconstrained line.
        if style.box == nil { frame.maxLines = 0 }
        return frame
    }

    // MARK: - Stages

    /// The label laid out: fitted, truncated if it must be, and positioned in its frame.
    /// - Throws: ``LayoutError/limitExceeded(_:)`` when the text needs more than
    ///   `lineLimit` lines; a font, inline image or ICU error when those cannot be used.
    func layout(_ styled: StyledString, lineLimit: Int) throws(LayoutError) -> TextLayout {
        let fitted = try fit(styled)
        if fitted.lines.count > lineLimit {
            throw .limitExceeded(LimitExcess(.lineCount, value: Double(fitted.lines.count), limit: Double(lineLimit)))
        }
        let (bounds, textRect) = bounds(of: fitted)
        let positioned = Positioner(text: fitted.prepared.shaped, metrics: fitted.metrics, style: style)
            .position(fitted.lines, fontSize: fitted.fontSize, in: textRect, ellipsisRange: fitted.ellipsisRange)
        let (logical, ink) = Self.extents(of: positioned)
        let shaped = fitted.prepared.shaped
        return TextLayout(
            text: styled.text, styledText: styled, locale: locale, style: style, bounds: bounds, textRect: textRect,
            fontSize: fitted.fontSize, requestedFontSize: style.font.size, lines: positioned,
            isTruncated: fitted.outcome == .truncated,
            fitOutcome: fitted.outcome, fitAttempts: fitted.attempts, brokeWord: fitted.brokeWord,
            logicalBounds: logical, inkBounds: ink, effectExtents: extents,
            missingCharacters: shaped.missingCharacters, fallbackFaces: shaped.itemized.fallbackFaces, primaryFace: primary)
    }

    /// Style runs, items, shaped glyphs and line-break opportunities of a text: all the
    /// work that does not depend on the font size.
    /// - Parameter previous: for a cut text, the text it was cut from and the range of
    ///   it the ellipsis replaced, whose glyphs away from the cut are reused.
    func prepare(_ styled: StyledString,
                 reusing previous: (text: ShapedText, replaced: Range<Int>)? = nil) throws(LayoutError) -> PreparedText {
        let runs = try styler.resolve(styled, style: style, locale: locale)
        let itemized = try Itemizer(resolver: resolver, breakers: breakers)
            .itemize(styled.text, runs: runs, locale: locale, direction: direction)
        var shaped = Shaper().shape(itemized, language: locale, reusing: previous)
        var opportunities = try BreakOpportunities.find(in: shaped, locale: locale, rules: BreakRules(style: style),
                                                        pool: breakers)
        if let hyphenator {
            shaped.dictionaryHyphens = hyphenator.hyphens(in: shaped)
            opportunities.hyphenations = shaped.dictionaryHyphens.keys.sorted()
        }
        return PreparedText(shaped: shaped, opportunities: opportunities)
    }

    func metrics(of prepared: PreparedText) -> LineMetrics {
        LineMetrics(text: prepared.shaped, primary: primary, lineHeight: style.lineHeight)
    }

    /// The text fitted to the frame: at the largest size that fits, else at the minimum
    /// size, overflowing, clipped or cut with an ellipsis as the style says.
    func fit(_ styled: StyledString) throws(LayoutError) -> FittedText {
        let prepared = try prepare(styled)
        let metrics = metrics(of: prepared)
        let fitter = Fitter(prepared: prepared, metrics: metrics, frame: frame)
        let decision = fitter.fit(size: style.font.size, minSize: style.box == nil ? nil : style.font.minSize)
        let fitted = FittedText(prepared: prepared, metrics: metrics, lines: decision.breaks.lines,
                                fontSize: decision.fontSize, outcome: decision.outcome,
                                attempts: decision.attempts, brokeWord: decision.breaks.brokeWord)
        let reshaper = LineEndReshaper(language: locale)
        guard fitted.outcome == .truncated else { return reshaper.reshape(fitted) }
        return reshaper.reshape(try resolveOverflow(fitted, of: styled, maxWidth: decision.breaks.maxWidth, fitter: fitter))
    }

    /// What to do with text that does not fit even at the minimum size.
    private func resolveOverflow(_ fitted: FittedText, of styled: StyledString, maxWidth: Double,
                                 fitter: Fitter) throws(LayoutError) -> FittedText {
        var result = fitted
        let visible = fitter.visibleLineCount(fitted.lines, fontSize: fitted.fontSize)
        let widthFits = frame.width.map { maxWidth <= $0 + 1e-6 } ?? true
        if fitted.lines.count <= visible && widthFits {
            // Every line is whole and within the width, the box is only too low for
            // them: cutting text would not help, so the lines overflow instead.
            result.outcome = .overflows
        } else if style.truncate == .clip || frame.width == nil {
            result.lines = Array(fitted.lines.prefix(visible))
            result.outcome = style.truncate == .clip ? .truncated : .overflows
        } else {
            result = try truncate(fitted, of: styled, visibleLines: visible)
        }
        return result
    }

    /// How many cuts, each one cluster shorter than the last, are laid out when the
    /// estimated cut does not fit, before shorter ones are found by binary search.
    static let cutStepsBack = 3

    /// The longest cut of the text, with an ellipsis, that fits in `visibleLines` lines.
    /// Cuts are judged on the text as already shaped; only the chosen one is laid out
    /// again (its joining forms, kerning and bidi at the cut are a fresh layout's), its
    /// glyphs away from the cut taken from the label's shaping (``CutSplicer``). If that
    /// layout does not fit after all (ink reaching past the advances), one cluster less is
    /// tried, up to ``cutStepsBack`` times; failing that, shorter cuts are searched with a
    /// layout each.
    private func truncate(_ fitted: FittedText, of styled: StyledString,
                          visibleLines visible: Int) throws(LayoutError) -> FittedText {
        // The visible line count already respects the height; cuts are judged on line
        // count and width alone (one line is shown even if it is too tall).
        var limited = frame
        limited.maxLines = visible
        limited.height = nil
        var result = fitted
        let truncator = Truncator(styled, graphemeStarts: fitted.prepared.shaped.itemized.graphemeStarts,
                                  mode: style.truncate)
        let measure = CutMeasure(prepared: fitted.prepared, frame: limited, fontSize: fitted.fontSize,
                                 language: locale)
        let estimate = try breakers.with(BreakRules(style: style).lineKind(), locale: locale) { breaker in
            truncator.longestKept { cut in
                result.attempts += 1
                return measure.fits(cut, breaker: breaker)
            }
        }

        /// Lays out the cut keeping `kept` clusters into `result`; whether it fits.
        func layOut(keeping kept: Int) throws(LayoutError) -> Bool {
            let cut = truncator.cut(keeping: kept)
            let (text, ellipsis) = truncator.text(of: cut)
            let prepared = try prepare(text, reusing: (fitted.prepared.shaped, cut.replaced))
            let metrics = metrics(of: prepared)
            let breaks = prepared.breaker.breakLines(
                prepared.opportunities, frame.request(fontSize: fitted.fontSize, allowWordBreaks: true, hyphenate: true))
            result.attempts += 1
            result.prepared = prepared
            result.metrics = metrics
            result.lines = Array(breaks.lines.prefix(visible))
            result.ellipsisRange = ellipsis
            return Fitter(prepared: prepared, metrics: metrics, frame: limited).fits(breaks, fontSize: fitted.fontSize)
        }

        // A few clusters less first: the estimate is rarely off by more.
        var kept = estimate
        while kept > 0 && kept > estimate - Self.cutStepsBack {
            if try layOut(keeping: kept) { return result }
            kept -= 1
        }
        var low = 0, high = kept + 1  // low fits (or is 0); high does not
        while high - low > 1 {
            let middle = (low + high) / 2
            if try layOut(keeping: middle) { low = middle } else { high = middle }
        }
        _ = try layOut(keeping: low)
        return result
    }

    // MARK: - Frame and extents

    /// The label's frame, the box or what the lines need plus room for the effects, and
    /// the text rectangle inside it. Each side the box leaves open is measured; a side
    /// it fixes needs no measuring.
    func bounds(of fitted: FittedText) -> (bounds: Rect, textRect: Rect) {
        let measure = Fitter(prepared: fitted.prepared, metrics: fitted.metrics, frame: frame)
        let boxWidth = style.box?.width
        let boxHeight = style.box?.height
        let contentWidth = boxWidth == nil ? measure.contentWidth(fitted.lines, fontSize: fitted.fontSize) : 0
        let contentHeight = boxHeight == nil ? measure.contentHeight(fitted.lines, fontSize: fitted.fontSize) : 0
        let bounds = Rect(x: 0, y: 0,
                          width: boxWidth ?? (contentWidth + extents.left + extents.right),
                          height: boxHeight ?? (contentHeight + extents.top + extents.bottom))
        let textRect = Rect(x: extents.left, y: extents.top,
                            width: max(0, bounds.width - extents.left - extents.right),
                            height: max(0, bounds.height - extents.top - extents.bottom))
        return (bounds, textRect)
    }

    /// The union of the lines' advance boxes, and of their glyphs' ink and decorations.
    static func extents(of lines: [TextLayout.Line]) -> (logical: Rect, ink: Rect) {
        var logical = Rect.zero
        var ink = Rect.zero
        for line in lines {
            logical = logical.union(Rect(x: line.x, y: line.top, width: line.width, height: line.height))
            for run in line.runs {
                let size = run.fontSize
                for glyph in run.glyphs {
                    guard let box = run.inkBox(glyph.id) else { continue }
                    ink = ink.union(Rect(x: glyph.x + box.minX * size, y: glyph.y - box.maxY * size,
                                         width: (box.maxX - box.minX) * size,
                                         height: (box.maxY - box.minY) * size))
                }
                for decoration in run.decorations { ink = ink.union(decoration.rect) }
            }
        }
        return (logical, ink)
    }
}

