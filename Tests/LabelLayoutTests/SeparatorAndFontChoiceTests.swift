import LabelLayout
import StyledText
import Testing

/// Line and paragraph separators, and the font a cluster is drawn in, as UAX #9, UAX #14
/// and UTS #51 have them (cases found by comparing with Pango).
@Suite("Separators and font choice")
struct SeparatorAndFontChoiceTests {
    @Test("CR LF is one line break, not two")
    func crlf() throws {
        let layout = try engine.layout("Line one\r\nLine two\r\nLine three", style: style(size: 20, box: Box(width: 400)), locale: "en")
        #expect(layout.lineTexts.count == 3, "\(layout.lineTexts)")
        #expect(layout.lineTexts.last == "Line three")
    }

    @Test("each paragraph has its own direction, from its own first strong character")
    func paragraphDirections() throws {
        let box = Box(width: 300)
        let a = try engine.layout("Hello\nשלום world", style: style(size: 20, box: box), locale: "en")
        #expect(a.lines.map(\.isRightToLeft) == [false, true])
        #expect(a.lines[0].x < 1 && a.lines[1].x > 100, "natural alignment follows each paragraph")
        let b = try engine.layout("שלום world\nHello there", style: style(size: 20, box: box), locale: "en")
        #expect(b.lines.map(\.isRightToLeft) == [true, false])
        #expect(b.lines[1].x < 1)
    }

    @Test("U+2028 breaks the line but keeps the paragraph and its direction")
    func lineSeparator() throws {
        let text = "abc \u{2028}אבג def"
        let layout = try engine.layout(text, style: style(size: 20, box: Box(width: 400)), locale: "en")
        #expect(layout.lines.count == 2)
        #expect(layout.lines.map(\.isRightToLeft) == [false, false])
        // In a left-to-right paragraph the Hebrew word comes first and "def" after it.
        let scalars = Array(text.unicodeScalars)
        let glyphs = layout.lines[1].runs.flatMap(\.glyphs)
        let hebrew = glyphs.first { $0.cluster == scalars.firstIndex(of: "א")! }!.x
        let def = glyphs.first { $0.cluster == scalars.firstIndex(of: "d")! }!.x
        #expect(hebrew < def)
        #expect(layout.missingCharacters.isEmpty)
    }

    @Test("a number stays in one font, signs and dashes included")
    func numberInOneFont() throws {
        let text = "فاز الفريق بنتيجة 3-1 و +5 نقاط"
        let layout = try engine.layout(text, style: style(size: 24), locale: "ar")
        let scalars = Array(text.unicodeScalars)
        func family(of scalar: Unicode.Scalar) -> String? {
            let offset = scalars.firstIndex(of: scalar)!
            return layout.lines[0].runs.first { run in run.glyphs.contains { $0.cluster == offset } }?.face.family
        }
        #expect(family(of: "3") == family(of: "-") && family(of: "-") == family(of: "1"))
        #expect(family(of: "+") == family(of: "5"))
    }

    @Test("U+FE0F asks for the colour emoji, U+FE0E for the text glyph")
    func presentationSelectors() throws {
        let emoji = try engine.layout("\u{00A9}\u{FE0F}", style: style(size: 24), locale: "en")
        #expect(emoji.lines[0].runs.first?.face.hasColorBitmaps == true)
        let text = try engine.layout("\u{00A9}\u{FE0E}", style: style(size: 24), locale: "en")
        #expect(text.lines[0].runs.first?.face.hasColorBitmaps == false)
        let plain = try engine.layout("\u{00A9} 2026", style: style(size: 24), locale: "en")
        #expect(plain.lines[0].runs.first?.face.family == "Noto Sans")
    }

    @Test("a line broken at a soft hyphen shows a hyphen, counted in its width; an unbroken one shows nothing")
    func softHyphen() throws {
        let text = "Donau\u{AD}dampf\u{AD}schiff\u{AD}fahrts\u{AD}gesellschaft"
        let hyphenID = try engine.layout("\u{2010}", style: style(size: 24), locale: "de").lines[0].runs[0].glyphs[0].id
        let narrow = try engine.layout(text, style: style(size: 24, box: Box(width: 150)), locale: "de")
        #expect(narrow.lines.count > 1)
        for (index, line) in narrow.lines.enumerated() {
            let glyphs = line.runs.flatMap(\.glyphs)
            let endsWithHyphen = glyphs.last?.id == hyphenID
            #expect(endsWithHyphen == (index < narrow.lines.count - 1), "line \(index): \(line.text)")
            #expect(line.width <= 150 + 1e-6)
            if endsWithHyphen, let last = glyphs.last {
                // The hyphen sits inside the line's measured width, at its end.
                #expect(last.x < line.x + line.width && last.x > line.x + line.width - 24)
            }
        }
        let wide = try engine.layout(text, style: style(size: 24, box: Box(width: 2000)), locale: "de")
        #expect(wide.lines.count == 1)
        #expect(!wide.lines[0].runs.flatMap(\.glyphs).contains { $0.id == hyphenID })
    }
}
