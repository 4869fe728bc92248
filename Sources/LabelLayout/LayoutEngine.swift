import StyledText

/// Lays out labels: itemize, shape, break, fit, truncate, position.
///
/// An engine caches font faces, HarfBuzz fonts (whose shape plans HarfBuzz caches on
/// the face) and ICU break iterators, and is safe to share between threads.
///
/// ```swift
/// let engine = LayoutEngine()
/// let layout = try engine.layout("Punktestand: 12 345", style: style, locale: "de")
/// ```
public final class LayoutEngine: Sendable {
    let resolver: FontResolver
    let breakers = BreakIteratorPool()
    /// The text length, line count and style sizes this engine accepts.
    public let limits: Limits

    /// - Parameters:
    ///   - fonts: where fonts come from; by default the bundled `Fonts/` folder
    ///     (see ``FontSources/locateBundledFonts()``) and then the host's fonts.
    ///   - limits: the largest text and style sizes accepted (``Limits/default``).
    public init(fonts: FontSources = FontSources(bundledDirectories: FontSources.locateBundledFonts()),
                limits: Limits = .default) {
        self.resolver = FontResolver(sources: fonts)
        self.limits = limits
    }

    /// Lays out `text` in `style` for `locale` (a BCP 47 tag such as "de" or "zh-Hans").
    ///
    /// - Throws: ``LayoutError/limitExceeded(_:)`` before any work when the text or a
    ///   size in the style is beyond ``limits``, or when the text needs more lines.
    public func layout(_ text: String, style: LabelStyle, locale: String) throws(LayoutError) -> LabelLayout {
        try checkLimits(text, style: style)
        let language = Self.language(of: locale)
        let chain = try resolver.chain(for: style.font, language: locale)
        let primary = chain[0]
        let direction: TextDirectionRequest
        switch style.direction {
        case .ltr: direction = .ltr
        case .rtl: direction = .rtl
        case .auto:
            // A string of a right-to-left locale is a right-to-left paragraph even when it
            // starts with a Latin name ("Alex הצטרף למשחק"); other locales go by the text.
            direction = Self.rightToLeftLanguages.contains(language) ? .rtl : .auto(defaultRTL: false)
        }

        func prepare(_ text: String) throws(LayoutError) -> PreparedText {
            let itemized = try Itemizer(resolver: resolver, breakers: breakers)
                .itemize(text, chain: chain, weight: style.font.weight, locale: locale, direction: direction)
            let shaped = Shaper().shape(itemized, language: locale)
            let opportunities = try LineBreaker.opportunities(for: shaped, locale: locale, pool: breakers)
            return PreparedText(shaped: shaped, opportunities: opportunities)
        }

        let extents = style.effectExtents
        let boxWidth = style.box?.width
        let boxHeight = style.box?.height
        var frame = Frame(
            width: boxWidth.map { max(0, $0 - extents.left - extents.right) },
            height: boxHeight.map { max(0, $0 - extents.top - extents.bottom) },
            maxLines: max(0, style.maxLines), wrap: style.box == nil ? .none : style.wrap,
            tracking: style.tracking, lineHeight: style.lineHeight)
        if style.box == nil { frame.maxLines = 0 }

        var prepared = try prepare(text)
        var metrics = LineMetrics(text: prepared.shaped, primary: primary, lineHeight: style.lineHeight)
        let fitter = Fitter(prepared: prepared, metrics: metrics, frame: frame)
        let decision = fitter.fit(size: style.font.size, minSize: style.box == nil ? nil : style.font.minSize)
        var lines = decision.breaks.lines
        var outcome = decision.outcome
        var ellipsisRange: Range<Int>?
        var attempts = decision.attempts
        let fontSize = decision.fontSize

        if outcome == .truncated {
            let visible = fitter.visibleLineCount(lines, fontSize: fontSize)
            let widthFits = frame.width.map { decision.breaks.maxWidth <= $0 + 1e-6 } ?? true
            if lines.count <= visible && widthFits {
                // Every line is whole and within the width, the box is only too low for
                // them: cutting text would not help, so the lines overflow instead.
                outcome = .overflows
            } else if style.truncate == .clip || frame.width == nil {
                lines = Array(lines.prefix(visible))
                outcome = style.truncate == .clip ? .truncated : .overflows
            } else {
                // The visible line count already respects the height; cuts are judged on
                // line count and width alone (one line is shown even if it is too tall).
                var limited = frame
                limited.maxLines = visible
                limited.height = nil
                var failure: LayoutError?
                let (cut, ellipsis) = Truncator().truncate(
                    Array(text.unicodeScalars), graphemeStarts: prepared.shaped.itemized.graphemeStarts,
                    mode: style.truncate
                ) { candidate in
                    attempts += 1
                    do throws(LayoutError) {
                        let candidatePrepared = try prepare(candidate)
                        let candidateMetrics = LineMetrics(text: candidatePrepared.shaped, primary: primary, lineHeight: style.lineHeight)
                        let candidateFitter = Fitter(prepared: candidatePrepared, metrics: candidateMetrics, frame: limited)
                        let breaks = candidatePrepared.breaker.breakLines(
                            candidatePrepared.opportunities, fontSize: fontSize, tracking: frame.tracking,
                            maxWidth: frame.width, wrap: frame.wrap, allowWordBreaks: true)
                        return candidateFitter.fits(breaks, fontSize: fontSize)
                    } catch {
                        failure = error
                        return false
                    }
                }
                if let failure { throw failure }
                prepared = try prepare(cut)
                metrics = LineMetrics(text: prepared.shaped, primary: primary, lineHeight: style.lineHeight)
                let breaks = prepared.breaker.breakLines(
                    prepared.opportunities, fontSize: fontSize, tracking: frame.tracking,
                    maxWidth: frame.width, wrap: frame.wrap, allowWordBreaks: true)
                lines = Array(breaks.lines.prefix(visible))
                ellipsisRange = ellipsis
            }
        }

        if lines.count > limits.lines {
            throw .limitExceeded("the text needs \(lines.count) lines; at most \(limits.lines) are allowed")
        }

        // The frame: the box, or what the lines need plus room for the effects.
        let breaker = prepared.breaker
        let contentWidth = lines.map { breaker.visibleWidth($0, fontSize: fontSize, tracking: style.tracking) }.max() ?? 0
        let contentHeight = metrics.totalHeight(lines, fontSize: fontSize)
        let bounds = Rect(x: 0, y: 0,
                          width: boxWidth ?? (contentWidth + extents.left + extents.right),
                          height: boxHeight ?? (contentHeight + extents.top + extents.bottom))
        let textRect = Rect(x: extents.left, y: extents.top,
                            width: max(0, bounds.width - extents.left - extents.right),
                            height: max(0, bounds.height - extents.top - extents.bottom))

        let positioned = Positioner(text: prepared.shaped, metrics: metrics, style: style)
            .position(lines, fontSize: fontSize, in: textRect, ellipsisRange: ellipsisRange)

        var logical = Rect.zero
        var ink = Rect.zero
        for line in positioned {
            logical = logical.union(Rect(x: line.x, y: line.top, width: line.width, height: line.height))
            for run in line.runs {
                for glyph in run.glyphs {
                    guard let box = run.face.inkExtents(glyph: glyph.id) else { continue }
                    ink = ink.union(Rect(x: glyph.x + box.minX * fontSize, y: glyph.y - box.maxY * fontSize,
                                         width: (box.maxX - box.minX) * fontSize,
                                         height: (box.maxY - box.minY) * fontSize))
                }
            }
        }

        return LabelLayout(
            text: text, locale: locale, style: style, bounds: bounds, textRect: textRect,
            fontSize: fontSize, requestedFontSize: style.font.size, lines: positioned,
            isTruncated: outcome == .truncated,
            fitOutcome: outcome, fitAttempts: attempts, brokeWord: decision.breaks.brokeWord,
            logicalBounds: logical, inkBounds: ink,
            missingCharacters: prepared.shaped.itemized.missing,
            fallbackFaces: prepared.shaped.itemized.fallbackFaces, primaryFace: primary)
    }

    /// Styles built in code skip the style decoder's checks, so the sizes that decide
    /// how much memory layout and drawing take are checked again here.
    private func checkLimits(_ text: String, style: LabelStyle) throws(LayoutError) {
        let length = text.unicodeScalars.count
        if length > limits.textLength {
            throw .limitExceeded("the text is \(length) Unicode scalars long; at most \(limits.textLength) are allowed")
        }
        func check(_ value: Double, _ limit: Double, _ name: String) throws(LayoutError) {
            guard value.isFinite, abs(value) <= limit else {
                throw .limitExceeded("\(name) \(Limits.format(value)) exceeds the limit of \(Limits.format(limit))")
            }
        }
        try check(style.font.size, limits.fontSize, "font size")
        try check(style.font.minSize ?? 0, limits.fontSize, "minimum font size")
        try check(style.stroke?.width ?? 0, limits.strokeWidth, "stroke width")
        if style.shadows.count > limits.shadows {
            throw .limitExceeded("\(style.shadows.count) shadows exceed the limit of \(limits.shadows)")
        }
        for shadow in style.shadows {
            try check(shadow.blur, limits.blur, "shadow blur")
            try check(shadow.spread, limits.blur, "shadow spread")
        }
        if style.maxLines > limits.lines {
            throw .limitExceeded("maxLines \(style.maxLines) exceeds the line limit of \(limits.lines)")
        }
    }

    /// The faces the style resolves to, best first (the style's face, then fallbacks).
    public func fontChain(for font: FontSpec, locale: String) throws(LayoutError) -> [FontFace] {
        try resolver.chain(for: font, language: locale)
    }

    static let rightToLeftLanguages: Set<String> = ["ar", "he", "iw", "fa", "ur", "yi", "ps", "sd", "ug", "dv", "ckb", "syr"]

    static func language(of locale: String) -> String {
        String(locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? "").lowercased()
    }
}
