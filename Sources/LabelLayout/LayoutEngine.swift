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
    let hyphenation = HyphenDictionaryCache.shared
    let images: InlineImageLoader
    /// The text length, line count and style sizes this engine accepts.
    public let limits: Limits

    /// An engine over the given fonts, with empty caches.
    ///
    /// - Parameters:
    ///   - fonts: where fonts come from; by default only the fonts Labelgen bundles
    ///     (see `FontSources.locateBundledFonts()`), never the host's.
    ///   - imageDirectories: folders where relative inline image paths (`<img src>`) are
    ///     looked up, before the current directory.
    ///   - limits: the largest text and style sizes accepted (`Limits.default`).
    public init(fonts: FontSources = FontSources(),
                imageDirectories: [String] = [], limits: Limits = .default) {
        self.resolver = FontResolver(sources: fonts)
        self.images = InlineImageLoader(directories: imageDirectories, limits: limits)
        self.limits = limits
    }

    /// Lays out `text` in `style` for `locale` (a BCP 47 tag such as "de" or "zh-Hans").
    /// The text is read as markup (`Markup`) unless the style's `markup` is false; use
    /// `Markup.escaped(_:)` for text from players, or lay out a `StyledString`.
    ///
    /// - Throws: ``LayoutError/markup(_:)`` for malformed markup;
    ///   ``LayoutError/limitExceeded(_:)`` before any work when the text or a size in the
    ///   style is beyond ``limits``, or when the text needs more lines; a font, inline
    ///   image or ICU error (see ``LayoutError``) when those cannot be used.
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

    /// `styled`, parsed from markup `writtenLength` scalars long, laid out as
    /// `layout(_:style:locale:)` lays out that markup: for a caller that
    /// parsed it already, such as a batch that checked every string's markup when it
    /// planned the run.
    package func layout(_ styled: StyledString, parsedFrom writtenLength: Int, style: LabelStyle,
                        locale: String) throws(LayoutError) -> TextLayout {
        // The limit holds for the string as written.
        if style.markup { try checkLength(writtenLength) }
        return try layout(styled, style: style, locale: locale)
    }

    /// Lays out `text` in the style a style sheet gives `key` in `locale`: the sheet's
    /// base with its matching `locales` and `keys` overrides laid over it, merged as
    /// `StyleSheet.style(forKey:locale:)` merges them for `labelgen`. The sheet caches
    /// merged styles, so laying out many keys of one sheet merges each combination once.
    ///
    /// The text is laid out as given: placeholders such as `%d` are not filled from the
    /// style's `samples` (those stand in for run-time text in `labelgen`'s previews).
    ///
    /// ```swift
    /// let sheet = try StyleSheet(contentsOf: URL(fileURLWithPath: "score.json"))
    /// let layout = try engine.layout("Punktestand: 12 345", style: sheet, key: "hud.score", locale: "de")
    /// ```
    ///
    /// - Throws: ``LayoutError/style(_:)`` when the merged style is invalid (its error
    ///   names the key and locale); otherwise what laying out with the merged
    ///   `LabelStyle` throws.
    public func layout(_ text: String, style sheet: StyleSheet, key: String,
                       locale: String) throws(LayoutError) -> TextLayout {
        try layout(text, style: Self.style(in: sheet, key: key, locale: locale), locale: locale)
    }

    /// Lays out a styled text in the style a style sheet gives `key` in `locale`, merged
    /// as for a plain string.
    public func layout(_ styled: StyledString, style sheet: StyleSheet, key: String,
                       locale: String) throws(LayoutError) -> TextLayout {
        try layout(styled, style: Self.style(in: sheet, key: key, locale: locale), locale: locale)
    }

    private static func style(in sheet: StyleSheet, key: String, locale: String) throws(LayoutError) -> LabelStyle {
        do throws(StyleError) {
            return try sheet.style(forKey: key, locale: locale)
        } catch {
            throw .style(error)
        }
    }

    /// Lays out a styled text: runs of other weights, sizes, fonts and colours, and inline
    /// images, shape, wrap, fit and truncate together. The text is not read as markup.
    ///
    /// - Throws: ``LayoutError/limitExceeded(_:)`` before any work when the text or a
    ///   size in the style or its runs is beyond ``limits``, or when the text needs more
    ///   lines; a font, inline image or ICU error when those cannot be used.
    public func layout(_ styled: StyledString, style: LabelStyle, locale: String) throws(LayoutError) -> TextLayout {
        try checkLimits(styled, style: style)
        let pass = try LayoutPass(resolver: resolver, breakers: breakers, hyphenation: hyphenation, images: images,
                                  styled: styled, style: style, locale: locale)
        return try pass.layout(styled, lineLimit: limits.lines)
    }

    private func checkLength(_ length: Int) throws(LayoutError) {
        if length > limits.textLength {
            throw .limitExceeded(LimitExcess(.textLength, value: Double(length), limit: Double(limits.textLength)))
        }
    }

    /// Styles built in code skip the style decoder's checks, so the sizes that decide
    /// how much memory layout and drawing take are checked again here.
    private func checkLimits(_ text: StyledString, style: LabelStyle) throws(LayoutError) {
        try checkLength(text.scalarCount)
        func check(_ value: Double, _ limit: Double, _ measure: LimitExcess.Measure) throws(LayoutError) {
            guard value.isFinite, abs(value) <= limit else {
                throw .limitExceeded(LimitExcess(measure, value: value, limit: limit))
            }
        }
        try check(style.font.size, limits.fontSize, .fontSize)
        try check(style.font.minSize ?? 0, limits.fontSize, .minimumFontSize)
        // The effects' own bounds, as the style decoder holds style files to them.
        do {
            for slot in LayerEffects.slots { try slot.check(style, limits) }
        } catch {
            throw .limitExceeded(error)
        }
        for run in text.runs {
            let attributes = run.attributes
            if let size = attributes.size {
                try check(size.factor(base: style.font.size) * style.font.size, limits.fontSize, .fontSize)
            }
            if let stroke = attributes.stroke.flatMap({ $0.resolved(over: style.stroke) }) {
                do { try stroke.checkBounds(limits) } catch { throw .limitExceeded(error) }
            }
            if let height = attributes.image?.height {
                try check(height, limits.fontSize, .inlineImageHeight)
            }
        }
        if style.maxLines > limits.lines {
            throw .limitExceeded(LimitExcess(.maxLines, value: Double(style.maxLines), limit: Double(limits.lines)))
        }
    }

    /// The file an inline image's `src` names, found as layout finds it: an absolute path
    /// as it is, a relative one in the engine's image folders, then the current directory.
    ///
    /// - Throws: ``LayoutError/imageUnreadable(source:reason:)`` when no such file exists.
    public func locateImage(_ source: String) throws(LayoutError) -> String {
        try images.locate(source)
    }

    /// The faces a font spec resolves to for a locale, best first: the style's face, then
    /// the faces layout falls back to for characters it lacks.
    ///
    /// - Throws: A font error (``LayoutError/fontNotFound(family:searched:)`` and the like).
    public func fontChain(for font: FontSpec, locale: String) throws(LayoutError) -> [FontFace] {
        try resolver.layoutChain(for: font, language: locale)
    }

    static let rightToLeftLanguages: Set<String> = ["ar", "he", "iw", "fa", "ur", "yi", "ps", "sd", "ug", "dv", "ckb", "syr"]

    static func language(of locale: String) -> String {
        String(locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? "").lowercased()
    }
}
