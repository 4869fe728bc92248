import LabelLayout
import StyledText

/// COLR colour glyphs: stacks of outlines, each painted in a palette colour or in the
/// text's own colour. Like colour pictures they keep their own colours (the style's fill
/// paints only their text-coloured layers), and their shape joins the silhouette: strokes
/// and shadows go around all their layers together, as around an outline glyph.
struct ColorGlyphs {
    let placed: [GlyphPaths.PlacedColorGlyph]

    var isEmpty: Bool { placed.isEmpty }

    /// Paints the glyphs' coverage onto an A8 surface: every layer filled opaque, each
    /// over the ones before, which is the alpha ``paint(on:foreground:)`` gives them
    /// where their colours are opaque (so the stroke's ring and they add up exactly).
    func paintCoverage(on context: CairoContext) {
        guard !placed.isEmpty else { return }
        context.save()
        context.setOperator(.over)
        context.setSource(Color(red: 0, green: 0, blue: 0))
        // Layers are filled one by one: two layers wound opposite ways would cancel out
        // in one path.
        context.setFillRule(.winding)
        for glyph in placed {
            for index in glyph.glyph.layers.indices {
                context.newPath()
                glyph.appendLayer(index, to: context)
                context.fill()
            }
        }
        context.restore()
    }

    /// Adds every layer's contours to `context`'s current path: what a stroke of the
    /// glyphs follows (stroked, the inner contours stay inside the grown silhouette).
    func appendOutlines(to context: CairoContext) {
        for glyph in placed {
            for index in glyph.glyph.layers.indices { glyph.appendLayer(index, to: context) }
        }
    }

    /// Paints the glyphs in their colours, with `context`'s current operator: the layers
    /// are first stacked in a group of their own (each over the ones below), so a
    /// translucent layer shows the layer beneath it and never what the group lands on.
    ///
    /// - Parameter foreground: The source a text-coloured layer of this glyph is painted with.
    func paint(on context: CairoContext, foreground: (GlyphPaths.PlacedColorGlyph) -> CairoPattern) {
        guard !placed.isEmpty else { return }
        context.pushGroup()
        context.setOperator(.over)
        context.setFillRule(.winding)
        for glyph in placed {
            let text = glyph.glyph.layers.contains { $0.color == nil } ? foreground(glyph) : nil
            for (index, layer) in glyph.glyph.layers.enumerated() {
                if let color = layer.color {
                    context.setSource(color)
                } else if let text {
                    context.setSource(text)
                }
                context.newPath()
                glyph.appendLayer(index, to: context)
                context.fill()
            }
        }
        context.popGroupToSource()
        context.paint()
    }
}
