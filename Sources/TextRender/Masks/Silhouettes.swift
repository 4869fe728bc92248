import StyledText

/// Coverage masks of the text: the glyphs' fill, and the stroked silhouette (fill plus
/// outlines). With a glyph mask cache, each is built from the glyphs' cached masks,
/// composited one over the other in the label's order; otherwise (and for labels with
/// bars or COLR glyphs) rasterized in one pass over all glyphs from their paths. Either
/// way every mask of a label is made the same way, so a ring cut from one by another
/// has no seam, and runs with different strokes still make one silhouette.
struct Silhouettes {
    typealias PlacedGlyph = GlyphPaths.PlacedGlyph
    let canvas: Canvas
    let paths: GlyphPaths
    let pictures: ColorPictures
    /// Where glyph masks come from; nil rasterizes every mask from the glyphs' paths.
    let glyphMasks: GlyphMaskCache?
    /// How far, in pixels, the label's effects reach beyond a glyph's outline (outlines,
    /// shadows' spread, blur and offset). A glyph whose reach comes this close to the
    /// canvas's edge is drawn at its exact position: rounding it to a phase could move
    /// ink into the pixels kept clear at the edge.
    let phaseMargin: Double
    /// ``outlineFill()``'s mask once drawn (``growing(from:)``): growing all glyphs then
    /// adds it instead of filling their outlines again (the same coverage, at a fraction
    /// of the cost).
    private(set) var outlineCoverage: CairoSurface?
    /// The outlines stacked outside the runs' own, innermost first (those that paint).
    let stacked: [Stroke]
    /// The coverage of the COLR colour glyphs (``ColorGlyphs/coverage(width:height:)``),
    /// nil when the label has none: made once, as the fill and every grown silhouette
    /// include it.
    let colorCoverage: CairoSurface?

    init(canvas: Canvas, paths: GlyphPaths, pictures: ColorPictures, glyphMasks: GlyphMaskCache?,
         stacked: [Stroke], phaseMargin: Double) throws(RenderError) {
        self.canvas = canvas
        self.paths = paths
        self.pictures = pictures
        self.glyphMasks = glyphMasks
        self.stacked = stacked
        self.phaseMargin = phaseMargin
        colorCoverage = paths.colorGlyphs.isEmpty ? nil
            : try ColorGlyphs(placed: paths.colorGlyphs).coverage(width: canvas.width, height: canvas.height)
    }

    /// These silhouettes, growing all glyphs from `outlineCoverage`, ``outlineFill()``'s mask.
    func growing(from outlineCoverage: CairoSurface) -> Silhouettes {
        var grown = self
        grown.outlineCoverage = outlineCoverage
        return grown
    }

    /// Whether every mask of the label is built from cached glyph masks. Bars are only
    /// in the paths, and a COLR glyph's layers are grown with the outlines around them,
    /// so labels with either are rasterized from the paths, every mask alike.
    var composesGlyphMasks: Bool {
        glyphMasks != nil && !paths.hasDecorations && paths.colorGlyphs.isEmpty
    }

    /// The coverage of the outline glyphs, which the style's fill paints.
    func outlineFill() throws(RenderError) -> CairoSurface {
        if composesGlyphMasks { return try composed(paths.placedGlyphs.map { ($0, 0, .round) }) }
        let mask = try CairoSurface(width: canvas.width, height: canvas.height, format: .alpha)
        let context = CairoContext(mask)
        context.setFillRule(.winding)
        paths.appendAll(to: context)
        context.fill()
        try context.check("filling the glyphs")
        return mask
    }

    /// The coverage of all glyphs, colour pictures and colour glyphs included: what a
    /// stroke goes around.
    func fill() throws(RenderError) -> CairoSurface {
        let mask = try outlineFill()
        if !pictures.isEmpty {
            let context = CairoContext(mask)
            pictures.paint(on: context)
            try context.check("drawing colour glyphs")
        }
        if let colorCoverage { Self.paint(colorCoverage, over: mask) }
        return mask
    }

    /// How far the outlines reach beyond the glyphs, in pixels at scale 1: the widest
    /// run's stroke and the stacked ones outside it (0 without strokes).
    var widestStroke: Double { Self.widestStroke(paths: paths, stacked: stacked) }

    static func widestStroke(paths: GlyphPaths, stacked: [Stroke]) -> Double {
        (paths.strokes.map(\.stroke.reach).max() ?? 0) + stacked.reduce(0) { $0 + $1.reach }
    }

    /// The glyphs with every outline, grown by `extra` more pixels: a shadow's shape.
    func stroked(extra: Double) throws(RenderError) -> CairoSurface {
        let outset = stacked.reduce(0) { $0 + $1.width } * canvas.scale
        return try strokedParts(extra: outset + extra, join: stacked.last?.join).union
    }

    /// The glyphs each grown by its run's stroke plus `extra` pixels (with `join`, or
    /// each stroke's own) and, when runs have different strokes, each stroke's own grown
    /// glyphs (in ``GlyphPaths/strokes`` order), which ``rings(outer:perStroke:fill:)`` splits by.
    /// With `extra` 0 it is the shape the runs' strokes and the fill cover together.
    func strokedParts(extra: Double, join: LineJoin? = nil) throws(RenderError)
        -> (union: CairoSurface, perStroke: [CairoSurface]) {
        let scale = canvas.scale
        let strokes = paths.strokes
        if strokes.count == 1, case .all = strokes[0].glyphs {
            return (try grown(.all, by: strokes[0].stroke.width * scale + extra, join: join ?? strokes[0].stroke.join), [])
        }
        if strokes.isEmpty {
            return (try grown(.all, by: extra, join: join ?? .round), [])
        }
        var perStroke: [CairoSurface] = []
        for group in strokes {
            perStroke.append(try grown(group.glyphs, by: group.stroke.width * scale + extra, join: join ?? group.stroke.join))
        }
        if composesGlyphMasks {
            // One composition of every glyph grown by its own run's stroke: where only a
            // stroke's colour changes, the silhouette is the same as with one stroke.
            var grownGlyphs: [(PlacedGlyph, Double, LineJoin)] = []
            var grownPictures: [(ColorPictures, Double)] = []
            for group in strokes {
                let outset = group.stroke.width * scale + extra
                grownGlyphs += Self.outlineGlyphs(group.glyphs, all: paths.placedGlyphs)
                    .map { ($0, outset, join ?? group.stroke.join) }
                grownPictures.append((try selectedPictures(group.glyphs), outset))
            }
            if let unstroked = paths.unstroked {
                grownGlyphs += Self.outlineGlyphs(unstroked, all: paths.placedGlyphs).map { ($0, extra, join ?? .round) }
                grownPictures.append((try selectedPictures(unstroked), extra))
            }
            let union = try composed(grownGlyphs.sorted { $0.0.order < $1.0.order })
            for (pictures, outset) in grownPictures where !pictures.isEmpty {
                ColorPictures.union(union, with: try pictures.grownCoverage(
                    width: canvas.width, height: canvas.height, radius: outset))
            }
            return (union, perStroke)
        }
        let union = try CairoSurface(width: canvas.width, height: canvas.height, format: .alpha)
        for mask in perStroke { ColorPictures.union(union, with: mask) }
        if let unstroked = paths.unstroked {
            ColorPictures.union(union, with: try grown(unstroked, by: extra, join: join ?? .round))
        }
        return (union, perStroke)
    }

    /// The rings of the stacked outlines around `inner` (the glyphs with their runs'
    /// strokes): each the silhouette grown by the stacked widths so far, less the one
    /// inside it, so every ring lies wholly outside the previous one and the rings, the
    /// inner strokes and the fill add up to the outermost silhouette (no gap, no seam).
    /// Also gives that outermost silhouette.
    func stackedRings(inner: CairoSurface) throws(RenderError)
        -> (rings: [(stroke: Stroke, mask: CairoSurface)], outer: CairoSurface) {
        var rings: [(stroke: Stroke, mask: CairoSurface)] = []
        var previous = inner
        var outset = 0.0
        for stroke in stacked {
            outset += stroke.width * canvas.scale
            let grown = try strokedParts(extra: outset, join: stroke.join).union
            // A wider join inside (a miter's spike) may reach past this outline; the
            // silhouette keeps it, so the ring never overlaps the ones inside.
            ColorPictures.union(grown, with: previous)
            rings.append((stroke, try Self.ring(outer: grown, inner: previous)))
            previous = grown
        }
        return (rings, previous)
    }

    /// The ring each stroke paints: `outer` minus the fill, split between the strokes so
    /// the parts add up to the ring exactly (the first stroke takes what its own grown
    /// glyphs, `perStroke`, cover, the next what is left of its, and so on; no seam, no
    /// double cover).
    func rings(outer: CairoSurface, perStroke: [CairoSurface], fill: CairoSurface) throws(RenderError)
        -> [(stroke: Stroke, mask: CairoSurface)] {
        let ring = try Self.ring(outer: outer, inner: fill)
        let strokes = paths.strokes
        guard strokes.count > 1 else { return strokes.map { ($0.stroke, ring) } }
        var result: [(stroke: Stroke, mask: CairoSurface)] = []
        for (index, group) in strokes.enumerated() {
            if index == strokes.count - 1 {
                result.append((group.stroke, ring))
                break
            }
            let part = try CairoSurface(width: ring.width, height: ring.height, format: .alpha)
            part.withPixels { out, stride in
                ring.withPixels { rest, _ in
                    perStroke[index].withPixels { mine, _ in
                        for offset in 0..<(stride * ring.height) {
                            let taken = min(rest[offset], mine[offset])
                            out[offset] = taken
                            rest[offset] -= taken
                        }
                    }
                }
            }
            result.append((group.stroke, part))
        }
        return result
    }

    /// The selected glyphs grown by `outset` pixels with the given join: the shape an
    /// outside stroke of that width covers together with the glyphs.
    func grown(_ glyphs: GlyphPaths.Selection, by outset: Double, join: LineJoin) throws(RenderError) -> CairoSurface {
        if composesGlyphMasks {
            let mask = try composed(Self.outlineGlyphs(glyphs, all: paths.placedGlyphs).map { ($0, outset, join) })
            let selected = try selectedPictures(glyphs)
            if !selected.isEmpty {
                ColorPictures.union(mask, with: try selected.grownCoverage(
                    width: canvas.width, height: canvas.height, radius: outset))
            }
            return mask
        }
        let mask = try CairoSurface(width: canvas.width, height: canvas.height, format: .alpha)
        let context = CairoContext(mask)
        context.setFillRule(.winding)
        let selectedPictures: ColorPictures
        let colorGlyphs: ColorGlyphs
        let colorGlyphCoverage: CairoSurface?
        switch glyphs {
        case .all:
            if outlineCoverage == nil || outset > 0 { paths.appendAll(to: context) }
            selectedPictures = pictures
            colorGlyphs = ColorGlyphs(placed: paths.colorGlyphs)
            colorGlyphCoverage = colorCoverage
        case .runs(let path, let placed, let placedColorGlyphs, _):
            context.append(path)
            selectedPictures = try ColorPictures(placed, limits: pictures.limits)
            colorGlyphs = ColorGlyphs(placed: placedColorGlyphs)
            colorGlyphCoverage = colorGlyphs.isEmpty ? nil : try colorGlyphs.coverage(width: canvas.width, height: canvas.height)
        }
        if outset > 0 {
            colorGlyphs.appendOutlines(to: context)
            // A centred stroke of twice the width reaches `outset` beyond the outline;
            // its inner half is hidden under the fill that is added next.
            context.setLineWidth(2 * outset)
            context.setLineJoin(join)
            if join == .miter { context.setMiterLimit(GlyphMask.miterLimit) }
            context.strokePreservingPath()
        }
        if case .all = glyphs, let outlineCoverage {
            context.newPath()
            try context.check("stroking the glyphs")
            Self.paint(outlineCoverage, over: mask)
        } else {
            context.fill()
            try context.check("stroking the glyphs")
        }
        // Added as ``fill()`` adds it, so the ring this leaves around the fill mask is
        // exact at the colour glyphs' edges too.
        if let colorGlyphCoverage { Self.paint(colorGlyphCoverage, over: mask) }
        if !selectedPictures.isEmpty {
            ColorPictures.union(mask, with: try selectedPictures.grownCoverage(
                width: canvas.width, height: canvas.height, radius: outset))
        }
        return mask
    }

    /// The outline glyphs `selection` picks.
    static func outlineGlyphs(_ selection: GlyphPaths.Selection, all: [PlacedGlyph]) -> [PlacedGlyph] {
        switch selection {
        case .all: all
        case .runs(_, _, _, let glyphs): glyphs
        }
    }

    /// The pictures `selection` picks.
    private func selectedPictures(_ selection: GlyphPaths.Selection) throws(RenderError) -> ColorPictures {
        switch selection {
        case .all: pictures
        case .runs(_, let placed, _, _): try ColorPictures(placed, limits: pictures.limits)
        }
    }

    /// Each glyph's cached mask, grown by its outset with its join (outset 0: its fill),
    /// composited one over the other in the order given on a new canvas-sized mask.
    func composed(_ glyphs: [(glyph: PlacedGlyph, outset: Double, join: LineJoin)]) throws(RenderError) -> CairoSurface {
        guard let cache = glyphMasks else { preconditionFailure("no glyph mask cache") }
        var placed: [(mask: GlyphMask, x: Int, y: Int)] = []
        placed.reserveCapacity(glyphs.count)
        for (glyph, outset, join) in glyphs {
            var phases = GlyphMask.phases
            var x = GlyphMask.split(glyph.x), y = GlyphMask.split(glyph.y)
            var key = GlyphMaskKey(face: glyph.face, glyph: glyph.glyph, size: glyph.size, slant: glyph.slant,
                                   phases: UInt16(phases), phaseX: x.phase, phaseY: y.phase, outset: 0, join: .round)
            // Decided on the glyph's fill and the label's reach, not this mask's outset,
            // so that all of a glyph's masks take the same phase.
            let fill = cache.mask(key)
            let margin = Int(phaseMargin.rounded(.up)) + 2
            if fill.width > 0, x.whole + fill.left - margin <= 0 || y.whole + fill.top - margin <= 0
                || x.whole + fill.left + fill.width + margin >= canvas.width
                || y.whole + fill.top + fill.height + margin >= canvas.height {
                phases = GlyphMask.exactPhases
                x = GlyphMask.split(glyph.x, phases: phases)
                y = GlyphMask.split(glyph.y, phases: phases)
                key.phases = UInt16(phases)
                key.phaseX = x.phase
                key.phaseY = y.phase
            }
            key.outset = outset
            key.join = outset > 0 ? join : .round
            let mask = cache.mask(key)
            if mask.width > 0 { placed.append((mask, x.whole + mask.left, y.whole + mask.top)) }
        }
        let surface = try CairoSurface(width: canvas.width, height: canvas.height, format: .alpha)
        surface.withPixels { data, stride in
            for glyph in placed {
                glyph.mask.composite(into: data, width: canvas.width, height: canvas.height, stride: stride,
                                     x: glyph.x, y: glyph.y)
            }
        }
        return surface
    }

    /// Composites coverage `top` over `mask` (top + mask × (1 - top)), rounded as
    /// Cairo's own OVER rounds, sixteen pixels at a time.
    static func paint(_ top: CairoSurface, over mask: CairoSurface) {
        mask.withPixels { out, stride in
            top.withPixels { source, _ in Self.over(source, onto: out, count: stride * mask.height) }
        }
    }

    /// `count` coverage bytes at `top` composited over those at `out`, in place:
    /// `top + out × (1 - top)`, rounded as Cairo's own OVER rounds, sixteen at a time.
    static func over(_ top: UnsafePointer<UInt8>, onto out: UnsafeMutablePointer<UInt8>, count: Int) {
        var i = 0
        while i + 16 <= count {
            let f = SIMD16<UInt16>(truncatingIfNeeded: UnsafeRawPointer(top + i).loadUnaligned(as: SIMD16<UInt8>.self))
            let d = SIMD16<UInt16>(truncatingIfNeeded: UnsafeRawPointer(out + i).loadUnaligned(as: SIMD16<UInt8>.self))
            let t = d &* (255 &- f) &+ 0x80
            let result = f &+ (((t &>> 8) &+ t) &>> 8)
            UnsafeMutableRawPointer(out + i).storeBytes(of: SIMD16<UInt8>(truncatingIfNeeded: result), as: SIMD16<UInt8>.self)
            i += 16
        }
        while i < count {
            let f = UInt16(top[i]), t = UInt16(out[i]) * (255 - f) + 0x80
            out[i] = UInt8(f + (((t >> 8) + t) >> 8))
            i += 1
        }
    }

    /// `outer` minus `inner`, per pixel: the ring an outside stroke paints. Where a glyph
    /// is fully covered the ring is empty, so a translucent fill never shows stroke colour.
    static func ring(outer: CairoSurface, inner: CairoSurface) throws(RenderError) -> CairoSurface {
        let ring = try CairoSurface(width: outer.width, height: outer.height, format: .alpha)
        ring.withPixels { out, stride in
            outer.withPixels { o, _ in
                inner.withPixels { i, _ in
                    for offset in 0..<(stride * outer.height) {
                        let a = o[offset], b = i[offset]
                        out[offset] = a > b ? a - b : 0
                    }
                }
            }
        }
        return ring
    }
}
