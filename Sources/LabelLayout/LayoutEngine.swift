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
    let images: InlineImageLoader
    /// The text length, line count and style sizes this engine accepts.
    public let limits: Limits

    /// - Parameters:
    ///   - fonts: where fonts come from; by default only the fonts Labelgen bundles
    ///     (see ``FontSources/locateBundledFonts()``), never the host's.
    ///   - imageDirectories: folders where relative inline image paths (`<img src>`) are
    ///     looked up, before the current directory.
    ///   - limits: the largest text and style sizes accepted (``Limits/default``).
    public init(fonts: FontSources = FontSources(),
                imageDirectories: [String] = [], limits: Limits = .default) {
        self.resolver = FontResolver(sources: fonts)
        self.images = InlineImageLoader(directories: imageDirectories, limits: limits)
        self.limits = limits
    }

    /// Lays out `text` in `style` for `locale` (a BCP 47 tag such as "de" or "zh-Hans").
    /// The text is read as markup (``Markup``) unless the style's `markup` is false; use
    /// ``Markup/escaped(_:)`` for text from players, or lay out a ``StyledString``.
    ///
    /// - Throws: ``LayoutError/markup(_:)`` for malformed markup;
    ///   ``LayoutError/limitExceeded(_:)`` before any work when the text or a size in the
    ///   style is beyond ``limits``, or when the text needs more lines.
    public func layout(_ text: String, style: LabelStyle, locale: String) throws(LayoutError) -> TextLayout {
        let styled: StyledString
        if style.markup {
            // The limit holds for the string as written, before it is parsed.
            try checkLength(text.unicodeScalars.count)
            do throws(MarkupError) {
                styled = try Markup.parse(text)
            } catch {
                throw .markup(error)
            }
        } else {
            styled = StyledString(text)
        }
        return try layout(styled, style: style, locale: locale)
    }

    /// Lays out a styled text: runs of other weights, sizes, fonts and colours, and inline
    /// images, shape, wrap, fit and truncate together.
    public func layout(_ styled: StyledString, style: LabelStyle, locale: String) throws(LayoutError) -> TextLayout {
        let text = styled.text
        try checkLimits(styled, style: style)
        let language = Self.language(of: locale)
        let chain = try resolver.chain(for: style.font, language: locale)
        let primary = chain[0]
        let styler = RunStyler(resolver: resolver, images: images)
        let direction: TextDirectionRequest
        switch style.direction {
        case .ltr: direction = .ltr
        case .rtl: direction = .rtl
        case .auto:
            // A string of a right-to-left locale is a right-to-left paragraph even when it
            // starts with a Latin name ("Alex הצטרף למשחק"); other locales go by the text.
            direction = Self.rightToLeftLanguages.contains(language) ? .rtl : .auto(defaultRTL: false)
        }

        func prepare(_ styled: StyledString) throws(LayoutError) -> PreparedText {
            let runs = try styler.resolve(styled, style: style, locale: locale)
            let itemized = try Itemizer(resolver: resolver, breakers: breakers)
                .itemize(styled.text, runs: runs, locale: locale, direction: direction)
            let shaped = Shaper().shape(itemized, language: locale)
            let opportunities = try LineBreaker.opportunities(for: shaped, locale: locale, pool: breakers)
            return PreparedText(shaped: shaped, opportunities: opportunities)
        }

        let extents = style.effectExtents(for: styled)
        let boxWidth = style.box?.width
        let boxHeight = style.box?.height
        var frame = Frame(
            width: boxWidth.map { max(0, $0 - extents.left - extents.right) },
            height: boxHeight.map { max(0, $0 - extents.top - extents.bottom) },
            maxLines: max(0, style.maxLines), wrap: style.box == nil ? .none : style.wrap,
            tracking: style.tracking, lineHeight: style.lineHeight)
        if style.box == nil { frame.maxLines = 0 }

        var prepared = try prepare(styled)
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
                    styled, graphemeStarts: prepared.shaped.itemized.graphemeStarts,
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
        // Each side the box leaves open is measured; a side it fixes needs no measuring.
        let measure = Fitter(prepared: prepared, metrics: metrics, frame: frame)
        let contentWidth = boxWidth == nil ? measure.contentWidth(lines, fontSize: fontSize) : 0
        let contentHeight = boxHeight == nil ? measure.contentHeight(lines, fontSize: fontSize) : 0
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

        return TextLayout(
            text: text, styledText: styled, locale: locale, style: style, bounds: bounds, textRect: textRect,
            fontSize: fontSize, requestedFontSize: style.font.size, lines: positioned,
            isTruncated: outcome == .truncated,
            fitOutcome: outcome, fitAttempts: attempts, brokeWord: decision.breaks.brokeWord,
            logicalBounds: logical, inkBounds: ink, effectExtents: extents,
            missingCharacters: prepared.shaped.itemized.missing,
            fallbackFaces: prepared.shaped.itemized.fallbackFaces, primaryFace: primary)
    }

    private func checkLength(_ length: Int) throws(LayoutError) {
        if length > limits.textLength {
            throw .limitExceeded("the text is \(length) Unicode scalars long; at most \(limits.textLength) are allowed")
        }
    }

    /// Styles built in code skip the style decoder's checks, so the sizes that decide
    /// how much memory layout and drawing take are checked again here.
    private func checkLimits(_ text: StyledString, style: LabelStyle) throws(LayoutError) {
        try checkLength(text.scalarCount)
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
        for run in text.runs {
            let attributes = run.attributes
            if let size = attributes.size {
                try check(size.factor(base: style.font.size) * style.font.size, limits.fontSize, "font size")
            }
            if let width = attributes.stroke.flatMap({ $0.resolved(over: style.stroke)?.width }) {
                try check(width, limits.strokeWidth, "stroke width")
            }
            if let height = attributes.image?.height {
                try check(height, limits.fontSize, "inline image height")
            }
        }
        if style.maxLines > limits.lines {
            throw .limitExceeded("maxLines \(style.maxLines) exceeds the line limit of \(limits.lines)")
        }
    }

    /// The file an inline image's `src` names, found as layout finds it.
    public func locateImage(_ source: String) throws(LayoutError) -> String {
        try images.locate(source)
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
