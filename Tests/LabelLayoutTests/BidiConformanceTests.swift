import Foundation
import LabelLayout
import StyledText
import Testing

/// One line of BidiCharacterTest.txt.
struct BidiCharacterCase: Sendable {
    var line: Int
    var scalars: [Unicode.Scalar]
    /// 0 left to right, 1 right to left, 2 from the text (rules P2 and P3, else left to right).
    var direction: Int
    var paragraphLevel: Int
    /// The resolved level of every character; nil for those rule X9 removes ('x').
    var levels: [Int?]
    /// Indices of the characters that are not removed, left to right.
    var visualOrder: [Int]

    /// The cases of the file, or with `sample`, those ``BidiConformanceTests/sample(_:)``
    /// picks (the rest are not parsed).
    static func load(sample: Bool) throws -> (cases: [BidiCharacterCase], total: Int) {
        let file = try UnicodeTestFiles.lines(UnicodeTestFiles.bidiCharacterTest)
        let permutations = file.firstIndex { $0.comment.hasPrefix(" Permutations of sequences") } ?? file.count
        let lines = file.indices.filter { !file[$0].data.isEmpty }.map { index in
            (number: index + 1, data: file[index].data, isHandWritten: index < permutations)
        }
        let picked = sample ? BidiConformanceTests.sample(lines.map(\.isHandWritten)) : Array(lines.indices)
        let cases = try picked.map { index in
            let (number, data, _) = lines[index]
            let fields = data.split(separator: ";", omittingEmptySubsequences: false)
            guard fields.count == 5, let direction = Int(fields[1]), let level = Int(fields[2]) else {
                throw ConformanceFileError(line: number, text: String(data))
            }
            return BidiCharacterCase(
                line: number, scalars: UnicodeTestFiles.scalars(fields[0]), direction: direction, paragraphLevel: level,
                levels: fields[3].split(separator: " ").map { Int($0) },
                visualOrder: fields[4].split(separator: " ").map { Int($0)! })
        }
        return (cases, lines.count)
    }
}

struct ConformanceFileError: Error, CustomStringConvertible {
    var line: Int
    var text: String
    var description: String { "line \(line) is not a test case: \(text)" }
}

/// UAX #9 through the public layout API, on Unicode's BidiCharacterTest.txt: each case
/// is laid out on one line in a style whose direction is the case's, and the paragraph
/// level and the order of the characters on screen are read back from the positioned
/// line, as a renderer would see them. FriBidi resolves the levels; what this holds the
/// engine to is everything after: items split by level, script and fallback font, each
/// shaped, then the pieces reordered per line (rule L2) and their glyphs placed.
@Suite("Bidi conformance (BidiCharacterTest.txt)")
struct BidiConformanceTests {
    /// `make test` runs the file's hand-written cases (its first 231: the examples of
    /// UAX #9, explicit formatting characters, brackets, numbers, every case of automatic
    /// direction) and every ``sampleStride``th of its 91,476 generated bracket
    /// permutations, 5,046 cases in all; `make conformance` (`LABELGEN_CONFORMANCE=full`)
    /// runs every case. The stride is odd (and prime): the generated cases alternate
    /// between left-to-right and right-to-left paragraphs, so every 20th took only
    /// left-to-right ones, where a fault in reordering showed in 3% of the sample
    /// against 39% of the file.
    static let sampleStride = 19

    /// The indices of the cases the sample takes, given which are hand-written.
    static func sample(_ isHandWritten: [Bool]) -> [Int] {
        var generated = 0
        return isHandWritten.indices.filter { index in
            if isHandWritten[index] { return true }
            generated += 1
            return generated % sampleStride == 1
        }
    }

    @Test("every case lays out in the expected paragraph level and visual order",
          .enabled(if: UnicodeTestFiles.exists(UnicodeTestFiles.bidiCharacterTest),
                   "needs \(UnicodeTestFiles.bidiCharacterTest) (Debian package unicode-data)"))
    func bidiCharacterTest() throws {
        let (cases, total) = try BidiCharacterCase.load(sample: !UnicodeTestFiles.isFull)
        #expect(total == 91_707, "BidiCharacterTest.txt of Unicode 15.0 has 91,707 cases")
        var failures: [String] = []
        for testCase in cases {
            if let failure = try Self.check(testCase) { failures.append(failure) }
        }
        #expect(failures.count == 0, """
            \(failures.count) of \(cases.count) cases differ; the first ones:
            \(failures.prefix(20).joined(separator: "\n"))
            """)
    }

    /// The style of a case: one unbounded line (no box, so no wrapping, shrinking or
    /// truncation), the text taken literally, in the case's paragraph direction. Auto is
    /// laid out for English, so a paragraph without strong characters is left to right
    /// (rule P3; a right-to-left locale would make it right to left).
    static func style(direction: Int) -> LabelStyle {
        LabelLayoutTests.style(size: 16) { style in
            style.markup = false
            style.direction = [TextDirection.ltr, .rtl, .auto][direction]
        }
    }

    /// What is wrong with the layout of a case, or nil if nothing is.
    static func check(_ testCase: BidiCharacterCase) throws -> String? {
        let text = String(String.UnicodeScalarView(testCase.scalars))
        let layout = try engine.layout(text, style: style(direction: testCase.direction), locale: "en")
        let describe = "line \(testCase.line) [\(UnicodeTestFiles.hex(testCase.scalars))] direction \(testCase.direction)"
        guard layout.lines.count == 1, let line = layout.lines.first else {
            return "\(describe): \(layout.lines.count) lines"
        }
        let (order, levels) = visualOrder(of: line, count: testCase.scalars.count)
        let kept = order.filter { testCase.levels[$0] != nil }
        var problems: [String] = []
        let paragraphLevel = line.isRightToLeft ? 1 : 0
        if paragraphLevel != testCase.paragraphLevel {
            problems.append("paragraph level \(paragraphLevel), expected \(testCase.paragraphLevel)")
        }
        if kept != testCase.visualOrder {
            problems.append("order \(kept), expected \(testCase.visualOrder)")
        }
        let resolved = testCase.levels.indices.map { testCase.levels[$0] == nil ? nil : levels[$0] }
        if resolved != testCase.levels {
            problems.append("levels \(resolved.map { $0.map(String.init) ?? "x" }), "
                            + "expected \(testCase.levels.map { $0.map(String.init) ?? "x" })")
        }
        return problems.isEmpty ? nil : "\(describe): " + problems.joined(separator: "; ")
    }

    /// The line's characters from left to right, and the level each is drawn at.
    ///
    /// Runs and their glyphs come in visual order, and a glyph's cluster is the offset of
    /// the first character it draws. A cluster covers the characters from its start to
    /// the next cluster start in logical order: several when HarfBuzz joins a mark (or a
    /// control the bidi rule X9 removes) to its base. The characters of one cluster are
    /// in one run, hence at one level, so on screen they are in logical order in a
    /// left-to-right run and reversed in a right-to-left one, which is what rule L2 does
    /// to them. A cluster of several glyphs is counted where its first glyph is.
    ///
    /// The line's trailing white space draws no glyph: it hangs past the line's end in the
    /// paragraph's direction, at the paragraph's level (rule L1), so it comes last on a
    /// left-to-right line and first, reversed, on a right-to-left one.
    static func visualOrder(of line: TextLayout.Line, count: Int) -> (order: [Int], levels: [Int?]) {
        let visibleEnd = line.range.lowerBound + line.text.unicodeScalars.count
        let starts = Set(line.runs.flatMap { $0.glyphs.map(\.cluster) }).sorted()
        var end: [Int: Int] = [:]
        for (i, start) in starts.enumerated() { end[start] = i + 1 < starts.count ? starts[i + 1] : visibleEnd }
        var order: [Int] = []
        var levels = [Int?](repeating: nil, count: count)
        var seen = Set<Int>()
        for run in line.runs {
            for glyph in run.glyphs where seen.insert(glyph.cluster).inserted {
                let characters = glyph.cluster..<end[glyph.cluster]!
                order += run.isRightToLeft ? characters.reversed() : Array(characters)
                for offset in characters { levels[offset] = Int(run.bidiLevel) }
            }
        }
        let trailing = visibleEnd..<line.range.upperBound
        order = line.isRightToLeft ? trailing.reversed() + order : order + trailing
        for offset in trailing { levels[offset] = line.isRightToLeft ? 1 : 0 }
        return (order, levels)
    }
}
