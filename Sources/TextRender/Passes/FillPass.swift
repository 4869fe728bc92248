import Foundation
import LabelLayout
import StyledText

/// Paints the text layer: the outside stroke through its ring mask, then the fill added
/// on top (the two masks partition the stroked silhouette, so adding them gives exact
/// coverage at anti-aliased edges: no dark or light seam between stroke and fill).
struct FillPass {
    let canvas: Canvas
    let paths: GlyphPaths
    let pictures: ColorPictures
    /// The COLR colour glyphs' coverage, nil when the label has none.
    let colorCoverage: CairoSurface?
    /// Builds masks of some glyphs from cached glyph masks, when the label's other masks
    /// are built so: its parts of the fill must then be made the same way, or their
    /// edges would not meet the outline's ring exactly. Nil fills their paths.
    var composer: Silhouettes?

    /// - Parameters:
    ///   - outlineReach: How far the outermost outline reaches beyond the glyphs, in
    ///     pixels: an outline's gradient spans the ink grown by it.
    ///   - inside: Draws the effects inside the glyphs, over the fill.
    func draw(fill: Fill, fillMask: CairoSurface, rings: [(stroke: Stroke, mask: CairoSurface)], outlineReach: Double,
              on context: CairoContext, labelInk: GlyphPaths.Ink?,
              inside: (CairoContext) throws(RenderError) -> Void) throws(RenderError) {
        context.pushGroup()
        // Everything in the layer is added: the rings of the strokes partition the
        // outline and the fill covers what they leave, so the sum is exact coverage.
        context.setOperator(.add)
        for ring in rings {
            if let gradient = ring.stroke.gradient {
                drawGradient(gradient, through: ring.mask, outset: outlineReach, on: context, labelInk: labelInk)
            } else {
                context.setSource(ring.stroke.color)
                context.mask(ring.mask, x: 0, y: 0)
            }
        }
        if let styleFilled = paths.styleFilled {
            try drawRunColors(fill: fill, styleFilled: styleFilled, on: context, labelInk: labelInk)
        } else {
            try drawStyleFill(fill, fillMask: fillMask, on: context, labelInk: labelInk)
        }
        // Inner effects lie over the fill, so they are composited, not added.
        context.setOperator(.over)
        try inside(context)
        context.setOperator(.add)
        // Colour pictures and colour glyphs cover exactly what the ring left out for
        // them, so adding them keeps the layer's coverage exact at their edges too.
        pictures.paint(on: context)
        if let colorCoverage {
            try ColorGlyphs(placed: paths.colorGlyphs).paint(on: context, coverage: colorCoverage) { glyph in
                textColor(of: glyph, fill: fill, labelInk: labelInk)
            }
        }
        context.popGroupToSource()
        context.setOperator(.over)
        context.paint()
        try context.check("filling the text")
    }

    /// An outline painted with a gradient through its ring: across the label's ink grown
    /// by the outlines, or with ``GradientScope/line`` across each line's, the rows
    /// between two lines split halfway between their inks.
    private func drawGradient(_ gradient: Gradient, through ring: CairoSurface, outset: Double,
                              on context: CairoContext, labelInk: GlyphPaths.Ink?) {
        let inks = paths.lineInk.compactMap { $0 }
        if gradient.scope == .label || inks.count < 2 {
            guard let ink = labelInk else { return }
            context.setSource(Self.pattern(gradient, top: ink.top - outset, bottom: ink.bottom + outset,
                                           left: ink.left - outset, right: ink.right + outset))
            context.mask(ring, x: 0, y: 0)
            return
        }
        for (index, ink) in inks.enumerated() {
            let top = index == 0 ? 0 : ((inks[index - 1].bottom + ink.top) / 2).rounded()
            let bottom = index == inks.count - 1 ? Double(canvas.height) : ((ink.bottom + inks[index + 1].top) / 2).rounded()
            guard bottom > top else { continue }
            context.save()
            context.rectangle(x: 0, y: top, width: Double(canvas.width), height: bottom - top)
            context.clip()
            context.setSource(Self.pattern(gradient, top: ink.top - outset, bottom: ink.bottom + outset,
                                           left: ink.left - outset, right: ink.right + outset))
            context.mask(ring, x: 0, y: 0)
            context.restore()
        }
    }

    /// Markup gave some runs their own colours: the style's fill paints the other glyphs
    /// (a gradient still spans the whole line or label), each colour its runs' glyphs.
    private func drawRunColors(fill: Fill, styleFilled: [(path: CairoPath, glyphs: [GlyphPaths.PlacedGlyph])],
                               on context: CairoContext, labelInk: GlyphPaths.Ink?) throws(RenderError) {
        context.setFillRule(.winding)
        for ((path, glyphs), lineInk) in zip(styleFilled, paths.lineInk) {
            let pattern: CairoPattern
            switch fill {
            case .color(let color):
                pattern = CairoPattern(color: color)
            case .gradient(let gradient):
                guard let ink = gradient.scope == .label ? labelInk : lineInk else { continue }
                pattern = Self.pattern(gradient, top: ink.top, bottom: ink.bottom, left: ink.left, right: ink.right)
            }
            context.setSource(pattern)
            try paint(glyphs, path: path, on: context)
        }
        for (color, path, glyphs) in paths.colored {
            context.setSource(color)
            try paint(glyphs, path: path, on: context)
        }
    }

    /// Paints the current source through the coverage of `glyphs`, whose outlines and
    /// bars `path` holds.
    private func paint(_ glyphs: [GlyphPaths.PlacedGlyph], path: CairoPath, on context: CairoContext) throws(RenderError) {
        if let composer {
            guard !glyphs.isEmpty else { return }
            context.mask(try composer.composed(glyphs.map { ($0, 0, .round) }), x: 0, y: 0)
        } else {
            context.newPath()
            context.append(path)
            context.fill()
        }
    }

    /// What a colour glyph's text-coloured layers are painted with: its run's colour, or
    /// the style's fill, a gradient spanning the label's or the glyph's line's ink as it
    /// does for the outline glyphs around it.
    private func textColor(of glyph: GlyphPaths.PlacedColorGlyph, fill: Fill, labelInk: GlyphPaths.Ink?) -> CairoPattern {
        if let color = glyph.runColor { return CairoPattern(color: color) }
        switch fill {
        case .color(let color):
            return CairoPattern(color: color)
        case .gradient(let gradient):
            let ink = gradient.scope == .label ? labelInk : paths.lineInk[glyph.line]
            guard let ink else { return CairoPattern(color: gradient.colors.first ?? Color(red: 0, green: 0, blue: 0)) }
            return Self.pattern(gradient, top: ink.top, bottom: ink.bottom, left: ink.left, right: ink.right)
        }
    }

    /// Plain text: the style's fill over the whole fill mask.
    private func drawStyleFill(_ fill: Fill, fillMask: CairoSurface, on context: CairoContext,
                               labelInk: GlyphPaths.Ink?) throws(RenderError) {
        switch fill {
        case .color(let color):
            context.setSource(color)
            context.mask(fillMask, x: 0, y: 0)
        case .gradient(let gradient) where gradient.scope == .label:
            if let ink = labelInk {
                context.setSource(Self.pattern(gradient, top: ink.top, bottom: ink.bottom, left: ink.left, right: ink.right))
                context.mask(fillMask, x: 0, y: 0)
            }
        case .gradient(let gradient):
            // Each line gets its own gradient over its own ink, and only its own glyphs
            // are filled with it: descenders reaching into the next line keep their colours.
            let bands = Self.separateBands(paths.lineInk, height: canvas.height)
            for (index, (path, ink)) in zip(paths.lines, paths.lineInk).enumerated() {
                guard let ink else { continue }
                context.setSource(Self.pattern(gradient, top: ink.top, bottom: ink.bottom, left: ink.left, right: ink.right))
                if let band = bands?[index] {
                    // No other line reaches these rows, so the fill mask there is this
                    // line's coverage: masking costs far less than rasterizing it again.
                    context.save()
                    context.rectangle(x: 0, y: Double(band.lowerBound), width: Double(canvas.width), height: Double(band.count))
                    context.clip()
                    context.mask(fillMask, x: 0, y: 0)
                    context.restore()
                } else {
                    context.setFillRule(.winding)
                    try paint(paths.lineGlyphs[index], path: path, on: context)
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

    /// A linear gradient across the rectangle at the gradient's angle (90 = top to
    /// bottom), long enough that its first and last colours reach the corners, as CSS does.
    static func pattern(_ gradient: Gradient, top: Double, bottom: Double, left: Double, right: Double) -> CairoPattern {
        let radians = gradient.angle * .pi / 180
        let dx = cos(radians), dy = sin(radians)
        let width = right - left, height = bottom - top
        let half = (abs(width * dx) + abs(height * dy)) / 2
        let cx = (left + right) / 2, cy = (top + bottom) / 2
        let pattern = CairoPattern(linearFromX: cx - dx * half, y0: cy - dy * half, toX: cx + dx * half, y1: cy + dy * half)
        let locations = gradient.locations.count == gradient.colors.count
            ? gradient.locations
            : gradient.colors.indices.map { gradient.colors.count == 1 ? 0 : Double($0) / Double(gradient.colors.count - 1) }
        for (color, location) in zip(gradient.colors, locations) {
            pattern.addColorStop(location, color)
        }
        pattern.setExtend(.pad)
        return pattern
    }
}
