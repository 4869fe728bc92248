import CFriBidi
import CHarfBuzz

/// Splits text into items: FriBidi embedding levels per paragraph, Unicode script runs
/// (common characters join their neighbours), and a face per grapheme cluster from the
/// fallback chain. An item ends at the nearest boundary of any of these.
struct Itemizer {
    var resolver: FontResolver
    var breakers: BreakIteratorPool

    func itemize(_ text: String, runs: [StyledRun], locale: String,
                 direction: TextDirectionRequest) throws(LayoutError) -> ItemizedText {
        let scalars = text.unicodeScalars.map(\.value)
        var utf16Offsets = [Int]()
        utf16Offsets.reserveCapacity(scalars.count + 1)
        var utf16: [UInt16] = []
        utf16.reserveCapacity(scalars.count)
        for scalar in text.unicodeScalars {
            utf16Offsets.append(utf16.count)
            if scalar.value > 0xFFFF {
                utf16.append(UTF16.leadSurrogate(scalar))
                utf16.append(UTF16.trailSurrogate(scalar))
            } else {
                utf16.append(UInt16(scalar.value))
            }
        }
        utf16Offsets.append(utf16.count)

        let graphemeStarts = try graphemes(utf16: utf16, utf16Offsets: utf16Offsets, count: scalars.count, locale: locale)
        let (levels, paragraphs) = bidiLevels(scalars, direction: direction)
        let scripts = resolvedScripts(scalars)
        var runOf = [Int](repeating: 0, count: scalars.count)
        for (index, run) in runs.enumerated() {
            for offset in run.range where offset < scalars.count { runOf[offset] = index }
        }
        // Runs that shape alike share a group; items only split where the group changes.
        var groupOf = [Int](repeating: 0, count: scalars.count)
        var groupOfRun = [Int](repeating: 0, count: runs.count)
        for index in runs.indices.dropFirst() {
            groupOfRun[index] = groupOfRun[index - 1] + (runs[index].shapesLike(runs[index - 1]) ? 0 : 1)
        }
        for i in scalars.indices { groupOf[i] = groupOfRun.isEmpty ? 0 : groupOfRun[runOf[i]] }
        let (faces, missing) = assignFaces(scalars, graphemeStarts: graphemeStarts, scripts: scripts,
                                           runs: runs, runOf: runOf, groupOf: groupOf, locale: locale)

        var items: [TextItem] = []
        for paragraph in paragraphs where !paragraph.range.isEmpty {
            var start = paragraph.range.lowerBound
            for i in paragraph.range.dropFirst() where levels[i] != levels[start] || scripts[i] != scripts[start]
                || faces[i] !== faces[start] || groupOf[i] != groupOf[start] {
                items.append(TextItem(range: start..<i, level: levels[start], script: scripts[start],
                                      face: faces[start], run: runOf[start]))
                start = i
            }
            items.append(TextItem(range: start..<paragraph.range.upperBound, level: levels[start],
                                  script: scripts[start], face: faces[start], run: runOf[start]))
        }
        var fallbacks: [FontFace] = []
        for item in items where item.face !== runs[item.run].chain[0] && runs[item.run].image == nil
            && !fallbacks.contains(where: { $0 === item.face }) {
            fallbacks.append(item.face)
        }
        return ItemizedText(scalars: scalars, utf16: utf16, utf16Offsets: utf16Offsets, levels: levels, paragraphs: paragraphs,
                            items: items, graphemeStarts: graphemeStarts, missing: missing, fallbackFaces: fallbacks,
                            runs: runs, runOf: runOf)
    }

    // MARK: - Grapheme clusters

    private func graphemes(utf16: [UInt16], utf16Offsets: [Int], count: Int, locale: String) throws(LayoutError) -> [Bool] {
        var starts = [Bool](repeating: false, count: count + 1)
        guard count > 0 else { return starts }
        starts[0] = true
        var scalarAt = [Int](repeating: -1, count: utf16.count + 1)
        for (index, offset) in utf16Offsets.enumerated() { scalarAt[offset] = index }
        let boundaries = try breakers.with(.grapheme, locale: locale) { $0.boundaries(utf16) }
        for boundary in boundaries where scalarAt[boundary.offset] >= 0 {
            starts[scalarAt[boundary.offset]] = true
        }
        return starts
    }

    // MARK: - Bidi

    private func bidiLevels(_ scalars: [UInt32], direction: TextDirectionRequest) -> ([UInt8], [(range: Range<Int>, isRTL: Bool)]) {
        var levels = [UInt8](repeating: 0, count: scalars.count)
        var paragraphs: [(range: Range<Int>, isRTL: Bool)] = []
        var start = 0
        for i in 0...scalars.count {
            let isEnd = i == scalars.count
            if !isEnd && !Self.isParagraphSeparator(scalars[i]) { continue }
            // CR LF is one separator (UAX #9 BD8, UAX #14 LB5): the paragraph ends after the LF.
            if !isEnd, scalars[i] == 0x0D, i + 1 < scalars.count, scalars[i + 1] == 0x0A { continue }
            let end = isEnd ? i : i + 1  // the separator belongs to the paragraph it ends
            let range = start..<end
            let isRTL = resolveLevels(scalars, range: range, direction: direction, into: &levels)
            paragraphs.append((range, isRTL))
            start = end
            if isEnd { break }
        }
        if paragraphs.count > 1, paragraphs.last!.range.isEmpty {
            // "a\n" is one paragraph, not two; the empty one after the newline would add a line.
            paragraphs.removeLast()
        }
        return (levels, paragraphs)
    }

    private func resolveLevels(_ scalars: [UInt32], range: Range<Int>, direction: TextDirectionRequest,
                               into levels: inout [UInt8]) -> Bool {
        let length = range.count
        guard length > 0 else { return direction.defaultIsRTL }
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: length)
        var brackets = [FriBidiBracketType](repeating: 0, count: length)
        var paragraphLevels = [FriBidiLevel](repeating: 0, count: length)
        scalars[range].withContiguousStorageIfAvailable { text in
            fribidi_get_bidi_types(text.baseAddress, FriBidiStrIndex(length), &types)
            fribidi_get_bracket_types(text.baseAddress, FriBidiStrIndex(length), types, &brackets)
        }
        var base: FriBidiParType
        switch direction {
        case .ltr: base = CFriBidi_PAR_LTR
        case .rtl: base = CFriBidi_PAR_RTL
        case .auto(let defaultRTL):
            let found = fribidi_get_par_direction(types, FriBidiStrIndex(length))
            base = found == CFriBidi_PAR_ON ? (defaultRTL ? CFriBidi_PAR_RTL : CFriBidi_PAR_LTR) : found
        }
        let result = fribidi_get_par_embedding_levels_ex(types, brackets, FriBidiStrIndex(length), &base, &paragraphLevels)
        let isRTL = base == CFriBidi_PAR_RTL
        for (offset, level) in paragraphLevels.enumerated() {
            levels[range.lowerBound + offset] = result == 0 ? (isRTL ? 1 : 0) : UInt8(level)
        }
        return isRTL
    }

    /// Bidi class B (UAX #9): these end a paragraph. LINE SEPARATOR, VT and FF only end a
    /// line (ICU reports them as hard breaks) and keep the paragraph's direction.
    static func isParagraphSeparator(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x0A, 0x0D, 0x1C...0x1E, 0x85, 0x2029: return true
        default: return false
        }
    }

    /// Characters that break lines and draw nothing, which no font needs to cover.
    static func isLineSeparator(_ scalar: UInt32) -> Bool {
        isParagraphSeparator(scalar) || scalar == 0x0B || scalar == 0x0C || scalar == 0x2028
    }

    // MARK: - Scripts

    /// The script of every character: neutral ones (spaces, punctuation, marks) take the
    /// script before them, leading ones the first real script, and a closing bracket the
    /// script of the bracket it closes (UAX #24, as Pango and libraqm pair them), so in
    /// "abc (αβγ) def" the ")" goes with "abc (" rather than with the Greek inside.
    private func resolvedScripts(_ scalars: [UInt32]) -> [hb_script_t] {
        let funcs = hb_unicode_funcs_get_default()
        var scripts = scalars.map { hb_unicode_script(funcs, $0) }
        func isNeutral(_ script: hb_script_t) -> Bool {
            script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN
        }
        var current = scripts.first(where: { !isNeutral($0) }) ?? HB_SCRIPT_COMMON
        // Open brackets not yet closed: the opening character (FriBidi's bracket id,
        // shared by both halves of a pair) and where it is. Bounded like FriBidi's own
        // stack (UAX #9 BD16), so hostile text cannot grow it without end.
        var open: [(id: UInt32, index: Int)] = []
        for i in scripts.indices {
            guard isNeutral(scripts[i]) else {
                current = scripts[i]
                continue
            }
            scripts[i] = current
            let bracket = fribidi_get_bracket(scalars[i])
            let id = bracket & FriBidiBracketType(FRIBIDI_BRACKET_ID_MASK)
            guard id != 0 else { continue }
            if bracket & FriBidiBracketType(FRIBIDI_BRACKET_OPEN_MASK) != 0 {
                if open.count == Self.maximumOpenBrackets { open.removeFirst() }
                open.append((id, i))
            } else if let match = open.lastIndex(where: { $0.id == id }) {
                scripts[i] = scripts[open[match].index]
                open.removeSubrange(match...)
            }
        }
        return scripts
    }

    /// How many unclosed brackets pairing keeps track of, as UAX #9 BD16's 63.
    static let maximumOpenBrackets = 63

    // MARK: - Fonts

    private func assignFaces(_ scalars: [UInt32], graphemeStarts: [Bool], scripts: [hb_script_t],
                             runs: [StyledRun], runOf: [Int], groupOf: [Int], locale: String) -> ([FontFace], [Unicode.Scalar]) {
        guard let firstRun = runs.first else { return ([], []) }
        var faces = [FontFace](repeating: firstRun.chain[0], count: scalars.count)
        var missing: [Unicode.Scalar] = []
        var previous: FontFace?
        // The run's fields, read again only where the run changes: copying the whole run
        // for every cluster (its attributes, chain and features) cost more than choosing.
        var runIndex = -1
        var chain: [FontFace] = []
        var isImage = false
        var start = 0
        while start < scalars.count {
            var end = start + 1
            while end < scalars.count && !graphemeStarts[end] { end += 1 }
            if runOf[start] != runIndex {
                runIndex = runOf[start]
                chain = runs[runIndex].chain
                isImage = runs[runIndex].image != nil
            }
            if start > 0 && groupOf[start - 1] != groupOf[start] { previous = nil }
            let face: FontFace
            if isImage {
                // An image draws itself; its face only lends metrics.
                face = chain[0]
            } else {
                let grapheme = scalars[start..<end]
                let chosen = chooseFace(for: grapheme, chain: chain, previous: previous,
                                        weight: runs[runIndex].weight, locale: locale)
                if chosen == nil { missing += Self.uncovered(grapheme, by: chain) }
                face = chosen ?? previous ?? chain[0]
                previous = face
            }
            for i in start..<end { faces[i] = face }
            start = end
        }
        return (faces, missing)
    }

    /// The face for one grapheme cluster, nil when no face has its base: the emoji or
    /// text face a variation selector asks for, else the face before it when that is the
    /// chain's first or the cluster is neutral, else the chain's first face that covers
    /// it, else a host font if host fonts are allowed; failing all those, the first face
    /// (bundled, then host) that has the cluster's base character. Most clusters are one
    /// scalar that the chain's first face covers: that is decided without allocating or
    /// looking up Unicode properties.
    private func chooseFace(for grapheme: ArraySlice<UInt32>, chain: [FontFace], previous: FontFace?,
                            weight: Int, locale: String) -> FontFace? {
        let covers = { (face: FontFace) in Self.covers(face, grapheme) }
        // U+FE0F asks for the emoji presentation, U+FE0E for text (UTS #51).
        if grapheme.contains(0xFE0F), let emoji = chain.first(where: { $0.hasColorBitmaps && covers($0) }) {
            return emoji
        }
        if grapheme.contains(0xFE0E), let text = chain.first(where: { !$0.hasColorBitmaps && covers($0) }) {
            return text
        }
        if let previous, previous === chain[0] || Self.isNeutral(grapheme), covers(previous) {
            return previous
        }
        if let whole = chain.first(where: covers)
            ?? resolver.hostFallback(for: grapheme.filter { !Self.isDefaultIgnorable($0) }, weight: weight, language: locale) {
            return whole
        }
        // No face has the whole cluster (a Hebrew letter with U+0301, which only Noto Sans
        // has): the face of its base letter draws it, as Pango keeps a mark with its base.
        // HarfBuzz may still compose the pair into a character that face has; a mark it
        // cannot draw comes out as glyph 0 and is reported after shaping. The other way
        // round, the letter itself would be the .notdef box.
        guard let base = grapheme.first(where: { !Self.isDefaultIgnorable($0) }).flatMap(Unicode.Scalar.init) else {
            return nil
        }
        return chain.first { $0.covers(base) } ?? resolver.hostFallback(for: [base.value], weight: weight, language: locale)
    }

    /// Whether `face` has every scalar of the cluster that draws something.
    private static func covers(_ face: FontFace, _ grapheme: ArraySlice<UInt32>) -> Bool {
        for value in grapheme where !isDefaultIgnorable(value) {
            if let scalar = Unicode.Scalar(value), !face.covers(scalar) { return false }
        }
        return true
    }

    /// Spaces, digits and the punctuation and symbols around numbers ("3-1", "+5", "$20"):
    /// they stay in the face around them, so one number never mixes two fonts.
    private static func isNeutral(_ grapheme: ArraySlice<UInt32>) -> Bool {
        grapheme.allSatisfy { value in
            guard !isDefaultIgnorable(value), let scalar = Unicode.Scalar(value) else { return true }
            switch scalar.properties.generalCategory {
            case .otherPunctuation, .dashPunctuation, .decimalNumber, .mathSymbol, .currencySymbol,
                 .openPunctuation, .closePunctuation, .spaceSeparator:
                return true
            default:
                return scalar.properties.isWhitespace || isLineSeparator(scalar.value)
            }
        }
    }

    /// The characters of a cluster no face of the chain has, to report as missing.
    private static func uncovered(_ grapheme: ArraySlice<UInt32>, by chain: [FontFace]) -> [Unicode.Scalar] {
        grapheme.filter { !isDefaultIgnorable($0) }.compactMap(Unicode.Scalar.init).filter { scalar in
            !chain.contains { $0.covers(scalar) } && !isLineSeparator(scalar.value)
        }
    }

    /// Characters that draw nothing and that fonts need not map, Unicode's
    /// Default_Ignorable_Code_Point (joiners, selectors, bidi controls), and the tab and
    /// line ends, which draw nothing either: they never decide a cluster's font.
    static func isDefaultIgnorable(_ scalar: UInt32) -> Bool {
        // Below U+00AD only those three; most text never needs the property table.
        if scalar < 0xAD { return scalar == 0x09 || scalar == 0x0A || scalar == 0x0D }
        return Unicode.Scalar(scalar)?.properties.isDefaultIgnorableCodePoint ?? false
    }
}

/// The paragraph direction asked for: forced, or from the text with a default for
/// paragraphs that have no strong character (digits only, say) taken from the locale.
enum TextDirectionRequest: Sendable {
    case ltr, rtl, auto(defaultRTL: Bool)

    var defaultIsRTL: Bool {
        switch self {
        case .ltr: false
        case .rtl: true
        case .auto(let rtl): rtl
        }
    }
}
