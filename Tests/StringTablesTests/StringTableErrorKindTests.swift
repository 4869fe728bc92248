import Foundation
import Testing
@testable import StringTables
import StyledText

/// Writes `data` to `path` in a fresh folder and returns the error loading it throws.
private func loadError(_ data: Data, at path: String, locale: String? = nil) throws -> StringTableError {
    let directory = try TemporaryDirectory()
    defer { directory.cleanUp() }
    let url = try directory.write(data: data, to: path)
    do {
        let table = try StringTable.load(contentsOf: url, locale: locale)
        Issue.record("expected an error, got \(table.entries)")
        return StringTableError(.syntax, file: "", place: .wholeFile, message: "")
    } catch {
        return error
    }
}

private func loadError(_ text: String, at path: String, locale: String? = nil) throws -> StringTableError {
    try loadError(Data(text.utf8), at: path, locale: locale)
}

@Suite("String table error kinds")
struct StringTableErrorKindTests {
    static let catalog = #"""
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "Play": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "Spielen"}}}}}}
        """#

    @Test("Each kind of problem in a table is told by its kind, at its place", arguments: [
        // A .strings entry defined twice is a duplicate at the second definition.
        ("\"a\" = \"1\";\n\"a\" = \"2\";", "de.lproj/Localizable.strings",
         StringTableErrorKind.duplicateKey, SourcePlace.lineColumn(line: 2, column: 1)),
        ("{\"a\": \"1\",\n \"a\": \"2\"}", "de.json", .duplicateKey, .lineColumn(line: 2, column: 2)),
        (#"{"menu.play": "1", "menu": {"play": "2"}}"#, "de.json", .duplicateKey, .jsonPath("$.menu.play")),
        ("msgid \"a\"\nmsgstr \"1\"\n\nmsgid \"a\"\nmsgstr \"2\"\n", "de.po", .duplicateKey, .lineColumn(line: 4, column: 1)),
        ("<resources>\n<string name=\"a\">1</string>\n<string name=\"a\">2</string>\n</resources>",
         "res/values-de/strings.xml", .duplicateKey, .lineColumn(line: 3, column: 1)),
        ("\"a\" = \"1\"\n\"b\" = \"2\";", "de.lproj/Localizable.strings", .syntax, .lineColumn(line: 2, column: 1)),
        ("{\"a\": \"b\"\n \"c\": \"d\"}", "de.json", .syntax, .lineColumn(line: 2, column: 2)),
        ("msgid \"a\"\nmsgstr \"\\q\"\n", "de.po", .syntax, .lineColumn(line: 2, column: 9)),
        ("<resources><string name=\"a\">it's</string></resources>", "res/values-de/strings.xml",
         .syntax, .lineColumn(line: 1, column: 12)),
        (#"{"menu": {"play": "Spielen", "lives": 3}}"#, "de.json", .invalidValue, .jsonPath("$.menu.lives")),
        (#"["a"]"#, "de.json", .invalidValue, .jsonPath("$")),
        ("<resources>text</resources>", "res/values-de/strings.xml", .invalidValue, .lineColumn(line: 1, column: 16)),
        ("<resources><string>x</string></resources>", "res/values-de/strings.xml",
         .missingField, .lineColumn(line: 1, column: 12)),
        (#"{"version": "1.0", "strings": {}}"#, "Localizable.xcstrings", .missingField, .jsonPath("$")),
        ("<!DOCTYPE r [<!ENTITY n \"x\">]>\n<resources/>", "res/values-de/strings.xml",
         .unsupportedFeature, .lineColumn(line: 1, column: 14)),
        (String(repeating: "{\"a\":", count: 300) + "\"x\"" + String(repeating: "}", count: 300), "de.json",
         .limitExceeded, .lineColumn(line: 1, column: 1281)),
        (#"{"a": "b"}"#, "game.json", .localeRequired, .wholeFile),
        (Self.catalog, "Localizable.xcstrings", .localeRequired, .wholeFile),
        (#"{"a": "b"}"#, "de.txt", .unsupportedFormat, .wholeFile),
    ])
    func kinds(text: String, path: String, kind: StringTableErrorKind, place: SourcePlace) throws {
        let error = try loadError(text, at: path, locale: path == "Localizable.xcstrings" && kind != .localeRequired
                                  ? "de" : nil)
        #expect(error.kind == kind, "\(error)")
        #expect(error.place == place, "\(error)")
    }

    @Test("A catalog lacking the locale asked for says so, for the whole file")
    func localeNotFound() throws {
        let error = try loadError(Self.catalog, at: "Localizable.xcstrings", locale: "ja")
        #expect(error.kind == .localeNotFound)
        #expect(error.place == .wholeFile)
    }

    @Test("Bytes that are not UTF-8 are an encoding problem at their line and column")
    func invalidEncoding() throws {
        let strings = try loadError(Data(Array("\"a\" = \"b\";\n\"c\" = \"".utf8) + [0xFC, 0x22, 0x3B]),
                                    at: "de.lproj/Localizable.strings")
        #expect(strings.kind == .invalidEncoding)
        #expect(strings.place == .lineColumn(line: 2, column: 8))
        let xml = try loadError(Data(Array("<resources>\n<string name=\"a\">".utf8) + [0xFC] + Array("</string></resources>".utf8)),
                                at: "res/values-de/strings.xml")
        #expect(xml.kind == .invalidEncoding)
        #expect(xml.place == .lineColumn(line: 2, column: 18))
        let po = try loadError("msgid \"a\"\nmsgstr \"\\303\"\n", at: "de.po")
        #expect(po.kind == .invalidEncoding)
        #expect(po.place == .lineColumn(line: 2, column: 8))
    }

    @Test("A file that cannot be read is unreadable, as a whole")
    func unreadable() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        for name in ["de.json", "de.po"] {
            let error = #expect(throws: StringTableError.self) {
                try StringTable.load(contentsOf: directory.url.appendingPathComponent(name))
            }
            #expect(error?.kind == .unreadableFile)
            #expect(error?.place == .wholeFile)
        }
    }

    @Test("A catalog key expanding to too many variants exceeds a limit, at its text")
    func tooManyVariants() throws {
        let cases = (0..<6).map { #""\#(StringCatalogParser.pluralCategories[$0])": {"stringUnit": {"state": "translated", "value": "x"}}"# }
            .joined(separator: ",")
        let substitution = #"{"formatSpecifier": "lld", "variations": {"plural": {\#(cases)}}}"#
        let names = ["a", "b", "c", "d"]
        let catalog = #"""
            {"sourceLanguage": "en", "strings": {"k": {"localizations": {"en": {
              "stringUnit": {"state": "translated", "value": "\#(names.map { "%#@\($0)@" }.joined(separator: " "))"},
              "substitutions": {\#(names.map { "\"\($0)\": \(substitution)" }.joined(separator: ","))}}}}}}
            """#
        let error = try loadError(catalog, at: "Localizable.xcstrings", locale: "en")
        #expect(error.kind == .limitExceeded, "\(error)")
        #expect(error.place == .jsonPath("$.strings.k.localizations.en.stringUnit.value"))
    }
}
