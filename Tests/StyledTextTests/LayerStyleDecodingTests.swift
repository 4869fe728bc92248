import Foundation
import Testing
@testable import StyledText

/// The layer-style fields of a style file: outlines stacked as a list, an outline's
/// gradient, inner shadows and the bevel, with their overrides and errors.
@Suite("Layer style fields")
struct LayerStyleDecodingTests {
    private func sheet(_ json: String) throws -> StyleSheet {
        try StyleSheet(json: Data(json.utf8), source: "title.json")
    }

    @Test("a stroke list is the first outline and the ones stacked outside it, innermost first")
    func strokeList() throws {
        let style = try sheet(##"""
            {"font": {"size": 40}, "stroke": [{"width": 3, "color": "#FF0000"},
                                              {"width": 4, "join": "round"}, {"color": "#0000FF"}]}
            """##).base
        #expect(style.stroke == Stroke(width: 3, color: Color(red: 1, green: 0, blue: 0)))
        #expect(style.outerStrokes == [Stroke(width: 4, color: .black, join: .round),
                                       Stroke(width: 1, color: Color(red: 0, green: 0, blue: 1))])
        let single = try sheet(#"{"font": {"size": 40}, "stroke": {"width": 2}}"#).base
        #expect(single.stroke?.width == 2 && single.outerStrokes.isEmpty)
    }

    @Test("an override replaces a stroke list whole, or removes every outline with null")
    func strokeListOverrides() throws {
        let sheet = try sheet(##"""
            {"font": {"size": 40}, "stroke": [{"width": 3}, {"width": 4}],
             "locales": {"ja": {"stroke": {"width": 1}}, "ko": {"stroke": null}},
             "keys": {"title.*": {"stroke": [{"width": 2}, {"width": 2}, {"width": 2}]}}}
            """##)
        #expect(try sheet.style(forKey: "menu", locale: "ja").outerStrokes.isEmpty)
        #expect(try sheet.style(forKey: "menu", locale: "ja").stroke?.width == 1)
        let removed = try sheet.style(forKey: "menu", locale: "ko")
        #expect(removed.stroke == nil && removed.outerStrokes.isEmpty)
        #expect(try sheet.style(forKey: "title.main", locale: "en").outerStrokes.count == 2)
        #expect(try sheet.style(forKey: "menu", locale: "en").outerStrokes.map(\.width) == [4])
    }

    @Test("an outline's gradient is read as a fill's is, and null takes it back")
    func strokeGradient() throws {
        let sheet = try sheet(##"""
            {"font": {"size": 40},
             "stroke": {"width": 4, "gradient": {"colors": ["#FF0000", "#0000FF"], "angle": 0, "scope": "label"}},
             "keys": {"plain": {"stroke": {"gradient": null}}}}
            """##)
        let gradient = try #require(sheet.base.stroke?.gradient)
        #expect(gradient.colors.count == 2 && gradient.angle == 0 && gradient.scope == .label)
        #expect(try sheet.style(forKey: "plain", locale: "en").stroke?.gradient == nil)
        #expect(try sheet.style(forKey: "plain", locale: "en").stroke?.width == 4)
    }

    @Test("inner shadows and the bevel take their fields, defaults and overrides")
    func innerShadowsAndBevel() throws {
        let sheet = try sheet(##"""
            {"font": {"size": 40},
             "innerShadows": [{"color": "#00000080", "offset": [0, 3], "blur": 4, "spread": 1}],
             "bevel": {"size": 5, "angle": 90},
             "locales": {"ar": {"bevel": {"highlight": "#FFEEAA"}}, "he": {"bevel": null, "innerShadows": []}}}
            """##)
        let base = sheet.base
        #expect(base.innerShadows == [Shadow(color: Color(red: 0, green: 0, blue: 0, alpha: 128.0 / 255),
                                             offsetX: 0, offsetY: 3, blur: 4, spread: 1)])
        #expect(base.bevel == Bevel(size: 5, angle: 90))
        let arabic = try sheet.style(forKey: "title", locale: "ar")
        let highlight = try Color(hex: "#FFEEAA")
        #expect(arabic.bevel?.size == 5 && arabic.bevel?.highlight == highlight)
        let hebrew = try sheet.style(forKey: "title", locale: "he")
        #expect(hebrew.bevel == nil && hebrew.innerShadows.isEmpty)
    }

    @Test("an extrusion takes its depth, angle and colour or gradient, defaults and overrides")
    func extrude() throws {
        let layers = try sheet(##"""
            {"font": {"size": 40},
             "extrude": {"depth": 12, "angle": 60, "color": "#5A1A00"},
             "locales": {"ar": {"extrude": {"angle": 120}}, "he": {"extrude": null},
                         "ja": {"extrude": {"gradient": {"colors": ["#C2410C", "#3A0E00"]}}}}}
            """##)
        #expect(layers.base.extrude == Extrude(depth: 12, angle: 60, color: try Color(hex: "#5A1A00")))
        #expect(try layers.style(forKey: "title", locale: "ar").extrude?.angle == 120)
        #expect(try layers.style(forKey: "title", locale: "ar").extrude?.depth == 12)
        #expect(try layers.style(forKey: "title", locale: "he").extrude == nil)
        #expect(try layers.style(forKey: "title", locale: "ja").extrude?.gradient?.colors.count == 2)
        let defaults = try sheet(#"{"font": {"size": 40}, "extrude": {}}"#).base.extrude
        #expect(defaults == Extrude())
        #expect(defaults?.angle == 90 && defaults?.sweep.x == 0 && defaults?.sweep.y == defaults?.depth)
    }

    @Test("wrong layer styles are refused with their path", arguments: [
        (##"{"font":{"size":20},"stroke":[]}"##,
         "title.json: $.stroke: expected a stroke object, a non-empty array of them or null, got an empty array"),
        (##"{"font":{"size":20},"stroke":"#000"}"##,
         ##"title.json: $.stroke: expected a stroke object, a non-empty array of them or null, got "#000""##),
        (##"{"font":{"size":20},"stroke":[{"width":1},{"widht":2}]}"##,
         "title.json: $.stroke[1].widht: unknown field; expected one of width, color, gradient, join"),
        (##"{"font":{"size":20},"stroke":[{},{},{},{},{},{},{},{},{}]}"##,
         "title.json: $.stroke: 9 strokes exceed the limit of 8"),
        (##"{"font":{"size":20},"stroke":{"gradient":{"colors":["#000"]}}}"##,
         "title.json: $.stroke.gradient.colors: expected an array of at least 2 colours, got 1 colour"),
        (##"{"font":{"size":20},"innerShadows":[{"blur":-1}]}"##,
         "title.json: $.innerShadows[0].blur: expected a number >= 0, got -1"),
        (##"{"font":{"size":20},"bevel":{"size":0}}"##,
         "title.json: $.bevel.size: expected a number > 0, got 0"),
        (##"{"font":{"size":20},"bevel":{"altitude":91}}"##,
         "title.json: $.bevel.altitude: 91 exceeds the light altitude limit of 90"),
        (##"{"font":{"size":20},"bevel":{"light":90}}"##,
         "title.json: $.bevel.light: unknown field; expected one of size, depth, angle, altitude, highlight, shadow"),
        (##"{"font":{"size":20},"extrude":{"depth":-1}}"##,
         "title.json: $.extrude.depth: expected a number >= 0, got -1"),
        (##"{"font":{"size":20},"extrude":{"depth":5000}}"##,
         "title.json: $.extrude.depth: 5000 exceeds the extrude depth limit of 1000"),
        (##"{"font":{"size":20},"extrude":{"angle":"down"}}"##,
         ##"title.json: $.extrude.angle: expected a number, got "down""##),
        (##"{"font":{"size":20},"extrude":{"length":4}}"##,
         "title.json: $.extrude.length: unknown field; expected one of depth, angle, color, gradient"),
        (##"{"font":{"size":20},"extrude":[]}"##,
         "title.json: $.extrude: expected an object or null, got an array"),
    ])
    func refused(json: String, message: String) {
        #expect(loadError(json, source: "title.json") == message)
    }
}
