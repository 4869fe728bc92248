import CHarfBuzz
import StyledText

/// One face of a font file, opened once and shared by every layout that uses it.
///
/// Layout happens in unhinted font units, so a single HarfBuzz font at the face's
/// units-per-em serves every size: positions scale linearly and fitting never re-shapes.
public final class FontFace: @unchecked Sendable, Hashable, CustomStringConvertible {
    // @unchecked: the HarfBuzz face, font and coverage set are made immutable right after
    // creation; HarfBuzz documents immutable objects as safe to use from several threads.

    /// The font file this face was read from.
    public let path: String
    /// The face index inside a collection (`.ttc`), 0 for plain files.
    public let index: Int
    /// The family name, as fontconfig reports it.
    public let family: String
    /// The OS/2 weight class (400 regular, 700 bold); for an instance of a variable
    /// font, its `wght` axis value.
    public let weight: Int
    /// Font design units per em: glyph positions in a shaped run are in these units.
    public let unitsPerEm: Int
    /// Typographic ascender, above the baseline, in em.
    public let ascender: Double
    /// Typographic descender, below the baseline, as a positive distance in em.
    public let descender: Double
    /// Extra gap the font asks for between lines, in em.
    public let lineGap: Double
    /// The height of lowercase letters above the baseline, in em: the font's x-height,
    /// or half an em when it gives none.
    public let xHeight: Double
    /// Whether the face is an italic or oblique design (else italics are slanted on drawing).
    public let isItalic: Bool
    /// Where underlines go: the top of the bar above the baseline (negative below it)
    /// and its thickness, in em.
    public let underline: (offset: Double, thickness: Double)
    /// Where strike-throughs go: the top of the bar above the baseline and its
    /// thickness, in em.
    public let strikeout: (offset: Double, thickness: Double)

    /// The variation axes of a variable font, in the font's order; empty for other fonts.
    public let axes: [VariationAxis]
    /// The axis values this face is drawn at, by tag: only axes the font has, clamped to
    /// their ranges, and only those away from their defaults. Empty for a static font or
    /// a variable one at its default instance.
    public let variations: [String: Double]

    package let face: OpaquePointer
    /// Shapes, measures and draws at ``variations``: HarfBuzz applies them to advances
    /// (HVAR), outlines (gvar, CFF2), ink boxes and metrics (MVAR) alike.
    package let font: OpaquePointer
    private let coverage: OpaquePointer
    let outlineCache = LockedCache<UInt32, GlyphOutline>()
    /// Each glyph's outline ink box once measured: fitting measures every line's ink at
    /// every size it tries, and HarfBuzz reads a CFF glyph's charstring for each query.
    private let inkCache = LockedCache<UInt32, (minX: Double, minY: Double, maxX: Double, maxY: Double)?>()
    /// Whether glyphs may be PNG pictures (colour emoji) rather than outlines.
    public let hasColorBitmaps: Bool
    let bitmapCache = LockedCache<UInt32, ColorBitmap?>()
    /// Whether glyphs may be stacks of coloured outlines (a COLR version 0 table).
    public let hasColorLayers: Bool
    /// The colours COLR layers name by index: the face's first CPAL palette, read once
    /// (empty without COLR layers).
    let palette: [Color]
    /// Each glyph's COLR layers once read, nil for a glyph without any.
    let colorGlyphCache = LockedCache<UInt32, ColorGlyph?>()

    /// Opens face `index` of the font file at `path`, at the default position of every
    /// variation axis.
    convenience init(path: String, index: Int, family: String, weight: Int) throws(FontError) {
        guard let blob = hb_blob_create_from_file_or_fail(path) else {
            throw .fontUnreadable(path: path, reason: "the file cannot be read")
        }
        defer { hb_blob_destroy(blob) }
        let faceCount = Int(hb_face_count(blob))
        guard faceCount > index else {
            throw .fontUnreadable(path: path, reason: faceCount == 0
                ? "it is not a font file HarfBuzz can read"
                : "it has \(faceCount) faces, face \(index) was asked for")
        }
        let face = hb_face_create(blob, UInt32(index))!
        let upem = Int(hb_face_get_upem(face))
        let glyphCount = hb_face_get_glyph_count(face)
        guard upem > 0, glyphCount > 0 else {
            hb_face_destroy(face)
            throw .fontUnreadable(path: path, reason: "it has no glyphs")
        }
        hb_face_make_immutable(face)
        let font = hb_font_create(face)!
        // The font stays at its default scale (units per em): positions come out in
        // design units, exactly, with no hinting.
        hb_font_make_immutable(font)
        self.init(path: path, index: index, family: family, weight: weight, face: face, font: font,
                  axes: VariationAxis.axes(of: face), variations: [:])
    }

    /// A face over HarfBuzz objects it now owns: one reference to `face`, and `font`.
    init(path: String, index: Int, family: String, weight: Int, face: OpaquePointer, font: OpaquePointer,
         axes: [VariationAxis], variations: [String: Double]) {
        let upem = Int(hb_face_get_upem(face))
        let coverage = hb_set_create()!
        hb_face_collect_unicodes(face, coverage)

        self.path = path
        self.index = index
        self.family = family
        self.weight = weight
        self.unitsPerEm = upem
        self.face = face
        self.font = font
        self.coverage = coverage
        self.axes = axes
        self.variations = variations
        self.hasColorBitmaps = hb_ot_color_has_png(face) != 0
        self.hasColorLayers = hb_ot_color_has_layers(face) != 0
        self.palette = hasColorLayers ? Self.firstPalette(of: face) : []

        // Metrics are read from the font, not the face: a variable font's MVAR table
        // moves them with the axes.
        func metric(_ tag: hb_ot_metrics_tag_t) -> Int32? {
            var value: hb_position_t = 0
            return hb_ot_metrics_get_position(font, tag, &value) != 0 ? value : nil
        }
        let em = Double(upem)
        let ascent = metric(HB_OT_METRICS_TAG_HORIZONTAL_ASCENDER) ?? Int32(upem * 8 / 10)
        let descent = metric(HB_OT_METRICS_TAG_HORIZONTAL_DESCENDER) ?? -Int32(upem * 2 / 10)
        let gap = metric(HB_OT_METRICS_TAG_HORIZONTAL_LINE_GAP) ?? 0
        self.ascender = Double(ascent) / em
        self.descender = Double(-descent) / em
        self.lineGap = Double(max(0, gap)) / em
        self.xHeight = metric(HB_OT_METRICS_TAG_X_HEIGHT).flatMap { $0 > 0 ? Double($0) / em : nil } ?? 0.5
        self.isItalic = hb_style_get_value(font, HB_STYLE_TAG_ITALIC) > 0.5
        // OpenType gives the top of each bar (post and OS/2 tables).
        let underlineSize = metric(HB_OT_METRICS_TAG_UNDERLINE_SIZE).flatMap { $0 > 0 ? Double($0) / em : nil } ?? 0.05
        let underlineOffset = metric(HB_OT_METRICS_TAG_UNDERLINE_OFFSET).map { Double($0) / em } ?? -0.1
        self.underline = (underlineOffset, underlineSize)
        let strikeSize = metric(HB_OT_METRICS_TAG_STRIKEOUT_SIZE).flatMap { $0 > 0 ? Double($0) / em : nil } ?? underlineSize
        let strikeOffset = metric(HB_OT_METRICS_TAG_STRIKEOUT_OFFSET).flatMap { $0 > 0 ? Double($0) / em : nil } ?? 0.3
        self.strikeout = (strikeOffset, strikeSize)
    }

    deinit {
        hb_set_destroy(coverage)
        hb_font_destroy(font)
        hb_face_destroy(face)
    }

    /// Whether the font maps this character to a glyph of its own.
    public func covers(_ scalar: Unicode.Scalar) -> Bool {
        hb_set_has(coverage, scalar.value) != 0
    }

    /// The glyph's ink box in em: (xMin, yMin, xMax, yMax), y up. Nil for empty glyphs.
    /// For a COLR colour glyph, the box of its layers together.
    public func inkExtents(glyph: UInt32) -> (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
        if hasColorLayers, let colorGlyph = colorGlyph(glyph: glyph) {
            return colorGlyph.ink.map { ($0.minX, $0.minY, $0.maxX, $0.maxY) }
        }
        return outlineInk(glyph: glyph)
    }

    /// The ink box of the glyph's own outline (or picture), in em, y up.
    func outlineInk(glyph: UInt32) -> (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
        if let cached = inkCache.withLock({ $0[glyph] }) { return cached }
        let ink = measuredInk(glyph: glyph)
        inkCache.withLock { $0[glyph] = .some(ink) }
        return ink
    }

    private func measuredInk(glyph: UInt32) -> (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
        var extents = hb_glyph_extents_t()
        guard hb_font_get_glyph_extents(font, glyph, &extents) != 0,
              extents.width != 0, extents.height != 0 else { return nil }
        let em = Double(unitsPerEm)
        let x0 = Double(extents.x_bearing) / em
        let y1 = Double(extents.y_bearing) / em
        let x1 = x0 + Double(extents.width) / em
        let y0 = y1 + Double(extents.height) / em
        return (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
    }

    /// The family and file, e.g. `Noto Sans (/…/NotoSans-Bold.ttf)`, with `#index` for
    /// a face inside a collection
    /// and the axis values of a variable font's instance, e.g. `Inter (/…/Inter.ttf) wght=650`.
    public var description: String {
        let file = index == 0 ? "\(family) (\(path))" : "\(family) (\(path)#\(index))"
        return variations.isEmpty ? file : file + " " + VariationAxis.describe(variations)
    }

    /// Two faces are equal when they are read from the same file and face index at the
    /// same axis values: equal faces draw the same glyphs, even when two engines opened
    /// the file separately. A file changed on disk between the two openings is not noticed.
    public static func == (lhs: FontFace, rhs: FontFace) -> Bool {
        lhs.path == rhs.path && lhs.index == rhs.index && lhs.variations == rhs.variations
    }

    /// Hashes the file, face index and axis values, which decide equality.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(index)
        hasher.combine(variations)
    }
}
