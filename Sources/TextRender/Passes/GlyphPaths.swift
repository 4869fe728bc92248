import CCairo
import LabelLayout

/// Builds the Cairo path of every line's glyphs, in canvas pixels. Baselines are snapped
/// to whole pixels here, at drawing time only, so layout stays identical at every scale.
struct GlyphPaths {
    /// One path per line, so line-scoped fills can draw a line on its own.
    var lines: [CairoPath]
    /// The ink top and bottom of each line in canvas pixels (nil for empty lines).
    var lineInk: [(top: Double, bottom: Double, left: Double, right: Double)?]
    /// Colour glyphs stored as pictures, which have no outline to add to a path.
    var pictures: [PlacedPicture]

    /// A colour glyph's picture and the canvas rectangle it fills.
    struct PlacedPicture {
        var bitmap: ColorBitmap
        var x: Double
        var y: Double
        var width: Double
        var height: Double
    }

    init(layout: LabelLayout, canvas: Canvas, scratch: CairoContext) {
        var paths: [CairoPath] = []
        var inks: [(top: Double, bottom: Double, left: Double, right: Double)?] = []
        var pictures: [PlacedPicture] = []
        let cr = scratch.pointer
        for line in layout.lines {
            cairo_new_path(cr)
            let exactBaseline = line.baseline * canvas.scale + Double(canvas.originY)
            let snap = exactBaseline.rounded() - exactBaseline
            var ink: (top: Double, bottom: Double, left: Double, right: Double)?
            for run in line.runs {
                let size = run.fontSize * canvas.scale
                for glyph in run.glyphs {
                    let origin = canvas.point(glyph.x, glyph.y)
                    let ox = origin.x, oy = origin.y + snap
                    if let bitmap = run.face.colorBitmap(glyph: glyph.id) {
                        pictures.append(PlacedPicture(
                            bitmap: bitmap, x: ox + bitmap.minX * size, y: oy - bitmap.maxY * size,
                            width: (bitmap.maxX - bitmap.minX) * size, height: (bitmap.maxY - bitmap.minY) * size))
                    } else {
                        Self.append(run.face.outline(glyph: glyph.id), to: cr, x: ox, y: oy, size: size)
                    }
                    if let box = run.face.inkExtents(glyph: glyph.id) {
                        let top = oy - box.maxY * size, bottom = oy - box.minY * size
                        let left = ox + box.minX * size, right = ox + box.maxX * size
                        ink = ink.map { (min($0.top, top), max($0.bottom, bottom), min($0.left, left), max($0.right, right)) }
                            ?? (top, bottom, left, right)
                    }
                }
            }
            paths.append(CairoPath(copyingFrom: scratch))
            inks.append(ink)
        }
        cairo_new_path(cr)
        lines = paths
        lineInk = inks
        self.pictures = pictures
    }

    func appendAll(to context: CairoContext) {
        for path in lines { path.append(to: context) }
    }

    /// Font outlines are y-up in em; the canvas is y-down in pixels.
    private static func append(_ outline: GlyphOutline, to cr: OpaquePointer, x: Double, y: Double, size: Double) {
        var currentX = 0.0, currentY = 0.0
        for element in outline.elements {
            switch element {
            case let .move(px, py):
                cairo_move_to(cr, x + px * size, y - py * size)
                currentX = px; currentY = py
            case let .line(px, py):
                cairo_line_to(cr, x + px * size, y - py * size)
                currentX = px; currentY = py
            case let .quadratic(cx, cy, px, py):
                // A quadratic Bézier is the cubic with controls 2/3 of the way to its control point.
                let c1x = currentX + 2 / 3 * (cx - currentX), c1y = currentY + 2 / 3 * (cy - currentY)
                let c2x = px + 2 / 3 * (cx - px), c2y = py + 2 / 3 * (cy - py)
                cairo_curve_to(cr, x + c1x * size, y - c1y * size, x + c2x * size, y - c2y * size,
                               x + px * size, y - py * size)
                currentX = px; currentY = py
            case let .cubic(c1x, c1y, c2x, c2y, px, py):
                cairo_curve_to(cr, x + c1x * size, y - c1y * size, x + c2x * size, y - c2y * size,
                               x + px * size, y - py * size)
                currentX = px; currentY = py
            case .close:
                cairo_close_path(cr)
            }
        }
    }
}
