import CHarfBuzz

/// A colour glyph stored as a picture (CBDT or sbix, as in Noto Color Emoji): PNG bytes
/// and the box, in em, that the picture covers around the glyph origin.
public struct ColorBitmap: Sendable, Hashable {
    /// The glyph's PNG image, as stored in the font.
    public let png: [UInt8]
    /// The left edge of the box the image fills, in em from the glyph origin: the box is
    /// the glyph's ink extents.
    public let minX: Double
    /// The bottom edge of the image's box, in em, y up (negative below the baseline).
    public let minY: Double
    /// The right edge of the image's box, in em.
    public let maxX: Double
    /// The top edge of the image's box, in em, y up.
    public let maxY: Double
    /// Where the picture comes from, for messages: the inline image's file, or the font
    /// file and glyph (`/…/NotoColorEmoji.ttf, glyph 12`).
    public let source: String

    /// Stated because layout builds inline images with it, and the memberwise one is internal.
    package init(png: [UInt8], minX: Double, minY: Double, maxX: Double, maxY: Double, source: String) {
        self.png = png
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
        self.source = source
    }
}

extension FontFace {
    /// The glyph's colour picture, or nil for an outline glyph. Cached per face.
    public func colorBitmap(glyph: UInt32) -> ColorBitmap? {
        guard hasColorBitmaps else { return nil }
        if let cached = bitmapCache.withLock({ $0[glyph] }) { return cached }
        let bitmap = readBitmap(glyph)
        bitmapCache.withLock { $0[glyph] = .some(bitmap) }
        return bitmap
    }

    private func readBitmap(_ glyph: UInt32) -> ColorBitmap? {
        guard let blob = hb_ot_color_glyph_reference_png(font, glyph) else { return nil }
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0,
              let box = inkExtents(glyph: glyph) else { return nil }
        let bytes = data.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
            Array(UnsafeBufferPointer(start: $0, count: Int(length)))
        }
        return ColorBitmap(png: bytes, minX: box.minX, minY: box.minY, maxX: box.maxX, maxY: box.maxY,
                           source: "\(path), glyph \(glyph)")
    }
}
