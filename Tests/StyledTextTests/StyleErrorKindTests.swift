import Foundation
import Testing
@testable import StyledText

/// The error `json` throws as a style sheet, or nil if it loads.
private func styleError(_ json: String) -> StyleError? {
    do {
        _ = try StyleSheet(json: Data(json.utf8), source: "score.json")
        return nil
    } catch {
        return error
    }
}

@Suite("Style error kinds")
struct StyleErrorKindTests {
    @Test("Each kind of problem in a style file is told by its kind, at its place", arguments: [
        (#"{"font":{"size":"big"}}"#, StyleErrorKind.invalidValue, SourcePlace.jsonPath("$.font.size")),
        (#"{"font":{"size":0}}"#, .invalidValue, .jsonPath("$.font.size")),
        (#"{"font":{"size":20},"align":"centre"}"#, .invalidValue, .jsonPath("$.align")),
        (#"{"font":{"size":20},"locales":{"en US":{}}}"#, .invalidValue, .jsonPath(#"$.locales["en US"]"#)),
        (#"{"font":{"size":20},"fill":{}}"#, .missingField, .jsonPath("$.fill")),
        (#"{"font":{"weight":700}}"#, .missingField, .jsonPath("$.font.size")),
        (#"{"font":{"size":20,"wieght":700}}"#, .unknownField, .jsonPath("$.font.wieght")),
        ("{\"font\": {\"size\": 20,\n          \"size\": 30}}", .duplicateKey, .lineColumn(line: 2, column: 11)),
        (#"{"font":{"size":20},"locales":{"pt-BR":{},"pt_br":{}}}"#, .duplicateKey, .jsonPath("$.locales.pt_br")),
        (#"{"font":{"size":48,"minSize":60}}"#, .conflictingFields, .jsonPath("$.font.minSize")),
        (##"{"font":{"size":20},"fill":{"gradient":{"colors":["#000","#FFF"],"locations":[0]}}}"##,
         .conflictingFields, .jsonPath("$.fill.gradient.locations")),
        (#"{"font":{"size":48000}}"#, .limitExceeded, .jsonPath("$.font.size")),
        (#"{"font":{"size":20},"shadows":[{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}]}"#,
         .limitExceeded, .jsonPath("$.shadows")),
        (#"{"font":{"size":1e999}}"#, .limitExceeded, .lineColumn(line: 1, column: 17)),
        ("{\"font\": {\"size\": 2O}}", .syntax, .lineColumn(line: 1, column: 20)),
        ("", .syntax, .lineColumn(line: 1, column: 1)),
    ])
    func kinds(json: String, kind: StyleErrorKind, place: SourcePlace) throws {
        let error = try #require(styleError(json))
        #expect(error.kind == kind, "\(error)")
        #expect(error.place == place, "\(error)")
    }

    @Test("JSON nested deeper than the parser allows exceeds a limit, at the bracket too deep")
    func tooDeep() throws {
        let error = try #require(styleError(String(repeating: "[", count: 300) + String(repeating: "]", count: 300)))
        #expect(error.kind == .limitExceeded)
        #expect(error.place == .lineColumn(line: 1, column: 257))
    }

    @Test("A file that cannot be read is unreadable, as a whole")
    func unreadable() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let error = #expect(throws: StyleError.self) {
            try StyleSheet(contentsOf: directory.url.appendingPathComponent("missing.json"))
        }
        #expect(error?.kind == .unreadableFile)
        #expect(error?.place == .wholeFile)
        // A folder is no more readable than a missing file.
        let folder = #expect(throws: StyleError.self) { try StyleSheet(contentsOf: directory.url) }
        #expect(folder?.kind == .unreadableFile)
    }

    @Test("A merged style whose fields disagree names the key and locale as its place")
    func mergedStyle() throws {
        let sheet = try sheet(#"{"font":{"size":40},"keys":{"hud.title":{"font":{"minSize":60}}}}"#)
        let error = #expect(throws: StyleError.self) { try sheet.style(forKey: "hud.title", locale: "ja") }
        #expect(error?.kind == .conflictingFields)
        #expect(error?.place == .jsonPath(#"$.keys["hud.title"] (locale ja)"#))
        #expect(error?.description == #"score.json: $.keys["hud.title"] (locale ja): font.minSize 60 is larger than font.size 40"#)
    }

    @Test("A merged style missing a field keeps that kind")
    func mergedMissingField() throws {
        let sheet = try sheet(#"{"font":{"size":20},"keys":{"a":{"fill":{"gradient":{"angle":90}}}}}"#)
        let error = #expect(throws: StyleError.self) { try sheet.style(forKey: "a", locale: "en") }
        #expect(error?.kind == .missingField)
        #expect(error?.place == .jsonPath("$.keys.a (locale en)"))
    }
}

@Suite("Source places")
struct SourcePlaceTests {
    @Test("A place reads as it always has after a file name")
    func descriptions() {
        #expect(SourcePlace.lineColumn(line: 3, column: 17).description == "3:17")
        #expect(SourcePlace.jsonPath("$.font.size").description == "$.font.size")
        #expect(SourcePlace.wholeFile.description == "")
        #expect(SourcePlace(JSONPath().appending("keys").appending("hud.title")) == .jsonPath(#"$.keys["hud.title"]"#))
    }

    @Test("Errors put a line and column right after the file, a path after a space, and nothing for the whole file")
    func messages() {
        #expect(SourcePlace.lineColumn(line: 3, column: 17).message("m", in: "a.json") == "a.json:3:17: m")
        #expect(SourcePlace.jsonPath("$.font").message("m", in: "a.json") == "a.json: $.font: m")
        #expect(SourcePlace.wholeFile.message("m", in: "a.json") == "a.json: m")
    }
}
