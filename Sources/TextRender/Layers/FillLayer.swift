import LabelLayout
import StyledText

/// Paints the glyphs with the style's fill, or where markup gave runs their own colours,
/// with those. It covers what the outlines' rings leave inside the outlined silhouette.
struct FillLayer: TextLayer {
    static let stage = LayerStage.text
    let fill: Fill

    init?(style: LabelStyle) {
        fill = style.fill
    }

    func draw(on context: CairoContext, masks: LabelMasks, ownsOutlined: Bool) throws(RenderError) {
        if let styleFilled = masks.paths.styleFilled {
            try drawRunColors(styleFilled: styleFilled, masks: masks, on: context)
        } else {
            try drawStyleFill(masks: masks, on: context)
        }
    }

    /// Markup gave some runs their own colours: the style's fill paints the other glyphs
    /// (a gradient still spans the whole line or label), each colour its runs' glyphs.
    private func drawRunColors(styleFilled: [(path: CairoPath, glyphs: [GlyphPaths.PlacedGlyph])],
                               masks: LabelMasks, on context: CairoContext) throws(RenderError) {
        context.setFillRule(.winding)
        for ((path, glyphs), lineInk) in zip(styleFilled, masks.paths.lineInk) {
            let pattern: CairoPattern
            switch fill {
            case .color(let color):
                pattern = CairoPattern(color: color)
            case .gradient(let gradient):
                guard let ink = gradient.scope == .label ? masks.labelInk : lineInk else { continue }
                pattern = CairoPattern.linear(gradient, top: ink.top, bottom: ink.bottom, left: ink.left, right: ink.right)
            }
            context.setSource(pattern)
            try Self.paint(glyphs, path: path, masks: masks, on: context)
        }
        for (color, path, glyphs) in masks.paths.colored {
            context.setSource(color)
            try Self.paint(glyphs, path: path, masks: masks, on: context)
        }
    }

    /// Paints the current source through the coverage of `glyphs`, whose outlines and
    /// bars `path` holds.
    static func paint(_ glyphs: [GlyphPaths.PlacedGlyph], path: CairoPath, masks: LabelMasks,
                      on context: CairoContext) throws(RenderError) {
        if let composer = masks.composer {
            guard !glyphs.isEmpty else { return }
            context.mask(try composer.composed(glyphs.map { ($0, 0, .round) }), x: 0, y: 0)
        } else {
            context.newPath()
            context.append(path)
            context.fill()
        }
    }

    /// Plain text: the style's fill over the whole fill mask.
    private func drawStyleFill(masks: LabelMasks, on context: CairoContext) throws(RenderError) {
        guard let region = masks.outlinedRegion else { return }
        let fillMask = masks.fill
        context.save()
        defer { context.restore() }
        context.clip(to: region)
        switch fill {
        case .color(let color):
            context.setSource(color)
            context.mask(fillMask, x: 0, y: 0)
        case .gradient(let gradient) where gradient.scope == .label:
            if let ink = masks.labelInk {
                context.setSource(CairoPattern.linear(gradient, top: ink.top, bottom: ink.bottom, left: ink.left, right: ink.right))
                context.mask(fillMask, x: 0, y: 0)
            }
        case .gradient(let gradient):
            // Each line gets its own gradient over its own ink, and only its own glyphs
            // are filled with it: descenders reaching into the next line keep their colours.
            let bands = Self.separateBands(masks.paths.lineInk, height: masks.canvas.height)
            for (index, (path, ink)) in zip(masks.paths.lines, masks.paths.lineInk).enumerated() {
                guard let ink else { continue }
                context.setSource(CairoPattern.linear(gradient, top: ink.top, bottom: ink.bottom, left: ink.left, right: ink.right))
                if let band = bands?[index] {
                    // No other line reaches these rows, so the fill mask there is this
                    // line's coverage: masking costs far less than rasterizing it again.
                    context.save()
                    context.rectangle(x: 0, y: Double(band.lowerBound), width: Double(masks.canvas.width), height: Double(band.count))
                    context.clip()
                    context.mask(fillMask, x: 0, y: 0)
                    context.restore()
                } else {
                    context.setFillRule(.winding)
                    try Self.paint(masks.paths.lineGlyphs[index], path: path, masks: masks, on: context)
                }
            }
        }
    }

    /// The rows each line's glyphs can touch (its ink and a pixel of anti-aliasing
    /// either side; nil for a line with no ink on the canvas), or nil when two lines
    /// share a row: then the fill mask cannot tell their glyphs apart.
    static func separateBands(_ inks: [GlyphPaths.Ink?], height: Int) -> [Range<Int>?]? {
        let bands = inks.map { ink -> Range<Int>? in
            guard let ink else { return nil }
            // A line whose ink is taller than its box can be centred partly, or for a line
            // of towering marks wholly, off the canvas.
            let top = max(0, Int(ink.top.rounded(.down)) - 1), bottom = min(height, Int(ink.bottom.rounded(.up)) + 1)
            return top < bottom ? top..<bottom : nil
        }
        let drawn = bands.compactMap { $0 }.sorted { $0.lowerBound < $1.lowerBound }
        for (upper, lower) in zip(drawn, drawn.dropFirst()) where upper.upperBound > lower.lowerBound { return nil }
        return bands
    }
}
