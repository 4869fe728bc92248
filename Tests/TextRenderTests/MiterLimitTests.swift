import CGlyphCoverage
import Foundation
import Testing
@testable import TextRender

/// Where an outside stroke's miter gives way to a bevel. A corner of angle θ grown by r
/// has its miter's tip r / sin(θ/2) from the corner; a tip farther than the limit times r
/// is cut where the two offset edges end, r sin(θ/2) from the corner. So a corner is
/// mitred exactly when 1 / sin(θ/2) is at most the limit: with a limit of 4, from about
/// 29° up.
@Suite("Miter limit")
struct MiterLimitTests {
    /// The stroke's width on each side, in pixels.
    static let r = 2.0
    /// The column where the tip's offset edges end: every pixel left of it is the miter's.
    static let chordX = 10.0
    static let (width, height) = (38, 44)

    /// An isosceles triangle with its corner of `angle` degrees pointing left, placed so
    /// that the tip's offset edges end on the pixel boundary at `chordX`, and its other
    /// two sides `side` long.
    struct Wedge {
        let angle: Double
        let side = 14.0
        var half: Double { angle / 2 * .pi / 180 }
        var tip: (x: Double, y: Double) { (MiterLimitTests.chordX + MiterLimitTests.r * sin(half), 22) }
        var baseAngle: Double { (180 - angle) / 2 }

        /// The corner's points, wound one way or the other.
        func points(reversed: Bool) -> [(Double, Double)] {
            let points = [tip, (tip.x + side * cos(half), tip.y - side * sin(half)),
                          (tip.x + side * cos(half), tip.y + side * sin(half))]
            return reversed ? points.reversed() : points
        }

        /// The mask of the triangle grown by r with miter joins, the product's limit.
        func grown(reversed: Bool) -> [UInt8] {
            var steps: [UInt8] = [], coordinates: [Double] = []
            for (index, point) in points(reversed: reversed).enumerated() {
                steps.append(UInt8(index == 0 ? GLYPH_COVERAGE_MOVE : GLYPH_COVERAGE_LINE))
                coordinates += [point.0, point.1]
            }
            steps.append(UInt8(GLYPH_COVERAGE_CLOSE))
            var out = [UInt8](repeating: 7, count: MiterLimitTests.width * MiterLimitTests.height)
            let status = out.withUnsafeMutableBufferPointer {
                glyph_coverage(steps, steps.count, coordinates, MiterLimitTests.r, Int32(GLYPH_COVERAGE_JOIN_MITER),
                               GlyphMask.miterLimit, 0.01, $0.baseAddress!, Int32(MiterLimitTests.width),
                               Int32(MiterLimitTests.height))
            }
            #expect(status == 0)
            return out
        }
    }

    /// Whether a corner of `degrees` keeps its miter under the product's limit.
    static func mitred(_ degrees: Double) -> Bool {
        1 / sin(degrees / 2 * .pi / 180) <= GlyphMask.miterLimit
    }

    /// What a convex corner of `degrees` adds beyond the two offset edges' ends: the kite
    /// r² tan(φ/2) for a miter, the triangle r² sin(φ) / 2 for a bevel, φ being the turn.
    static func joinArea(_ degrees: Double) -> Double {
        let turn = (180 - degrees) * .pi / 180
        return mitred(degrees) ? r * r * tan(turn / 2) : r * r * sin(turn) / 2
    }

    static func area(_ mask: [UInt8], columns: Range<Int>) -> Double {
        var sum = 0
        for y in 0..<height { for x in columns { sum += Int(mask[y * width + x]) } }
        return Double(sum) / 255
    }

    /// The limit's angle is 2 asin(1/4), 28.96°: the series closes in on it from both
    /// sides, and takes in the corners between it and 60° that a limit compared without
    /// squaring both sides would bevel.
    @Test("below the limit a corner keeps its miter's tip, past it a bevel: the area beyond the corner is the geometry's",
          arguments: [16.0, 22, 26, 28, 28.6, 29.4, 30, 33, 38, 45, 52, 59, 62, 75, 90, 120])
    func tipBeyondTheCorner(degrees: Double) {
        let wedge = Wedge(angle: degrees)
        let half = wedge.half
        // The miter's triangle beyond the chord: base 2r cos(θ/2), height r cos²(θ/2) / sin(θ/2).
        let tipLength = Self.r / sin(half)
        let expected = Self.mitred(degrees) ? Self.r * Self.r * pow(cos(half), 3) / sin(half) : 0
        let tipX = wedge.tip.x - (Self.mitred(degrees) ? tipLength : Self.r * sin(half))
        for reversed in [false, true] {
            let mask = wedge.grown(reversed: reversed)
            let beyond = Self.area(mask, columns: 0..<Int(Self.chordX))
            #expect(abs(beyond - expected) < 0.1,
                    "\(degrees)°, reversed \(reversed): \(beyond) px² beyond the corner, the \(Self.mitred(degrees) ? "miter" : "bevel") has \(expected)")
            // Nothing reaches past the tip (or, bevelled, past the chord).
            let clear = Int(tipX.rounded(.down))
            #expect(Self.area(mask, columns: 0..<clear) == 0, "\(degrees)°, reversed \(reversed): ink left of x = \(clear)")
        }
    }

    @Test("the whole grown triangle is its area, its sides' bands and each corner's miter or bevel",
          arguments: [26.0, 30, 40, 50, 59, 62, 90, 120])
    func grownArea(degrees: Double) {
        let wedge = Wedge(angle: degrees)
        let theta = degrees * .pi / 180
        let triangle = wedge.side * wedge.side * sin(theta) / 2
        let perimeter = 2 * wedge.side + 2 * wedge.side * sin(wedge.half)
        let expected = triangle + perimeter * Self.r + Self.joinArea(degrees) + 2 * Self.joinArea(wedge.baseAngle)
        for reversed in [false, true] {
            let area = Self.area(wedge.grown(reversed: reversed), columns: 0..<Self.width)
            #expect(abs(area - expected) < 0.3, "\(degrees)°, reversed \(reversed): \(area) px², the geometry \(expected)")
        }
    }
}
