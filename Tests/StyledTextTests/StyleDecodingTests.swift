import Foundation
import Testing
@testable import StyledText

@Suite("Style decoding")
struct StyleDecodingTests {
    @Test("A minimal style takes every default")
    func defaults() throws {
        let style = try sheet(#"{"font":{"size":20}}"#).base
        #expect(style == LabelStyle(font: FontSpec(size: 20)))
        #expect(style.font.family == nil)
        #expect(style.font.resolvedFamily == "Noto Sans")
        #expect(style.font.weight == 400)
        #expect(style.font.italic == false)
        #expect(style.font.minSize == nil)
        #expect(style.font.files == [])
        #expect(style.fill == .color(.white))
        #expect(style.stroke == nil)
        #expect(style.shadows == [])
        #expect(style.box == nil)
        #expect(style.align == .natural)
        #expect(style.verticalAlign == .middle)
        #expect(style.maxLines == 0)
        #expect(style.wrap == .word)
        #expect(style.truncate == .tail)
        #expect(style.lineHeight == 1.0)
        #expect(style.tracking == 0)
        #expect(style.canvas == .box)
        #expect(style.scales == [1])
        #expect(style.direction == .auto)
        #expect(style.hyphenate == false)
        #expect(style.wrapStyle == nil)
        #expect(style.wordBreak == .phrase)
        #expect(style.lineBreak == .strict)
    }

    @Test("wrapStyle, wordBreak and lineBreak decode in the base and in overrides; null restores the default wrap style")
    func lineBreakingFields() throws {
        let styles = try sheet(#"""
            {"font":{"size":20},"align":"center","wrapStyle":"pretty","wordBreak":"normal","lineBreak":"loose",
             "locales":{"ja":{"wordBreak":"phrase","lineBreak":"strict"}},
             "keys":{"hud.*":{"wrapStyle":null},"tip.*":{"wrapStyle":"greedy","align":"left"}}}
            """#)
        let base = try styles.style(forKey: "menu.play", locale: "en")
        #expect(base.wrapStyle == .pretty && base.resolvedWrapStyle == .pretty)
        #expect(base.wordBreak == .normal && base.lineBreak == .loose)
        let japanese = try styles.style(forKey: "menu.play", locale: "ja-JP")
        #expect(japanese.wordBreak == .phrase && japanese.lineBreak == .strict)
        let hud = try styles.style(forKey: "hud.score", locale: "en")
        #expect(hud.wrapStyle == nil && hud.resolvedWrapStyle == .balance)
        #expect(try styles.style(forKey: "tip.jump", locale: "en").resolvedWrapStyle == .greedy)

        let wrong = try #require(loadError(#"{"font":{"size":20},"wrapStyle":"balanced"}"#))
        #expect(wrong.contains("$.wrapStyle") && wrong.contains("balance, pretty, greedy"), "\(wrong)")
        let strictness = try #require(loadError(#"{"font":{"size":20},"locales":{"ja":{"lineBreak":"anywhere"}}}"#))
        #expect(strictness.contains("$.locales.ja.lineBreak") && strictness.contains("strict, normal, loose"), "\(strictness)")
        let words = try #require(loadError(#"{"font":{"size":20},"wordBreak":true}"#))
        #expect(words.contains("$.wordBreak"), "\(words)")
    }

    @Test("hyphenate is a boolean, off by default, and overrides turn it on per locale")
    func hyphenate() throws {
        let styles = try sheet(#"{"font":{"size":20},"hyphenate":false,"locales":{"de":{"hyphenate":true}}}"#)
        #expect(try styles.style(forKey: "menu.play", locale: "en").hyphenate == false)
        #expect(try styles.style(forKey: "menu.play", locale: "de-AT").hyphenate == true)
        let error = try #require(loadError(#"{"font":{"size":20},"hyphenate":"yes"}"#))
        #expect(error.contains("hyphenate"), "\(error)")
    }

    @Test("Every field of the design's example is decoded")
    func designExampleFields() throws {
        let style = try sheet(designExample).base
        #expect(style.font == FontSpec(family: "Noto Sans", weight: 700, size: 48, minSize: 16,
                                       files: ["Fonts/NotoSans-Bold.ttf"]))
        let gradient = Gradient(colors: [try Color(hex: "#FFE066"), try Color(hex: "#FF8C00")],
                                locations: [0, 1], scope: .line, angle: 90)
        #expect(style.fill == .gradient(gradient))
        #expect(style.stroke == Stroke(width: 4, color: try Color(hex: "#3A1F00"), join: .bevel))
        #expect(style.shadows == [Shadow(color: try Color(hex: "#000000AA"), offsetX: 0, offsetY: 3, blur: 6, spread: 0)])
        #expect(style.box == Box(width: 480, height: 120))
        #expect(style.align == .center)
        #expect(style.verticalAlign == .middle)
        #expect(style.maxLines == 2)
        #expect(style.wrap == .word)
        #expect(style.truncate == .tail)
        #expect(style.lineHeight == 1.2)
        #expect(style.tracking == 0)
        #expect(style.canvas == .box)
        #expect(style.scales == [1, 2, 3])
    }

    @Test("Non-default values of the remaining fields")
    func otherValues() throws {
        let style = try sheet("""
            {"font": {"size": 12.5, "italic": true, "weight": 1},
             "fill": "#FF0000",
             "stroke": {"join": "round"},
             "shadows": [{}, {"offset": [-1.5, 2], "spread": 2}],
             "box": {"width": 100},
             "align": "justify", "verticalAlign": "bottom", "wrap": "none", "truncate": "middle",
             "tracking": -0.5, "canvas": "tight", "scales": [1.5], "direction": "rtl", "maxLines": 0}
            """).base
        #expect(style.font.size == 12.5)
        #expect(style.font.italic)
        #expect(style.font.weight == 1)
        #expect(style.fill == .color(Color(red: 1, green: 0, blue: 0)))
        #expect(style.stroke == Stroke(width: 1, color: .black, join: .round))
        #expect(style.shadows == [Shadow(), Shadow(offsetX: -1.5, offsetY: 2, spread: 2)])
        #expect(style.shadows[0].color.hex == "#00000080")
        #expect(style.box == Box(width: 100, height: nil))
        #expect(style.align == .justify)
        #expect(style.verticalAlign == .bottom)
        #expect(style.wrap == .none)
        #expect(style.truncate == .middle)
        #expect(style.tracking == -0.5)
        #expect(style.canvas == .tight)
        #expect(style.scales == [1.5])
        #expect(style.direction == .rtl)
    }

    @Test("markup is true by default and can be turned off per style, locale or key")
    func markupField() throws {
        #expect(try sheet(#"{"font":{"size":20}}"#).base.markup)
        #expect(try sheet(#"{"font":{"size":20},"markup":false}"#).base.markup == false)
        let overridden = try sheet(
            #"{"font":{"size":20},"locales":{"ja":{"markup":false}},"keys":{"raw.*":{"markup":false}}}"#)
        #expect(try overridden.style(forKey: "raw.name", locale: "en").markup == false)
        #expect(try overridden.style(forKey: "hud.title", locale: "ja").markup == false)
        #expect(try overridden.style(forKey: "hud.title", locale: "en").markup)
    }

    @Test("A markup that is not a boolean is an error naming the field")
    func markupNotBoolean() {
        #expect(loadError(#"{"font":{"size":20},"markup":"no"}"#)
            == #"score.json: $.markup: expected true or false, got "no""#)
        #expect(loadError(#"{"font":{"size":20},"keys":{"hud.title":{"markup":1}}}"#)
            == #"score.json: $.keys["hud.title"].markup: expected true or false, got 1"#)
    }

    @Test("Gradient locations default to evenly spaced, angle to 90")
    func gradientDefaults() throws {
        let style = try sheet(##"{"font":{"size":20},"fill":{"gradient":{"colors":["#000","#888","#FFF"],"scope":"label","angle":0}}}"##).base
        guard case .gradient(let gradient) = style.fill else {
            Issue.record("expected a gradient, got \(style.fill)")
            return
        }
        #expect(gradient.locations == [0, 0.5, 1])
        #expect(gradient.scope == .label)
        #expect(gradient.angle == 0)
        #expect(Gradient(colors: [.black, .white]).angle == 90)
        #expect(Gradient(colors: [.black, .white]).scope == .line)
    }

    @Test("Equal locations (a hard edge) are allowed")
    func hardEdge() throws {
        let style = try sheet(##"{"font":{"size":20},"fill":{"gradient":{"colors":["#000","#F00","#F00","#FFF"],"locations":[0,0.5,0.5,1]}}}"##).base
        #expect(style.fill == .gradient(Gradient(
            colors: [.black, Color(red: 1, green: 0, blue: 0), Color(red: 1, green: 0, blue: 0), .white],
            locations: [0, 0.5, 0.5, 1])))
    }

    @Test("null in the base means absent for stroke, box, family and minSize")
    func nullMeansAbsent() throws {
        let style = try sheet(#"{"font":{"size":20,"family":null,"minSize":null},"stroke":null,"box":null}"#).base
        #expect(style == LabelStyle(font: FontSpec(size: 20)))
    }

    @Test("A UTF-8 byte order mark is skipped")
    func byteOrderMark() throws {
        let data = Data([0xEF, 0xBB, 0xBF]) + Data(#"{"font":{"size":20}}"#.utf8)
        #expect(try StyleSheet(json: data, source: "bom.json").base.font.size == 20)
    }

    @Test("Reading from a file names it by its last path component")
    func readsFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let url = try directory.write(designExample, to: "styles/score.json")
        let loaded = try StyleSheet(contentsOf: url)
        #expect(loaded.source == "score.json")
        #expect(loaded == (try sheet(designExample)))
    }

    @Test("An unreadable file is a StyleError naming it")
    func unreadableFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let url = directory.url.appendingPathComponent("missing.json")
        let error = #expect(throws: StyleError.self) { try StyleSheet(contentsOf: url) }
        #expect(error?.file == "missing.json")
        #expect(error?.place == .wholeFile)
        #expect(error?.description.hasPrefix("missing.json: cannot read ") == true)
    }
}
