import LabelLayout
import StyledText

/// Everything a label's layers draw from, made once, in the order each part needs the
/// ones before it: the glyphs' paths, their silhouettes, the fill, the outlines' rings
/// and where the ink lies.
struct LabelMasks {
    let canvas: Canvas
    let paths: GlyphPaths
    let pictures: ColorPictures
    let silhouettes: Silhouettes
    /// The coverage of the outline glyphs, which the style's fill paints and the effects
    /// inside the glyphs are clipped to.
    let fill: CairoSurface
    /// Each outline's ring, runs' strokes first, then the stacked ones outward.
    let rings: [(stroke: Stroke, mask: CairoSurface)]
    /// The glyphs with every outline (nil without outlines): what is cast behind the text.
    let outlined: CairoSurface?
    /// The coverage of every glyph, colour pictures and colour glyphs included: what the
    /// outlines go around.
    let silhouette: CairoSurface
    /// The label's ink, in canvas pixels; nil when nothing is drawn on the canvas.
    let labelInk: GlyphPaths.Ink?
    /// Canvas pixels that hold ink, for limiting blurs to where they matter.
    let inkRegion: PixelRegion?

    init(layout: TextLayout, canvas: Canvas, scratch: CairoContext, limits: Limits,
         glyphMasks: GlyphMaskCache?) throws(RenderError) {
        let style = layout.style
        let scale = canvas.scale
        self.canvas = canvas
        paths = GlyphPaths(layout: layout, canvas: canvas, scratch: scratch)
        pictures = try ColorPictures(paths.pictures, limits: limits)
        let stacked = style.outerStrokes.filter(\.paints)
        var reach = 0.0
        for case (.outside(let spread, let blur, let offsets), true) in LayerEffects.outside(of: style) {
            let moved = offsets.reduce(0) { max($0, max(abs($1.x), abs($1.y))) }
            reach = max(reach, (spread + 1.5 * blur + moved) * scale)
        }
        let drawn = try Silhouettes(
            canvas: canvas, paths: paths, pictures: pictures, glyphMasks: glyphMasks, stacked: stacked,
            phaseMargin: Silhouettes.widestStroke(paths: paths, stacked: stacked) * scale + reach)

        let fillMask = try drawn.fill()
        silhouette = fillMask
        fill = pictures.isEmpty && paths.colorGlyphs.isEmpty ? fillMask : try drawn.outlineFill()
        silhouettes = drawn.growing(from: fill)
        var outlined: CairoSurface?
        var rings: [(stroke: Stroke, mask: CairoSurface)] = []
        if !paths.strokes.isEmpty {
            let outer = try silhouettes.strokedParts(extra: 0)
            rings = try silhouettes.rings(outer: outer.union, perStroke: outer.perStroke, fill: fillMask)
            outlined = outer.union
        }
        if !stacked.isEmpty {
            let stackedRings = try silhouettes.stackedRings(inner: outlined ?? fillMask)
            rings += stackedRings.rings
            outlined = stackedRings.outer
        }
        self.rings = rings
        self.outlined = outlined

        let inks = paths.lineInk.compactMap { $0 }
        labelInk = inks.isEmpty ? nil : (top: inks.map(\.top).min()!, bottom: inks.map(\.bottom).max()!,
                                         left: inks.map(\.left).min()!, right: inks.map(\.right).max()!)
        inkRegion = labelInk.map { ink in
            PixelRegion(x0: Int(ink.left.rounded(.down)), y0: Int(ink.top.rounded(.down)),
                        x1: Int(ink.right.rounded(.up)) + 1, y1: Int(ink.bottom.rounded(.up)) + 1)
        }
    }

    /// How far the outermost outline reaches beyond the glyphs, in pixels.
    var outlinePixels: Double { silhouettes.widestStroke * canvas.scale }

    /// Canvas pixels the outlined glyphs can cover (the ink grown by the outlines, as far
    /// as a miter's limit where a stroke is mitred, and two pixels for anti-aliasing and
    /// rounded glyph positions); nil when nothing is drawn. Outside it every mask but the
    /// shadows' is clear, so compositing stops at it.
    var outlinedRegion: PixelRegion? {
        let strokes = paths.strokes.map(\.stroke) + silhouettes.stacked
        let reach = outlinePixels * (strokes.contains { $0.join == .miter } ? GlyphMask.miterLimit : 1)
        return inkRegion.map { $0.outset(by: Int(reach.rounded(.up)) + 2) }
    }

    /// Builds the fill's masks of some glyphs from cached glyph masks when the label's
    /// other masks are built so, or their edges would not meet the outlines' rings
    /// exactly; nil fills their paths.
    var composer: Silhouettes? { silhouettes.composesGlyphMasks ? silhouettes : nil }

    /// A new mask with `source`'s coverage.
    static func copy(_ source: CairoSurface) throws(RenderError) -> CairoSurface {
        let copy = try CairoSurface(width: source.width, height: source.height, format: .alpha)
        copy.withPixels { out, stride in
            source.withPixels { data, _ in out.update(from: data, count: stride * source.height) }
        }
        return copy
    }
}

/// A rectangle of canvas pixels, `x1` and `y1` exclusive.
struct PixelRegion {
    var x0: Int, y0: Int, x1: Int, y1: Int

    /// The region grown by `pixels` on every side.
    func outset(by pixels: Int) -> PixelRegion {
        PixelRegion(x0: x0 - pixels, y0: y0 - pixels, x1: x1 + pixels, y1: y1 + pixels)
    }
}
