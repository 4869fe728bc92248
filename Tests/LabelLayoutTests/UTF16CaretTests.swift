import Foundation
import LabelLayout
import StyledText
import Testing

/// Texts whose UTF-16 and scalar offsets differ: characters outside the Basic
/// Multilingual Plane take two UTF-16 code units (a surrogate pair) but one scalar.
let utf16Cases: [CaretCase] = [
    CaretCase(name: "emoji, one of them a ZWJ family", text: "Go 😀 team 👩‍👩‍👧!", locale: "en", labelStyle: style(size: 24)),
    CaretCase(name: "a CJK ideograph outside the BMP", text: "𠮷野家で𠮷を食べる", locale: "ja", labelStyle: style(size: 24)),
    CaretCase(name: "Arabic with a Latin word and an emoji", text: "مكافأة 😀 في وضع Turbo 150", locale: "ar",
              labelStyle: style(size: 24)),
    CaretCase(name: "wrapped text with emoji", text: "Collect 🌟 three golden stars 🌟 to unlock 𠮷 the secret level",
              locale: "en", labelStyle: style(size: 20, box: Box(width: 160))),
    CaretCase(name: "tail-truncated with emoji", text: "Collect 🌟 three golden stars 🌟 to unlock the secret level",
              locale: "en", labelStyle: style(size: 20, box: Box(width: 160, height: 30), minSize: 20, maxLines: 1)),
    CaretCase(name: "middle-truncated with emoji on both sides", text: "😀_Level_The_🌟_Lost_Coast_Final_😀", locale: "en",
              labelStyle: style(size: 20, box: Box(width: 150, height: 30), minSize: 20, maxLines: 1, truncate: .middle)),
    CaretCase(name: "tail-truncated Arabic with an emoji", text: "اجمع 😀 ثلاث نجوم ذهبية لفتح المستوى السري في كل عالم",
              locale: "ar", labelStyle: style(size: 20, box: Box(width: 150, height: 40), minSize: 20, maxLines: 1)),
]

/// The UTF-16 length of the first `scalars` scalars of `text`, counted by Foundation.
func foundationUTF16Offset(_ text: String, scalars: Int) -> Int {
    (String(String.UnicodeScalarView(text.unicodeScalars.prefix(scalars))) as NSString).length
}

@Suite("UTF-16 and Foundation caret queries")
struct UTF16CaretTests {
    @Test("offsets convert between scalars and UTF-16 as Foundation counts them", arguments: utf16Cases)
    func conversions(_ example: CaretCase) throws {
        let layout = try engine.layout(example.text, style: example.labelStyle, locale: example.locale)
        let scalarCount = example.text.unicodeScalars.count
        let utf16 = Array(example.text.utf16)
        #expect(utf16.count > scalarCount, "\(example.name) has no surrogate pairs")
        for offset in 0...scalarCount {
            let units = layout.utf16Offset(forScalarOffset: offset)
            #expect(units == foundationUTF16Offset(example.text, scalars: offset))
            #expect(layout.scalarOffset(forUTF16Offset: units) == offset)
        }
        for units in 0...utf16.count {
            let inPair = units < utf16.count && UTF16.isTrailSurrogate(utf16[units])
            let scalar = layout.scalarOffset(forUTF16Offset: units)
            // Inside a pair is the pair's character: the offset before it.
            #expect(scalar == layout.scalarOffset(forUTF16Offset: inPair ? units - 1 : units))
            #expect(layout.utf16Offset(forScalarOffset: scalar) == (inPair ? units - 1 : units))
        }
        #expect(layout.utf16Offset(forScalarOffset: scalarCount + 5) == utf16.count)
        #expect(layout.scalarOffset(forUTF16Offset: -3) == 0 && layout.scalarOffset(forUTF16Offset: utf16.count + 5) == scalarCount)
    }

    @Test("scalar ranges and NSRanges convert as Foundation converts String ranges", arguments: utf16Cases)
    func ranges(_ example: CaretCase) throws {
        let layout = try engine.layout(example.text, style: example.labelStyle, locale: example.locale)
        let scalars = example.text.unicodeScalars
        let offsets = layout.caretOffsets
        for lower in offsets {
            for upper in offsets where upper >= lower {
                let indices = scalars.index(scalars.startIndex, offsetBy: lower)..<scalars.index(scalars.startIndex, offsetBy: upper)
                let nsRange = layout.utf16Range(forScalarRange: lower..<upper)
                #expect(nsRange == NSRange(indices, in: example.text))
                #expect(layout.scalarRange(forUTF16Range: nsRange) == lower..<upper)
            }
        }
        #expect(layout.scalarRange(forUTF16Range: NSRange(location: NSNotFound, length: 0)) == nil)
    }

    @Test("a UTF-16 range bound inside a surrogate pair takes in the pair's character")
    func rangeInsidePair() throws {
        let layout = try engine.layout("A😀B", style: style(size: 24), locale: "en")
        #expect(layout.scalarRange(forUTF16Range: NSRange(location: 2, length: 0)) == 1..<2)
        #expect(layout.scalarRange(forUTF16Range: NSRange(location: 0, length: 2)) == 0..<2)
        #expect(layout.scalarRange(forUTF16Range: NSRange(location: 3, length: 100)) == 2..<3)
        #expect(layout.caretUTF16Offsets == [0, 1, 3, 4])
        #expect(layout.caret(atUTF16Offset: 2).utf16Offset == 1)
        #expect(layout.caret(atUTF16Offset: 3).offset == 2)
    }

    @Test("UTF-16 carets are the scalar carets, at every UTF-16 offset", arguments: utf16Cases)
    func carets(_ example: CaretCase) throws {
        let layout = try engine.layout(example.text, style: example.labelStyle, locale: example.locale)
        #expect(layout.caretUTF16Offsets == layout.caretOffsets.map { foundationUTF16Offset(example.text, scalars: $0) })
        for units in 0...(example.text.utf16.count + 1) {
            let caret = layout.caret(atUTF16Offset: units)
            #expect(caret == layout.caret(at: layout.scalarOffset(forUTF16Offset: units)))
            #expect(caret.utf16Offset == foundationUTF16Offset(example.text, scalars: caret.offset))
            #expect(layout.caretUTF16Offsets.contains(caret.utf16Offset))
            for direction in [VisualDirection.left, .right] {
                let moved = layout.caretOffset(from: caret.offset, moving: direction)
                #expect(layout.caretUTF16Offset(from: units, moving: direction)
                        == moved.map { foundationUTF16Offset(example.text, scalars: $0) })
            }
        }
    }

    @Test("hit-testing in UTF-16 and with points agrees with scalar hit-testing", arguments: utf16Cases)
    func hitTesting(_ example: CaretCase) throws {
        let layout = try engine.layout(example.text, style: example.labelStyle, locale: example.locale)
        for line in layout.lines {
            let y = line.top + line.height / 2
            for x in stride(from: layout.bounds.minX - 5, through: layout.bounds.maxX + 5, by: 0.75) {
                let offset = layout.caretOffset(atX: x, y: y)
                let units = layout.caretUTF16Offset(atX: x, y: y)
                #expect(units == foundationUTF16Offset(example.text, scalars: offset))
                let point = CGPoint(x: x, y: y)
                #expect(layout.caretOffset(at: point) == offset)
                #expect(layout.caretUTF16Offset(at: point) == units)
                #expect(layout.caretIndex(at: point) == layout.caretIndex(atX: x, y: y))
            }
        }
    }

    @Test("selection rectangles for an NSRange are those for its scalar range", arguments: utf16Cases)
    func selections(_ example: CaretCase) throws {
        let layout = try engine.layout(example.text, style: example.labelStyle, locale: example.locale)
        let offsets = layout.caretOffsets
        var highlighted = 0
        for (i, lower) in offsets.enumerated() {
            for upper in offsets[i...] {
                let rects = layout.selectionRects(for: lower..<upper)
                highlighted += rects.isEmpty ? 0 : 1
                #expect(layout.selectionRects(for: layout.utf16Range(forScalarRange: lower..<upper)) == rects)
                let scalars = example.text.unicodeScalars
                let indices = scalars.index(scalars.startIndex, offsetBy: lower)..<scalars.index(scalars.startIndex, offsetBy: upper)
                #expect(layout.selectionRects(for: indices) == rects)
            }
        }
        #expect(highlighted > 0)
        #expect(layout.selectionRects(for: NSRange(location: NSNotFound, length: 3)).isEmpty)
    }

    @Test("a truncated label's ellipsis maps to the cut text in UTF-16 too")
    func ellipsis() throws {
        let example = utf16Cases.first { $0.name.hasPrefix("middle-truncated") }!
        let layout = try engine.layout(example.text, style: example.labelStyle, locale: example.locale)
        try #require(layout.isTruncated)
        let shown = Array(layout.laidOutText.unicodeScalars)
        let head = try #require(shown.firstIndex(of: "…"))
        let tailStart = example.text.unicodeScalars.count - (shown.count - head - 1)
        let headUnits = foundationUTF16Offset(example.text, scalars: head)
        let tailUnits = foundationUTF16Offset(example.text, scalars: tailStart)
        // The kept head holds an emoji and the cut text another: the ellipsis starts one
        // UTF-16 unit after its scalar offset, and the kept tail two.
        #expect(headUnits == head + 1 && tailUnits == tailStart + 2)
        #expect(layout.caretUTF16Offsets.contains(headUnits) && layout.caretUTF16Offsets.contains(tailUnits))
        #expect(!layout.caretUTF16Offsets.contains { $0 > headUnits && $0 < tailUnits })
        #expect((headUnits..<tailUnits).allSatisfy { layout.caret(atUTF16Offset: $0).utf16Offset == headUnits })
        // Selecting any of the cut text highlights the ellipsis, and only it.
        let ellipsisRect = try #require(layout.selectionRects(for: head..<tailStart).first)
        let cut = NSRange(location: headUnits + 1, length: 2)
        #expect(layout.selectionRects(for: cut) == [ellipsisRect])
        #expect(abs(ellipsisRect.minX - layout.caret(at: head).x) < 1e-9)
        #expect(abs(ellipsisRect.maxX - layout.caret(at: tailStart).x) < 1e-9)
    }
}

@Suite("Selection rectangles")
struct SelectionRectTests {
    @Test("a whole line is one rectangle over its band; an empty range is none")
    func wholeLine() throws {
        let layout = try engine.layout("Play now", style: style(size: 30), locale: "en")
        let line = layout.lines[0]
        let rects = layout.selectionRects(for: 0..<8)
        try #require(rects.count == 1)
        #expect(abs(rects[0].minX - line.x) < 1e-9 && abs(rects[0].maxX - (line.x + line.width)) < 1e-9)
        #expect(rects[0].minY == line.top && rects[0].height == line.height)
        #expect(layout.selectionRects(for: 3..<3).isEmpty)
        // A range inside a cluster highlights the whole cluster.
        let accent = try engine.layout("e\u{301}té", style: style(size: 30), locale: "fr")
        #expect(accent.selectionRects(for: 1..<2) == accent.selectionRects(for: 0..<2))
    }

    @Test("where directions mix, one range can be several rectangles on a line")
    func mixedDirections() throws {
        // Logical: a b c ␣ א ב ג ␣ d e f; on screen: "abc ", then גבא, then " def".
        let layout = try engine.layout("abc אבג def", style: style(size: 30), locale: "en")
        let rects = layout.selectionRects(for: 2..<6)  // "c", the space, א, ב
        try #require(rects.count == 2)
        // "c " runs from the caret before "c" to the caret after the space ...
        #expect(abs(rects[0].minX - layout.caret(at: 2).x) < 1e-9)
        #expect(abs(rects[0].maxX - layout.caret(at: 4).x) < 1e-9)
        // ... and אב from the caret after ב to the right end of the Hebrew word.
        #expect(abs(rects[1].minX - layout.caret(at: 6).x) < 1e-9)
        #expect(abs(rects[1].maxX - (try #require(layout.caret(at: 4).secondaryX))) < 1e-9)
    }

    @Test("a selection over wrapped lines has a rectangle on each line, and they meet")
    func wrappedLines() throws {
        let text = "Collect three golden stars to unlock the secret level"
        let layout = try engine.layout(text, style: style(size: 20, box: Box(width: 150)), locale: "en")
        try #require(layout.lines.count >= 3)
        let start = layout.lines[0].range.upperBound - 3
        let end = layout.lines[2].range.lowerBound + 2
        let rects = layout.selectionRects(for: start..<end)
        #expect(rects.count == 3)
        // Each covers its line's band give or take the pixel baseline snapping moves lines
        // by (here bands both part and overlap); consecutive ones meet without a seam.
        #expect(rects[0].minY == layout.lines[0].top)
        for (rect, line) in zip(rects, layout.lines) {
            #expect(abs(rect.minY - line.top) < 1 && abs(rect.maxY - (line.top + line.height)) < 1)
        }
        #expect(zip(rects, rects.dropFirst()).allSatisfy { $0.maxY == $1.minY })
        // The middle line is selected whole, the space it wrapped at included.
        let middle = layout.lines[1]
        #expect(abs(rects[1].minX - middle.x) < 1e-9)
        #expect(rects[1].maxX > middle.x + middle.width)
        #expect(abs(rects[2].maxX - layout.caret(at: end).x) < 1e-9)
    }

    @Test("Core Graphics rectangles and points convert both ways")
    func coreGraphics() throws {
        let rect = Rect(x: 1.5, y: -2, width: 30.25, height: 12)
        let cg = CGRect(rect)
        #expect(cg.origin.x == 1.5 && cg.origin.y == -2 && cg.size.width == 30.25 && cg.size.height == 12)
        #expect(Rect(cg) == rect)
        #expect(Rect(CGRect(x: 5, y: 5, width: -2, height: 3)) == Rect(x: 5, y: 5, width: -2, height: 3))
        let layout = try engine.layout("Score", style: style(size: 30), locale: "en")
        let glyph = layout.lines[0].runs[0].glyphs[1]
        #expect(glyph.position == CGPoint(x: glyph.x, y: glyph.y))
    }
}
