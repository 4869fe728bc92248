import CHarfBuzz

extension ShapedText {
    /// Whether a line break at `offset` needs the text shaped again around it.
    func breakIsUnsafe(at offset: Int) -> Bool {
        offset > 0 && offset < unsafeBreaks.count && unsafeBreaks[offset]
    }

    var count: Int { itemized.scalars.count }

    /// Width of scalars in `range` in em.
    func width(_ range: Range<Int>) -> Double {
        prefix[range.upperBound] - prefix[range.lowerBound]
    }

    /// Characters the text draws as a .notdef box: those no face covers (found by the
    /// itemizer), then, once each, those HarfBuzz shaped to glyph 0 in the face their
    /// cluster got, such as a mark that the face of its base letter lacks.
    var missingCharacters: [Unicode.Scalar] {
        let missing = itemized.missing
        var drawnAsNotdef: [Unicode.Scalar] = []
        // A set, so a long text of tofu stays linear.
        var listed = Set(missing)
        for item in items where itemized.runs[item.item.run].image == nil {
            // Glyph 0 is .notdef in every font; an image run's glyphs are all 0 and draw the picture.
            for glyph in item.glyphs where glyph.id == 0 {
                for scalar in notdefCharacters(ofCluster: glyph.cluster, in: item) where listed.insert(scalar).inserted {
                    drawnAsNotdef.append(scalar)
                }
            }
        }
        return missing + drawnAsNotdef
    }

    /// The characters of the shaping cluster at `start` that its glyph 0 stands for: the
    /// ones the item's face lacks, or all of them if it has each (a substitution that gave
    /// .notdef). Characters that draw nothing, which HarfBuzz hides, never count.
    private func notdefCharacters(ofCluster start: Int, in item: ShapedItem) -> [Unicode.Scalar] {
        var end = start + 1
        while end < item.item.range.upperBound && !clusterStarts[end] { end += 1 }
        let drawn = itemized.scalars[start..<end].filter {
            !Itemizer.isDefaultIgnorable($0) && !Itemizer.isLineSeparator($0)
        }.compactMap(Unicode.Scalar.init)
        let lacking = drawn.filter { !item.item.face.covers($0) }
        return lacking.isEmpty ? drawn : lacking
    }
}

/// Shapes every item with HarfBuzz: the right script, language and direction per item,
/// the whole text as context so joining across item edges is right.
struct Shaper {
    /// - Parameter cuts: offsets where the text is cut for shaping, ascending: items are
    ///   split there and no glyph sees context across a cut, as across a line break
    ///   (see ``LineEndReshaper``). Empty, the whole text is one context.
    /// - Parameter previous: the text this one was cut from, and the range of it that
    ///   one ellipsis replaced: glyphs away from the cut are taken from it where
    ///   HarfBuzz says the cut cannot change them, and only the text around the cut is
    ///   shaped (as Pango's ellipsizer shapes only the ellipsis). Without cuts only.
    func shape(_ itemized: ItemizedText, language: String, cuttingAt cuts: [Int] = [],
               reusing previous: (text: ShapedText, replaced: Range<Int>)? = nil) -> ShapedText {
        let count = itemized.scalars.count
        var advances = [Double](repeating: 0, count: count)
        var clusterStarts = [Bool](repeating: false, count: count + 1)
        clusterStarts[count] = true
        var shapedItems: [ShapedItem] = []
        shapedItems.reserveCapacity(itemized.items.count)
        var hyphens: [Int: ShapedGlyph] = [:]
        var unsafeBreaks = [Bool](repeating: false, count: count + 1)
        var unsafeConcats = [Bool](repeating: false, count: count + 1)
        let session = ShapingSession(language: language)
        let splicer = previous.flatMap { previous in
            cuts.isEmpty ? CutSplicer(previous: previous.text, replaced: previous.replaced, text: itemized) : nil
        }

        for item in Self.split(itemized.items, at: cuts) {
            let run = itemized.runs[item.run]
            let glyphs: [ShapedGlyph]
            if let image = run.image {
                // Each U+FFFC of an image run is one unbreakable glyph as wide as the picture.
                glyphs = item.range.map { offset in
                    ShapedGlyph(id: 0, cluster: offset, advance: image.maxX * run.scale, offsetX: 0, offsetY: 0)
                }
            } else {
                let context = Self.context(of: item.range, cuts: cuts, count: count)
                glyphs = splicer?.glyphs(of: item, session: session, unsafeBreaks: &unsafeBreaks, unsafeConcats: &unsafeConcats)
                    ?? session.shape(item, run: run, in: itemized.scalars, context: context,
                                     unsafeBreaks: &unsafeBreaks, unsafeConcats: &unsafeConcats)
                for offset in item.range where itemized.scalars[offset] == 0xAD {
                    if var hyphen = Self.hyphen(in: item.face, cluster: offset) {
                        hyphen.advance *= run.scale
                        hyphens[offset] = hyphen
                    }
                }
            }
            for glyph in glyphs {
                advances[glyph.cluster] += glyph.advance
                clusterStarts[glyph.cluster] = true
            }
            shapedItems.append(ShapedItem(item: item, glyphs: glyphs))
        }
        var prefix = [Double](repeating: 0, count: count + 1)
        for i in 0..<count { prefix[i + 1] = prefix[i] + advances[i] }
        var graphemePrefix = [Int](repeating: 0, count: count + 1)
        for i in 0..<count { graphemePrefix[i + 1] = graphemePrefix[i] + (itemized.graphemeStarts[i] ? 1 : 0) }
        return ShapedText(itemized: itemized, items: shapedItems, advances: advances, prefix: prefix,
                          clusterStarts: clusterStarts, graphemePrefix: graphemePrefix, hyphens: hyphens,
                          unsafeBreaks: unsafeBreaks, unsafeConcats: unsafeConcats)
    }

    /// The items, each split at the cuts that fall inside it.
    static func split(_ items: [TextItem], at cuts: [Int]) -> [TextItem] {
        guard !cuts.isEmpty else { return items }
        var parts: [TextItem] = []
        for item in items {
            var start = item.range.lowerBound
            for cut in cuts where cut > start && cut < item.range.upperBound {
                var part = item
                part.range = start..<cut
                parts.append(part)
                start = cut
            }
            var last = item
            last.range = start..<item.range.upperBound
            parts.append(last)
        }
        return parts
    }

    /// The text an item is shaped in: between the cuts around it, or all of it.
    static func context(of range: Range<Int>, cuts: [Int], count: Int) -> Range<Int> {
        let lower = cuts.last { $0 <= range.lowerBound } ?? 0
        let upper = cuts.first { $0 >= range.upperBound } ?? count
        return lower..<upper
    }

    /// HarfBuzz features for the whole item, in tag order so the same settings always
    /// give the same list (and HarfBuzz's cached shape plan for it).
    static func features(_ settings: [String: Int]) -> [hb_feature_t] {
        settings.sorted { $0.key < $1.key }.map { tag, value in
            // Start 0 and end UInt32.max are HB_FEATURE_GLOBAL_START/END: the whole buffer.
            hb_feature_t(tag: hb_tag_from_string(tag, -1), value: UInt32(value),
                         start: 0, end: UInt32.max)
        }
    }

    /// The face's HYPHEN (U+2010), else its HYPHEN-MINUS, as a glyph of `cluster`.
    static func hyphen(in face: FontFace, cluster: Int) -> ShapedGlyph? {
        for scalar: UInt32 in [0x2010, 0x2D] {
            var glyph: hb_codepoint_t = 0
            guard hb_font_get_nominal_glyph(face.font, scalar, &glyph) != 0 else { continue }
            let advance = Double(hb_font_get_glyph_h_advance(face.font, glyph)) / Double(face.unitsPerEm)
            return ShapedGlyph(id: glyph, cluster: cluster, advance: advance, offsetX: 0, offsetY: 0)
        }
        return nil
    }
}

/// One HarfBuzz buffer and the feature lists built so far, reused for every item of a text.
final class ShapingSession {
    private let buffer = hb_buffer_create()!
    private let language: hb_language_t?
    /// Runs of one item share their features (they shape alike), and most texts have
    /// one run: the list is built once per distinct setting.
    private var featureLists: [[String: Int]: [hb_feature_t]] = [:]

    init(language: String) {
        self.language = hb_language_from_string(language, -1)
    }

    deinit { hb_buffer_destroy(buffer) }

    /// The item's glyphs, in em of the label's font size, clusters as text offsets; marks
    /// in `unsafeBreaks` where HarfBuzz says a break would need shaping again.
    func shape(_ item: TextItem, run: StyledRun, in scalars: [UInt32], context: Range<Int>,
               unsafeBreaks: inout [Bool], unsafeConcats: inout [Bool]) -> [ShapedGlyph] {
        hb_buffer_clear_contents(buffer)
        hb_buffer_set_flags(buffer, HB_BUFFER_FLAG_PRODUCE_UNSAFE_TO_CONCAT)
        // HarfBuzz reads the text around the item for joining and contextual rules,
        // up to the cuts either side of it.
        scalars.withUnsafeBufferPointer { text in
            hb_buffer_add_utf32(buffer, text.baseAddress! + context.lowerBound, Int32(context.count),
                                UInt32(item.range.lowerBound - context.lowerBound), Int32(item.range.count))
        }
        hb_buffer_set_direction(buffer, item.level & 1 == 1 ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, item.script)
        hb_buffer_set_language(buffer, language)
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES)
        let features = featureLists[run.features] ?? Shaper.features(run.features)
        featureLists[run.features] = features
        features.withUnsafeBufferPointer { features in
            hb_shape(item.face.font, buffer, features.baseAddress, UInt32(features.count))
        }

        var length: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &length)!
        let positions = hb_buffer_get_glyph_positions(buffer, &length)!
        // Positions are kept in em of the label's font size: a run at 150% has
        // advances 1.5 times its face's, so one factor still scales the whole text.
        let em = Double(item.face.unitsPerEm) / run.scale
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(Int(length))
        for i in 0..<Int(length) {
            let cluster = Int(infos[i].cluster) + context.lowerBound
            let flags = hb_glyph_info_get_glyph_flags(infos + i).rawValue
            if flags & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0 { unsafeBreaks[cluster] = true }
            if flags & HB_GLYPH_FLAG_UNSAFE_TO_CONCAT.rawValue != 0 { unsafeConcats[cluster] = true }
            glyphs.append(ShapedGlyph(
                id: infos[i].codepoint, cluster: cluster,
                advance: Double(positions[i].x_advance) / em,
                offsetX: Double(positions[i].x_offset) / em,
                offsetY: Double(positions[i].y_offset) / em))
        }
        return glyphs
    }
}
