import Foundation
import LabelLayout
import StyledText
import Testing

/// Lines that break where HarfBuzz marks a break unsafe are shaped again, so each line's
/// glyphs are those of its own text: joining forms end and start words, and no kern
/// reaches across the break.
@Suite("Re-shaping at unsafe line breaks")
struct LineEndReshapingTests {
    /// The same text laid out alone on one line, at the same size.
    private func alone(_ text: String, like wrapped: LabelStyle, locale: String) throws -> TextLayout {
        var single = wrapped
        single.box = nil
        single.font.minSize = nil
        return try engine.layout(text, style: single, locale: locale)
    }

    @Test("an Arabic word split between letters takes final and initial forms at the break",
          arguments: [("مستشفيات الجامعة", "ar"), ("بالاستقلالية", "ar")])
    func arabicJoiningAtBreak(text: String, locale: String) throws {
        let wrapped = style(size: 40, box: Box(width: 90, height: 400), minSize: 40, wrap: .char)
        let layout = try engine.layout(text, style: wrapped, locale: locale)
        try #require(layout.lines.count > 1, "the text did not wrap")
        for (index, line) in layout.lines.enumerated() {
            let own = try alone(line.text, like: wrapped, locale: locale)
            #expect(layout.lines[index].runs.flatMap(\.glyphs).map(\.id) == own.lines[0].runs.flatMap(\.glyphs).map(\.id),
                    "line \(index) \"\(line.text)\" keeps glyphs shaped with the text beyond its ends")
        }
    }

    @Test("no kern reaches across a break: a line ending in A before V has A's own advance")
    func kernAcrossBreak() throws {
        let wrapped = style(size: 60, box: Box(width: 125, height: 400), minSize: 60, wrap: .char)
        let layout = try engine.layout("AVAVAVAV", style: wrapped, locale: "en")
        try #require(layout.lines.count > 1, "the text did not wrap")
        let first = layout.lines[0]
        try #require(first.text.hasSuffix("A"), "the first line is \(first.text)")
        let own = try alone(first.text, like: wrapped, locale: "en")
        #expect(abs(first.width - own.lines[0].width) < 0.01,
                "the first line is \(first.width) px wide, \(own.lines[0].width) px alone")
    }
}
