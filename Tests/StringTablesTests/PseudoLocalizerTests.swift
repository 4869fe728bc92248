import Foundation
import StringTables
import StyledText
import Testing

@Suite("Pseudo-localization")
struct PseudoLocalizerTests {
    @Test("en-XA accents letters, brackets the text and makes it about 40% longer")
    func accented() {
        let pseudo = PseudoLocalizer.accented.transform("New game")
        #expect(pseudo.hasPrefix("[Ñéŵ ĝåɱé"))
        #expect(pseudo.hasSuffix("]"))
        #expect(!pseudo.contains { $0.isASCII && $0.isLetter })
        // 7 visible characters grow by ceil(7 * 0.4) = 3.
        #expect(pseudo == "[Ñéŵ ĝåɱé ŏñé]")
        let long = String(repeating: "Collect the stars. ", count: 10)
        let grown = PseudoLocalizer.accented.transform(long)
        let ratio = Double(grown.count) / Double(long.count)
        #expect(ratio > 1.3 && ratio < 1.5, "\(ratio)")
    }

    @Test("placeholders, %% and tags survive both transforms unchanged")
    func keepsPlaceholders() {
        let source = "%1$@ scored %lld points (100%%) in {level} <b>now</b>"
        for localizer in [PseudoLocalizer.accented, .mirrored] {
            let pseudo = localizer.transform(source)
            #expect(Placeholders.find(in: pseudo).map(\.token) == ["%1$@", "%lld", "{level}"], "\(pseudo)")
            #expect(pseudo.contains("%%") && pseudo.contains("<b>") && pseudo.contains("</b>"), "\(pseudo)")
        }
        #expect(PseudoLocalizer.accented.transform("Level %d") == "[Ļéṽéļ %d ŏñ]")
        // Pseudo-localized markup still parses, entities and images included.
        let markup = "Tom &amp; <color=#FF0000>Jerry</color> &#x263A; <img src=\"a.png\"/>"
        for localizer in [PseudoLocalizer.accented, .mirrored] {
            let pseudo = localizer.transform(markup)
            #expect(pseudo.contains("&amp;") && pseudo.contains("&#x263A;") && pseudo.contains("<img src=\"a.png\"/>"), "\(pseudo)")
            #expect(throws: Never.self) { try Markup.parse(pseudo) }
        }
        let filled = Placeholders.fill(PseudoLocalizer.accented.transform("Lives: %d"), samples: ["%d": "3"])
        #expect(filled.unfilled.isEmpty && filled.text.contains(" 3"))
    }

    @Test("ar-XB overrides every word right to left in a right-to-left paragraph")
    func mirrored() {
        let pseudo = PseudoLocalizer.mirrored.transform("New game %d")
        #expect(pseudo == "\u{200F}\u{202E}New\u{202C}\u{200F} \u{202E}game\u{202C}\u{200F} %d\u{200F}")
        #expect(PseudoLocalizer.mirrored.transform("") == "")
    }

    @Test("a table keeps its keys and order under the pseudo-locale's tag")
    func table() {
        let table = StringTable(locale: "en", source: "en.json",
                                entries: [.init(key: "b", value: "Play"), .init(key: "a", value: "Quit")])
        let pseudo = PseudoLocalizer.accented.transform(table)
        #expect(pseudo.locale == "en-XA")
        #expect(pseudo.entries.map(\.key) == ["b", "a"])
        #expect(PseudoLocalizer.mirrored.transform(table).locale == "ar-XB")
        #expect(StringTable.localeFromPath("pseudo/en-XA.json") == "en-XA")
        #expect(StringTable.localeFromPath("pseudo/ar-XB.json") == "ar-XB")
    }
}
