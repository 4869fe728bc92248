import StyledText

/// Paints the colour pictures and the COLR colour glyphs, whose text-coloured layers
/// take their run's colour or the style's fill. They cover exactly what the outlines'
/// rings left out for them, so adding them keeps the text's coverage exact at their
/// edges too.
struct PictureLayer: TextLayer {
    static let stage = LayerStage.text
    let fill: Fill

    init?(style: LabelStyle) {
        fill = style.fill
    }

    func draw(on context: CairoContext, masks: LabelMasks, ownsOutlined: Bool) throws(RenderError) {
        masks.pictures.paint(on: context)
        if let colorCoverage = masks.silhouettes.colorCoverage {
            try ColorGlyphs(placed: masks.paths.colorGlyphs).paint(on: context, coverage: colorCoverage) { glyph in
                textColor(of: glyph, masks: masks)
            }
        }
    }

    /// What a colour glyph's text-coloured layers are painted with: its run's colour, or
    /// the style's fill, a gradient spanning the label's or the glyph's line's ink as it
    /// does for the outline glyphs around it.
    private func textColor(of glyph: GlyphPaths.PlacedColorGlyph, masks: LabelMasks) -> CairoPattern {
        if let color = glyph.runColor { return CairoPattern(color: color) }
        switch fill {
        case .color(let color):
            return CairoPattern(color: color)
        case .gradient(let gradient):
            let ink = gradient.scope == .label ? masks.labelInk : masks.paths.lineInk[glyph.line]
            guard let ink else { return CairoPattern(color: gradient.colors.first ?? Color(red: 0, green: 0, blue: 0)) }
            return CairoPattern.linear(gradient, top: ink.top, bottom: ink.bottom, left: ink.left, right: ink.right)
        }
    }
}
