import CHarfBuzz

/// Judges truncation cuts on the text as it was already shaped, without laying each cut
/// out again (as Pango's ellipsizer does): the kept glyphs keep their advances, only the
/// ellipsis is measured, and the lines are broken at the label's own break opportunities.
/// The clusters next to the ellipsis are shaped again in their new context, as Pango
/// does at the cut, so joining forms (an Arabic letter that no longer joins) and kerning
/// against the ellipsis count. Ink past the advances is left to the one layout of the
/// chosen cut, which is checked and stepped back if need be.
/// Break opportunities next to the ellipsis are asked of ICU for the few words around
/// the cut only.
struct CutMeasure {
    let prepared: PreparedText
    let frame: Frame
    let fontSize: Double
    /// The label's language, as the shaper was given it.
    let language: String

    /// Whether the text with `cut` applied would fit `frame`: within the width by its
    /// advances, and in at most `frame.maxLines` lines.
    func fits(_ cut: Truncator.Cut, breaker: BreakIterator) -> Bool {
        let (text, opportunities) = spliced(cut, breaker: breaker)
        let breaks = LineBreaker(text: text).breakLines(
            opportunities, frame.request(fontSize: fontSize, allowWordBreaks: true, hyphenate: true))
        if let width = frame.width, breaks.maxWidth > width + 1e-6 { return false }
        return frame.maxLines == 0 || breaks.lines.count <= frame.maxLines
    }

    /// The shaped text with the cut's characters replaced by one ellipsis cluster, with
    /// what line breaking reads of it (advances, cluster and grapheme starts, hyphens),
    /// and the break opportunities moved with the text.
    private func spliced(_ cut: Truncator.Cut, breaker: BreakIterator) -> (ShapedText, BreakOpportunities) {
        let source = prepared.shaped
        let count = source.count
        let head = cut.replaced.lowerBound, tail = cut.replaced.upperBound
        let shift = head + 1 - tail
        func moved(_ offset: Int) -> Int? {
            if offset < head { return offset }
            if offset > tail || offset == count { return offset + shift }
            return nil
        }

        let itemized = source.itemized
        var scalars = Array(itemized.scalars[..<head])
        scalars.append(Truncator.ellipsis.value)
        scalars += itemized.scalars[tail...]
        var advances = Array(source.advances[..<head])
        advances.append(ellipsisAdvance(model: cut.model))
        advances += source.advances[tail...]
        reshapeNeighbours(of: cut, in: scalars, advances: &advances)
        var clusterStarts = Array(source.clusterStarts[..<head])
        clusterStarts.append(true)
        clusterStarts += source.clusterStarts[tail...]
        var graphemeStarts = Array(itemized.graphemeStarts[..<head])
        graphemeStarts.append(true)
        graphemeStarts += itemized.graphemeStarts[tail...]
        let newCount = scalars.count
        clusterStarts[newCount] = true
        graphemeStarts[newCount] = true

        var prefix = [Double](repeating: 0, count: newCount + 1)
        var graphemePrefix = [Int](repeating: 0, count: newCount + 1)
        for i in 0..<newCount {
            prefix[i + 1] = prefix[i] + advances[i]
            graphemePrefix[i + 1] = graphemePrefix[i] + (graphemeStarts[i] ? 1 : 0)
        }
        var hyphens: [Int: ShapedGlyph] = [:]
        for (offset, hyphen) in source.hyphens { if let offset = moved(offset) { hyphens[offset] = hyphen } }
        // Hyphenation points away from the cut keep their hyphens; those in it or at its
        // ends (head...tail + 1) would put a hyphen beside the ellipsis, and go.
        var dictionaryHyphens: [Int: ShapedGlyph] = [:]
        for (offset, var hyphen) in source.dictionaryHyphens where offset < head || offset > tail + 1 {
            if let end = moved(offset), let cluster = moved(hyphen.cluster) {
                hyphen.cluster = cluster
                dictionaryHyphens[end] = hyphen
            }
        }

        let text = ItemizedText(scalars: scalars, utf16: [], utf16Offsets: [], levels: [], paragraphs: [],
                                items: [], graphemeStarts: graphemeStarts, missing: [], fallbackFaces: [],
                                runs: [], runOf: [])
        let shaped = ShapedText(itemized: text, items: [], advances: advances, prefix: prefix,
                                clusterStarts: clusterStarts, graphemePrefix: graphemePrefix, hyphens: hyphens,
                                dictionaryHyphens: dictionaryHyphens)

        // Opportunities away from the cut stay; between the last one before it and the
        // first one after it, ICU decides on the spliced text (none before an ellipsis,
        // UAX #14 LB22; after it, by what follows).
        let original = prepared.opportunities.offsets
        let before = original.last { $0 < head } ?? 0
        let after = original.first { $0 > tail } ?? count
        var offsets = original.filter { $0 <= before }
        if tail < count {
            let window = Array(scalars[before..<(head + 1 + after - tail)])
            offsets += windowOpportunities(window, breaker: breaker).map { $0 + before }
        }
        offsets += original.filter { $0 >= after }.map { $0 + shift }
        if offsets.last != newCount { offsets.append(newCount) }
        let hard = Set(prepared.opportunities.hard.compactMap(moved))
        // Breaks inside phrases stay where they were, away from the cut.
        let inside = prepared.opportunities.inside.filter { $0 <= before || $0 >= after }.compactMap(moved)
        return (shaped, BreakOpportunities(offsets: offsets.filter { $0 > 0 && clusterStarts[$0] }, hard: hard,
                                           inside: inside, hyphenations: dictionaryHyphens.keys.sorted()))
    }

    /// ICU's line-break opportunities strictly inside a short stretch of scalars.
    private func windowOpportunities(_ window: [UInt32], breaker: BreakIterator) -> [Int] {
        let (utf16, scalarAt) = Self.utf16(of: window)
        return breaker.boundaries(utf16).compactMap { boundary in
            let offset = boundary.offset < scalarAt.count ? scalarAt[boundary.offset] : -1
            guard offset > 0, !BreakOpportunities.gluesToImage(window, at: offset) else { return nil }
            return offset
        }
    }

    /// Scalars in UTF-16 for ICU, with the scalar that starts at each UTF-16 offset (-1
    /// inside a surrogate pair and at the end). Encoded here directly: a string per
    /// scalar, for every cut judged, cost more than ICU's answer.
    static func utf16(of scalars: [UInt32]) -> (utf16: [UInt16], scalarAt: [Int]) {
        var utf16: [UInt16] = []
        utf16.reserveCapacity(scalars.count * 2)
        var scalarAt: [Int] = []
        scalarAt.reserveCapacity(scalars.count * 2 + 1)
        for (index, value) in scalars.enumerated() {
            scalarAt.append(index)
            if let scalar = Unicode.Scalar(value) {
                if value > 0xFFFF {
                    utf16.append(UTF16.leadSurrogate(scalar))
                    utf16.append(UTF16.trailSurrogate(scalar))
                    scalarAt.append(-1)
                } else {
                    utf16.append(UInt16(value))
                }
            } else {
                utf16.append(0xFFFD)
            }
        }
        scalarAt.append(-1)
        return (utf16, scalarAt)
    }

    /// Shapes the kept grapheme clusters on either side of the ellipsis again, with the
    /// cut text around them as context, and puts their advances in `advances` (indexed
    /// like the cut text). The ellipsis shapes with a neighbour in the same face, so
    /// kerning between them counts too.
    private func reshapeNeighbours(of cut: Truncator.Cut, in scalars: [UInt32], advances: inout [Double]) {
        let source = prepared.shaped
        let itemized = source.itemized
        let head = cut.replaced.lowerBound, tail = cut.replaced.upperBound
        let ellipsisFace = ellipsisGlyph(model: cut.model)?.face
        var neighbours: [(original: Range<Int>, spliced: Range<Int>)] = []
        if head > 0 {
            var start = head - 1
            while start > 0, !(itemized.graphemeStarts[start] && source.clusterStarts[start]) { start -= 1 }
            neighbours.append((start..<head, start..<head))
        }
        if tail < source.count {
            var end = tail + 1
            while end < source.count, !(itemized.graphemeStarts[end] && source.clusterStarts[end]) { end += 1 }
            neighbours.append((tail..<end, (head + 1)..<(head + 1 + end - tail)))
        }
        guard !neighbours.isEmpty else { return }
        let buffer = hb_buffer_create()!
        defer { hb_buffer_destroy(buffer) }
        for (original, spliced) in neighbours {
            guard let item = source.items.first(where: { $0.item.range.contains(original.lowerBound) })?.item,
                  item.range.upperBound >= original.upperBound else { continue }
            let run = itemized.runs[item.run]
            guard run.image == nil else { continue }
            var range = spliced
            if ellipsisFace === item.face {
                range = min(range.lowerBound, head)..<max(range.upperBound, head + 1)
            }
            hb_buffer_clear_contents(buffer)
            scalars.withUnsafeBufferPointer { text in
                hb_buffer_add_utf32(buffer, text.baseAddress, Int32(text.count), UInt32(range.lowerBound), Int32(range.count))
            }
            hb_buffer_set_direction(buffer, item.level & 1 == 1 ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
            hb_buffer_set_script(buffer, item.script)
            hb_buffer_set_language(buffer, hb_language_from_string(language, -1))
            hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES)
            Shaper.features(run.features).withUnsafeBufferPointer { features in
                hb_shape(item.face.font, buffer, features.baseAddress, UInt32(features.count))
            }
            var length: UInt32 = 0
            let infos = hb_buffer_get_glyph_infos(buffer, &length)!
            let positions = hb_buffer_get_glyph_positions(buffer, &length)!
            let em = Double(item.face.unitsPerEm) / run.scale
            for offset in range { advances[offset] = 0 }
            for i in 0..<Int(length) {
                advances[Int(infos[i].cluster)] += Double(positions[i].x_advance) / em
            }
        }
    }

    /// The ellipsis's advance in em of the label's size: in the first face of the run it
    /// copies its style from that has the character, as font fallback would pick.
    private func ellipsisAdvance(model: Int) -> Double {
        guard let (face, glyph, scale) = ellipsisGlyph(model: model) else { return 0 }
        return Double(hb_font_get_glyph_h_advance(face.font, glyph)) / Double(face.unitsPerEm) * scale
    }

    /// The face, glyph and relative size the ellipsis gets when it copies the style of
    /// the character at `model`.
    private func ellipsisGlyph(model: Int) -> (face: FontFace, glyph: hb_codepoint_t, scale: Double)? {
        let itemized = prepared.shaped.itemized
        guard model < itemized.runOf.count else { return nil }
        let run = itemized.runs[itemized.runOf[model]]
        for face in run.chain {
            var glyph: hb_codepoint_t = 0
            if hb_font_get_nominal_glyph(face.font, Truncator.ellipsis.value, &glyph) != 0 { return (face, glyph, run.scale) }
        }
        return nil
    }
}
