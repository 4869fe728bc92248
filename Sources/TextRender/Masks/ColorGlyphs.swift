import LabelLayout
import StyledText

/// COLR colour glyphs: stacks of outlines, each painted in a palette colour or in the
/// text's own colour. Like colour pictures they keep their own colours (the style's fill
/// paints only their text-coloured layers), and their shape joins the silhouette: strokes
/// and shadows go around all their layers together, as around an outline glyph.
struct ColorGlyphs {
    let placed: [GlyphPaths.PlacedColorGlyph]

    var isEmpty: Bool { placed.isEmpty }

    /// The area the glyphs cover, on a `width`×`height` A8 mask: all their layers' contours
    /// filled as one path, so two layers that share an edge leave no seam there.
    ///
    /// Layers wound opposite ways would cancel out in one path, so each layer filled on
    /// its own is added too (per-pixel maximum): no layer is ever left out.
    func coverage(width: Int, height: Int) throws(RenderError) -> CairoSurface {
        let mask = try CairoSurface(width: width, height: height, format: .alpha)
        let context = CairoContext(mask)
        context.setFillRule(.winding)
        appendOutlines(to: context)
        context.fill()
        try context.check("filling colour glyphs")
        ColorPictures.union(mask, with: try layered(width: width, height: height))
        return mask
    }

    /// Adds every layer's contours to `context`'s current path: what a stroke of the
    /// glyphs follows (stroked, the inner contours stay inside the grown silhouette).
    func appendOutlines(to context: CairoContext) {
        for glyph in placed {
            for index in glyph.glyph.layers.indices { glyph.appendLayer(index, to: context) }
        }
    }

    /// Paints the glyphs in their colours with `context`'s current operator, so that
    /// where their colours are opaque they cover exactly `coverage`.
    ///
    /// Layers are stacked each over the ones below, as the font asks; where two meet,
    /// anti-aliasing leaves each only part of the edge pixels and stacking them lets the
    /// background through (a hairline seam). So the stack is scaled, pixel by pixel, from
    /// the coverage it reached to the coverage of the whole glyph.
    ///
    /// - Parameters:
    ///   - coverage: ``coverage(width:height:)``'s mask.
    ///   - foreground: The source a text-coloured layer of this glyph is painted with.
    func paint(on context: CairoContext, coverage: CairoSurface,
               foreground: (GlyphPaths.PlacedColorGlyph) -> CairoPattern) throws(RenderError) {
        guard !placed.isEmpty else { return }
        let width = coverage.width, height = coverage.height
        let colors = try CairoSurface(width: width, height: height, format: .argb)
        let layers = CairoContext(colors)
        layers.setFillRule(.winding)
        for glyph in placed {
            let text = glyph.glyph.layers.contains { $0.color == nil } ? foreground(glyph) : nil
            for (index, layer) in glyph.glyph.layers.enumerated() {
                if let color = layer.color {
                    layers.setSource(color)
                } else if let text {
                    layers.setSource(text)
                }
                layers.newPath()
                glyph.appendLayer(index, to: layers)
                layers.fill()
            }
        }
        try layers.check("painting colour glyphs")
        let stacked = try layered(width: width, height: height)
        colors.withPixels { pixels, stride in
            stacked.withPixels { reached, maskStride in
                coverage.withPixels { whole, _ in
                    for y in 0..<height {
                        for x in 0..<width {
                            let have = Int(reached[y * maskStride + x]), want = Int(whole[y * maskStride + x])
                            guard have > 0, want > have else { continue }
                            // Premultiplied channels all scale alike, which keeps the colour.
                            for channel in 0..<4 {
                                let offset = y * stride + x * 4 + channel
                                pixels[offset] = UInt8(min(255, (Int(pixels[offset]) * want + have / 2) / have))
                            }
                        }
                    }
                }
            }
        }
        context.setSource(colors, x: 0, y: 0)
        context.paint()
    }

    /// The coverage the layers reach stacked one over another (each filled opaque on its
    /// own): the alpha the painted stack has where its colours are opaque.
    private func layered(width: Int, height: Int) throws(RenderError) -> CairoSurface {
        let mask = try CairoSurface(width: width, height: height, format: .alpha)
        let context = CairoContext(mask)
        context.setFillRule(.winding)
        for glyph in placed {
            for index in glyph.glyph.layers.indices {
                context.newPath()
                glyph.appendLayer(index, to: context)
                context.fill()
            }
        }
        try context.check("filling colour glyphs")
        return mask
    }
}
