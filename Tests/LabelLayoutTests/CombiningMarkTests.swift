import Foundation
import LabelLayout
import StyledText
import Testing

/// A combining mark after a letter of another script (U+0301 after Hebrew, as player names
/// and pseudo-localization make): whatever font the cluster gets, a glyph 0 drawn for it
/// is reported as missing, never drawn as a silent box. Of the bundled fonts only Noto
/// Sans has U+0301, and it has none of these letters.
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
