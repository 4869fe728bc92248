import Foundation
import LabelLayout
import StyledText
import Testing

/// The fitter's answer held against a brute-force search over its whole grid of sizes:
/// the minimum size, every multiple of half a pixel strictly between, and the style's
/// size. The boxes are chosen so that each size of the grid is the largest that fits in
/// one of them, the two ends and the grid size just below the style's included, which a
/// bisection reaches last.
@Suite("Fitter grid: every size tried")
struct FitterGridTests {
    struct Case: CustomStringConvertible, Sendable {
        var text: String
        var size: Double
        var minSize: Double

        var description: String { "\"\(text)\" from \(size) down to \(minSize) px" }
    }

    /// One line each, so that whether a size fits grows with the box's width alone. The
    /// second pair of sizes lies off the grid, so its top grid size is not size − ½.
    static let cases = [
        Case(text: "High score", size: 40, minSize: 30),
        Case(text: "Neues Spiel", size: 40.7, minSize: 30.3),
    ]

    /// The sizes the fitter may choose, smallest first, written from the documentation of
    /// `font.minSize` and the grid (docs/performance.md, "The size grid").
    static func grid(_ c: Case) -> [Double] {
        var sizes = [c.minSize]
        var size = (c.minSize / 0.5).rounded(.down) * 0.5 + 0.5
        while size < c.size {
            sizes.append(size)
            size += 0.5
        }
        return sizes + [c.size]
    }

    static func labelStyle(_ c: Case, size: Double, minSize: Double?, width: Double) -> LabelStyle {
        style(size: size, box: Box(width: width, height: 120), minSize: minSize, maxLines: 1)
    }

    /// Whether the text fits at exactly `size` in a box `width` wide: without a minimum
    /// size the engine tries that size alone.
    static func fits(_ c: Case, at size: Double, width: Double) throws -> Bool {
        let layout = try engine.layout(c.text, style: labelStyle(c, size: size, minSize: nil, width: width), locale: "en")
        return layout.fitOutcome == .fits && !layout.brokeWord
    }

    /// The width each size needs on its own line, unconstrained, plus a little: the box
    /// in which that size is the largest to fit.
    static func widths(_ c: Case) throws -> [Double] {
        try grid(c).map { size in
            try engine.layout(c.text, style: style(size: size), locale: "en").bounds.width + 0.2
        }
    }

    @Test("the fitted size is the largest grid size that fits, in boxes where each grid size is the answer, the top one included",
          arguments: cases)
    func everyGridSize(_ c: Case) throws {
        let sizes = Self.grid(c)
        var answers = Set<Double>()
        for width in try Self.widths(c) {
            let fitting = try sizes.filter { try Self.fits(c, at: $0, width: width) }
            let largest = try #require(fitting.last, "\(c) fits nowhere in \(width) px")
            answers.insert(largest)
            let fitted = try engine.layout(c.text, style: Self.labelStyle(c, size: c.size, minSize: c.minSize, width: width),
                                           locale: "en")
            #expect(fitted.fontSize == largest, "\(c) in \(width) px: got \(fitted.fontSize), \(largest) fits")
            #expect(fitted.fitOutcome == (largest == c.size ? .fits : .shrunk), "\(c) in \(width) px")
        }
        // Controls: the boxes made every size the answer somewhere, so none goes untried.
        let topGridSize = sizes[sizes.count - 2]
        #expect(answers.contains(topGridSize) && answers.contains(c.size) && answers.contains(c.minSize))
        #expect(answers.count >= sizes.count - 2, "\(answers.sorted()) of \(sizes)")
    }
}
