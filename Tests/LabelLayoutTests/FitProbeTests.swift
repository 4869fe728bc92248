import Foundation
import LabelLayout
import StyledText
import Testing

/// Fitting is not monotonic once lines wrap: a line whose advance just fits the box can
/// have ink too wide for it, while at a slightly larger size its last word wraps and the
/// lines fit again. Capitals without side bearings (V, A, W, T, Y) at the line ends make
/// the ink as wide as the advance, so such sizes are easy to find.
@Suite("Fit probe")
struct FitProbeTests {
    struct Case: CustomStringConvertible, Sendable {
        var text: String
        var width: Double
        var height: Double
        var maxLines: Int
        var size = 40.0
        var minSize = 10.0

        var description: String { "\"\(text)\" in \(width)×\(height), maxLines \(maxLines)" }
        var box: Box { Box(width: width, height: height) }
    }

    /// The fitter's grid: minSize, the multiples of 0.5 px above it, and the size itself
    /// (the cases' sizes are on the grid, so it can be counted from minSize).
    static let step = 0.5

    static func grid(_ c: Case) -> [Double] {
        let steps = Int(((c.size - c.minSize) / step).rounded(.down))
        return (0...steps).map { $0 == steps ? c.size : c.minSize + Double($0) * step }
    }

    /// Whether the text fits at exactly `size`: with minSize equal to size the engine tries
    /// that size alone. A split word counts as not fitting, as the fitter splits words only
    /// at the minimum size.
    static func fits(_ c: Case, at size: Double) throws -> Bool {
        let layout = try engine.layout(c.text, style: style(size: size, box: c.box, minSize: size,
                                                            maxLines: c.maxLines, truncate: .clip), locale: "en")
        return layout.fitOutcome == .fits && !layout.brokeWord
    }

    /// What keeps a layout from fitting its box, judged from the positioned glyphs alone:
    /// too many lines, cut text, a line's advance or band outside the box, or a glyph's ink
    /// outside the box less its outermost pixel ring.
    static func violations(_ layout: TextLayout, _ c: Case) -> [String] {
        var found: [String] = []
        if c.maxLines > 0 && layout.lines.count > c.maxLines { found.append("\(layout.lines.count) lines") }
        let shown = layout.lines.map(\.text).joined(separator: " ")
        if shown != c.text { found.append("text shown is \"\(shown)\"") }
        let slack = 1e-6
        for line in layout.lines {
            if line.x < -slack || line.x + line.width > c.width + slack {
                found.append("advance of \"\(line.text)\" spans \(line.x)...\(line.x + line.width)")
            }
            // Snapping the baseline to a whole pixel may move a band by up to a pixel.
            if line.top < -1 - slack || line.top + line.height > c.height + 1 + slack {
                found.append("band of \"\(line.text)\" spans \(line.top)...\(line.top + line.height)")
            }
            for run in line.runs {
                for glyph in run.glyphs {
                    guard let ink = run.inkBox(glyph.id) else { continue }
                    let minX = glyph.x + ink.minX * run.fontSize, maxX = glyph.x + ink.maxX * run.fontSize
                    let minY = glyph.y - ink.maxY * run.fontSize, maxY = glyph.y - ink.minY * run.fontSize
                    if minX < 1 - slack || maxX > c.width - 1 + slack || minY < 1 - slack || maxY > c.height - 1 + slack {
                        found.append("ink of a glyph of \"\(line.text)\" spans \(minX)...\(maxX) × \(minY)...\(maxY)")
                    }
                }
            }
        }
        return found
    }

    /// The fit of every grid size, and where a binary search over the grid alone would stop
    /// (the largest size fitting below the first size that does not fit on its path).
    struct Survey {
        var sizes: [Double]
        var fitting: [Bool]
        var bisected: Int

        var largest: Int? { fitting.lastIndex(of: true) }
        /// A size below the largest fitting one that does not fit.
        var gap: Int? { largest.flatMap { largest in fitting[..<largest].lastIndex(of: false) } }
    }

    static func survey(_ c: Case) throws -> Survey {
        let sizes = grid(c)
        let fitting = try sizes.map { try fits(c, at: $0) }
        var low = 0, high = sizes.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if fitting[middle] { low = middle } else { high = middle }
        }
        return Survey(sizes: sizes, fitting: fitting, bisected: low)
    }

    /// Texts and box widths surveyed for sizes that do not fit between fitting ones: a
    /// smaller size moves a break and the last line then needs more room.
    static let candidates: [Case] = {
        // A small survey keeps the suite quick (it runs under AddressSanitizer too); these
        // texts and widths hold boxes where fit is not monotonic.
        let texts = ["TAW WAY VAT YAW TAV", "Away we go today", "WAVY TAVY AVOW YAW", "VAV VAV VAV VAV VAV VAV"]
        return texts.flatMap { text in
            stride(from: 110.0, through: 180, by: 10).map { width in
                Case(text: text, width: width, height: 120, maxLines: 4)
            }
        }
    }()


    /// Candidates where a binary search over the grid alone stops below the largest
    /// fitting size, by how many sizes in a row do not fit above that stop.
    static let surveyed: [(Case, Survey)] = candidates.compactMap { c in
        guard let survey = try? survey(c), let largest = survey.largest, survey.gap != nil,
              survey.fitting[0], !survey.fitting.last!, survey.bisected < largest else { return nil }
        return (c, survey)
    }
    static func gapWidth(_ survey: Survey) -> Int {
        (survey.bisected + 1..<survey.largest!).filter { !survey.fitting[$0] }.count
    }
    static let probeCases = Array(surveyed.filter { gapWidth($0.1) <= 3 }.map(\.0).prefix(3))

    @Test("some texts and boxes do not fit at sizes between fitting ones, so the probe is needed")
    func probeIsNeeded() {
        #expect(!Self.probeCases.isEmpty, "no candidate needs the probe above the binary search")
    }

    @Test("the fitter returns the largest fitting size when a smaller size does not fit", arguments: probeCases)
    func largestPastAGap(_ c: Case) throws {
        let survey = try Self.survey(c)
        let largest = try #require(survey.largest)
        let gap = try #require(survey.gap, "fit is monotonic for \(c); pick another case")
        try #require(survey.fitting[0] && !survey.fitting.last!, "the fitter must search for \(c)")
        try #require(survey.bisected < largest, "a binary search alone finds the largest size for \(c)")

        let fitted = try engine.layout(c.text, style: style(size: c.size, box: c.box, minSize: c.minSize,
                                                            maxLines: c.maxLines), locale: "en")
        #expect(fitted.fontSize == survey.sizes[largest],
                "\(c): got \(fitted.fontSize), the largest fitting size is \(survey.sizes[largest]), a binary search alone stops at \(survey.sizes[survey.bisected])")
        #expect(fitted.fitOutcome == .shrunk)
        #expect(!fitted.isTruncated)
        #expect(Self.violations(fitted, c).isEmpty, "\(c): \(Self.violations(fitted, c))")

        // The size that does not fit breaks the box when its lines are kept whole.
        let tooWide = try engine.layout(c.text, style: style(size: survey.sizes[gap], box: c.box, minSize: survey.sizes[gap],
                                                             maxLines: c.maxLines, truncate: .clip), locale: "en")
        #expect(!Self.violations(tooWide, c).isEmpty, "\(c) at \(survey.sizes[gap]) looks fitting")
    }


    @Test("the fitter returns the largest fitting size for every surveyed box where fit is not monotonic")
    func largestInEverySurveyedBox() throws {
        #expect(!Self.surveyed.isEmpty)
        for (c, survey) in Self.surveyed {
            let largest = survey.sizes[survey.largest!]
            let fitted = try engine.layout(c.text, style: style(size: c.size, box: c.box, minSize: c.minSize,
                                                                maxLines: c.maxLines), locale: "en")
            // The grid's step is the promised precision.
            #expect(fitted.fontSize == largest, "\(c): got \(fitted.fontSize), \(largest) fits (\(Self.gapWidth(survey)) sizes in between do not)")
            #expect(Self.violations(fitted, c).isEmpty, "\(c): \(Self.violations(fitted, c))")
        }
    }
}
