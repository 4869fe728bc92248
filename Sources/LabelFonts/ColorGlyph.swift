import CHarfBuzz
import StyledText

/// A vector colour glyph from a font's COLR table (version 0): outlines stacked bottom
/// to top, each painted in one colour of the font's first palette (CPAL) or in the
/// text's own colour.
///
/// COLR version 1 glyphs (gradients, transforms, composite paints) are not read: a font
/// that has only those draws its glyphs' plain outlines, in the text's colour.
public struct ColorGlyph: Sendable, Hashable {
    /// One layer of a colour glyph.
    public struct Layer: Sendable, Hashable {
        /// The layer's outline, in em, y up, from the glyph's origin.
        public let outline: GlyphOutline
        /// The palette colour the layer is painted in, or nil for the text's own colour
        /// (the run's colour or the style's fill, gradient included).
        public let color: Color?
    }

    /// The layers, bottom first: each is painted over the ones before it.
    public let layers: [Layer]
    /// The ink box of the layers together, in em, y up (nil when they draw nothing).
    let ink: InkBox?

    /// A box in em, y up.
    struct InkBox: Sendable, Hashable {
        var minX, minY, maxX, maxY: Double
    }
}

extension FontFace {
    /// The glyph's COLR layers, or nil for a glyph that has none (an outline glyph, or
    /// one only COLR version 1 describes). Cached per face; a face without a COLR table
    /// answers without a lookup.
    public func colorGlyph(glyph: UInt32) -> ColorGlyph? {
        guard hasColorLayers else { return nil }
        if let cached = colorGlyphCache.withLock({ $0[glyph] }) { return cached }
        let colorGlyph = readColorGlyph(glyph)
        colorGlyphCache.withLock { $0[glyph] = .some(colorGlyph) }
        return colorGlyph
    }

    private func readColorGlyph(_ glyph: UInt32) -> ColorGlyph? {
        let total = hb_ot_color_glyph_get_layers(face, glyph, 0, nil, nil)
        guard total > 0 else { return nil }
        var count = total
        var entries = [hb_ot_color_layer_t](repeating: hb_ot_color_layer_t(), count: Int(total))
        _ = hb_ot_color_glyph_get_layers(face, glyph, 0, &count, &entries)
        var layers: [ColorGlyph.Layer] = []
        // The base glyph's own outline is only a fallback for renderers without colour
        // (often empty): the ink is what the layers draw.
        var ink: ColorGlyph.InkBox?
        for entry in entries.prefix(Int(count)) {
            // 0xFFFF is the text's colour; an index past the palette is a broken font,
            // drawn in the text's colour rather than not at all.
            let color = Int(entry.color_index) < palette.count ? palette[Int(entry.color_index)] : nil
            layers.append(ColorGlyph.Layer(outline: outline(glyph: entry.glyph), color: color))
            if let box = outlineInk(glyph: entry.glyph) {
                ink = ink.map { ColorGlyph.InkBox(minX: min($0.minX, box.minX), minY: min($0.minY, box.minY),
                                                  maxX: max($0.maxX, box.maxX), maxY: max($0.maxY, box.maxY)) }
                    ?? ColorGlyph.InkBox(minX: box.minX, minY: box.minY, maxX: box.maxX, maxY: box.maxY)
            }
        }
        return ColorGlyph(layers: layers, ink: ink)
    }
}

extension FontFace {
    /// Palette 0 of the face's CPAL table (empty without one). COLR v0 names colours by
    /// index into a palette; the first palette is the font's default.
    static func firstPalette(of face: OpaquePointer) -> [Color] {
        var count = hb_ot_color_palette_get_colors(face, 0, 0, nil, nil)
        guard count > 0 else { return [] }
        var colors = [hb_color_t](repeating: 0, count: Int(count))
        _ = hb_ot_color_palette_get_colors(face, 0, 0, &count, &colors)
        return colors.prefix(Int(count)).map { packed in
            // hb_color_t packs BGRA, blue in the top byte (HB_COLOR); its getters are
            // macros Swift cannot import.
            func channel(_ shift: UInt32) -> Double { Double((packed >> shift) & 0xFF) / 255 }
            return Color(red: channel(8), green: channel(16), blue: channel(24), alpha: channel(0))
        }
    }
}
