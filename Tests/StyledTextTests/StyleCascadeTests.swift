import Foundation
import Testing
@testable import StyledText

@Suite("Style overrides")
struct StyleCascadeTests {
    /// Each layer sets `tracking` to its own number, and one extra field, so the result
    /// shows both which layer was applied last and that earlier ones were merged.
    let layered = """
        {"font": {"size": 20}, "tracking": 0,
         "keys": {"title": {"tracking": 4, "maxLines": 4}},
         "locales": {"ja-JP": {"tracking": 2, "wrap": "char"},
                     "ja": {"tracking": 1, "align": "left"},
                     "de": {"tracking": 9}}}
        """

    @Test("base < ja < ja-JP < keys, whatever the file order")
    func mergeOrder() throws {
        let sheet = try sheet(layered)
        let full = try sheet.style(forKey: "title", locale: "ja-JP")
        #expect(full.tracking == 4)
        #expect(full.maxLines == 4)
        #expect(full.wrap == .char)
        #expect(full.align == .left)

        let regional = try sheet.style(forKey: "other", locale: "ja-JP")
        #expect(regional.tracking == 2)
        #expect(regional.wrap == .char)
        #expect(regional.align == .left)

        let language = try sheet.style(forKey: "other", locale: "ja")
        #expect(language.tracking == 1)
        #expect(language.wrap == .word)

        #expect(try sheet.style(forKey: "other", locale: "fr") == sheet.base)
        #expect(try sheet.style(forKey: "title", locale: "fr").tracking == 4)
    }

    @Test("Locale tags match case-insensitively, with _ or -, and POSIX suffixes")
    func localeSpelling() throws {
        let sheet = try sheet(layered)
        for locale in ["ja_JP", "JA-jp", "ja_JP.UTF-8", "ja-Jpan-JP"] {
            #expect(try sheet.style(forKey: "other", locale: locale).tracking == 2, "\(locale)")
        }
        #expect(try sheet.style(forKey: "other", locale: "ja-Jpan").tracking == 1)
    }

    @Test("zh < zh-Hans < zh-CN < zh-Hans-CN; zh-Hant does not apply")
    func scriptAndRegion() throws {
        let sheet = try sheet("""
            {"font": {"size": 20},
             "locales": {"zh-Hans-CN": {"tracking": 4}, "zh-Hant": {"tracking": 99, "maxLines": 99},
                         "zh-Hans": {"tracking": 2, "maxLines": 2}, "zh": {"tracking": 1, "wrap": "char"},
                         "zh-CN": {"tracking": 3, "align": "right"}}}
            """)
        let style = try sheet.style(forKey: "k", locale: "zh-Hans-CN")
        #expect(style.tracking == 4)
        #expect(style.maxLines == 2)
        #expect(style.wrap == .char)
        #expect(style.align == .right)
        #expect(try sheet.style(forKey: "k", locale: "zh-Hans").tracking == 2)
        #expect(try sheet.style(forKey: "k", locale: "zh-TW").tracking == 1)
    }

    @Test("Objects merge field by field; arrays and scalars replace")
    func deepMerge() throws {
        let sheet = try sheet(designExample)
        let ja = try sheet.style(forKey: "menu", locale: "ja")
        #expect(ja.font.family == "Noto Sans CJK JP")
        #expect(ja.font.weight == 700)
        #expect(ja.font.size == 48)

        let title = try sheet.style(forKey: "hud.title", locale: "ja")
        #expect(title.font.size == 64)
        #expect(title.font.family == "Noto Sans CJK JP")
        #expect(title.font.files == ["Fonts/NotoSans-Bold.ttf"])

        let arrays = try StyledTextTests.sheet("""
            {"font": {"size": 20}, "shadows": [{"blur": 1}, {"blur": 2}], "scales": [1, 2, 3],
             "stroke": {"width": 3, "color": "#F00"},
             "fill": {"gradient": {"colors": ["#000", "#FFF"], "angle": 45}},
             "keys": {"k": {"shadows": [{"blur": 5}], "scales": [2], "stroke": {"width": 1},
                            "fill": {"gradient": {"colors": ["#000", "#888", "#FFF"]}}}}}
            """).style(forKey: "k", locale: "en")
        #expect(arrays.shadows == [Shadow(blur: 5)])
        #expect(arrays.scales == [2])
        #expect(arrays.stroke == Stroke(width: 1, color: Color(red: 1, green: 0, blue: 0)))
        #expect(arrays.fill == .gradient(Gradient(colors: [.black, try Color(hex: "#888"), .white], angle: 45)))
    }

    @Test("A fill colour replaces a gradient and a gradient replaces a colour")
    func fillReplaces() throws {
        let sheet = try sheet("""
            {"font": {"size": 20}, "fill": {"gradient": {"colors": ["#000", "#FFF"]}},
             "keys": {"flat": {"fill": "#F00"}},
             "locales": {"de": {"fill": "#00F"}, "fr": {"fill": {"gradient": {"scope": "label"}}}}}
            """)
        #expect(try sheet.style(forKey: "flat", locale: "en").fill == .color(Color(red: 1, green: 0, blue: 0)))
        #expect(try sheet.style(forKey: "x", locale: "de").fill == .color(Color(red: 0, green: 0, blue: 1)))
        #expect(try sheet.style(forKey: "x", locale: "fr").fill
            == .gradient(Gradient(colors: [.black, .white], scope: .label)))
        #expect(try sheet.style(forKey: "flat", locale: "fr").fill == .color(Color(red: 1, green: 0, blue: 0)))
    }

    @Test("\"stroke\": null removes the stroke; \"box\": null removes the box")
    func nullRemoves() throws {
        let sheet = try sheet("""
            {"font": {"size": 20}, "stroke": {"width": 2}, "box": {"width": 100, "height": 50},
             "keys": {"plain": {"stroke": null, "box": null}, "grow": {"box": {"height": null}}}}
            """)
        let plain = try sheet.style(forKey: "plain", locale: "en")
        #expect(plain.stroke == nil)
        #expect(plain.box == nil)
        #expect(try sheet.style(forKey: "grow", locale: "en").box == Box(width: 100))
        #expect(sheet.base.stroke == Stroke(width: 2, color: .black))
    }

    @Test("Key patterns apply from least to most specific, the exact key last")
    func keyPatterns() throws {
        let sheet = try sheet("""
            {"font": {"size": 20},
             "keys": {"tip.intro": {"tracking": 4},
                      "tip.*": {"tracking": 2, "maxLines": 2},
                      "*": {"tracking": 1, "maxLines": 1, "wrap": "char"},
                      "tip.*.*": {"tracking": 3}}}
            """)
        let exact = try sheet.style(forKey: "tip.intro", locale: "en")
        #expect(exact.tracking == 4)
        #expect(exact.maxLines == 2)
        #expect(exact.wrap == .char)
        #expect(try sheet.style(forKey: "tip.more", locale: "en").tracking == 2)
        #expect(try sheet.style(forKey: "tip.a.b", locale: "en").tracking == 3)
        #expect(try sheet.style(forKey: "menu", locale: "en").tracking == 1)
        #expect(try sheet.style(forKey: "tip", locale: "en").tracking == 1)
    }

    @Test("Equally specific patterns apply in file order")
    func patternTies() throws {
        let first = try sheet(#"{"font":{"size":20},"keys":{"a.*":{"tracking":1},"*.b":{"tracking":2}}}"#)
        let second = try sheet(#"{"font":{"size":20},"keys":{"*.b":{"tracking":2},"a.*":{"tracking":1}}}"#)
        #expect(try first.style(forKey: "a.b", locale: "en").tracking == 2)
        #expect(try second.style(forKey: "a.b", locale: "en").tracking == 1)
    }

    @Test("Glob matching", arguments: [
        ("tip.*", "tip.", true), ("tip.*", "tip", false), ("*.title", "hud.title", true),
        ("a*b*c", "aXXbYYc", true), ("a*b*c", "aXXcYYb", false), ("*", "", true), ("a*", "ba", false),
        ("*a*a", "banana", true), ("exact", "exact", true), ("exact", "exactly", false),
    ])
    func glob(pattern: String, key: String, matches: Bool) {
        #expect(KeyPattern(pattern).matches(key) == matches)
    }

    @Test("Rules between merged fields fail when resolving, naming key and locale")
    func crossFieldAfterMerge() throws {
        let sheet = try sheet("""
            {"font": {"size": 48, "minSize": 16},
             "locales": {"ja": {"font": {"minSize": 60}}, "de": {"box": {"height": 40}},
                         "fr": {"fill": {"gradient": {"locations": [0, 1]}}}},
             "keys": {"three": {"fill": {"gradient": {"colors": ["#000", "#888", "#FFF"], "locations": [0, 1]}}},
                      "big": {"font": {"size": 72}}}}
            """)
        #expect(resolveError(sheet, key: "hud.title", locale: "ja")
            == #"score.json: $.keys["hud.title"] (locale ja): font.minSize 60 is larger than font.size 48"#)
        #expect(resolveError(sheet, key: "big", locale: "ja") == nil)
        #expect(resolveError(sheet, key: "hud", locale: "de")
            == "score.json: $.keys.hud (locale de): box.width is required")
        #expect(resolveError(sheet, key: "hud", locale: "fr")
            == "score.json: $.keys.hud (locale fr): fill.gradient.colors is required")
        #expect(resolveError(sheet, key: "three", locale: "en")
            == "score.json: $.keys.three (locale en): fill.gradient.locations has 2 entries but fill.gradient.colors has 3; give one location per colour")
        #expect(resolveError(sheet, key: "hud", locale: "en") == nil)
    }

    @Test("Overriding colours without locations re-spaces them evenly")
    func locationsFollowColours() throws {
        let sheet = try sheet("""
            {"font": {"size": 20}, "fill": {"gradient": {"colors": ["#000", "#FFF"]}},
             "keys": {"k": {"fill": {"gradient": {"colors": ["#000", "#888", "#FFF"]}}}}}
            """)
        guard case .gradient(let gradient) = try sheet.style(forKey: "k", locale: "en").fill else {
            Issue.record("expected a gradient")
            return
        }
        #expect(gradient.locations == [0, 0.5, 1])
    }
}

@Suite("Style fingerprint")
struct StyleFingerprintTests {
    @Test("Formatting and field order do not change the fingerprint")
    func stable() throws {
        let compact = try sheet(#"{"font":{"size":20,"weight":700},"align":"left","keys":{"a":{"tracking":1}}}"#)
        let spaced = try sheet("""
            {
              "align": "left",
              "font": { "weight": 700.0, "size": 2e1 },
              "keys": { "a": { "tracking": 1 } }
            }
            """)
        #expect(compact.fingerprint == spaced.fingerprint)
        #expect(compact == spaced)
        #expect(compact.hashValue == spaced.hashValue)
        #expect(compact.fingerprint == (try sheet(#"{"font":{"size":20,"weight":700},"align":"left","keys":{"a":{"tracking":1}}}"#)).fingerprint)
        #expect(compact.fingerprint == #"{"align":"left","font":{"size":20,"weight":700},"keys":{"a":{"tracking":1}}}"#)
    }

    @Test("Any change of content changes the fingerprint")
    func sensitive() throws {
        let base = try sheet(designExample).fingerprint
        let variants = [
            designExample.replacingOccurrences(of: "\"size\": 48", with: "\"size\": 47"),
            designExample.replacingOccurrences(of: "#3A1F00", with: "#3A1F01"),
            designExample.replacingOccurrences(of: "Noto Sans CJK JP", with: "Noto Serif CJK JP"),
            designExample.replacingOccurrences(of: "\"hud.title\"", with: "\"hud.subtitle\""),
            designExample.replacingOccurrences(of: "[1, 2, 3]", with: "[1, 3, 2]"),
        ]
        for variant in variants {
            #expect(variant != designExample)
            #expect(try sheet(variant).fingerprint != base)
        }
    }

    @Test("The order of key patterns is significant, so it is kept")
    func overrideOrderKept() throws {
        let first = try sheet(#"{"font":{"size":20},"keys":{"a.*":{"tracking":1},"*.b":{"tracking":2}}}"#)
        let second = try sheet(#"{"font":{"size":20},"keys":{"*.b":{"tracking":2},"a.*":{"tracking":1}}}"#)
        #expect(first.fingerprint != second.fingerprint)
    }

    @Test("Per-key fingerprints change only for the keys an override touches")
    func perKey() throws {
        let before = try sheet(designExample)
        let after = try sheet(designExample.replacingOccurrences(of: "\"size\": 64", with: "\"size\": 60"))
        #expect(before.fingerprint(forKey: "menu", locale: "ja") == after.fingerprint(forKey: "menu", locale: "ja"))
        #expect(before.fingerprint(forKey: "hud.title", locale: "ja") != after.fingerprint(forKey: "hud.title", locale: "ja"))
        #expect(before.fingerprint(forKey: "menu", locale: "ja") != before.fingerprint(forKey: "menu", locale: "de"))
    }

    @Test("a style's samples merge per placeholder across locale and key overrides")
    func samplesInStyles() throws {
        let styles = try sheet("""
            {"font": {"size": 20}, "samples": {"%d": "12", "%@": "Alex"},
             "locales": {"ar": {"samples": {"%d": "١٢"}}},
             "keys": {"hud.player": {"samples": {"%@": "Ada Lovelace"}}}}
            """)
        #expect(try styles.style(forKey: "hud.score", locale: "en").samples == ["%d": "12", "%@": "Alex"])
        #expect(try styles.style(forKey: "hud.score", locale: "ar").samples == ["%d": "١٢", "%@": "Alex"])
        #expect(try styles.style(forKey: "hud.player", locale: "ar").samples == ["%d": "١٢", "%@": "Ada Lovelace"])
        #expect(loadError(#"{"font": {"size": 20}, "samples": ["%d"]}"#)?.contains("samples") == true)
        #expect(loadError(#"{"font": {"size": 20}, "samples": {"%d": 12}}"#)?.contains(#"$.samples["%d"]"#) == true)
    }
}
