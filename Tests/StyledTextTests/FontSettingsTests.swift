import Foundation
import Testing
@testable import StyledText

@Suite("Font features and variations in styles and markup")
struct FontSettingsTests {
    @Test("font.features and font.variations decode, and overrides merge them tag by tag")
    func decodeAndMerge() throws {
        let sheet = try sheet("""
            {"font": {"size": 20, "features": {"tnum": 1, "liga": 0, "salt": 2, "kern": true},
                      "variations": {"wght": 650, "wdth": 85.5}},
             "locales": {"de": {"font": {"features": {"liga": null, "smcp": 1}, "variations": {"wght": 300}}}},
             "keys": {"hud.score": {"font": {"features": {"tnum": 0}}}}}
            """)
        #expect(sheet.base.font.features == ["tnum": 1, "liga": 0, "salt": 2, "kern": 1])
        #expect(sheet.base.font.variations == ["wght": 650, "wdth": 85.5])
        let german = try sheet.style(forKey: "menu", locale: "de")
        #expect(german.font.features == ["tnum": 1, "salt": 2, "kern": 1, "smcp": 1])
        #expect(german.font.variations == ["wght": 300, "wdth": 85.5])
        let score = try sheet.style(forKey: "hud.score", locale: "de")
        #expect(score.font.features["tnum"] == 0)
        // A changed feature changes the fingerprint that decides whether labels redraw.
        #expect(sheet.fingerprint(forKey: "hud.score", locale: "de") != sheet.fingerprint(forKey: "menu", locale: "de"))
    }

    @Test("bad tags and values name their path")
    func errors() throws {
        let tag = try #require(loadError(#"{"font": {"size": 20, "features": {"tabular": 1}}}"#))
        #expect(tag == #"score.json: $.font.features.tabular: expected an OpenType tag of 1 to 4 ASCII characters like "tnum" or "wght", got "tabular""#)
        let value = try #require(loadError(#"{"font": {"size": 20, "features": {"tnum": 1.5}}}"#))
        #expect(value.hasPrefix("score.json: $.font.features.tnum: expected 0 (off), 1 (on)"))
        let axis = try #require(loadError(#"{"font": {"size": 20, "variations": {"wght": "bold"}}}"#))
        #expect(axis == #"score.json: $.font.variations.wght: expected an axis value from -32768 to 32767, got "bold""#)
        let shape = try #require(loadError(#"{"font": {"size": 20, "variations": [650]}}"#))
        #expect(shape.hasPrefix("score.json: $.font.variations: expected an object of variable-font axis values"))
    }

    @Test("<span font_features font_variations> sets a run's settings over the outer span's")
    func spanMarkup() throws {
        let text = try Markup.parse("<span font_features='tnum, -liga salt=2'>1<span font_features=\"+liga\" font_variations=\"wght=650,wdth=-1.5\">2</span></span>3")
        #expect(text.runs.count == 3)
        #expect(text.runs[0].attributes.features == ["tnum": 1, "liga": 0, "salt": 2])
        #expect(text.runs[1].attributes.features == ["tnum": 1, "liga": 1, "salt": 2])
        #expect(text.runs[1].attributes.variations == ["wght": 650, "wdth": -1.5])
        #expect(text.runs[2].attributes == .plain)
        #expect(try Markup.parse("<SPAN font_features=smcp>a</SPAN>").runs[0].attributes.features == ["smcp": 1])
        #expect(try Markup.parse("<span font_features='liga=off kern=on'>a</span>").runs[0].attributes.features == ["liga": 0, "kern": 1])
    }

    @Test("a malformed span is an error at its column")
    func spanErrors() {
        let cases: [(String, String)] = [
            ("a<span>b</span>", "column 2: <span> needs font_features or font_variations; write <span font_features=\"tnum, -liga\" font_variations=\"wght=650\">"),
            ("<span font_features=\"tabular\">b</span>", "column 1: <span> font_features: expected features like \"tnum, smcp, -liga, salt=2\", got \"tabular\""),
            ("<span font_variations=\"wght\">b</span>", "column 1: <span> font_variations: expected axis values like \"wght=650, wdth=85\", got \"wght\""),
            ("<span font_variations=\"wght=1e3\">b</span>", "column 1: <span> font_variations: expected axis values like \"wght=650, wdth=85\", got \"wght=1e3\""),
            ("<span color=\"#FFF\">b</span>", "column 1: <span> has no attribute color; expected font_features or font_variations"),
            ("<span font_features=tnum font_features=liga>b</span>", "column 1: <span> gives font_features twice"),
        ]
        for (source, expected) in cases {
            #expect(throws: MarkupError.self) { try Markup.parse(source) }
            do {
                _ = try Markup.parse(source)
            } catch {
                #expect(error.description == expected, "\(source)")
            }
        }
    }
}
