import LabelLayout
import StyledText
import Testing

@Suite("Bidi, scripts and fallback")
struct BidiAndFallbackTests {
    /// The x of the first glyph drawn for the scalar at `offset` in `line`.
    func x(of offset: Int, in line: Line) -> Double? {
        line.runs.flatMap(\.glyphs).first { $0.cluster == offset }?.x
    }

    @Test("a Latin word inside Arabic sits in the right visual place")
    func arabicWithLatin() throws {
        let text = "مكافأة ×2 في وضع Turbo"
        let layout = try engine.layout(text, style: style(size: 30), locale: "ar")
        let line = layout.lines[0]
        #expect(line.isRightToLeft)
        let scalars = Array(text.unicodeScalars)
        let first = 0                                               // م, logically first
        let turbo = scalars.firstIndex(of: "T")!
        let two = scalars.firstIndex(of: "2")!
        // Right to left: the first Arabic word is rightmost, "Turbo" (logically last) leftmost.
        #expect(x(of: first, in: line)! > x(of: two, in: line)!)
        #expect(x(of: two, in: line)! > x(of: turbo, in: line)!)
        // Inside "Turbo", letters still run left to right.
        #expect(x(of: turbo, in: line)! < x(of: turbo + 1, in: line)!)
        #expect(layout.families(line: 0).contains("Noto Sans Arabic UI"))
    }

    @Test("wrapped RTL paragraphs are reordered per line, not per paragraph")
    func perLineReordering() throws {
        let text = "انضم Alex إلى اللعبة وفاز بالمرحلة الأولى"
        let layout = try engine.layout(text, style: style(size: 24, box: Box(width: 170)), locale: "ar")
        #expect(layout.lines.count >= 2)
        for line in layout.lines {
            // The logically first character of each line is its rightmost glyph.
            let glyphs = line.runs.flatMap(\.glyphs)
            let firstLogical = glyphs.min { $0.cluster < $1.cluster }!
            let rightmost = glyphs.max { $0.x < $1.x }!
            #expect(firstLogical.cluster == rightmost.cluster || layout.text.unicodeScalars[layout.text.unicodeScalars.index(layout.text.unicodeScalars.startIndex, offsetBy: firstLogical.cluster)].properties.isWhitespace)
        }
        // Natural alignment of an RTL paragraph is right.
        for line in layout.lines { #expect(abs(line.x + line.width - layout.textRect.maxX) < 0.01) }
    }

    @Test("a Hebrew string starting with a Latin name is still a right-to-left paragraph")
    func localeDirection() throws {
        let text = "Alex הצטרף למשחק"
        let layout = try engine.layout(text, style: style(size: 30), locale: "he")
        let line = layout.lines[0]
        #expect(line.isRightToLeft)
        // "Alex" comes first logically, so in a right-to-left paragraph it is rightmost.
        #expect(x(of: 0, in: line)! > x(of: 5, in: line)!)
        let english = try engine.layout("Alex joined", style: style(size: 30), locale: "en")
        #expect(!english.lines[0].isRightToLeft)
    }

    @Test("numbers inside Hebrew keep their digit order")
    func hebrewNumbers() throws {
        let text = "שלב 12"
        let layout = try engine.layout(text, style: style(size: 30), locale: "he")
        let line = layout.lines[0]
        let one = Array(text.unicodeScalars).firstIndex(of: "1")!
        #expect(x(of: one, in: line)! < x(of: one + 1, in: line)!)  // "1" left of "2"
        #expect(x(of: 0, in: line)! > x(of: one, in: line)!)       // the word is right of the number
    }

    @Test("CJK inside a Latin style falls back to a bundled CJK face")
    func cjkFallback() throws {
        let layout = try engine.layout("Score 最高分", style: style(size: 30, family: "Noto Sans"), locale: "en")
        #expect(layout.fallbackFaces.contains { $0.family.hasPrefix("Noto Sans CJK") })
        #expect(layout.missingCharacters.isEmpty)
        #expect(layout.families(line: 0).first == "Noto Sans")
    }

    @Test("Devanagari shapes conjuncts and reorders the i-matra")
    func devanagari() throws {
        // "कि": the vowel sign i (U+093F) is drawn before the consonant.
        let layout = try engine.layout("कि", style: style(size: 40), locale: "hi")
        let glyphs = layout.lines[0].runs.flatMap(\.glyphs)
        #expect(layout.families(line: 0) == ["Noto Sans Devanagari UI"])
        #expect(glyphs.count == 2)
        // Both glyphs belong to one cluster starting at the consonant.
        #expect(glyphs.allSatisfy { $0.cluster == 0 })
        // "क्ष" is a conjunct: fewer glyphs than characters.
        let conjunct = try engine.layout("क्ष", style: style(size: 40), locale: "hi")
        #expect(conjunct.lines[0].runs.flatMap(\.glyphs).count < 3)
    }

    @Test("Arabic letters join: contextual forms, not isolated ones")
    func arabicJoining() throws {
        let joined = try engine.layout("بب", style: style(size: 40), locale: "ar")
        let isolated = try engine.layout("ب ب", style: style(size: 40), locale: "ar")
        let joinedIDs = joined.lines[0].runs.flatMap(\.glyphs).map(\.id)
        let isolatedIDs = isolated.lines[0].runs.flatMap(\.glyphs).map(\.id)
        #expect(Set(joinedIDs).isDisjoint(with: [isolatedIDs.first!]) || joinedIDs[0] != joinedIDs[1])
    }

    @Test("characters no font covers are reported, and nothing crashes")
    func missingCharacters() throws {
        let layout = try engine.layout("Score \u{1E900}", style: style(size: 30), locale: "en")  // Adlam
        #expect(layout.missingCharacters.map(\.value) == [0x1E900])
        let empty = try engine.layout("", style: style(size: 30, box: Box(width: 100, height: 40)), locale: "en")
        #expect(empty.lines.count <= 1)
    }
}
