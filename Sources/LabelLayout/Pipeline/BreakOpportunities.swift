import StyledText

/// The rules that decide where a text may break: the style's ``WordBreak`` and
/// ``LineBreakStrictness``, read for the label's language.
struct BreakRules: Sendable, Hashable {
    var wordBreak: WordBreak
    var strictness: LineBreakStrictness

    init(wordBreak: WordBreak, strictness: LineBreakStrictness) {
        self.wordBreak = wordBreak
        self.strictness = strictness
    }

    init(style: LabelStyle) {
        self.init(wordBreak: style.wordBreak, strictness: style.lineBreak)
    }

    /// How phrases are kept whole in a language, if they are.
    enum PhraseSource {
        /// ICU's Japanese phrase rules (`lw=phrase`).
        case japanesePhrases
        /// ICU's dictionary word boundaries, as Chinese has no spaces.
        case dictionaryWords
        /// Breaks between letters or digits are kept for overlong words: Korean breaks
        /// at spaces and punctuation only (CSS `word-break: keep-all`).
        case keepAll
    }

    func phraseSource(language: String) -> PhraseSource? {
        guard wordBreak == .phrase else { return nil }
        switch language {
        case "ja": return .japanesePhrases
        case "zh", "yue", "wuu", "cmn": return .dictionaryWords
        case "ko": return .keepAll
        default: return nil
        }
    }

    /// The ICU line iterator for these rules: the preferred breaks' when `phrases`.
    func lineKind(phrases: Bool = false) -> BreakIterator.Kind {
        .line(strictness, phrases: phrases)
    }
}

extension BreakOpportunities {
    /// ICU's opportunities mapped to scalar offsets, keeping only those that fall between
    /// shaping clusters (a break inside a ligature would need re-shaping), split into the
    /// breaks between phrases or words and those inside them.
    static func find(in text: ShapedText, locale: String, rules: BreakRules,
                     pool: BreakIteratorPool) throws(LayoutError) -> BreakOpportunities {
        let itemized = text.itemized
        guard !itemized.scalars.isEmpty else { return BreakOpportunities(offsets: [0], hard: []) }
        let utf16 = itemized.utf16
        var scalarAt = [Int](repeating: -1, count: utf16.count + 1)
        for (index, offset) in itemized.utf16Offsets.enumerated() { scalarAt[offset] = index }

        let boundaries = try pool.with(rules.lineKind(), locale: locale) { $0.boundaries(utf16) }
        var offsets: [Int] = []
        var hard = Set<Int>()
        for boundary in boundaries {
            let offset = scalarAt[boundary.offset]
            guard offset >= 0, text.clusterStarts[offset] || offset == itemized.scalars.count else { continue }
            if !boundary.isHard && gluesToImage(itemized.scalars, at: offset) { continue }
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
        var found = BreakOpportunities(offsets: offsets, hard: hard)
        if let source = rules.phraseSource(language: LayoutEngine.language(of: locale)) {
            let keeps = try phraseBreaks(source, utf16: utf16, scalarAt: scalarAt, scalars: itemized.scalars,
                                         locale: locale, rules: rules, pool: pool)
            found.inside = offsets.filter { !hard.contains($0) && $0 < itemized.scalars.count && !keeps($0) }
            found.offsets = offsets.filter { hard.contains($0) || $0 == itemized.scalars.count || keeps($0) }
        }
        return found
    }

    /// Which of the rules' breaks fall between phrases or words, as a test on a scalar
    /// offset.
    private static func phraseBreaks(_ source: BreakRules.PhraseSource, utf16: [UInt16], scalarAt: [Int],
                                     scalars: [UInt32], locale: String, rules: BreakRules,
                                     pool: BreakIteratorPool) throws(LayoutError) -> (Int) -> Bool {
        switch source {
        case .keepAll:
            return { offset in
                offset == 0 || !(BreakCharacters.isWordCharacter(scalars[offset - 1]) && BreakCharacters.isWordCharacter(scalars[offset]))
            }
        case .japanesePhrases, .dictionaryWords:
            let kind: BreakIterator.Kind = source == .japanesePhrases ? rules.lineKind(phrases: true) : .word
            let boundaries = try pool.with(kind, locale: locale) { $0.boundaries(utf16) }
            var between = [Bool](repeating: false, count: scalars.count + 1)
            for boundary in boundaries where scalarAt[boundary.offset] >= 0 { between[scalarAt[boundary.offset]] = true }
            guard source == .japanesePhrases else { return { between[$0] } }
            return { between[$0] && !JapanesePhrases.joins(scalars, at: $0) }
        }
    }

    /// Whether a break at `offset` would part an inline image (U+FFFC) from the text it
    /// touches. UAX #14 lets objects break on both sides (class CB); in a label an icon
    /// belongs to its word ("<img/>×3"), as a letter would, and breaks only at spaces.
    static func gluesToImage(_ scalars: [UInt32], at offset: Int) -> Bool {
        guard offset > 0, offset < scalars.count else { return false }
        let before = scalars[offset - 1], after = scalars[offset]
        return before == 0xFFFC || (after == 0xFFFC && !LineBreaker.isTrailingSpace(before))
    }
}
