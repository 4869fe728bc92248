/// Underlines that skip descenders: where a glyph's ink crosses the underline, the bar
/// stops short of it, as browsers draw `text-decoration-skip-ink: auto` and as
/// typographers set underlines by hand. The bar is cut only where ink actually crosses
/// it, so the inside of a "g" loop keeps its stretch of underline.
enum SkipInk {
    /// The pieces of the bar from `x0` to `x1` (px) that no glyph's ink comes within
    /// `clearance` of, between the heights `top` and `bottom` (px, y down).
    ///
    /// - Parameters:
    ///   - glyphs: The run's glyphs, each at its pen position on the baseline.
    ///   - face: The face the glyphs come from, at `size` px per em.
    ///   - slant: The shear of synthesized italics, applied to the outlines.
    static func pieces(from x0: Double, to x1: Double, top: Double, bottom: Double, clearance: Double,
                       glyphs: [PositionedGlyph], face: FontFace, size: Double, slant: Double) -> [ClosedRange<Double>] {
        var gaps: [ClosedRange<Double>] = []
        for glyph in glyphs {
            // The band, grown by the clearance, in the glyph's em units, y up.
            let low = (glyph.y - bottom - clearance) / size, high = (glyph.y - top + clearance) / size
            for span in face.outline(glyph: glyph.id).horizontalSpans(from: low, to: high, slant: slant) {
                gaps.append((glyph.x + span.lowerBound * size - clearance)...(glyph.x + span.upperBound * size + clearance))
            }
        }
        var pieces: [ClosedRange<Double>] = []
        var start = x0
        for gap in gaps.sorted(by: { $0.lowerBound < $1.lowerBound }) where gap.upperBound > start {
            if gap.lowerBound > start { pieces.append(start...min(gap.lowerBound, x1)) }
            start = max(start, gap.upperBound)
            if start >= x1 { break }
        }
        if start < x1 { pieces.append(start...x1) }
        // A sliver between two gaps reads as a speck, not as underline.
        return pieces.filter { $0.upperBound - $0.lowerBound >= clearance }
    }
}

extension GlyphOutline {
    /// The horizontal spans, in em, where the outline's contours pass between heights
    /// `low` and `high` (em, y up), each segment's own span; curves are followed in
    /// short straight steps, which is exact enough for a gap around an underline.
    func horizontalSpans(from low: Double, to high: Double, slant: Double) -> [ClosedRange<Double>] {
        var spans: [ClosedRange<Double>] = []
        var current = (x: 0.0, y: 0.0), start = (x: 0.0, y: 0.0)
        func segment(to end: (x: Double, y: Double)) {
            defer { current = end }
            let (a, b) = (current, end)
            var from = 0.0, to = 1.0
            if a.y == b.y {
                guard a.y >= low && a.y <= high else { return }
            } else {
                let tLow = (low - a.y) / (b.y - a.y), tHigh = (high - a.y) / (b.y - a.y)
                from = max(from, min(tLow, tHigh))
                to = min(to, max(tLow, tHigh))
                guard from <= to else { return }
            }
            func x(_ t: Double) -> Double {
                let y = a.y + (b.y - a.y) * t
                return a.x + (b.x - a.x) * t + slant * y
            }
            spans.append(min(x(from), x(to))...max(x(from), x(to)))
        }
        for element in elements {
            switch element {
            case .move(let x, let y):
                current = (x, y)
                start = current
            case .line(let x, let y):
                segment(to: (x, y))
            case .quadratic(let cx, let cy, let x, let y):
                let p0 = current
                for step in 1...Self.curveSteps {
                    let t = Double(step) / Double(Self.curveSteps), u = 1 - t
                    segment(to: (u * u * p0.x + 2 * u * t * cx + t * t * x, u * u * p0.y + 2 * u * t * cy + t * t * y))
                }
            case .cubic(let c1x, let c1y, let c2x, let c2y, let x, let y):
                let p0 = current
                for step in 1...Self.curveSteps {
                    let t = Double(step) / Double(Self.curveSteps), u = 1 - t
                    let (w0, w1, w2, w3) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
                    segment(to: (w0 * p0.x + w1 * c1x + w2 * c2x + w3 * x, w0 * p0.y + w1 * c1y + w2 * c2y + w3 * y))
                }
            case .close:
                segment(to: start)
            }
        }
        return spans
    }

    /// Straight steps per curve: a bar's clearance hides the error of eight.
    private static let curveSteps = 8
}
