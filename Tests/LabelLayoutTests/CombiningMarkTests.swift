import Foundation
import LabelLayout
import StyledText
import Testing

/// A combining mark after a letter of another script (U+0301 after Hebrew, as player names
/// and pseudo-localization make): the cluster goes to the face of its base letter, and a
/// mark that face cannot draw is reported as missing, never drawn as a silent box. Of the
/// bundled fonts only Noto Sans has U+0301, and it has none of these letters.
@Suite("Combining marks")
struct CombiningMarkTests {
    /// One example per script: the text, its locale, and the offset of the accented letter.
    struct Example: Sendable, CustomTestStringConvertible {
        var script: String
        var text: String
        var locale: String
        var base: Int
        var testDescription: String { script }
    }

    static let examples = [
        Example(script: "Hebrew", text: "\u{05D0}\u{0301}", locale: "he", base: 0),
        Example(script: "Hebrew in Latin", text: "Player \u{05D0}\u{0301} 1", locale: "en", base: 7),
        Example(script: "Arabic", text: "\u{0645}\u{0631}\u{062D}\u{0628}\u{0627}\u{0301}", locale: "ar", base: 4),
        // On the first letter, with no Arabic before it whose face the cluster could keep.
        Example(script: "Arabic, first letter", text: "\u{0645}\u{0301}\u{0631}\u{062D}\u{0628}\u{0627}", locale: "ar", base: 0),
        Example(script: "Devanagari", text: "\u{0915}\u{0301}", locale: "hi", base: 0),
        Example(script: "Thai", text: "\u{0E01}\u{0301}", locale: "th", base: 0),
        Example(script: "Hangul", text: "\u{D55C}\u{0301}", locale: "ko", base: 0),
        Example(script: "Han", text: "\u{4E2D}\u{0301}", locale: "zh-Hans", base: 0),
    ]

    static let acute: Unicode.Scalar = "\u{0301}"

    /// The glyphs drawn for the cluster starting at `offset`, each with its run's face.
    func glyphs(at offset: Int, in layout: TextLayout) -> [(face: FontFace, id: UInt32)] {
        layout.lines.flatMap(\.runs).flatMap { run in
            run.glyphs.filter { $0.cluster == offset }.map { (run.face, $0.id) }
        }
    }

    @Test("the letter under U+0301 is drawn by a face that has it, as it is drawn without the accent",
          arguments: examples)
    func letterDrawn(example: Example) throws {
        let layout = try engine.layout(example.text, style: style(size: 40), locale: example.locale)
        let cluster = glyphs(at: example.base, in: layout)
        let base = Array(example.text.unicodeScalars)[example.base]
        let face = try #require(cluster.first?.face)
        #expect(cluster.allSatisfy { $0.face === face }, "one cluster, one face")
        #expect(face.covers(base), "\(face.family) has no \(base.escaped(asASCII: true))")

        // The same text without the accent draws the letter with this glyph (the Arabic
        // alef keeps its final form).
        let plainText = String(String.UnicodeScalarView(example.text.unicodeScalars.filter { $0 != Self.acute }))
        let plain = try engine.layout(plainText, style: style(size: 40), locale: example.locale)
        let letter = try #require(glyphs(at: example.base, in: plain).first)
        #expect(letter.id != 0)
        #expect(cluster.contains { $0.face === letter.face && $0.id == letter.id },
                "the letter is not drawn: \(cluster.map(\.id)) in \(face.family), alone \(letter.id)")
    }

    @Test("an accent the letter's face lacks is drawn as glyph 0 and reported once", arguments: examples)
    func accentReported(example: Example) throws {
        let layout = try engine.layout(example.text + " " + example.text, style: style(size: 40), locale: example.locale)
        let face = try #require(glyphs(at: example.base, in: layout).first?.face)
        try #require(!face.covers(Self.acute), "\(face.family) has U+0301 now: pick another mark")
        #expect(glyphs(at: example.base, in: layout).contains { $0.id == 0 })
        #expect(layout.missingCharacters == [Self.acute])
    }

    @Test("every glyph 0 drawn has a character of its cluster in missingCharacters",
          arguments: examples.map { ($0.text, $0.locale) } + [("Player a\u{1DFA} 1", "en"), ("\u{1E900}\u{0301} ok", "en")])
    func everyNotdefReported(text: String, locale: String) throws {
        let layout = try engine.layout(text, style: style(size: 40), locale: locale)
        let scalars = Array(layout.laidOutText.unicodeScalars)
        let glyphs = layout.lines.flatMap(\.runs).filter { $0.image == nil }.flatMap(\.glyphs)
        let starts = Set(glyphs.map(\.cluster))
        for glyph in glyphs where glyph.id == 0 {
            let end = starts.filter { $0 > glyph.cluster }.min() ?? scalars.count
            let cluster = scalars[glyph.cluster..<end]
            #expect(cluster.contains { layout.missingCharacters.contains($0) },
                    "glyph 0 for \(cluster.map { $0.escaped(asASCII: true) }) unreported: \(layout.missingCharacters)")
        }
    }

    @Test("a cluster one face covers whole stays in that face, with nothing missing",
          arguments: [("e\u{0301}", "en"), ("\u{05D1}\u{05BC}\u{05B7}", "he"), ("\u{0628}\u{064E}", "ar")])
    func wholeClusterFace(text: String, locale: String) throws {
        let layout = try engine.layout(text, style: style(size: 40), locale: locale)
        let cluster = glyphs(at: 0, in: layout)
        #expect(!cluster.isEmpty && !cluster.contains { $0.id == 0 })
        #expect(text.unicodeScalars.allSatisfy { scalar in cluster.allSatisfy { $0.face.covers(scalar) } })
        #expect(layout.missingCharacters.isEmpty)
    }

    /// U+1DFA COMBINING DOT BELOW LEFT is in no bundled font: the letter under it is, so the
    /// cluster is drawn in Noto Sans and HarfBuzz gives the mark glyph 0 beside the "a".
    @Test("a mark no bundled font has, on a letter one has, is reported from the shaped glyph 0")
    func markInNoFont() throws {
        let text = "Player a\u{1DFA} 1"
        let layout = try engine.layout(text, style: style(size: 40), locale: "en")
        let cluster = glyphs(at: 7, in: layout)
        #expect(cluster.contains { $0.id == 0 } && cluster.contains { $0.id != 0 }, "\(cluster.map(\.id))")
        #expect(layout.missingCharacters == ["\u{1DFA}"])
    }

    @Test("characters that draw nothing are not reported, though some shape to glyph 0")
    func invisibleCharactersNotReported() throws {
        // A tab, joiners, a soft hyphen, variation selectors, bidi controls, a word joiner,
        // a line separator and a newline, in Latin, Hebrew and an emoji.
        let text = "a\tb c\u{200D}d\u{00AD}e \u{00A9}\u{FE0F} \u{00A9}\u{FE0E} \u{202E}f\u{202C} \u{05D0}\u{200F}g\u{2060}h\u{2028}i\nj"
        let layout = try engine.layout(text, style: style(size: 30, box: Box(width: 2000)), locale: "en")
        #expect(layout.missingCharacters.isEmpty, "\(layout.missingCharacters)")
    }

    @Test("an inline image, whose glyph ids are 0, is not a missing character")
    func inlineImageNotReported() throws {
        let images = LayoutEngine(
            fonts: FontSources(bundledDirectories: [packageRoot.appendingPathComponent("Fonts").path], useHostFonts: false),
            imageDirectories: [packageRoot.appendingPathComponent("Localizations/images").path])
        let layout = try images.layout("Press <img src=\"button_a.png\"/> to jump", style: style(size: 24), locale: "en")
        #expect(layout.lines.flatMap(\.runs).contains { $0.image != nil })
        #expect(layout.missingCharacters.isEmpty)
    }
}
