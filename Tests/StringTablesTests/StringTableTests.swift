import Foundation
import Testing
@testable import StringTables
import StyledText

@Suite("String tables")
struct StringTableTests {
    @Test("A flat table keeps file order")
    func flat() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let url = try directory.write(#"{"zeta": "Z", "alpha": "A", "menu.play": "Spielen", "mid": ""}"#, to: "de.json")
        let table = try StringTable.load(contentsOf: url)
        #expect(table.locale == "de")
        #expect(table.source == url.relativePath)
        #expect(table.entries.map(\.key) == ["zeta", "alpha", "menu.play", "mid"])
        #expect(table.entries.map(\.value) == ["Z", "A", "Spielen", ""])
    }

    @Test("Nested objects join their names with dots, in file order")
    func nested() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let url = try directory.write("""
            {"title": "Titel",
             "menu": {"play": "Spielen", "quit": "Beenden", "sub": {"deep": "Tief \\u00FC \\ud83d\\ude00"}},
             "end": "Ende"}
            """, to: "strings/de.json")
        let table = try StringTable.load(contentsOf: url)
        #expect(table.entries == [
            .init(key: "title", value: "Titel"),
            .init(key: "menu.play", value: "Spielen"),
            .init(key: "menu.quit", value: "Beenden"),
            .init(key: "menu.sub.deep", value: "Tief ü 😀"),
            .init(key: "end", value: "Ende"),
        ])
    }

    @Test("Keys a caller does not keep are dropped, but still checked for duplicates", arguments: ["json", "strings"])
    func keeping(_ format: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let keepMenu: (String) -> Bool = { $0.hasPrefix("menu.") }
        let good = format == "json"
            ? #"{"title": "Titel", "menu": {"play": "Spielen", "quit": "Beenden"}, "end": "Ende"}"#
            : "\"title\" = \"Titel\";\n\"menu.play\" = \"Spielen\";\n\"menu.quit\" = \"Beenden\";\n\"end\" = \"Ende\";\n"
        let url = try directory.write(good, to: "de.\(format)")
        let tables = try StringTable.loadAll(contentsOf: url, keeping: keepMenu)
        #expect(tables.map(\.locale) == ["de"])
        #expect(tables.first?.entries == [.init(key: "menu.play", value: "Spielen"), .init(key: "menu.quit", value: "Beenden")])

        let duplicated = format == "json"
            ? #"{"title": "Titel", "menu": {"play": "Spielen"}, "title": "Nochmal"}"#
            : "\"title\" = \"Titel\";\n\"menu.play\" = \"Spielen\";\n\"title\" = \"Nochmal\";\n"
        let bad = try directory.write(duplicated, to: "fr.\(format)")
        #expect(throws: StringTableError.self) { try StringTable.loadAll(contentsOf: bad, keeping: keepMenu) }
    }

    @Test("An explicit locale wins over the path and is normalized")
    func explicitLocale() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let url = try directory.write(#"{"a": "b"}"#, to: "de.json")
        #expect(try StringTable.load(contentsOf: url, locale: "pt_br").locale == "pt-BR")
        let unnamed = try directory.write(#"{"a": "b"}"#, to: "game.json")
        #expect(try StringTable.load(contentsOf: unnamed, locale: "fr").locale == "fr")
    }

    @Test("Locale from the path", arguments: [
        ("de.json", "de"), ("zh-Hans.json", "zh-Hans"), ("pt_BR.json", "pt-BR"), ("strings/zh_hant_tw.json", "zh-Hant-TW"),
        ("de.lproj/Localizable.json", "de"), ("Resources/pt-BR.lproj/Localizable.json", "pt-BR"),
        ("res/values-de-rDE/strings.json", "de-DE"), ("values-fr/strings.json", "fr"),
        ("values-b+zh+Hans/strings.json", "zh-Hans"), ("values-de-land/strings.json", "de"),
        ("po/de/LC_MESSAGES/game.json", "de"), ("ja/strings.json", "ja"), ("/abs/path/es.json", "es"),
    ])
    func localeDetected(path: String, locale: String) {
        #expect(StringTable.localeFromPath(path) == locale)
    }

    @Test("No locale from paths that do not name one", arguments: [
        "strings.json", "app.json", "Localizable.json", "Base.lproj/Localizable.json", "values/strings.json",
        "values-land/strings.json", "en US.json", "",
    ])
    func localeNotDetected(path: String) {
        #expect(StringTable.localeFromPath(path) == nil)
    }

    @Test("Without a locale in the path, the error says to pass --locale")
    func noLocale() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let url = try directory.write(#"{"a": "b"}"#, to: "game.json")
        let error = #expect(throws: StringTableError.self) { try StringTable.load(contentsOf: url) }
        #expect(error?.place == .wholeFile)
        #expect(error?.message.hasSuffix("pass --locale") == true)
    }

    @Test("A number value is an error at its path")
    func numberValue() throws {
        let error = try tableError(#"{"menu": {"play": "Spielen", "lives": 3}}"#)
        #expect(error.place == .jsonPath("$.menu.lives"))
        #expect(error.message == "expected a string or an object, got 3")
        #expect(error.description.hasSuffix("de.json: $.menu.lives: expected a string or an object, got 3"))
    }

    @Test("Arrays, null and booleans are errors at their path")
    func otherValues() throws {
        #expect(try tableError(#"{"list": ["a", "b"]}"#).place == .jsonPath("$.list"))
        #expect(try tableError(#"{"list": ["a", "b"]}"#).message == "expected a string or an object, got an array")
        #expect(try tableError(#"{"a": {"b.c": null}}"#).place == .jsonPath(#"$.a["b.c"]"#))
        #expect(try tableError(#"{"on": true}"#).message == "expected a string or an object, got true")
        #expect(try tableError(#"["a"]"#).message == "expected an object of strings, got an array")
    }

    @Test("A syntax error is reported as line:column")
    func syntaxError() throws {
        let error = try tableError("{\n  \"a\": \"b\"\n  \"c\": \"d\"\n}")
        #expect(error.place == .lineColumn(line: 3, column: 3))
        #expect(error.message == "expected ',' or '}' in the object, got '\"'")
        #expect(error.description.hasSuffix("de.json:3:3: expected ',' or '}' in the object, got '\"'"))
    }

    @Test("Duplicate keys, literal or by nesting, are errors")
    func duplicates() throws {
        #expect(try tableError("{\"a\": \"1\",\n \"a\": \"2\"}").place == .lineColumn(line: 2, column: 2))
        let nested = try tableError(#"{"menu.play": "1", "menu": {"play": "2"}}"#)
        #expect(nested.place == .jsonPath("$.menu.play"))
        #expect(nested.message == #"key "menu.play" is already defined at $["menu.play"]"#)
    }

    @Test("The one-pass reader and the whole-document parser read the same table")
    func streamingAgreesWithTree() throws {
        let text = "\u{FEFF}" + #"""
        { "title": "Ti\"tel\u00e9 \ud83d\ude00", "menu": { "play": "Spielen", "deep": { "x": "" } },
          "empty": {}, "last": "\n\t/" }
        """#
        let data = Data(text.utf8)
        var streamed: [StringTable.Entry] = []
        #expect(JSONParser.streamStrings(data) { key, value in
            streamed.append(StringTable.Entry(key: key, value: value))
            return true
        })
        let whole = try JSONTableParser(source: "t.json").entries(from: data)
        #expect(streamed == whole)
        #expect(streamed.map(\.key) == ["title", "menu.play", "menu.deep.x", "last"])
        #expect(streamed[0].value == "Ti\"telé 😀")
        // Anything that is not a table of strings makes the reader step aside.
        for other in [#"["a"]"#, #"{"a": 1}"#, #"{"a": "b"} x"#, #"{"a": "b",}"#, ""] {
            #expect(!JSONParser.streamStrings(Data(other.utf8)) { _, _ in true }, "\(other)")
        }
    }

    @Test("A file read in small chunks gives the same table, wherever a chunk ends")
    func streamingAcrossChunks() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        // A byte order mark, escapes, a surrogate pair and multi-byte UTF-8 all fall
        // across chunk ends at one shift or another.
        let text = "\u{FEFF}" + #"""
        {"title": "Ti\"tel\u00e9 \ud83d\ude00 Grüße 日本", "menu": {"play": "Spielen", "deep": {"x": ""}},
         "empty": {}, "last": "\n\t/\\"}
        """#
        let url = try directory.write(text, to: "de.json")
        let whole = try JSONTableParser(source: "de.json").entries(from: Data(text.utf8))
        #expect(whole.map(\.key) == ["title", "menu.play", "menu.deep.x", "last"])
        for chunkSize in 16...40 {
            let file = try #require(ChunkedFile(path: url.path, chunkSize: chunkSize))
            var streamed: [StringTable.Entry] = []
            #expect(JSONParser.streamStrings(file) { key, value in
                streamed.append(StringTable.Entry(key: key, value: value))
                return true
            }, "chunk size \(chunkSize)")
            #expect(streamed == whole, "chunk size \(chunkSize)")
        }
        // Trailing bytes in a later chunk, an error whose start lies in the chunk before,
        // and a duplicate key, still make it step aside.
        let bad = try directory.write(#"{"a": "1", "b": "2", "c": "3"}    x"#, to: "bad.json")
        #expect(!JSONParser.streamStrings(try #require(ChunkedFile(path: bad.path, chunkSize: 16))) { _, _ in true })
        let surrogate = try directory.write(#"{"a": "1", "e": "\u00e9\u8d3d\ude00"}"#, to: "surrogate.json")
        for chunkSize in 16...40 {
            #expect(!JSONParser.streamStrings(try #require(ChunkedFile(path: surrogate.path, chunkSize: chunkSize))) { _, _ in true })
        }
        let twice = try directory.write(#"{"a": "1", "b": "2", "a": "3"}"#, to: "twice.json")
        #expect(JSONTableParser(source: "twice.json").streamedEntries(contentsOf: twice.path) == nil)
        #expect(JSONTableParser(source: "none.json").streamedEntries(contentsOf: directory.url.appendingPathComponent("none.json").path) == nil)
        // A folder opens but cannot be read: the whole-file path then says why.
        #expect(JSONTableParser(source: "x.json").streamedEntries(contentsOf: directory.url.path) == nil)
    }

    @Test("An unsupported extension names the supported ones")
    func unknownExtension() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let url = try directory.write("a = b", to: "de.txt")
        let error = #expect(throws: StringTableError.self) { try StringTable.load(contentsOf: url) }
        #expect(error?.message == #"unsupported string table format (".txt"); expected one of .json, .strings, .xcstrings, .xml, .po, .csv, .tsv, .xliff, .xlf, .xcloc, or name the format with --table-format"#)
        #expect(StringTableFormat(fileExtension: "JSON") == .json)
        #expect(StringTableFormat(fileExtension: "stringsdict") == nil)
    }

    @Test("A missing file is an error naming it")
    func missingFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let url = directory.url.appendingPathComponent("de.json")
        let error = #expect(throws: StringTableError.self) { try StringTable.load(contentsOf: url) }
        #expect(error?.file == url.relativePath)
        #expect(error?.message.hasPrefix("cannot read the file") == true)
    }

    /// Writes `json` as `de.json` and returns the error loading it throws.
    private func tableError(_ json: String) throws -> StringTableError {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let url = try directory.write(json, to: "de.json")
        do {
            let table = try StringTable.load(contentsOf: url)
            Issue.record("expected an error, got \(table.entries)")
            return StringTableError(.syntax, file: "", place: .wholeFile, message: "")
        } catch {
            return error
        }
    }
}
