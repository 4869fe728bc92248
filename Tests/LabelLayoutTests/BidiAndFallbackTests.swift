import LabelLayout
import StyledText
import Testing

@Suite("Bidi, scripts and fallback")
struct BidiAndFallbackTests {
    /// The x of the first glyph drawn for the scalar at `offset` in `line`.
    func x(of offset: Int, in line: TextLayout.Line) -> Double? {
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

    /// A script change starts a new glyph run; a closing bracket belongs with its opening
    /// one, not with the text it encloses, as in Pango and libraqm.
    @Test("a closing bracket takes the script of its opening bracket, not of the text inside")
    func bracketPairing() throws {
        for (text, inner) in [("abc (αβγ) def", "γ"), ("Score [Ωμέγα] x", "α"), ("abc (αβ [γδ] εζ) def", "ζ"),
                              ("שלום (abc) עולם", "c")] {
            let layout = try engine.layout(text, style: style(size: 30), locale: "en")
            let scalars = Array(layout.laidOutText.unicodeScalars)
            let runs = layout.lines[0].runs
            func run(of offset: Int) -> Int? { runs.firstIndex { $0.glyphs.contains { $0.cluster == offset } } }
            let closing = try #require(scalars.lastIndex { ")]".unicodeScalars.contains($0) })
            let innerOffset = try #require(scalars.lastIndex(of: inner.unicodeScalars.first!))
            #expect(run(of: closing) != run(of: innerOffset), "\(text): ) shares a run with \(inner) inside")
        }
    }

    /// Every line holds Latin names between Arabic words, so a line left in logical
    /// order shows on every line, not just on the first.
    @Test("wrapped RTL paragraphs are reordered per line, not per paragraph")
    func perLineReordering() throws {
        let text = "انضم Alex إلى Sam ثم فاز Kim بالمرحلة Zed الأولى مع Bob"
        let layout = try engine.layout(text, style: style(size: 24, box: Box(width: 170)), locale: "ar")
        let scalars = Array(layout.laidOutText.unicodeScalars)
        // Words by scalar range, in logical order.
        var words: [Range<Int>] = []
        var start: Int?
        for i in 0...scalars.count {
            if i == scalars.count || scalars[i].properties.isWhitespace {
                if let s = start { words.append(s..<i); start = nil }
            } else if start == nil {
                start = i
            }
        }
        func isLatin(_ word: Range<Int>) -> Bool { scalars[word].allSatisfy(\.isASCII) }

        try #require(layout.lines.count >= 3, "\(layout.lineTexts)")
        for (index, line) in layout.lines.enumerated() {
            #expect(line.isRightToLeft)
            let glyphs = line.runs.flatMap(\.glyphs)
            let onLine = words.filter { line.range.contains($0.lowerBound) }
            // Control: the line mixes directions, so reordering has something to do.
            #expect(onLine.contains(where: isLatin) && onLine.contains { !isLatin($0) },
                    "line \(index) \"\(line.text)\" is not mixed")
            func xs(_ word: Range<Int>) -> [Double] { glyphs.filter { word.contains($0.cluster) }.map(\.x) }
            // Logically later words are further left: the visual order is the logical
            // order reversed, word by word, with each Latin name read left to right.
            for (earlier, later) in zip(onLine, onLine.dropFirst()) {
                let a = xs(earlier), b = xs(later)
                try #require(!a.isEmpty && !b.isEmpty, "line \(index) \"\(line.text)\"")
                #expect(a.min()! > b.max()!, "line \(index) \"\(line.text)\": \"\(String(String.UnicodeScalarView(scalars[earlier])))\" is not right of \"\(String(String.UnicodeScalarView(scalars[later])))\"")
            }
            for word in onLine {
                // The first glyph of each cluster, clusters in logical order.
                let clusters = Set(glyphs.filter { word.contains($0.cluster) }.map(\.cluster)).sorted()
                let firstX = clusters.map { cluster in glyphs.first { $0.cluster == cluster }!.x }
                let ordered = isLatin(word) ? firstX == firstX.sorted() : firstX == firstX.sorted(by: >)
                #expect(ordered, "line \(index): \"\(String(String.UnicodeScalarView(scalars[word])))\" letters \(firstX)")
            }
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

    /// The CJK face covers Latin letters too: the space and the digits after the CJK word
    /// stay in it (neutral characters keep the face before them), but a letter goes back
    /// to the style's own face.
    @Test("letters after a fallback run return to the style's face, neutral characters stay")
    func letterReturnsToStyleFace() throws {
        let layout = try engine.layout("最高分 12 Score", style: style(size: 30, family: "Noto Sans"), locale: "en")
        let families = layout.families(line: 0)
        #expect(families.count == 2)
        #expect(families.first?.hasPrefix("Noto Sans CJK") == true)
        #expect(families.last == "Noto Sans")
        let cjkRun = try #require(layout.lines[0].runs.first)
        #expect(cjkRun.glyphs.count == "最高分 12 ".count)
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
