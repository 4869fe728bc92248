import CGlyphCoverage
import Foundation
import LabelLayout
import StyledText
import Testing
@testable import TextRender

/// The rasterizer behind glyph masks: exact-area coverage of outlines, plain and grown by
/// an outside stroke, against shapes whose coverage is known and against Cairo.
@Suite("Glyph coverage")
struct GlyphCoverageTests {
    /// An outline drawn with the rasterizer's steps, in mask pixels (y down).
    struct Outline {
        var steps: [UInt8] = []
        var coordinates: [Double] = []

        mutating func rectangle(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, reversed: Bool = false) {
            let corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
            for (index, corner) in (reversed ? corners.reversed() : corners).enumerated() {
                steps.append(UInt8(index == 0 ? GLYPH_COVERAGE_MOVE : GLYPH_COVERAGE_LINE))
                coordinates += [corner.0, corner.1]
            }
            steps.append(UInt8(GLYPH_COVERAGE_CLOSE))
        }

        /// A circle of four cubic quarters (as fonts draw them).
        mutating func circle(_ cx: Double, _ cy: Double, _ r: Double, reversed: Bool = false) {
            let k = 0.5522847498 * r, turn = reversed ? -1.0 : 1.0
            func point(_ angle: Double) -> (Double, Double) { (cx + r * cos(angle), cy + r * sin(angle)) }
            func tangent(_ angle: Double) -> (Double, Double) { (-sin(angle) * turn, cos(angle) * turn) }
            steps.append(UInt8(GLYPH_COVERAGE_MOVE))
            coordinates += [cx + r, cy]
            for quarter in 0..<4 {
                let a = Double(quarter) * turn * .pi / 2, b = a + turn * .pi / 2
                let (p0, p3, t0, t3) = (point(a), point(b), tangent(a), tangent(b))
                steps.append(UInt8(GLYPH_COVERAGE_CUBIC))
                coordinates += [p0.0 + k * t0.0, p0.1 + k * t0.1, p3.0 - k * t3.0, p3.1 - k * t3.1, p3.0, p3.1]
            }
            steps.append(UInt8(GLYPH_COVERAGE_CLOSE))
        }

        func coverage(width: Int, height: Int, outset: Double = 0, join: Int32 = Int32(GLYPH_COVERAGE_JOIN_MITER),
                      tolerance: Double = 0.01) -> [UInt8] {
            var out = [UInt8](repeating: 7, count: width * height)
            let status = out.withUnsafeMutableBufferPointer {
                glyph_coverage(steps, steps.count, coordinates, outset, join, 4, tolerance, $0.baseAddress!,
                               Int32(width), Int32(height))
            }
            #expect(status == 0)
            return out
        }
    }

    /// The exact share of pixel (x, y) that the rectangle covers.
    static func rectangleCoverage(_ x: Int, _ y: Int, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Double {
        let w = max(0, min(Double(x + 1), x1) - max(Double(x), x0))
        let h = max(0, min(Double(y + 1), y1) - max(Double(y), y0))
        return w * h
    }

    /// The share of pixel (x, y) that the disk covers, integrated over 512 columns.
    static func diskCoverage(_ x: Int, _ y: Int, _ cx: Double, _ cy: Double, _ r: Double) -> Double {
        var area = 0.0
        let columns = 512
        for column in 0..<columns {
            let px = Double(x) + (Double(column) + 0.5) / Double(columns)
            let dx = px - cx
            guard abs(dx) < r else { continue }
            let half = (r * r - dx * dx).squareRoot()
            area += max(0, min(Double(y + 1), cy + half) - max(Double(y), cy - half))
        }
        return area / Double(columns)
    }

    static func expectClose(_ got: [UInt8], width: Int, within levels: Int,
                            _ expected: (Int, Int) -> Double, _ what: String) {
        var worst = 0, worstAt = (0, 0)
        for y in 0..<(got.count / width) {
            for x in 0..<width {
                let want = Int((min(1, max(0, expected(x, y))) * 255).rounded())
                let off = abs(Int(got[y * width + x]) - want)
                if off > worst { worst = off; worstAt = (x, y) }
            }
        }
        #expect(worst <= levels, "\(what): \(worst) levels off at \(worstAt)")
    }

    @Test("a rectangle at fractional edges covers each pixel by its exact area, whichever way it winds")
    func rectangleFill() {
        for reversed in [false, true] {
            var outline = Outline()
            outline.rectangle(1.25, 2.5, 9.75, 7.1, reversed: reversed)
            let got = outline.coverage(width: 12, height: 10)
            Self.expectClose(got, width: 12, within: 1, { Self.rectangleCoverage($0, $1, 1.25, 2.5, 9.75, 7.1) },
                             "fill, reversed \(reversed)")
        }
    }

    @Test("a mitred outset grows a rectangle by exactly its width, and a bevel cuts its corners")
    func rectangleOutset() {
        for reversed in [false, true] {
            var outline = Outline()
            outline.rectangle(4.25, 4.5, 13.75, 11.1, reversed: reversed)
            let miter = outline.coverage(width: 18, height: 16, outset: 2.5)
            Self.expectClose(miter, width: 18, within: 1, { Self.rectangleCoverage($0, $1, 1.75, 2, 16.25, 13.6) },
                             "miter, reversed \(reversed)")
            let bevel = outline.coverage(width: 18, height: 16, outset: 2.5, join: Int32(GLYPH_COVERAGE_JOIN_BEVEL))
            let round = outline.coverage(width: 18, height: 16, outset: 2.5, join: Int32(GLYPH_COVERAGE_JOIN_ROUND))
            let area = { (mask: [UInt8]) in mask.reduce(0.0) { $0 + Double($1) / 255 } }
            let (w, h, r) = (13.75 - 4.25, 11.1 - 4.5, 2.5)
            // Each bevel cuts a right triangle of legs r from a corner; a round join a
            // square's corner less a quarter disk, whose flattened arc gives up about
            // 0.02 px² of it (chords within the 0.01 px tolerance).
            #expect(abs(area(bevel) - ((w + 2 * r) * (h + 2 * r) - 2 * r * r)) < 0.05)
            #expect(abs(area(round) - (w * h + 2 * r * (w + h) + Double.pi * r * r)) < 0.15)
            // Along the sides, away from the corners, all three are the same.
            for y in 6..<10 { #expect(bevel[y * 18 + 1] == miter[y * 18 + 1] && round[y * 18 + 16] == miter[y * 18 + 16]) }
        }
    }

    @Test("at a corner the join turns between the curves' own tangents, however coarsely they are flattened")
    func cornerTangents() {
        // An arch: a steep quadratic and the line under it meet at two sharp corners,
        // where the curve's first chord leans about 4° off its tangent.
        var outline = Outline()
        outline.steps = [UInt8(GLYPH_COVERAGE_MOVE), UInt8(GLYPH_COVERAGE_QUADRATIC), UInt8(GLYPH_COVERAGE_CLOSE)]
        outline.coordinates = [6, 18, 16, 4, 26, 18]
        for join in [GLYPH_COVERAGE_JOIN_BEVEL, GLYPH_COVERAGE_JOIN_MITER] {
            let coarse = outline.coverage(width: 34, height: 26, outset: 4, join: Int32(join), tolerance: 0.1)
            let fine = outline.coverage(width: 34, height: 26, outset: 4, join: Int32(join), tolerance: 0.0005)
            // Chords within 0.1 px move an edge by at most that, 26 levels.
            let worst = zip(coarse, fine).map { abs(Int($0) - Int($1)) }.max()!
            #expect(worst <= 32, "join \(join): \(worst) levels")
        }
    }

    @Test("a miter longer than the limit is bevelled: a sharp tip grows no spike")
    func miterLimit() {
        // A triangle with a 10° tip at (4, 10): its miter would reach r / sin(5°), 11.5
        // times r, past the limit of 4 stroke widths, so the tip is cut as a bevel.
        var outline = Outline()
        outline.steps = [UInt8(GLYPH_COVERAGE_MOVE), UInt8(GLYPH_COVERAGE_LINE), UInt8(GLYPH_COVERAGE_LINE),
                         UInt8(GLYPH_COVERAGE_CLOSE)]
        let half = tan(5 * Double.pi / 180) * 20
        outline.coordinates = [24, 10 - half, 24, 10 + half, 4, 10]
        let r = 1.0
        let miter = outline.coverage(width: 30, height: 20, outset: r)
        let bevel = outline.coverage(width: 30, height: 20, outset: r, join: Int32(GLYPH_COVERAGE_JOIN_BEVEL))
        let nearTip = (0..<20).flatMap { y in (0..<8).map { y * 30 + $0 } }
        #expect(nearTip.allSatisfy { miter[$0] == bevel[$0] })
        // Nothing left of the bevel, which lies about r cos(85°) beyond the tip.
        #expect((0..<20).allSatisfy { y in (0..<3).allSatisfy { x in miter[y * 30 + x] == 0 } })
        // The base's corners, at 85°, are within the limit and mitred: past the bevel.
        let baseCorner = (0..<20).flatMap { y in (24..<30).map { y * 30 + $0 } }
        #expect(baseCorner.reduce(0) { $0 + Int(miter[$1]) } > baseCorner.reduce(0) { $0 + Int(bevel[$1]) })
    }

    @Test("a part wound the other way outside the rest (a mirrored component) grows outward too")
    func mirroredPart() {
        var outline = Outline()
        outline.rectangle(3.5, 3.25, 9.5, 12.75)
        outline.rectangle(15.25, 3.25, 21.5, 12.75, reversed: true)
        let grown = outline.coverage(width: 26, height: 16, outset: 2)
        Self.expectClose(grown, width: 26, within: 1, {
            Self.rectangleCoverage($0, $1, 1.5, 1.25, 11.5, 14.75) + Self.rectangleCoverage($0, $1, 13.25, 1.25, 23.5, 14.75)
        }, "both grown")
    }

    @Test("a contour that doubles back on itself gets a round cap at either end")
    func roundReversal() {
        for reversed in [false, true] {
            var outline = Outline()
            let ends = reversed ? [(25.0, 10.0), (10.0, 10.0)] : [(10.0, 10.0), (25.0, 10.0)]
            outline.steps = [UInt8(GLYPH_COVERAGE_MOVE), UInt8(GLYPH_COVERAGE_LINE), UInt8(GLYPH_COVERAGE_CLOSE)]
            outline.coordinates = [ends[0].0, ends[0].1, ends[1].0, ends[1].1]
            let grown = outline.coverage(width: 32, height: 20, outset: 2, join: Int32(GLYPH_COVERAGE_JOIN_ROUND))
            // A stadium: the segment's band and a disk of radius 2 split between its ends.
            let area = grown.reduce(0.0) { $0 + Double($1) / 255 }
            #expect(abs(area - (15 * 4 + Double.pi * 4)) < 0.1, "reversed \(reversed): \(area)")
        }
    }

    @Test("an outset shrinks a square counter by exactly its width, and fills one narrower than twice that")
    func squareCounter() {
        var outline = Outline()
        outline.rectangle(2.5, 2.5, 17.5, 17.5)
        outline.rectangle(6.3, 6.6, 13.7, 13.2, reversed: true)
        let shrunk = outline.coverage(width: 20, height: 20, outset: 1.5, join: Int32(GLYPH_COVERAGE_JOIN_BEVEL))
        // Inside the outer square's grown edges (whose corners the bevel cuts), the counter
        // is a rectangle 1.5 px smaller on every side.
        Self.expectClose(shrunk, width: 20, within: 1, { x, y in
            guard (2...17).contains(x), (2...17).contains(y) else { return Double(shrunk[y * 20 + x]) / 255 }
            return 1 - Self.rectangleCoverage(x, y, 7.8, 8.1, 12.2, 11.7)
        }, "counter shrunk")

        var narrow = Outline()
        narrow.rectangle(2.5, 2.5, 17.5, 17.5)
        narrow.rectangle(8.5, 8.5, 11.2, 11.2, reversed: true)
        let filled = narrow.coverage(width: 20, height: 20, outset: 1.5)
        #expect((3...16).allSatisfy { y in (3...16).allSatisfy { x in filled[y * 20 + x] == 255 } })
    }

    @Test("curves grow by exactly the outset: a disk's outside and a round counter's inside")
    func roundOutsets() {
        var disk = Outline()
        disk.circle(12.3, 11.6, 6.2)
        let grown = disk.coverage(width: 26, height: 24, outset: 2.5)
        Self.expectClose(grown, width: 26, within: 6, { Self.diskCoverage($0, $1, 12.3, 11.6, 8.7) }, "disk grown")
        let plain = disk.coverage(width: 26, height: 24)
        Self.expectClose(plain, width: 26, within: 4, { Self.diskCoverage($0, $1, 12.3, 11.6, 6.2) }, "disk")

        // Every corner of the flattened counter is concave; the outset must meet its
        // neighbours' exactly there, not overlap them.
        var ring = Outline()
        ring.rectangle(1.5, 1.5, 24.5, 22.5)
        ring.circle(13.1, 12.2, 8.4, reversed: true)
        let counter = ring.coverage(width: 26, height: 24, outset: 2.5)
        Self.expectClose(counter, width: 26, within: 6, { x, y in
            (2...23).contains(x) && (2...21).contains(y) ? 1 - Self.diskCoverage(x, y, 13.1, 12.2, 5.9) : Double(counter[y * 26 + x]) / 255
        }, "counter shrunk")
    }

    /// The same glyph as Cairo rasterizes it from its path, its curves flattened within
    /// `tolerance`: filled, or stroked twice `outset` wide with its fill over the stroke.
    static func cairoMask(_ key: GlyphMaskKey, like mask: GlyphMask, tolerance: Double) throws -> [UInt8] {
        let surface = try CairoSurface(width: mask.width, height: mask.height, format: .alpha)
        let context = CairoContext(surface)
        context.setFillRule(.winding)
        context.setTolerance(tolerance)
        let x = Double(key.phaseX) / Double(key.phases) - Double(mask.left)
        let y = Double(key.phaseY) / Double(key.phases) - Double(mask.top)
        GlyphPaths.append(key.face.outline(glyph: key.glyph), to: context, x: x, y: y, size: key.size, slant: key.slant)
        if key.outset > 0 {
            context.setLineWidth(2 * key.outset)
            context.setLineJoin(key.join)
            context.strokePreservingPath()
        }
        context.fill()
        try context.check("rasterizing a glyph for comparison")
        return surface.withPixels { data, stride in
            (0..<mask.height).flatMap { row in (0..<mask.width).map { data[row * stride + $0] } }
        }
    }

    /// Latin (TrueType quadratics), CJK (CFF cubics) and Arabic glyphs at 40 px, plain and
    /// grown 4 px with bevel and round joins, at a fractional phase, both flattened
    /// finely, so that what differs is how coverage is computed: Cairo samples 15 rows a
    /// pixel (an edge pixel can be off by 255/30 levels, and its areas come out about 0.4%
    /// small), the masks take exact areas, except where the outline closes a notch
    /// narrower than itself: there the notch's mouth reads up to half a pixel too covered
    /// in a few pixels (GlyphCoverage.c).
    ///
    /// Miters are left out: Cairo strokes both sides of the outline, so at a concave
    /// corner its miter points into the glyph and, through a thin stroke, out of it; an
    /// outside stroke has no such spike. Smaller sizes are left out too: there Cairo's
    /// stroke leaves holes in dots and small counters that an outline grown past them
    /// should cover (the fixed shapes above test those).
    @Test("real glyphs cover what Cairo's fill and stroke cover, to within its sampling", arguments: [
        ("Rag&8@Éßeo", "en"), ("漢字モード語", "ja"), ("مرحبا بالعالم", "ar"),
    ])
    func againstCairo(text: String, locale: String) throws {
        var glyphs = 0
        let layout = try engine.layout(text, style: LabelStyle(font: FontSpec(family: "Noto Sans", weight: 700, size: 40)),
                                       locale: locale)
        for run in layout.lines.flatMap(\.runs) {
            for glyph in run.glyphs where !run.face.outline(glyph: glyph.id).isEmpty {
                for (outset, join) in [(0.0, LineJoin.round), (4, .bevel), (4, .round)] {
                    let key = GlyphMaskKey(face: run.face, glyph: glyph.id, size: 40, slant: 0, phases: 4, phaseX: 1,
                                           phaseY: 2, outset: outset, join: join)
                    let plain = GlyphMask.rasterize(key.plain, coverage: nil, tolerance: 0.001)
                    let mask = GlyphMask.rasterize(key, coverage: outset > 0 ? plain : nil, tolerance: 0.001)
                    let cairo = try Self.cairoMask(key, like: mask, tolerance: 0.001)
                    let ours = mask.pixels.reduce(0.0) { $0 + Double($1) }, theirs = cairo.reduce(0.0) { $0 + Double($1) }
                    let differences = zip(mask.pixels, cairo).map { abs(Int($0) - Int($1)) }
                    let what = "\(locale) glyph \(glyph.id), outset \(outset) \(join)"
                    #expect(abs(ours - theirs) <= 0.006 * theirs, "\(what): area \(ours / 255) against \(theirs / 255)")
                    #expect(differences.max()! <= 128, "\(what): \(differences.max()!) levels")
                    #expect(differences.filter { $0 > 9 }.count * 100 <= differences.count, "\(what)")
                    glyphs += 1
                }
            }
        }
        #expect(glyphs >= 15)
    }
}
