import Foundation
import LabelLayout
import StyledText
import Testing

/// An engine that finds the demo's button pictures by their file names.
private let imageEngine = LayoutEngine(
    fonts: FontSources(bundledDirectories: [packageRoot.appendingPathComponent("Fonts").path], useHostFonts: false),
    imageDirectories: [packageRoot.appendingPathComponent("Localizations/images").path])

private extension TextLayout {
    var allRuns: [GlyphRun] { lines.flatMap(\.runs) }
}

@Suite("Mixed runs: markup and StyledString")
struct StyledLayoutTests {
    @Test("a line is as tall as its largest run, and every run sits on one baseline")
    func lineHeightFollowsLargestRun() throws {
        let plain = try engine.layout("Small", style: style(size: 20), locale: "en")
        let mixed = try engine.layout("Small <size=200%>BIG</size>", style: style(size: 20), locale: "en")
        #expect(abs(mixed.lines[0].ascent - 2 * plain.lines[0].ascent) < 1e-9)
        #expect(abs(mixed.lines[0].height - 2 * plain.lines[0].height) < 1e-9)
        let sizes = mixed.allRuns.map(\.fontSize)
        #expect(sizes.contains(20) && sizes.contains(40))
        let ys = Set(mixed.allRuns.flatMap { $0.glyphs.map(\.y) })
        #expect(ys == [mixed.lines[0].baseline])

        // Only the line holding the large run grows.
        let twoLines = try engine.layout("small\n<size=40>LARGE</size>", style: style(size: 20), locale: "en")
        #expect(twoLines.lines.count == 2)
        #expect(abs(twoLines.lines[1].height - 2 * twoLines.lines[0].height) < 1e-9)
        #expect(twoLines.lines[1].baseline - twoLines.lines[0].baseline > 1.5 * plain.lines[0].ascent)

        // A small run alone makes a small line.
        let small = try engine.layout("<size=50%>tiny</size>", style: style(size: 20), locale: "en")
        #expect(abs(small.lines[0].height - plain.lines[0].height / 2) < 1e-9)
    }

    @Test("absolute and relative sizes nest, and shrinking scales every run alike")
    func shrinkScalesAllRuns() throws {
        let layout = try engine.layout("Total <size=150%>9 999 999</size> gold coins collected",
                                       style: style(size: 40, box: Box(width: 260, height: 60), minSize: 8, maxLines: 1),
                                       locale: "en")
        #expect(layout.fitOutcome == .shrunk)
        let sizes = Set(layout.allRuns.map(\.fontSize)).sorted()
        #expect(sizes.count == 2)
        #expect(abs(sizes[1] / sizes[0] - 1.5) < 1e-9)
        #expect(abs(sizes[0] - layout.fontSize) < 1e-9)
        #expect(layout.lines[0].width <= 260 + 1e-6)

        let nested = try engine.layout("a<size=30>b<size=50%>c</size></size>", style: style(size: 20), locale: "en")
        #expect(nested.allRuns.map(\.fontSize) == [20, 30, 15])
    }

    @Test("a bold run wraps inside itself at word breaks, every piece in the bold face")
    func wrappingInsideBoldRun() throws {
        let text = "Go <b>collect every golden star hidden</b> now"
        let layout = try engine.layout(text, style: style(size: 30, box: Box(width: 200)), locale: "en")
        #expect(layout.lines.count >= 3)
        // "collect every golden star hidden" is scalars 3..<35 of the plain text.
        let bold = 3..<35
        for line in layout.lines {
            for run in line.runs {
                for glyph in run.glyphs {
                    #expect(run.face.weight == (bold.contains(glyph.cluster) ? 700 : 400), "cluster \(glyph.cluster)")
                }
            }
            #expect(line.width <= 200 + 1e-6)
        }
        #expect(layout.lines.count > 2)
        // No line breaks inside a word: every line ends at a space or the end.
        #expect(layout.lines.map(\.text).joined(separator: " ") == "Go collect every golden star hidden now")
    }

    @Test("an RTL paragraph with an inline bold word keeps visual order, and joining crosses a colour change")
    func rightToLeftWithBoldWord() throws {
        let layout = try engine.layout("שלום <b>עולם</b> טוב", style: style(size: 30, family: "Noto Sans Hebrew"), locale: "he")
        let line = try #require(layout.lines.first)
        #expect(line.isRightToLeft)
        // Visual order, left to right: טוב, עולם (bold), שלום.
        let bold = line.runs.filter { $0.face.weight == 700 }
        try #require(bold.count == 1, "\(bold.count) bold runs")
        let boldX = bold[0].glyphs.map(\.x)
        let others = line.runs.filter { $0.face.weight != 700 }.flatMap(\.glyphs)
        let first = others.filter { $0.cluster < 5 }.map(\.x)        // שלום, logically first
        let last = others.filter { $0.cluster > 11 }.map(\.x)        // טוב, logically last
        let boldLeft = try #require(boldX.min()), boldRight = try #require(boldX.max())
        #expect(try #require(first.min()) > boldRight)
        #expect(try #require(last.max()) < boldLeft)

        // Arabic letters keep their joining forms when a colour splits the word.
        let plain = try engine.layout("مرحبا", style: style(size: 30), locale: "ar")
        let colored = try engine.layout("<color=#FF0000>مر</color>حبا", style: style(size: 30), locale: "ar")
        #expect(Set(colored.allRuns.flatMap { $0.glyphs.map(\.id) }) == Set(plain.allRuns.flatMap { $0.glyphs.map(\.id) }))
        #expect(colored.allRuns.contains { $0.color == (try? Color(hex: "#FF0000")) })
    }

    @Test("a colour change keeps kerning, and a coloured word inside right-to-left text stays in place")
    func colourInsideOneShapedItem() throws {
        let plain = try engine.layout("AVATAR", style: style(size: 40), locale: "en")
        let colored = try engine.layout("A<color=#FF0000>V</color>ATAR", style: style(size: 40), locale: "en")
        #expect(plain.allRuns.flatMap { $0.glyphs.map(\.x) } == colored.allRuns.flatMap { $0.glyphs.map(\.x) })
        #expect(colored.allRuns.count == 3)

        let hebrew = try engine.layout("שלום <color=#FF0000>עולם</color> טוב", style: style(size: 30, family: "Noto Sans Hebrew"),
                                       locale: "he")
        let plainHebrew = try engine.layout("שלום עולם טוב", style: style(size: 30, family: "Noto Sans Hebrew"), locale: "he")
        // Same glyphs at the same places; only the middle word's run is red.
        let positions = { (layout: TextLayout) in layout.allRuns.flatMap { $0.glyphs.map { [Double($0.id), $0.x, Double($0.cluster)] } } }
        #expect(positions(hebrew) == positions(plainHebrew))
        let red = hebrew.allRuns.filter { $0.color != nil }.flatMap(\.glyphs).map(\.cluster)
        #expect(Set(red) == Set(5..<9))
    }

    @Test("align=middle centres a picture on the x-height, align=center on the line, and the line makes room below")
    func alignedInlineImages() throws {
        func picture(_ align: String) throws -> (box: ColorBitmap, size: Double, line: TextLayout.Line, face: FontFace) {
            let layout = try imageEngine.layout("Press <img src=\"button_a.png\" height=40\(align)/> now",
                                                style: style(size: 24), locale: "en")
            let run = try #require(layout.allRuns.first { $0.image != nil })
            let text = try #require(layout.allRuns.first { $0.image == nil })
            return (try #require(run.image), run.fontSize, layout.lines[0], text.face)
        }
        let base = try picture(""), middle = try picture(" align=middle"), center = try picture(" align=center")
        #expect(try picture(" align=baseline").box == base.box)
        // Heights in px above the baseline, y up.
        func centre(_ p: (box: ColorBitmap, size: Double, line: TextLayout.Line, face: FontFace)) -> Double {
            (p.box.minY + p.box.maxY) / 2 * p.size
        }
        #expect(base.box.minY == 0)
        let face = middle.face
        #expect(abs(centre(middle) - face.xHeight * 24 / 2) < 1e-9, "middle: \(centre(middle)) vs x-height \(face.xHeight * 24)")
        #expect(abs(centre(center) - (face.ascender - face.descender) * 24 / 2) < 1e-9)
        for aligned in [middle, center] {
            #expect(abs((aligned.box.maxY - aligned.box.minY) * aligned.size - 40) < 1e-9, "the height is kept")
            // 40 px centred low reaches further below the baseline than the font's descender:
            // the line's descent grows to hold it, so nothing hangs out of the line.
            #expect(aligned.line.descent >= -aligned.box.minY * aligned.size - 1e-9)
        }
        #expect(middle.line.descent > base.line.descent)
        #expect(throws: MarkupError.self) { try Markup.parse("<img src=\"a.png\" align=top/>") }
    }

    @Test("an inline image is one glyph on the baseline, as wide as its aspect, never split from its word")
    func inlineImages() throws {
        let text = "Press <img src=\"button_a.png\" height=30/> to jump"
        let layout = try imageEngine.layout(text, style: style(size: 24), locale: "en")
        let image = try #require(layout.allRuns.first { $0.image != nil })
        #expect(image.glyphs.count == 1)
        let box = try #require(image.image)
        // button_a.png is square: 30 px high and 30 px wide at the label's size.
        #expect(abs((box.maxY - box.minY) * image.fontSize - 30) < 1e-9)
        #expect(abs((box.maxX - box.minX) * image.fontSize - 30) < 1e-9)
        #expect(image.glyphs[0].y == layout.lines[0].baseline)
        #expect(layout.lines[0].ascent >= 30 - 1e-9)
        #expect(layout.text.unicodeScalars.filter { $0 == "\u{FFFC}" }.count == 1)

        // Without a height the picture is one em of its run's size tall.
        let auto = try imageEngine.layout("<size=150%><img src=\"button_b.png\"/></size>", style: style(size: 24), locale: "en")
        let run = try #require(auto.allRuns.first)
        #expect(abs(run.image!.maxY * run.fontSize - 36) < 1e-9)

        // Glued to the text on both sides, it breaks only at the spaces around "x<img/>y".
        let glued = try imageEngine.layout("aaaa bbbb<img src=\"button_a.png\"/>cccc dddd",
                                           style: style(size: 24, box: Box(width: 160)), locale: "en")
        #expect(glued.lines.map(\.text).contains("bbbb\u{FFFC}cccc"))

        // Shrinking scales the picture with the text.
        let shrunk = try imageEngine.layout(text, style: style(size: 24, box: Box(width: 120, height: 40), minSize: 6, maxLines: 1),
                                            locale: "en")
        let small = try #require(shrunk.allRuns.first { $0.image != nil })
        #expect(abs((small.image!.maxY) * small.fontSize - 30 * shrunk.fontSize / 24) < 1e-9)

        #expect(throws: LayoutError.self) {
            try imageEngine.layout("<img src=\"no-such.png\"/>", style: style(size: 24), locale: "en")
        }
        // Sizes that markup asks for are held to the same limits as the style's.
        for huge in ["<img src=\"button_a.png\" height=5000/>", "<size=5000>x</size>", "<size=50000%>x</size>",
                     "<stroke=5000>x</stroke>"] {
            do {
                _ = try imageEngine.layout(huge, style: style(size: 24), locale: "en")
                Issue.record("\(huge) was laid out")
            } catch {
                guard case .limitExceeded = error else { Issue.record("\(huge): \(error)"); continue }
            }
        }
    }

    @Test("the ellipsis takes the attributes of the text it replaces")
    func ellipsisStyle() throws {
        let layout = try engine.layout("Hi <b><color=#00FF00>every single player in the whole wide world</color></b>",
                                       style: style(size: 24, box: Box(width: 150, height: 40), minSize: 24, maxLines: 1),
                                       locale: "en")
        #expect(layout.isTruncated)
        let ellipsis = try #require(layout.allRuns.first { $0.isEllipsis })
        #expect(ellipsis.face.weight == 700)
        #expect(ellipsis.color == (try? Color(hex: "#00FF00")))
        #expect(layout.lines[0].text.hasSuffix("\u{2026}"))
    }

    @Test("a StyledString built in code lays out like the same markup")
    func styledStringFromCode() throws {
        var text = StyledString("Score: ")
        text.append("12 345", attributes: TextAttributes(weight: 700, color: (try? Color(hex: "#FFD700"))))
        let built = try engine.layout(text, style: style(size: 30), locale: "en")
        let parsed = try engine.layout("Score: <b><color=#FFD700>12 345</color></b>", style: style(size: 30), locale: "en")
        #expect(built.allRuns.map { $0.glyphs.map(\.id) } == parsed.allRuns.map { $0.glyphs.map(\.id) })
        #expect(built.allRuns.map { $0.glyphs.map(\.x) } == parsed.allRuns.map { $0.glyphs.map(\.x) })
        #expect(built.styledText == parsed.styledText)

        // <font> picks another family for its run only; the rest keeps the style's, and a
        // character the run's family lacks still falls back ("Hi" has no Devanagari).
        let fonts = try engine.layout("Hi <font=\"Noto Sans CJK JP\">Hi</font> Hi", style: style(size: 30), locale: "en")
        #expect(fonts.allRuns.map(\.face.family) == ["Noto Sans", "Noto Sans CJK JP", "Noto Sans"])
        let fallback = try engine.layout("<font=\"Noto Sans Devanagari\">Hi नमस्ते</font>", style: style(size: 30), locale: "en")
        #expect(fallback.allRuns.map(\.face.family) == ["Noto Sans", "Noto Sans Devanagari UI"])
    }

    @Test("underline and strike-through bars follow the face's metrics; italics without a face slant")
    func decorationsAndSlant() throws {
        let layout = try engine.layout("<u>under</u> <s>struck</s> <i>lean</i>", style: style(size: 40), locale: "en")
        let baseline = layout.lines[0].baseline
        let underline = try #require(layout.allRuns.flatMap(\.decorations).first { $0.kind == .underline })
        let strike = try #require(layout.allRuns.flatMap(\.decorations).first { $0.kind == .strikethrough })
        #expect(underline.rect.minY > baseline && underline.rect.minY < baseline + 10)
        #expect(strike.rect.maxY < baseline && strike.rect.minY > baseline - 20)
        #expect(underline.rect.width > 60)
        let lean = try #require(layout.allRuns.first { $0.attributes.italic == true })
        #expect(lean.slant > 0)
        #expect(layout.allRuns.filter { $0.attributes.italic != true }.allSatisfy { $0.slant == 0 })
    }

    @Test("an underline stops short of descenders that cross it, and only there; a strike-through is never cut")
    func underlineSkipsDescenders() throws {
        func bars(_ text: String, _ kind: Decoration.Kind) throws -> (bars: [Rect], run: GlyphRun) {
            let layout = try engine.layout(text, style: style(size: 40), locale: "en")
            let run = try #require(layout.allRuns.first)
            return (run.decorations.filter { $0.kind == kind }.map(\.rect), run)
        }
        // No ink reaches the bar: one bar, the run's whole width.
        let plain = try bars("<u>xnmu</u>", .underline)
        #expect(plain.bars.count == 1)

        let (pieces, run) = try bars("<u>gypsy jQ</u>", .underline)
        #expect(pieces.count >= 3, "\(pieces)")
        let covered = pieces.reduce(0) { $0 + $1.width }
        let span = pieces.last!.maxX - pieces.first!.minX
        #expect(covered > span * 0.3 && covered < span * 0.95, "\(covered) of \(span)")
        // A glyph whose ink reaches down to the bar has a gap in its width; one whose ink
        // stays above it is underlined its whole width.
        let bar = pieces[0]
        var descenders = 0
        for glyph in run.glyphs {
            guard let box = run.inkBox(glyph.id) else { continue }
            let ink = (glyph.x + box.minX * run.fontSize)...(glyph.x + box.maxX * run.fontSize)
            let wholly = pieces.contains { $0.minX <= ink.lowerBound && $0.maxX >= ink.upperBound }
            if glyph.y - box.minY * run.fontSize > bar.minY {
                descenders += 1
                #expect(!wholly, "glyph \(glyph.id) reaches the bar but is underlined its whole width")
            }
        }
        #expect(descenders == 6, "g y p y j Q")
        // Pieces stay in the run and in order, never overlapping.
        #expect(zip(pieces, pieces.dropFirst()).allSatisfy { $0.maxX < $1.minX })
        #expect(try bars("<s>gypsy jQ</s>", .strikethrough).bars.count == 1)
    }

    @Test("malformed markup is an error with its column; markup: false draws tags literally")
    func markupErrorsAndLiteralText() throws {
        do {
            _ = try engine.layout("Press <b>Start", style: style(size: 20), locale: "en")
            Issue.record("expected a markup error")
        } catch {
            guard case .markup(let markup) = error else { Issue.record("\(error)"); return }
            #expect(markup.column == 7)
        }
        let literal = try engine.layout("Press <b>Start", style: style(size: 20) { $0.markup = false }, locale: "en")
        #expect(literal.lines[0].text == "Press <b>Start")
        #expect(literal.styledText.isPlain)
    }
}
