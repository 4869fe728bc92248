import LabelLayout
import StyledText
import Testing

/// A text with the style and locale to lay it out in, for the tests every layout must pass.
struct CaretCase: Sendable, CustomTestStringConvertible {
    var name: String
    var text: String
    var locale: String
    var labelStyle: LabelStyle

    var testDescription: String { name }

    static let all: [CaretCase] = [
        CaretCase(name: "Latin with an ffi ligature", text: "Fifty office files", locale: "en", labelStyle: style(size: 24)),
        CaretCase(name: "Arabic with a Latin word and digits", text: "مكافأة ×2 في وضع Turbo 150", locale: "ar", labelStyle: style(size: 24)),
        CaretCase(name: "Hebrew", text: "שלום עולם", locale: "he", labelStyle: style(size: 24)),
        CaretCase(name: "Thai with marks", text: "ผู้เล่นที่ดีที่สุด", locale: "th", labelStyle: style(size: 24)),
        CaretCase(name: "Devanagari conjuncts", text: "क्षत्रिय योद्धा", locale: "hi", labelStyle: style(size: 24)),
        CaretCase(name: "wrapped paragraph", text: "Collect three golden stars to unlock the secret level",
                  locale: "en", labelStyle: style(size: 20, box: Box(width: 150))),
        CaretCase(name: "wrapped Arabic with a Latin name", text: "انضم Alex إلى اللعبة وفاز بالمرحلة الأولى",
                  locale: "ar", labelStyle: style(size: 24, box: Box(width: 170))),
        CaretCase(name: "emoji ZWJ family", text: "Team 👩‍👩‍👧 wins", locale: "en", labelStyle: style(size: 24)),
        CaretCase(name: "justified with tracking", text: "Collect three golden stars to unlock the secret level",
                  locale: "en", labelStyle: style(size: 18, box: Box(width: 220), align: .justify) { $0.tracking = 3 }),
        CaretCase(name: "tail-truncated", text: "Collect three golden stars to unlock the secret level", locale: "en",
                  labelStyle: style(size: 20, box: Box(width: 160, height: 30), minSize: 20, maxLines: 1)),
        CaretCase(name: "middle-truncated", text: "Level_01_The_Lost_Coast_Final", locale: "en",
                  labelStyle: style(size: 20, box: Box(width: 150, height: 30), minSize: 20, maxLines: 1, truncate: .middle)),
        CaretCase(name: "tail-truncated Arabic", text: "اجمع ثلاث نجوم ذهبية لفتح المستوى السري في كل عالم", locale: "ar",
                  labelStyle: style(size: 20, box: Box(width: 150, height: 40), minSize: 20, maxLines: 1)),
    ]
}

/// Scalar offsets of the boundaries of Swift's `Character`s (extended grapheme clusters).
func characterBoundaries(_ text: String) -> [Int] {
    var offsets = [0]
    for character in text { offsets.append(offsets.last! + character.unicodeScalars.count) }
    return offsets
}

/// Where a caret's line is, for hit-testing on it.
func middleY(of caret: Caret) -> Double { (caret.top + caret.bottom) / 2 }

@Suite("Carets and hit-testing")
struct CaretTests {
    @Test("every caret offset hit-tests back to itself", arguments: CaretCase.all)
    func roundTrip(_ example: CaretCase) throws {
        let layout = try engine.layout(example.text, style: example.labelStyle, locale: example.locale)
        let offsets = layout.caretOffsets
        #expect(offsets.first == 0)
        #expect(offsets.last == example.text.unicodeScalars.count)
        #expect(offsets == offsets.sorted() && Set(offsets).count == offsets.count)
        let carets = offsets.map { layout.caret(at: $0) }
        for caret in carets {
            #expect(caret.offset == offsets[carets.firstIndex(of: caret)!])
            // Just inside on either side of the caret, unless another caret stands there too.
            let twins = carets.filter { $0.line == caret.line && $0.offset != caret.offset && abs($0.x - caret.x) < 0.05 }
            #expect(twins.isEmpty, "\(example.name): offsets \(caret.offset) and \(twins.map(\.offset)) share a place")
            for x in [caret.x - 0.01, caret.x, caret.x + 0.01] {
                #expect(layout.caretOffset(atX: x, y: middleY(of: caret)) == caret.offset,
                        "\(example.name): offset \(caret.offset) at x \(x) on line \(caret.line)")
            }
        }
    }

    @Test("carets stand only between grapheme clusters", arguments: CaretCase.all.filter { !$0.name.contains("truncated") })
    func graphemeBoundaries(_ example: CaretCase) throws {
        let layout = try engine.layout(example.text, style: example.labelStyle, locale: example.locale)
        #expect(layout.caretOffsets == characterBoundaries(example.text))
        // An offset inside a cluster snaps back to the cluster's start.
        let boundaries = Set(layout.caretOffsets)
        for offset in 0...example.text.unicodeScalars.count where !boundaries.contains(offset) {
            #expect(layout.caret(at: offset).offset == boundaries.filter { $0 < offset }.max())
        }
    }

    @Test("clusters the fonts draw as one glyph keep the caret out")
    func indivisibleClusters() throws {
        let thai = try engine.layout("น้ำ", style: style(size: 24), locale: "th")
        #expect(thai.caretOffsets == [0, 3])
        let conjunct = try engine.layout("क्षत्रिय", style: style(size: 24), locale: "hi")
        #expect(conjunct.caretOffsets == [0, 3, 7, 8])
        let family = try engine.layout("A👩‍👩‍👧B", style: style(size: 24), locale: "en")
        #expect(family.caretOffsets == [0, 1, 6, 7])
        #expect(family.caret(at: 3).offset == 1)
        #expect(family.caret(at: 6).x > family.caret(at: 1).x + 10)
    }

    /// U+0600 ARABIC NUMBER SIGN is a prepended mark: the space after it belongs to its
    /// cluster (UAX #29 rule GB9b), also where that space ends the line and hangs past it.
    @Test("a trailing space inside a cluster gets no caret of its own")
    func prependedMarkBeforeTrailingSpace() throws {
        var plain = style(size: 24)
        plain.markup = false
        for text in ["\u{600} ", "\u{600} 1", "1 \u{600} "] {
            let layout = try engine.layout(text, style: plain, locale: "en")
            #expect(layout.caretOffsets == characterBoundaries(text), "\(text.unicodeScalars.map(\.value))")
        }
        let layout = try engine.layout("\u{600} ", style: plain, locale: "en")
        #expect(layout.caret(at: 1).offset == 0)
        #expect(layout.caretOffset(from: 0, moving: .right) == 2)
    }

    @Test("a ligature over several letters is split evenly between them")
    func ligatureSplit() throws {
        let layout = try engine.layout("office", style: style(size: 40), locale: "en")
        let glyphs = layout.lines[0].runs.flatMap(\.glyphs)
        #expect(glyphs.map(\.cluster) == [0, 1, 4, 5])  // "ffi" is one glyph in Noto Sans
        let x = (1...4).map { layout.caret(at: $0).x }
        #expect(abs(x[0] - glyphs[1].x) < 1e-9 && abs(x[3] - glyphs[2].x) < 1e-9)
        #expect(abs((x[1] - x[0]) - (x[2] - x[1])) < 1e-9 && abs((x[2] - x[1]) - (x[3] - x[2])) < 1e-9)
        #expect(x[1] - x[0] > 1)
    }

    @Test("right-to-left carets move leftward as the offset grows")
    func rightToLeftOrder() throws {
        let layout = try engine.layout("שלום עולם", style: style(size: 30), locale: "he")
        let line = layout.lines[0]
        let carets = layout.caretOffsets.map { layout.caret(at: $0) }
        #expect(carets.allSatisfy { $0.isRightToLeft })
        for (a, b) in zip(carets, carets.dropFirst()) { #expect(a.x > b.x) }
        #expect(abs(carets.first!.x - (line.x + line.width)) < 1e-9)
        #expect(abs(carets.last!.x - line.x) < 1e-9)
        #expect(carets.allSatisfy { $0.secondaryX == nil })
    }

    @Test("where left-to-right and right-to-left text meet, the caret splits")
    func directionBoundary() throws {
        // Logical: a b c ␣ א ב ג ␣ d e f; on screen: "abc ", then גבא, then " def".
        let layout = try engine.layout("abc אבג def", style: style(size: 30), locale: "en")
        let runs = layout.lines[0].runs
        let hebrew = try #require(runs.firstIndex { $0.isRightToLeft })
        try #require(runs.indices.filter { runs[$0].isRightToLeft } == [hebrew] && hebrew + 1 < runs.count)
        let hebrewLeft = try #require(runs[hebrew].glyphs.map(\.x).min())
        let hebrewRight = runs[hebrew + 1].glyphs[0].x
        // After the space, typed Latin goes right after it and typed Hebrew before the word.
        let four = layout.caret(at: 4)
        #expect(abs(four.x - hebrewLeft) < 1e-9 && !four.isRightToLeft)
        let fourSecondary = try #require(four.secondaryX)
        #expect(abs(fourSecondary - hebrewRight) < 1e-9)
        // After the word, typed Latin goes before " def" and typed Hebrew left of ג.
        let seven = layout.caret(at: 7)
        #expect(abs(seven.x - hebrewRight) < 1e-9 && !seven.isRightToLeft)
        let sevenSecondary = try #require(seven.secondaryX)
        #expect(abs(sevenSecondary - hebrewLeft) < 1e-9)
        // Inside the word the caret is single and moves leftward.
        let five = layout.caret(at: 5), six = layout.caret(at: 6)
        #expect(five.isRightToLeft && six.isRightToLeft && five.secondaryX == nil)
        #expect(hebrewRight > five.x && five.x > six.x && six.x > hebrewLeft)
        // Tapping either side of the gap between the space and ג gives 4, whose caret is there.
        let y = middleY(of: four)
        #expect(layout.caretOffset(atX: hebrewLeft - 1, y: y) == 4)
        #expect(layout.caretOffset(atX: hebrewLeft + 1, y: y) == 4)
        #expect(layout.caretOffset(atX: hebrewRight - 1, y: y) == 7)
    }

    @Test("a caret in an RTL paragraph after a Latin word and digits")
    func latinInsideArabic() throws {
        let text = "مكافأة ×2 في وضع Turbo 150"
        let layout = try engine.layout(text, style: style(size: 24), locale: "ar")
        let line = layout.lines[0]
        let turbo = Array(text.unicodeScalars).firstIndex(of: "T")!
        let latin = try #require(line.runs.first { !$0.isRightToLeft && $0.glyphs.contains { $0.cluster == turbo } })
        // "Turbo 150" reads left to right inside the right-to-left line.
        let inside = ((turbo + 1)...(turbo + 8)).map { layout.caret(at: $0) }
        #expect(inside.allSatisfy { !$0.isRightToLeft })
        for (a, b) in zip(inside, inside.dropFirst()) { #expect(a.x < b.x) }
        // Before "T" Arabic typing continues right of the run, Latin typing left of "T".
        let before = layout.caret(at: turbo)
        #expect(before.isRightToLeft && before.secondaryX == latin.glyphs[0].x)
        // The end of the paragraph is its visual left end.
        #expect(abs(layout.caret(at: text.unicodeScalars.count).x - line.x) < 1e-9)
    }

    @Test("taps beyond the lines clamp to the nearest line and its visual ends")
    func clamping() throws {
        let text = "Collect three golden stars to unlock the secret level"
        let layout = try engine.layout(text, style: style(size: 20, box: Box(width: 150)), locale: "en")
        let lines = layout.lines
        try #require(lines.count >= 3)
        let count = text.unicodeScalars.count
        #expect(layout.caretOffset(atX: -100, y: -100) == 0)
        // Right of a wrapped line: before the space it wrapped at, still on that line.
        let endOfFirst = layout.caretOffset(atX: 1000, y: -100)
        #expect(endOfFirst == lines[0].range.upperBound - 1)
        #expect(layout.caret(at: endOfFirst).line == 0)
        #expect(layout.caretOffset(atX: 1000, y: lines[1].top + 1) == lines[1].range.upperBound - 1)
        #expect(layout.caretOffset(atX: -100, y: lines[1].top + lines[1].height - 0.01) == lines[1].range.lowerBound)
        #expect(layout.caretOffset(atX: 1000, y: 1000) == count)
        #expect(layout.caretOffset(atX: -100, y: 1000) == lines.last!.range.lowerBound)

        let hebrew = try engine.layout("שלום עולם", style: style(size: 30), locale: "he")
        #expect(hebrew.caretOffset(atX: -100, y: 0) == 9)
        #expect(hebrew.caretOffset(atX: 1000, y: 0) == 0)

        let arabic = try engine.layout("انضم Alex إلى اللعبة وفاز بالمرحلة الأولى", style: style(size: 24, box: Box(width: 170)), locale: "ar")
        try #require(arabic.lines.count >= 2)
        #expect(arabic.caretOffset(atX: 1000, y: arabic.lines[1].baseline) == arabic.lines[1].range.lowerBound)
        #expect(arabic.caretOffset(atX: -100, y: arabic.lines[0].baseline) == arabic.lines[0].range.upperBound - 1)
    }

    @Test("an offset where a line wraps is the start of the next line")
    func wrapAffinity() throws {
        let layout = try engine.layout("Collect three golden stars", style: style(size: 20, box: Box(width: 150)), locale: "en")
        try #require(layout.lines.count == 2)
        let wrap = layout.lines[1].range.lowerBound
        let caret = layout.caret(at: wrap)
        #expect(caret.line == 1)
        #expect(abs(caret.x - layout.lines[1].x) < 1e-9)
        #expect(caret.top >= layout.lines[1].top && caret.bottom <= layout.lines[1].top + layout.lines[1].height)
        // The offset before the space stays at the end of the first line's visible text.
        let end = layout.caret(at: wrap - 1)
        #expect(end.line == 0)
        #expect(abs(end.x - (layout.lines[0].x + layout.lines[0].width)) < 1e-9)
        // The end of the text is the end of the last line.
        let last = layout.caret(at: 26)
        #expect(last.line == 1 && abs(last.x - (layout.lines[1].x + layout.lines[1].width)) < 1e-9)
    }

    @Test("trailing white space hangs past the line, so a typed space moves the caret")
    func trailingSpace() throws {
        let layout = try engine.layout("Score  ", style: style(size: 30, box: Box(width: 300), align: .center), locale: "en")
        let line = layout.lines[0]
        #expect(layout.caretOffsets == Array(0...7))
        let x = (5...7).map { layout.caret(at: $0).x }
        #expect(abs(x[0] - (line.x + line.width)) < 1e-9)
        #expect(x[0] < x[1] && x[1] < x[2])
        #expect(abs((x[1] - x[0]) - (x[2] - x[1])) < 1e-9)

        let newline = try engine.layout("One\nTwo", style: style(size: 30), locale: "en")
        #expect(newline.caret(at: 3).line == 0 && newline.caret(at: 4).line == 1)
        #expect(abs(newline.caret(at: 3).x - (newline.lines[0].x + newline.lines[0].width)) < 1e-9)
    }

    @Test("tracking is shared between neighbours; justification stays with the space")
    func spacing() throws {
        let tracked = try engine.layout("Play", style: style(size: 30) { $0.tracking = 10 }, locale: "en")
        let glyphs = tracked.lines[0].runs.flatMap(\.glyphs)
        for offset in 1...3 { #expect(abs(tracked.caret(at: offset).x - (glyphs[offset].x - 5)) < 1e-9) }

        let text = "Collect three golden stars to unlock the secret level"
        let justified = try engine.layout(text, style: style(size: 18, box: Box(width: 220), align: .justify), locale: "en")
        let line = justified.lines[0]
        try #require(justified.lines.count >= 2 && abs(line.width - justified.textRect.width) < 1e-6)
        let firstGlyphs = line.runs.flatMap(\.glyphs)
        let space = 7  // after "Collect"
        #expect(abs(justified.caret(at: space).x - firstGlyphs[space].x) < 1e-9)
        #expect(abs(justified.caret(at: space + 1).x - firstGlyphs[space + 1].x) < 1e-9)
    }

    @Test("a truncated label: the ellipsis is one cluster and cut text is out of reach")
    func truncation() throws {
        let text = "Collect three golden stars to unlock the secret level"
        let count = text.unicodeScalars.count
        let tail = try engine.layout(text, style: style(size: 20, box: Box(width: 160, height: 30), minSize: 20, maxLines: 1), locale: "en")
        try #require(tail.isTruncated)
        let line = tail.lines[0]
        #expect(tail.laidOutText == line.text)
        let ellipsis = line.text.unicodeScalars.count - 1
        #expect(Array(tail.caretOffsets.suffix(2)) == [ellipsis, count])
        #expect(tail.caret(at: ellipsis + 3).offset == ellipsis)
        #expect(abs(tail.caret(at: count).x - (line.x + line.width)) < 1e-9)
        #expect(tail.caretOffset(atX: 1000, y: line.baseline) == count)
        let ellipsisRun = try #require(line.runs.last { $0.isEllipsis })
        #expect(abs(tail.caret(at: ellipsis).x - ellipsisRun.glyphs[0].x) < 1e-9)

        let middleText = "Level_01_The_Lost_Coast_Final"
        let middle = try engine.layout(middleText, style: style(size: 20, box: Box(width: 150, height: 30), minSize: 20,
                                                                maxLines: 1, truncate: .middle), locale: "en")
        let shown = middle.lines[0].text
        #expect(middle.laidOutText == shown)
        let head = Array(shown.unicodeScalars).firstIndex(of: "…")!
        let tailStart = middleText.unicodeScalars.count - (shown.unicodeScalars.count - head - 1)
        #expect(middle.caretOffsets.contains(head) && middle.caretOffsets.contains(tailStart))
        #expect(!middle.caretOffsets.contains { $0 > head && $0 < tailStart })
        #expect((head..<tailStart).allSatisfy { middle.caret(at: $0).offset == head })
        // The caret after the ellipsis stands where the kept tail's first glyph starts.
        let afterEllipsis = try #require(middle.lines[0].runs.flatMap(\.glyphs).first { $0.cluster == head + 1 })
        #expect(abs(middle.caret(at: tailStart).x - afterEllipsis.x) < 1e-9)

        let head2 = try engine.layout(middleText, style: style(size: 20, box: Box(width: 150, height: 30), minSize: 20,
                                                               maxLines: 1, truncate: .head), locale: "en")
        let kept = head2.lines[0].text.unicodeScalars.count - 1
        #expect(Array(head2.caretOffsets.prefix(2)) == [0, middleText.unicodeScalars.count - kept])
    }

    @Test("arrow keys move the caret visually, across direction changes and lines")
    func visualMovement() throws {
        let layout = try engine.layout("abc אבג def", style: style(size: 30), locale: "en")
        var rightward: [Int] = []
        var offset = 0
        while let next = layout.caretOffset(from: offset, moving: .right) { rightward.append(next); offset = next }
        #expect(rightward == [1, 2, 3, 4, 6, 5, 7, 8, 9, 10, 11])
        var leftward: [Int] = []
        while let next = layout.caretOffset(from: offset, moving: .left) { leftward.append(next); offset = next }
        #expect(leftward == [10, 9, 8, 7, 5, 6, 4, 3, 2, 1, 0])

        let wrapped = try engine.layout("Collect three golden stars", style: style(size: 20, box: Box(width: 150)), locale: "en")
        let wrap = wrapped.lines[1].range.lowerBound
        #expect(wrapped.caretOffset(from: wrap - 1, moving: .right) == wrap)
        #expect(wrapped.caretOffset(from: wrap, moving: .left) == wrap - 1)

        let arabic = try engine.layout("انضم Alex إلى اللعبة وفاز بالمرحلة الأولى", style: style(size: 24, box: Box(width: 170)), locale: "ar")
        let next = arabic.lines[1].range.lowerBound
        // Leaving a right-to-left line at its left end enters the next line at its right end.
        #expect(arabic.caretOffset(from: next - 1, moving: .left) == next)
        #expect(arabic.caretOffset(from: next, moving: .right) == next - 1)
        #expect(arabic.caretOffset(from: 0, moving: .right) == nil)
    }

    @Test("String.Index conveniences agree with scalar offsets")
    func stringIndices() throws {
        let text = "Team 👩‍👩‍👧 wins"
        let layout = try engine.layout(text, style: style(size: 24), locale: "en")
        let emoji = text.firstIndex(of: "👩‍👩‍👧")!
        #expect(layout.caret(at: emoji) == layout.caret(at: 5))
        let after = layout.caret(at: text.index(after: emoji))
        #expect(after.offset == 10)
        let y = middleY(of: after)
        #expect(layout.caretIndex(atX: after.x, y: y) == text.index(after: emoji))
    }

    @Test("an empty label has one caret, where its text would start")
    func emptyText() throws {
        let layout = try engine.layout("", style: style(size: 30, box: Box(width: 200), align: .center), locale: "en")
        #expect(layout.caretOffsets == [0])
        let caret = layout.caret(at: 5)
        #expect(caret.offset == 0 && caret.line == 0)
        #expect(abs(caret.x - (layout.textRect.minX + layout.textRect.width / 2)) < 1e-9)
        #expect(caret.bottom > caret.top)
        #expect(layout.caretOffset(atX: 0, y: 0) == 0)
        #expect(layout.caretOffset(from: 0, moving: .right) == nil)
    }
}

@Suite("Emoji sequences")
struct EmojiSequenceTests {
    /// The bundled Noto Color Emoji subset has no skin-tone sequences ("👍🏽"), so these use a
    /// ZWJ family, a ZWJ flag with a variation selector and a keycap, which it has.
    @Test("a ZWJ or keycap sequence lays out as one glyph of the emoji face",
          arguments: ["👩‍👩‍👧", "🏳️‍🌈", "#️⃣"])
    func singleGlyph(_ sequence: String) throws {
        let layout = try engine.layout("Team \(sequence) wins", style: style(size: 24), locale: "en")
        let runs = layout.lines[0].runs.filter { $0.face.family == "Noto Color Emoji" }
        let glyphs = runs.flatMap(\.glyphs)
        #expect(glyphs.count == 1)
        #expect(glyphs.first?.cluster == 5)
        #expect(glyphs.first.map { $0.id != 0 } == true)
        #expect(layout.missingCharacters.isEmpty)
        let count = sequence.unicodeScalars.count
        #expect(layout.caretOffsets.filter { $0 > 5 && $0 < 5 + count }.isEmpty)
        #expect(layout.caretOffsets.contains(5 + count))
    }
}
