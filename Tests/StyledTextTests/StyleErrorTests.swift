import Foundation
import Testing
@testable import StyledText

@Suite("Style errors")
struct StyleErrorTests {
    @Test("An unknown field names its path and the allowed fields")
    func unknownFieldAtDepth() {
        #expect(loadError(#"{"font":{"size":20,"wieght":700}}"#)
            == "score.json: $.font.wieght: unknown field; expected one of family, weight, italic, size, minSize, files, metrics, features, variations")
        #expect(loadError(##"{"font":{"size":20},"shadows":[{},{"colour":"#000"}]}"##)
            == "score.json: $.shadows[1].colour: unknown field; expected one of color, offset, blur, spread")
        #expect(loadError(##"{"font":{"size":20},"fill":{"gradient":{"colors":["#000","#FFF"],"stops":[0,1]}}}"##)
            == "score.json: $.fill.gradient.stops: unknown field; expected one of colors, locations, scope, angle")
    }

    @Test("An unknown top-level field lists style fields plus locales, keys, output and $schema")
    func unknownTopLevel() throws {
        let message = try #require(loadError(##"{"font":{"size":20},"colour":"#FFF"}"##))
        #expect(message.hasPrefix("score.json: $.colour: unknown field; expected one of font, fill, stroke,"))
        #expect(message.hasSuffix("direction, samples, locales, keys, output, $schema"))
    }

    @Test("Overrides may not nest locales or keys")
    func nestedOverrides() {
        #expect(loadError(#"{"font":{"size":20},"locales":{"ja":{"keys":{}}}}"#)?
            .hasPrefix("score.json: $.locales.ja.keys: unknown field; expected one of font,") == true)
    }

    @Test("A wrong type says what was expected and quotes what was found")
    func wrongType() {
        #expect(loadError(#"{"font":{"size":20},"shadows":[{"blur":"six"}]}"#)
            == #"score.json: $.shadows[0].blur: expected a number >= 0, got "six""#)
        #expect(loadError(#"{"font":{"size":20},"shadows":{"blur":6}}"#)
            == "score.json: $.shadows: expected an array of shadow objects, got an object")
        #expect(loadError(#"{"font":{"size":20},"box":{"width":[1]}}"#)
            == "score.json: $.box.width: expected a number > 0, got an array")
        #expect(loadError(#"{"font":{"size":20,"weight":450.5}}"#)
            == "score.json: $.font.weight: expected an integer from 1 to 1000, got 450.5")
        #expect(loadError(#"{"font":{"size":20},"maxLines":-1}"#)
            == "score.json: $.maxLines: expected an integer from 0 to 1000 (the line limit), got -1")
        #expect(loadError(#"{"font":{"size":0}}"#)
            == "score.json: $.font.size: expected a number > 0, got 0")
        #expect(loadError(#"{"font":{"size":20,"italic":"yes"}}"#)
            == #"score.json: $.font.italic: expected true or false, got "yes""#)
        #expect(loadError(#"{"font":{"size":20},"shadows":[{"offset":[1]}]}"#)
            == "score.json: $.shadows[0].offset: expected an array of 2 numbers [x, y], got 1 elements")
        #expect(loadError(#"{"font":{"size":20},"align":null}"#)
            == "score.json: $.align: expected one of left, center, right, natural, justify, got null")
        #expect(loadError("[1, 2]") == "score.json: $: expected an object, got an array")
    }

    @Test("A boolean where a number goes is rejected")
    func booleanIsNotANumber() {
        #expect(loadError(#"{"font":{"size":true}}"#) == "score.json: $.font.size: expected a number > 0, got true")
        #expect(loadError(#"{"font":{"size":20},"tracking":false}"#)
            == "score.json: $.tracking: expected a number, got false")
        #expect(loadError(#"{"font":{"size":20,"weight":true}}"#)
            == "score.json: $.font.weight: expected an integer from 1 to 1000, got true")
    }

    @Test("A bad colour lists the accepted forms")
    func badColour() {
        #expect(loadError(##"{"font":{"size":20},"stroke":{"width":2,"color":"#12"}}"##)
            == ##"score.json: $.stroke.color: expected a colour #RGB, #RRGGBB or #RRGGBBAA, got "#12""##)
        #expect(loadError(##"{"font":{"size":20},"fill":{"gradient":{"colors":["#000","red"]}}}"##)
            == #"score.json: $.fill.gradient.colors[1]: expected a colour #RGB, #RRGGBB or #RRGGBBAA, got "red""#)
        #expect(loadError(#"{"font":{"size":20},"fill":12}"#)
            == #"score.json: $.fill: expected a colour or {"gradient": …}, got 12"#)
    }

    @Test("A bad enum value lists the allowed ones")
    func badEnum() {
        #expect(loadError(#"{"font":{"size":20},"align":"centre"}"#)
            == #"score.json: $.align: expected one of left, center, right, natural, justify, got "centre""#)
        #expect(loadError(#"{"font":{"size":20},"stroke":{"join":"mitre"}}"#)
            == #"score.json: $.stroke.join: expected one of bevel, round, miter, got "mitre""#)
        #expect(loadError(##"{"font":{"size":20},"fill":{"gradient":{"colors":["#000","#FFF"],"scope":"block"}}}"##)
            == #"score.json: $.fill.gradient.scope: expected one of line, label, got "block""#)
    }

    @Test("font.size is required in the base, not in overrides")
    func missingSize() throws {
        #expect(loadError(#"{"font":{"weight":700}}"#) == "score.json: $.font.size: font.size is required")
        #expect(loadError(#"{"align":"left"}"#) == "score.json: $.font.size: font.size is required")
        _ = try sheet(#"{"font":{"size":20},"keys":{"a":{"font":{"weight":700}}}}"#)
    }

    @Test("Rules checked in the base layer at load time")
    func baseCrossField() {
        #expect(loadError(#"{"font":{"size":48,"minSize":60}}"#)
            == "score.json: $.font.minSize: font.minSize 60 is larger than font.size 48")
        #expect(loadError(##"{"font":{"size":20},"fill":{"gradient":{"colors":["#000","#FFF"],"locations":[0,0.5,1]}}}"##)
            == "score.json: $.fill.gradient.locations: fill.gradient.locations has 3 entries but fill.gradient.colors has 2; give one location per colour")
        #expect(loadError(##"{"font":{"size":20},"fill":{"gradient":{"colors":["#000","#888","#FFF"],"locations":[0,0.7,0.5]}}}"##)
            == "score.json: $.fill.gradient.locations[2]: expected locations that do not decrease, got 0.5 after 0.7")
        #expect(loadError(##"{"font":{"size":20},"fill":{"gradient":{"colors":["#000","#FFF"],"locations":[0,1.5]}}}"##)
            == "score.json: $.fill.gradient.locations[1]: expected a number in 0...1, got 1.5")
        #expect(loadError(##"{"font":{"size":20},"fill":{"gradient":{"colors":["#000"]}}}"##)
            == "score.json: $.fill.gradient.colors: expected an array of at least 2 colours, got 1 colour")
        #expect(loadError(#"{"font":{"size":20},"scales":[1,2,2]}"#)
            == "score.json: $.scales[2]: scale 2 is listed twice")
        #expect(loadError(#"{"font":{"size":20},"scales":[]}"#)
            == "score.json: $.scales: expected a non-empty array of numbers > 0, got an empty array")
    }

    @Test("Errors in overrides are found at load time with their full path")
    func overrideErrorsAtLoad() {
        #expect(loadError(#"{"font":{"size":20},"locales":{"ja":{"font":{"weight":"bold"}}}}"#)
            == #"score.json: $.locales.ja.font.weight: expected an integer from 1 to 1000, got "bold""#)
        #expect(loadError(#"{"font":{"size":20},"keys":{"hud.title":{"stroke":{"width":-1}}}}"#)
            == #"score.json: $.keys["hud.title"].stroke.width: expected a number >= 0, got -1"#)
        #expect(loadError(#"{"font":{"size":20},"locales":{"en US":{}}}"#)
            == #"score.json: $.locales["en US"]: expected a language tag such as "ja", "pt-BR" or "zh-Hans", got "en US""#)
        #expect(loadError(#"{"font":{"size":20},"locales":{"pt-BR":{},"pt_br":{}}}"#)
            == #"score.json: $.locales.pt_br: "pt_br" is the same locale as "pt-BR" given earlier"#)
        #expect(loadError(#"{"font":{"size":20},"locales":[]}"#)
            == "score.json: $.locales: expected an object whose fields are language tags, got an array")
    }

    @Test("A JSON syntax error gives line and column")
    func syntaxError() {
        let json = "{\n  \"font\": {\n    \"size\": 20,\n  }\n}"
        #expect(loadError(json) == #"score.json:4:3: expected a quoted member name, got '}'"#)
        #expect(loadError("{\"font\": {\"size\": 2O}}") == "score.json:1:20: expected ',' or '}' in the object, got 'O'")
        #expect(loadError("") == "score.json:1:1: expected a value, got the end of the file")
        #expect(loadError("{\"font\": {\"size\": 20}} x") == "score.json:1:24: unexpected 'x' after the end of the document")
    }

    @Test("Columns count characters, not bytes")
    func columnsCountCharacters() {
        #expect(loadError("{\"font\": {\"family\": \"Ünïcödé\" \"size\": 20}}")
            == #"score.json:1:31: expected ',' or '}' in the object, got '"'"#)
    }

    @Test("A duplicate key is an error at the second occurrence")
    func duplicateKey() {
        let json = "{\"font\": {\"size\": 20,\n          \"size\": 30}}"
        #expect(loadError(json) == #"score.json:2:11: duplicate key "size" in the same object"#)
    }

    @Test("The description uses a colon form for line:column and a spaced form for paths")
    func descriptionForms() {
        #expect(StyleError(.syntax, file: "a.json", place: .lineColumn(line: 3, column: 17), message: "m").description
            == "a.json:3:17: m")
        #expect(StyleError(.invalidValue, file: "a.json", place: .jsonPath("$.font"), message: "m").description
            == "a.json: $.font: m")
        #expect(StyleError(.unreadableFile, file: "a.json", place: .wholeFile, message: "m").description == "a.json: m")
    }
}
