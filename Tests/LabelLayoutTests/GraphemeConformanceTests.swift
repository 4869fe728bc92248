import Foundation
import LabelLayout
import StyledText
import Testing

/// One line of GraphemeBreakTest.txt: a text and the offsets where its grapheme
/// clusters begin and end (the ÷ marks), in Unicode scalars.
struct GraphemeBreakCase: Sendable {
    var line: Int
    var scalars: [Unicode.Scalar]
    var boundaries: [Int]

    var text: String { String(String.UnicodeScalarView(scalars)) }
    var describe: String { "line \(line) [\(UnicodeTestFiles.hex(scalars))] breaks \(boundaries)" }

    static func load() throws -> [GraphemeBreakCase] {
        let lines = try UnicodeTestFiles.lines(UnicodeTestFiles.graphemeBreakTest)
        return try lines.indices.filter { !lines[$0].data.isEmpty }.map { index in
            let (number, data) = (index + 1, lines[index].data)
            var scalars: [Unicode.Scalar] = []
            var boundaries: [Int] = []
            for token in data.split(separator: " ") {
                switch token {
                case "÷": boundaries.append(scalars.count)
                case "×": break
                default:
                    guard let value = UInt32(token, radix: 16), let scalar = Unicode.Scalar(value) else {
                        throw ConformanceFileError(line: number, text: String(data))
                    }
                    scalars.append(scalar)
                }
            }
            return GraphemeBreakCase(line: number, scalars: scalars, boundaries: boundaries)
        }
    }
}

/// UAX #29's grapheme clusters through the public API, on every case of Unicode's
/// GraphemeBreakTest.txt (602 texts, a few seconds): where carets stand and how the
/// arrow keys move them, and where char wrap may end a line. The texts mix controls,
/// CR and LF (which end lines here), Hangul jamo, regional indicators, emoji ZWJ
/// sequences, Arabic prepended marks and Devanagari spacing marks.
@Suite("Grapheme conformance (GraphemeBreakTest.txt)")
struct GraphemeConformanceTests {
    static let enabled = UnicodeTestFiles.exists(UnicodeTestFiles.graphemeBreakTest)
    static let reason: Comment = "needs \(UnicodeTestFiles.graphemeBreakTest) (Debian package unicode-data)"

    /// Left to right and read literally: the texts' Arabic letters and digits then sit
    /// at higher levels inside a left-to-right paragraph, as in a Latin UI string.
    static func plain(_ style: LabelStyle) -> LabelStyle {
        var style = style
        style.markup = false
        style.direction = .ltr
        return style
    }

    static func load() throws -> [GraphemeBreakCase] {
        let cases = try GraphemeBreakCase.load()
        #expect(cases.count == 602, "GraphemeBreakTest.txt of Unicode 15.0 has 602 cases")
        return cases
    }

    /// Carets stand exactly at the boundaries (``TextLayout/caretOffsets``); an offset
    /// inside a cluster snaps back to the cluster's start (``TextLayout/caret(at:)``);
    /// and the arrow keys (``TextLayout/caretOffset(from:moving:)``), pressed from one
    /// end of the text to the other, stop at every boundary once and nowhere else.
    /// Moving is visual: the texts' Arabic sits at odd levels, so a walk is checked as a
    /// set of stops, not an order. It starts at the text's start or end, which in a
    /// left-to-right paragraph stand at the left edge of the first line and the right
    /// edge of the last. Carets of clusters that draw nothing (controls, joiners) share
    /// an x with their neighbours; the arrow keys take them in logical order.
    @Test("carets stand and move only between grapheme clusters", .enabled(if: enabled, reason))
    func caretStops() throws {
        var failures: [String] = []
        let cases = try Self.load()
        for testCase in cases {
            let layout = try engine.layout(testCase.text, style: Self.plain(style(size: 16)), locale: "en")
            var problems: [String] = []
            if layout.caretOffsets != testCase.boundaries { problems.append("caret offsets \(layout.caretOffsets)") }
            for offset in 0...testCase.scalars.count {
                let expected = testCase.boundaries.last { $0 <= offset }!
                let caret = layout.caret(at: offset).offset
                if caret != expected { problems.append("caret at \(offset) is at \(caret)") }
            }
            for direction in [VisualDirection.right, .left] {
                var stop: Int? = direction == .right ? 0 : testCase.scalars.count
                var walk: [Int] = []
                while let offset = stop, walk.count <= testCase.boundaries.count {
                    walk.append(offset)
                    stop = layout.caretOffset(from: offset, moving: direction)
                }
                if walk.sorted() != testCase.boundaries { problems.append("moving \(direction) stops at \(walk)") }
            }
            if !problems.isEmpty { failures.append("\(testCase.describe): " + problems.joined(separator: "; ")) }
        }
        #expect(failures.count == 0, """
            \(failures.count) of \(cases.count) cases differ; the first ones:
            \(failures.prefix(20).joined(separator: "\n"))
            """)
    }

    /// `wrap: char` may end a line between any two grapheme clusters. In a box 1 px wide
    /// no cluster that draws fits, so each line takes one, and every place where char wrap
    /// can break is tried: lines must start and end only at the boundaries, and no line
    /// holds two clusters with ink. (A cluster that draws nothing, a control or a
    /// trailing space, fits on the line before it, so not every boundary starts a line.)
    /// `truncate: clip` keeps every line, rather than cutting the text to fit the width
    /// with an ellipsis.
    @Test("char wrap breaks lines only between grapheme clusters", .enabled(if: enabled, reason))
    func charWrap() throws {
        var failures: [String] = []
        let cases = try Self.load()
        for testCase in cases {
            let narrow = Self.plain(style(size: 16, box: Box(width: 1), wrap: .char, truncate: .clip))
            let layout = try engine.layout(testCase.text, style: narrow, locale: "en")
            let ranges = layout.lines.map(\.range)
            var problems: [String] = []
            if ranges.first?.lowerBound != 0 || ranges.last?.upperBound != testCase.scalars.count
                || zip(ranges, ranges.dropFirst()).contains(where: { $0.upperBound != $1.lowerBound }) {
                problems.append("lines \(ranges) do not cover the text")
            }
            let inside = ranges.map(\.lowerBound).filter { !testCase.boundaries.contains($0) }
            if !inside.isEmpty { problems.append("lines \(ranges) start inside a cluster at \(inside)") }
            for line in layout.lines {
                let inked = Set(line.runs.flatMap { run in
                    run.glyphs.filter { glyph in run.inkBox(glyph.id).map { $0.maxX > $0.minX } ?? false }
                        .map { glyph in testCase.boundaries.last { $0 <= glyph.cluster }! }
                })
                if inked.count > 1 { problems.append("line \(line.range) holds clusters \(inked.sorted()) that draw") }
            }
            if !problems.isEmpty { failures.append("\(testCase.describe): " + problems.joined(separator: "; ")) }
        }
        #expect(failures.count == 0, """
            \(failures.count) of \(cases.count) cases differ; the first ones:
            \(failures.prefix(20).joined(separator: "\n"))
            """)
    }
}
