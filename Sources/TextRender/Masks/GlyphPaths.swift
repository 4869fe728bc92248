import LabelLayout
import StyledText

/// Builds the Cairo paths of the label's glyphs and decorations, in canvas pixels.
/// Baselines are snapped to whole pixels here, at drawing time only, so layout stays
/// identical at every scale.
///
/// Plain text needs one path per line. Markup that colours runs or changes their stroke
/// adds paths for those runs, so each paint and each stroke covers exactly its glyphs.
struct GlyphPaths {
    typealias Ink = (top: Double, bottom: Double, left: Double, right: Double)

    /// One path per line, every glyph and decoration in it, so line-scoped fills can draw
    /// a line on its own and the silhouette is rasterized in one pass.
    var lines: [CairoPath]
    /// The ink of each line in canvas pixels (nil for empty lines).
    var lineInk: [Ink?]
    /// Colour glyphs and inline images, which have no outline to add to a path.
    var pictures: [PlacedPicture]
    /// COLR colour glyphs, in drawing order: their layers paint themselves, so they are
    /// in no line path either.
    var colorGlyphs: [PlacedColorGlyph]
    /// When runs have their own colours: per line, the glyphs that take the style's fill,
    /// and one path per run colour (with the outline glyphs in each, for masks built
    /// from cached glyph masks). Nil when the style's fill paints everything.
    var styleFilled: [(path: CairoPath, glyphs: [PlacedGlyph])]?
    var colored: [(color: Color, path: CairoPath, glyphs: [PlacedGlyph])] = []
    /// The strokes drawn, one per distinct run stroke, and the glyphs each surrounds.
    var strokes: [StrokeGroup] = []
    /// Glyphs no stroke surrounds, when other runs have one (nil when the strokes
    /// cover everything or there is no stroke at all).
    var unstroked: Selection?
    /// Every outline glyph where it is drawn, for building masks from cached glyph masks
    /// (``GlyphMaskCache``) instead of rasterizing the lines' paths.
    var placedGlyphs: [PlacedGlyph] = []
    /// The outline glyphs of each line, as ``lines`` holds their paths.
    var lineGlyphs: [[PlacedGlyph]] = []
    /// Whether any run has an underline or strike-through: bars are in the line paths
    /// only, so their masks are rasterized from the paths.
    var hasDecorations = false

    /// An outline glyph and the canvas point its origin (on the snapped baseline) lies at.
    struct PlacedGlyph {
        var face: FontFace
        var glyph: UInt32
        /// The font size in canvas pixels.
        var size: Double
        var slant: Double
        var x: Double
        var y: Double
        /// Where it comes in the label (line, run, glyph), so that glyphs picked run by
        /// run are composited in the order all of them are.
        var order: Int
    }

    /// Which glyphs a mask is made of.
    enum Selection {
        /// All of them: the line paths and every picture.
        case all
        /// Some runs: their path, pictures, colour glyphs and outline glyphs.
        case runs(CairoPath, [PlacedPicture], [PlacedColorGlyph], [PlacedGlyph])
    }

    struct StrokeGroup {
        var stroke: Stroke
        var glyphs: Selection
    }

    /// A colour glyph's or inline image's picture and the canvas rectangle it fills.
    struct PlacedPicture {
        var bitmap: ColorBitmap
        var x: Double
        var y: Double
        var width: Double
        var height: Double
    }

    /// A COLR colour glyph and where it is drawn: its layers' outlines at the glyph
    /// origin (`x`, `y`) in canvas pixels, `size` pixels per em.
    struct PlacedColorGlyph {
        var glyph: ColorGlyph
        var x: Double
        var y: Double
        var size: Double
        var slant: Double
        /// The line it is on, whose ink a line-scoped gradient spans.
        var line: Int
        /// The run's own colour, which the text-coloured layers take instead of the style's fill.
        var runColor: Color?

        /// Adds the outline of layer `index` to `context`'s current path.
        func appendLayer(_ index: Int, to context: CairoContext) {
            GlyphPaths.append(glyph.layers[index].outline, to: context, x: x, y: y, size: size, slant: slant)
        }
    }

    /// Builds the paths of `layout` on `canvas`, using `scratch`'s current path to
    /// assemble each one (and leaving it empty).
    init(layout: TextLayout, canvas: Canvas, scratch: CairoContext) {
        var paths: [CairoPath] = []
        var inks: [Ink?] = []
        var pictures: [PlacedPicture] = []
        var colorGlyphs: [PlacedColorGlyph] = []
        var placed: [PlacedGlyph] = []
        var decorated = false
        for (index, line) in layout.lines.enumerated() {
            scratch.newPath()
            var ink: Ink?
            var lineGlyphs: [PlacedGlyph] = []
            for (runIndex, run) in line.runs.enumerated() {
                Self.append(run, line: line, index: index, runIndex: runIndex, canvas: canvas, to: scratch,
                            pictures: &pictures, colorGlyphs: &colorGlyphs, ink: &ink, placed: &lineGlyphs)
                if !run.decorations.isEmpty { decorated = true }
            }
            paths.append(scratch.copyPath())
            inks.append(ink)
            placed += lineGlyphs
            self.lineGlyphs.append(lineGlyphs)
        }
        lines = paths
        lineInk = inks
        self.pictures = pictures
        self.colorGlyphs = colorGlyphs
        placedGlyphs = placed
        hasDecorations = decorated

        let runs = layout.lines.flatMap(\.runs)
        /// The path, pictures, colour glyphs and outline glyphs of the runs of `lines`
        /// that `include` picks.
        func collect(_ lines: ArraySlice<TextLayout.Line>, _ include: (GlyphRun) -> Bool)
            -> (path: CairoPath, pictures: [PlacedPicture], colorGlyphs: [PlacedColorGlyph], glyphs: [PlacedGlyph]) {
            scratch.newPath()
            var pictures: [PlacedPicture] = []
            var colorGlyphs: [PlacedColorGlyph] = []
            var ink: Ink?
            var placed: [PlacedGlyph] = []
            for (index, line) in zip(lines.indices, lines) {
                for (runIndex, run) in line.runs.enumerated() where include(run) {
                    Self.append(run, line: line, index: index, runIndex: runIndex, canvas: canvas, to: scratch,
                                pictures: &pictures, colorGlyphs: &colorGlyphs, ink: &ink, placed: &placed)
                }
            }
            return (scratch.copyPath(), pictures, colorGlyphs, placed)
        }
        func selection(_ include: (GlyphRun) -> Bool) -> Selection {
            let collected = collect(layout.lines[...], include)
            return .runs(collected.path, collected.pictures, collected.colorGlyphs, collected.glyphs)
        }

        if runs.contains(where: { $0.color != nil }) {
            // Pictures paint themselves; only outlines and bars take a fill.
            styleFilled = layout.lines.indices.map { index in
                let collected = collect(layout.lines[index...index]) { $0.color == nil && $0.image == nil }
                return (collected.path, collected.glyphs)
            }
            var colors: [Color] = []
            for run in runs where run.image == nil {
                if let color = run.color, !colors.contains(color) { colors.append(color) }
            }
            colored = colors.map { color in
                let collected = collect(layout.lines[...]) { $0.color == color && $0.image == nil }
                return (color, collected.path, collected.glyphs)
            }
        }

        groupStrokes(of: runs, selecting: selection)
        scratch.newPath()
    }

    /// Fills ``strokes`` and ``unstroked``: one group of all glyphs when every run has
    /// the same stroke, else one group per stroke and the glyphs no stroke surrounds.
    /// A stroke that paints nothing is no stroke (``Stroke/paints``): it neither draws
    /// nor widens shadows, as layout gives it no room either.
    private mutating func groupStrokes(of runs: [GlyphRun], selecting selection: ((GlyphRun) -> Bool) -> Selection) {
        func visible(_ stroke: Stroke?) -> Stroke? {
            guard let stroke, stroke.paints else { return nil }
            return stroke
        }
        var distinct: [Stroke?] = []
        for run in runs where !distinct.contains(visible(run.stroke)) { distinct.append(visible(run.stroke)) }
        if distinct.count <= 1 {
            if let only = distinct.first, let stroke = only {
                strokes = [StrokeGroup(stroke: stroke, glyphs: .all)]
            }
            return
        }
        for case let stroke? in distinct {
            strokes.append(StrokeGroup(stroke: stroke, glyphs: selection { visible($0.stroke) == stroke }))
        }
        if distinct.contains(where: { $0 == nil }) {
            unstroked = selection { visible($0.stroke) == nil }
        }
    }

    /// Appends every line's path to `context`'s current path.
    func appendAll(to context: CairoContext) {
        for path in lines { context.append(path) }
    }

    /// Adds a run's outlines and decorations to the current path, its pictures to
    /// `pictures`, its colour glyphs to `colorGlyphs` and its outline glyphs to `placed`,
    /// growing `ink` by what it draws.
    private static func append(_ run: GlyphRun, line: TextLayout.Line, index: Int, runIndex: Int, canvas: Canvas,
                               to context: CairoContext,
                               pictures: inout [PlacedPicture], colorGlyphs: inout [PlacedColorGlyph], ink: inout Ink?,
                               placed: inout [PlacedGlyph]) {
        let exactBaseline = line.baseline * canvas.scale + Double(canvas.originY)
        let snap = exactBaseline.rounded() - exactBaseline
        let size = run.fontSize * canvas.scale
        func grow(_ top: Double, _ bottom: Double, _ left: Double, _ right: Double) {
            ink = ink.map { (min($0.top, top), max($0.bottom, bottom), min($0.left, left), max($0.right, right)) }
                ?? (top, bottom, left, right)
        }
        for (glyphIndex, glyph) in run.glyphs.enumerated() {
            let origin = canvas.point(glyph.x, glyph.y)
            let ox = origin.x, oy = origin.y + snap
            if let bitmap = run.image ?? run.face.colorBitmap(glyph: glyph.id) {
                pictures.append(PlacedPicture(
                    bitmap: bitmap, x: ox + bitmap.minX * size, y: oy - bitmap.maxY * size,
                    width: (bitmap.maxX - bitmap.minX) * size, height: (bitmap.maxY - bitmap.minY) * size))
            } else if let colorGlyph = run.face.colorGlyph(glyph: glyph.id) {
                colorGlyphs.append(PlacedColorGlyph(glyph: colorGlyph, x: ox, y: oy, size: size, slant: run.slant,
                                                    line: index, runColor: run.color))
            } else {
                append(run.face.outline(glyph: glyph.id), to: context, x: ox, y: oy, size: size, slant: run.slant)
                placed.append(PlacedGlyph(face: run.face, glyph: glyph.id, size: size, slant: run.slant, x: ox, y: oy,
                                          order: index << 42 | runIndex << 21 | glyphIndex))
            }
            if let box = run.inkBox(glyph.id) {
                grow(oy - box.maxY * size, oy - box.minY * size, ox + box.minX * size, ox + box.maxX * size)
            }
        }
        for decoration in run.decorations {
            let origin = canvas.point(decoration.rect.x, decoration.rect.y)
            let width = decoration.rect.width * canvas.scale
            // Whole device pixels thick, on the snapped baseline's grid, so bars stay crisp.
            let height = max(1, (decoration.rect.height * canvas.scale).rounded())
            let y = (origin.y + snap).rounded()
            context.rectangle(x: origin.x, y: y, width: width, height: height)
            grow(y, y + height, origin.x, origin.x + width)
        }
    }

    /// A point of an outline (em, y up) on the canvas (pixels, y down), for a glyph whose
    /// origin is at (`x`, `y`), `size` pixels per em, slanted by `slant`.
    static func point(_ ex: Double, _ ey: Double, x: Double, y: Double, size: Double,
                      slant: Double) -> (x: Double, y: Double) {
        (x + (ex + slant * ey) * size, y - ey * size)
    }

    /// Font outlines are y-up in em; the canvas is y-down in pixels. A slanted run
    /// shears each point right by `slant` times its height above the baseline.
    static func append(_ outline: GlyphOutline, to context: CairoContext, x: Double, y: Double,
                       size: Double, slant: Double) {
        func canvas(_ ex: Double, _ ey: Double) -> (x: Double, y: Double) {
            point(ex, ey, x: x, y: y, size: size, slant: slant)
        }
        var currentX = 0.0, currentY = 0.0
        for element in outline.elements {
            switch element {
            case let .move(ex, ey):
                let p = canvas(ex, ey)
                context.moveTo(p.x, p.y)
                currentX = ex; currentY = ey
            case let .line(ex, ey):
                let p = canvas(ex, ey)
                context.lineTo(p.x, p.y)
                currentX = ex; currentY = ey
            case let .quadratic(cx, cy, ex, ey):
                // A quadratic Bézier is the cubic with controls 2/3 of the way to its control point.
                let c1 = canvas(currentX + 2 / 3 * (cx - currentX), currentY + 2 / 3 * (cy - currentY))
                let c2 = canvas(ex + 2 / 3 * (cx - ex), ey + 2 / 3 * (cy - ey)), p = canvas(ex, ey)
                context.curveTo(c1.x, c1.y, c2.x, c2.y, p.x, p.y)
                currentX = ex; currentY = ey
            case let .cubic(c1x, c1y, c2x, c2y, ex, ey):
                let c1 = canvas(c1x, c1y), c2 = canvas(c2x, c2y), p = canvas(ex, ey)
                context.curveTo(c1.x, c1.y, c2.x, c2.y, p.x, p.y)
                currentX = ex; currentY = ey
            case .close:
                context.closePath()
            }
        }
    }
}
