import Foundation
import Testing
@testable import StringTables
import StyledText

// Fixtures are written to a temporary folder rather than kept as resource files, so
// that each test shows the file it reads and encodings can be produced byte by byte.

extension TemporaryDirectory {
    /// Writes `data` to `relativePath`, creating folders, and returns its URL.
    func write(data: Data, to relativePath: String) throws -> URL {
        let file = url.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
        return file
    }
}

/// Writes `text` to `path` in a fresh folder and loads it.
private func loadTable(_ text: String, at path: String, locale: String? = nil) throws -> StringTable {
    let directory = try TemporaryDirectory()
    defer { directory.cleanUp() }
    return try StringTable.load(contentsOf: try directory.write(text, to: path), locale: locale)
}

/// Writes `text` to `path` in a fresh folder and returns the error loading it throws.
private func tableError(_ text: String, at path: String, locale: String? = nil) throws -> StringTableError {
    let directory = try TemporaryDirectory()
    defer { directory.cleanUp() }
    let url = try directory.write(text, to: path)
    do {
        let tables = try StringTable.loadAll(contentsOf: url, locale: locale)
        Issue.record("expected an error, got \(tables.map(\.entries))")
        return StringTableError(.syntax, file: "", place: .wholeFile, message: "")
    } catch {
        #expect(error.file == url.relativePath)
        return error
    }
}

private func entries(_ pairs: KeyValuePairs<String, String>) -> [StringTable.Entry] {
    pairs.map { StringTable.Entry(key: $0.key, value: $0.value) }
}

// MARK: - Apple .strings

@Suite("Apple .strings tables")
struct AppleStringsTests {
    static let german = #"""
        /* Main menu.
           Shown on the title screen. */
        "menu.play" = "Spielen";
        "menu.quit"="Beenden"; // trailing comment
        // Unquoted keys and values, as old-style property lists allow.
        hud.score = Punkte;
        "escapes" = "Zeile 1\nZeile 2\tTab \"zitiert\" \\ Backslash";
        "unicode" = "Gr\U00FC\u00DFe \UD83D\UDE00 \101";
        "multi
        line" = "erste
        zweite";
        "OK";
        "empty" = "";
        """#

    @Test("Keys, values, comments and escapes, in file order")
    func german() throws {
        let table = try loadTable(Self.german, at: "App/de.lproj/Localizable.strings")
        #expect(table.locale == "de")
        #expect(table.entries == entries([
            "menu.play": "Spielen",
            "menu.quit": "Beenden",
            "hud.score": "Punkte",
            "escapes": "Zeile 1\nZeile 2\tTab \"zitiert\" \\ Backslash",
            "unicode": "Grüße 😀 A",
            "multi\nline": "erste\nzweite",
            "OK": "OK",
            "empty": "",
        ]))
        #expect(table.untranslatedKeys.isEmpty)
    }

    /// The same German table in every encoding Apple's tools accept.
    static let encodedFiles: [(name: String, bytes: [UInt8])] = {
        let text = #"/* Ü */ "title" = "Grüße 😀"; "k" = "v";"# + "\n"
        let utf16 = Array(text.utf16)
        let littleEndian = utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let bigEndian = utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        return [
            ("UTF-8", Array(text.utf8)),
            ("UTF-8 with BOM", [0xEF, 0xBB, 0xBF] + Array(text.utf8)),
            ("UTF-16LE with BOM", [0xFF, 0xFE] + littleEndian),
            ("UTF-16BE with BOM", [0xFE, 0xFF] + bigEndian),
            ("UTF-16LE without BOM", littleEndian),
            ("UTF-16BE without BOM", bigEndian),
        ]
    }()

    @Test("UTF-8 and UTF-16, with or without a byte order mark", arguments: encodedFiles.map(\.name))
    func encodings(name: String) throws {
        let bytes = try #require(Self.encodedFiles.first { $0.name == name }).bytes
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let url = try directory.write(data: Data(bytes), to: "de.lproj/InfoPlist.strings")
        let table = try StringTable.load(contentsOf: url)
        #expect(table.entries == entries(["title": "Grüße 😀", "k": "v"]))
    }

    @Test("Encoding detection")
    func detection() {
        #expect(TextDecoding.detect([0xEF, 0xBB, 0xBF, 0x41]) == (.utf8, 3))
        #expect(TextDecoding.detect([0xFF, 0xFE, 0x41, 0x00]) == (.utf16LittleEndian, 2))
        #expect(TextDecoding.detect([0xFE, 0xFF, 0x00, 0x41]) == (.utf16BigEndian, 2))
        #expect(TextDecoding.detect([0x41, 0x00, 0x42, 0x00]) == (.utf16LittleEndian, 0))
        #expect(TextDecoding.detect([0x00, 0x41, 0x00, 0x42]) == (.utf16BigEndian, 0))
        #expect(TextDecoding.detect(Array("\"a\" = \"ü\";".utf8)) == (.utf8, 0))
    }

    @Test("A compiled (binary property list) table is read, keys sorted")
    func binaryPropertyList() throws {
        let data = try PropertyListSerialization.data(
            fromPropertyList: ["zeta": "Z", "alpha": "Ä"], format: .binary, options: 0)
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let table = try StringTable.load(contentsOf: try directory.write(data: data, to: "de.lproj/Localizable.strings"))
        #expect(table.entries == entries(["alpha": "Ä", "zeta": "Z"]))
    }

    @Test("Errors give line:column and what was expected", arguments: [
        ("\"a\" = \"b\";\n\"c\" = \"d\"\n\"e\" = \"f\";", "3:1", "expected ';' after the value, got '\"'"),
        ("\"a\" \"b\";", "1:5", "expected '=' or ';' after the key, got '\"'"),
        ("\"a\" = ;", "1:7",
         "expected a value after '=' (a quoted string or a word of letters, digits and _$+/:.-), got ';'"),
        ("\"a\" = \"b\";\n  \"c\" = \"d;\n", "2:9", "unterminated string; expected a closing '\"' before the end of the file"),
        ("\"a\" = \"b\";\n/* open\n\"c\" = \"d\";", "2:1", "unterminated comment; expected '*/' before the end of the file"),
        ("\"a\" = \"1\";\n\"b\" = \"2\";\n\"a\" = \"3\";", "3:1", "key \"a\" is already defined at 1:1"),
        ("\"a\" = \"x \\UD83D y\";", "1:10",
         "unpaired surrogate \\UD83D; expected a low surrogate escape (\\UDC00 to \\UDFFF) after it"),
        ("\"a\" = \"\\Uzz\";", "1:8", "expected hexadecimal digits after \\U, got 'z'"),
        ("= \"b\";", "1:1", "expected a key (a quoted string or a word of letters, digits and _$+/:.-), got '='"),
    ])
    func errors(text: String, place: String, message: String) throws {
        let error = try tableError(text, at: "de.lproj/Localizable.strings")
        #expect(error.place.description == place)
        #expect(error.message == message)
        #expect(error.description.hasSuffix("Localizable.strings:\(place): \(message)"))
    }

    @Test("Invalid UTF-8 is reported where it starts")
    func invalidUTF8() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let url = try directory.write(data: Data(Array("\"a\" = \"b\";\n\"c\" = \"".utf8) + [0xFC, 0x22, 0x3B]),
                                      to: "de.lproj/Localizable.strings")
        let error = #expect(throws: StringTableError.self) { try StringTable.load(contentsOf: url) }
        #expect(error?.place == .lineColumn(line: 2, column: 8))
        #expect(error?.message == "invalid UTF-8 here; expected UTF-8 or UTF-16 text (save the file as UTF-8)")
    }
}

// MARK: - Xcode String Catalogs

@Suite("Xcode String Catalogs")
struct StringCatalogTests {
    static let catalog = #"""
        {
          "sourceLanguage" : "en",
          "strings" : {
            "" : { },
            "menu.play" : {
              "comment" : "Title screen button",
              "extractionState" : "manual",
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : "Spielen" } },
                "en" : { "stringUnit" : { "state" : "translated", "value" : "Play" } },
                "fr" : { "stringUnit" : { "state" : "needs_review", "value" : "Jouer" } }
              }
            },
            "%lld coins" : {
              "localizations" : {
                "de" : { "variations" : { "plural" : {
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld Münze" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld Münzen" } } } } },
                "en" : { "variations" : { "plural" : {
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld coin" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld coins" } } } } }
              }
            },
            "hint.tap" : {
              "localizations" : {
                "en" : { "variations" : { "device" : {
                  "iphone" : { "variations" : { "plural" : {
                    "one" : { "stringUnit" : { "state" : "translated", "value" : "Tap once" } },
                    "other" : { "stringUnit" : { "state" : "translated", "value" : "Tap %lld times" } } } } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "Click" } } } } },
                "de" : { "variations" : { "device" : {
                  "iphone" : { "stringUnit" : { "state" : "translated", "value" : "Tippen" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "Klicken" } } } } }
              }
            },
            "lives" : {
              "localizations" : {
                "en" : {
                  "stringUnit" : { "state" : "translated", "value" : "Lives: %#@lives@" },
                  "substitutions" : { "lives" : { "argNum" : 1, "formatSpecifier" : "lld",
                    "variations" : { "plural" : {
                      "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg life" } },
                      "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg lives" } } } } } }
                }
              }
            },
            "Only in English" : { },
            "Labelgen" : {
              "shouldTranslate" : false,
              "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : "LABELGEN" } } }
            }
          },
          "version" : "1.0"
        }
        """#

    @Test("Without a locale, every locale of the catalog is a table, source language first")
    func allLocales() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let url = try directory.write(Self.catalog, to: "Resources/Localizable.xcstrings")
        let tables = try StringTable.loadAll(contentsOf: url)
        #expect(tables.map(\.locale) == ["en", "de", "fr"])
        #expect(tables.allSatisfy { $0.source == url.relativePath })

        #expect(tables[0].entries == entries([
            "menu.play": "Play",
            "%lld coins#one": "%lld coin", "%lld coins#other": "%lld coins",
            "hint.tap#iphone#one": "Tap once", "hint.tap#iphone#other": "Tap %lld times", "hint.tap#other": "Click",
            "lives#one": "Lives: %lld life", "lives#other": "Lives: %lld lives",
            "Only in English": "Only in English",
            "Labelgen": "LABELGEN",
        ]))
        #expect(tables[0].untranslatedKeys.isEmpty)

        #expect(tables[1].entries == entries([
            "menu.play": "Spielen",
            "%lld coins#one": "%lld Münze", "%lld coins#other": "%lld Münzen",
            "hint.tap#iphone": "Tippen", "hint.tap#other": "Klicken",
            "Labelgen": "LABELGEN",
        ]))
        #expect(tables[1].untranslatedKeys == ["lives", "Only in English"])

        #expect(tables[2].entries == entries(["menu.play": "Jouer", "Labelgen": "LABELGEN"]))
        #expect(tables[2].untranslatedKeys == ["%lld coins", "hint.tap", "lives", "Only in English"])
    }

    @Test("With a locale, only that locale, matched after normalizing")
    func oneLocale() throws {
        let german = try loadTable(Self.catalog, at: "Localizable.xcstrings", locale: "DE")
        #expect(german.locale == "de")
        #expect(german.entries.first == StringTable.Entry(key: "menu.play", value: "Spielen"))
        #expect(try loadTable(Self.catalog, at: "Localizable.xcstrings", locale: "en").entries.count == 10)
    }

    @Test("A locale the catalog lacks is an error naming the ones it has")
    func missingLocale() throws {
        let error = try tableError(Self.catalog, at: "Localizable.xcstrings", locale: "ja")
        #expect(error.place == .wholeFile)
        #expect(error.message == "the table has no strings for ja; expected one of en, de, fr")
    }

    @Test("load without a locale asks for one when the catalog holds several")
    func loadNeedsLocale() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let url = try directory.write(Self.catalog, to: "Localizable.xcstrings")
        let error = #expect(throws: StringTableError.self) { try StringTable.load(contentsOf: url) }
        #expect(error?.message == "the string catalog holds 3 locales (en, de, fr); pass --locale to choose one")
        // A catalog of only its source language needs no locale.
        let single = try directory.write(#"{"sourceLanguage": "en-GB", "strings": {"Play": {}}}"#, to: "Single.xcstrings")
        let table = try StringTable.load(contentsOf: single)
        #expect(table.locale == "en-GB")
        #expect(table.entries == entries(["Play": "Play"]))
    }

    @Test("Errors give the JSON path or line:column and what was expected", arguments: [
        (#"{"sourceLanguage": "en", "strings": {"a": {"localizations": {"de": {"stringUnit": {"value": 3}}}}}}"#,
         "$.strings.a.localizations.de.stringUnit.value", "expected a string, got 3"),
        (#"{"strings": {}}"#, "$", #"expected a "sourceLanguage" string"#),
        (#"{"sourceLanguage": "en", "strings": {"a": {"localizations": {"de": {"variations": {"plural": {"several": {"stringUnit": {"value": "x"}}}}}}}}}"#,
         "$.strings.a.localizations.de.variations.plural.several",
         #"expected a plural category (zero, one, two, few, many, other), got "several""#),
        (#"{"sourceLanguage": "en", "strings": {"a": {"localizations": {"de": {"variations": {"gender": {}}}}}}}"#,
         "$.strings.a.localizations.de.variations.gender", #"expected plural or device variations, got "gender""#),
        (#"{"sourceLanguage": "en", "strings": {"a": {"localizations": {"de": {"state": "new"}}}}}"#,
         "$.strings.a.localizations.de", "expected a stringUnit or variations"),
        (#"{"sourceLanguage": "en", "strings": {"a": {"localizations": {"en": {"stringUnit": {"value": "%#@n@"}}}}}}"#,
         "$.strings.a.localizations.en.stringUnit.value",
         #"the text uses %#@n@ but the localization has no substitution "n"; expected it under substitutions"#),
        (#"{"sourceLanguage": "en", "strings": {"a#one": {}, "a": {"localizations": {"en": {"variations": {"plural": {"one": {"stringUnit": {"value": "x"}}}}}}}}}"#,
         "$.strings.a.localizations.en.variations.plural.one.stringUnit.value",
         #"key "a#one" is already defined at $.strings["a#one"]"#),
        ("{\"sourceLanguage\": \"en\",\n \"strings\": {\"a\": {} \"b\": {}}}", "2:22", "expected ',' or '}' in the object, got '\"'"),
        (#"{"sourceLanguage": "en", "strings": ["a"]}"#, "$.strings", "expected an object of strings by key, got an array"),
    ])
    func errors(json: String, place: String, message: String) throws {
        let error = try tableError(json, at: "Localizable.xcstrings")
        #expect(error.place.description == place)
        #expect(error.message == message)
    }
}

// MARK: - Android strings.xml

@Suite("Android strings.xml tables")
struct AndroidStringsTests {
    static let german = #"""
        <?xml version="1.0" encoding="utf-8"?>
        <resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2" xmlns:tools="http://schemas.android.com/tools">
            <!-- Title screen -->
            <string name="app_name" translatable="false">Labelgen</string>
            <string name="menu_play">Spielen</string>
            <string name="collapsed">
                Viele    Leerzeichen
                und Zeilen
            </string>
            <string name="quoted">"  Leerzeichen   bleiben  "</string>
            <string name="escapes">Sag \"Hallo\"\nZeile\tTab \'Apostroph\' \@ \? \u00FC \uD83D\uDE00 \\</string>
            <string name="apostrophe_in_quotes">"Geht's?"</string>
            <string name="entities">&lt;Punkte&gt; &amp; &#x263A;</string>
            <string name="cdata"><![CDATA[<b>fett</b> & roh]]></string>
            <string name="markup">Das ist <b>fett</b> und <i>kursiv</i>.</string>
            <string name="placeholder">Hallo <xliff:g id="name" example="Ada">%1$s</xliff:g>!</string>
            <string name="alias">@string/menu_play</string>
            <string name="escaped_at">\@string/menu_play</string>
            <string name="elsewhere">@string/only_in_values</string>
            <string name="tablet_title" product="tablet">Tablet</string>
            <string name="tablet_title" product="default">Telefon</string>
            <color name="accent">#FF8800</color>
            <dimen name="margin">8dp</dimen>
            <plurals name="coins">
                <item quantity="one">%d Münze</item>
                <item quantity="other">%d Münzen</item>
            </plurals>
            <string-array name="planets">
                <item>Merkur</item>
                <item>Venus</item>
            </string-array>
            <integer-array name="levels"><item>1</item></integer-array>
            <string name="empty"></string>
        </resources>
        """#

    @Test("Strings, plurals and arrays with aapt2's whitespace, quote and escape rules")
    func german() throws {
        let table = try loadTable(Self.german, at: "app/src/main/res/values-de-rDE/strings.xml")
        #expect(table.locale == "de-DE")
        #expect(table.entries == entries([
            "menu_play": "Spielen",
            "collapsed": "Viele Leerzeichen und Zeilen",
            "quoted": "  Leerzeichen   bleiben  ",
            "escapes": "Sag \"Hallo\"\nZeile\tTab 'Apostroph' @ ? ü 😀 \\",
            "apostrophe_in_quotes": "Geht's?",
            "entities": "<Punkte> & ☺",
            "cdata": "<b>fett</b> & roh",
            "markup": "Das ist fett und kursiv.",
            "placeholder": "Hallo %1$s!",
            "alias": "Spielen",
            "escaped_at": "@string/menu_play",
            "tablet_title": "Telefon",
            "coins#one": "%d Münze",
            "coins#other": "%d Münzen",
            "planets#0": "Merkur",
            "planets#1": "Venus",
            "empty": "",
        ]))
        #expect(table.untranslatedKeys == ["elsewhere"])
    }

    @Test("Markup keeps the spaces around it, as aapt2 does")
    func markupSpaces() throws {
        let table = try loadTable(#"<resources><string name="a"> <b>Hi</b> </string></resources>"#,
                                  at: "values-fr/strings.xml")
        #expect(table.entries == entries(["a": " Hi "]))
    }

    @Test("The locale comes from the values folder; plain values/ needs one given")
    func locales() throws {
        let xml = #"<resources><string name="a">b</string></resources>"#
        #expect(try loadTable(xml, at: "res/values-b+sr+Latn/strings.xml").locale == "sr-Latn")
        #expect(try loadTable(xml, at: "res/values-iw/strings.xml").locale == "he")
        #expect(try loadTable(xml, at: "res/values/strings.xml", locale: "en").locale == "en")
        let error = try tableError(xml, at: "res/values/strings.xml")
        #expect(error.message.hasSuffix("pass --locale"))
    }

    @Test("Errors give line:column and what was expected", arguments: [
        ("<resources>\n  <string name=\"a\">Don't</string>\n</resources>", "2:3",
         "unescaped apostrophe; expected \\' or the whole text in double quotes"),
        ("<resources>\n  <string name=\"a\">x</strin>\n</resources>", "2:29",
         "a closing tag does not match the open element; expected its </name>"),
        ("<resources>\n  <string name=\"a\">x &nbsp; y</string>\n</resources>", "2:28",
         "unknown entity; expected &lt; &gt; &amp; &quot; &apos; or a character reference such as &#38;"),
        ("<resources>\n  <string name=\"a\">x</string>\n", "2:30",
         "the document ends wrongly; expected every element closed and nothing after </resources>"),
        ("<resources>\n  <string\n      name=\"a\"\n      translatable=\"true\">Don't</string>\n</resources>", "2:3",
         "unescaped apostrophe; expected \\' or the whole text in double quotes"),
        ("<resources>\n  <!-- <string name=\"x\"> -->\n  <string name=\"a\" comment=\"a>b\">Don't</string>\n</resources>",
         "3:3", "unescaped apostrophe; expected \\' or the whole text in double quotes"),
        ("", "", "no elements; expected an XML document with a <resources> element"),
        ("<strings>\n  <string name=\"a\">x</string>\n</strings>", "1:1", "expected <resources> as the root element, got <strings>"),
        ("<resources>\n  <string>x</string>\n</resources>", "2:3", "expected a name attribute on <string>"),
        ("<resources>\n  <string name=\"a\">1</string>\n  <string name=\"a\">2</string>\n</resources>", "3:3",
         "key \"a\" is already defined at 2:3"),
        ("<resources>\n  <plurals name=\"p\">\n    <item quantity=\"several\">x</item>\n  </plurals>\n</resources>", "3:5",
         "expected a quantity of zero, one, two, few, many, other, got \"several\""),
        ("<resources>\n  <plurals name=\"p\">\n    <string name=\"x\">x</string>\n  </plurals>\n</resources>", "3:5",
         "expected <item> in <plurals>, got <string>"),
        ("<resources>\n  <string name=\"a\">\\u00G1</string>\n</resources>", "2:3",
         "invalid \\u escape; expected four hexadecimal digits after \\u"),
        ("<!DOCTYPE resources [\n  <!ENTITY app \"Game\">\n]>\n<resources/>", "2:3",
         "entity declarations are not supported; expected the text written out in each string"),
        ("<resources>\n  <string name=\"a\">@string/b</string>\n  <string name=\"b\">@string/a</string>\n</resources>", "2:3",
         "string \"a\" refers to itself through @string/ references; expected a chain that ends in text"),
    ])
    func errors(xml: String, place: String, message: String) throws {
        let error = try tableError(xml, at: "res/values-de/strings.xml")
        #expect(error.place.description == place)
        #expect(error.message == message)
    }

    /// Found by the FuzzAndroidXML fuzzer: FoundationXML trapped on a tag name that is
    /// not UTF-8, ending the whole run instead of reporting the file.
    static let invalidNames: [(bytes: [UInt8], place: String)] = {
        let bare: [UInt8] = Array("<resources><".utf8) + [0xF5] + Array("/></resources>".utf8)
        let head = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<resources>\n  <string name=\"a\">A<"
        let declared: [UInt8] = Array(head.utf8) + [0xF5] + Array("string>\n</resources>".utf8)
        // A NUL byte made the file look like UTF-16 without a byte order mark.
        let withNUL: [UInt8] = Array("<resources><string name=\"a\">\u{0}</string><strin".utf8) + [0xEA]
            + Array(" name=\"b\"/></resources>".utf8)
        let garbled: [UInt8] = Array("<?xml version=\"1.0\" encoding=\"utf-8?x\"?>\n<resources><".utf8) + [0xF5]
            + Array("/></resources>".utf8)
        return [(bare, "1:13"), (declared, "3:22"), (withNUL, "1:45"), (garbled, "2:13")]
    }()

    @Test("Invalid UTF-8 in a tag name is reported, not a crash", arguments: invalidNames)
    func invalidUTF8Name(bytes: [UInt8], place: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let url = try directory.write(data: Data(bytes), to: "res/values-de/strings.xml")
        let error = #expect(throws: StringTableError.self) { try StringTable.load(contentsOf: url) }
        #expect(error?.place.description == place)
        #expect(error?.message == "invalid UTF-8 here; expected UTF-8 or UTF-16 text (save the file as UTF-8)")
    }

    /// Found by the FuzzAndroidXML fuzzer: FoundationXML read the missing content of a
    /// processing instruction such as `<?xml?>` as a C string and crashed.
    static let emptyInstructions: [(bytes: [UInt8], place: String)] = {
        let found = Array("<a<?xml version=\"1.0\" on=\"1.0\" encoding=\"utf-8\"<?xml?>\n<reencoding=\"utf-8\"<?xml?>\n<resou ".utf8)
        let plain = Array("<resources>\n  <?tool?>\n  <string name=\"a\">A</string>\n</resources>".utf8)
        var utf16: [UInt8] = [0xFF, 0xFE]
        for unit in "<resources>\n  <string name=\"é\">A</string><?tool?></resources>".utf16 {
            utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
        return [(found, "1:48"), (plain, "2:3"), (utf16, "2:30")]
    }()

    @Test("A processing instruction without content is reported, not a crash", arguments: emptyInstructions)
    func emptyProcessingInstruction(bytes: [UInt8], place: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let url = try directory.write(data: Data(bytes), to: "res/values-de/strings.xml")
        let error = #expect(throws: StringTableError.self) { try StringTable.load(contentsOf: url) }
        #expect(error?.place.description == place)
        #expect(error?.message.contains("processing instruction without content") == true, "\(String(describing: error))")
    }

    @Test("Processing instructions with content are left to the parser")
    func processingInstructionWithContent() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let xml = "<?xml version=\"1.0\"?>\n<resources>\n  <?tool keep?>\n  <string name=\"a\">A</string>\n</resources>"
        let url = try directory.write(data: Data(xml.utf8), to: "res/values-de/strings.xml")
        #expect(try StringTable.load(contentsOf: url).entries == [StringTable.Entry(key: "a", value: "A")])
    }

    /// Found by the FuzzAndroidXML fuzzer: declared encodings libxml2 could not use
    /// (`latin` is no encoding's name, an empty name, a garbled declaration) let invalid
    /// UTF-8 through to FoundationXML, which trapped on the attribute name.
    @Test("A declared encoding does not let invalid UTF-8 through", arguments: ["latin", "UTF-16", "no-such", "", "\"latin", "utf-7", "ISO-8859-1"])
    func unconvertedEncoding(_ encoding: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let head = "<?xml version=\"1.0\" encoding=\"\(encoding)\"?>\n<resources>\n  <string "
        let bytes: [UInt8] = Array(head.utf8) + [0xFF, 0xFF] + Array("=\"a\">A</string>\n</resources>".utf8)
        let url = try directory.write(data: Data(bytes), to: "res/values-de/strings.xml")
        let error = #expect(throws: StringTableError.self) { try StringTable.load(contentsOf: url) }
        #expect(error?.place == .lineColumn(line: 3, column: 11))
        #expect(error?.message == "invalid UTF-8 here; expected UTF-8 or UTF-16 text (save the file as UTF-8)")
    }

    @Test("A declared legacy encoding does not let other bytes than UTF-8 through")
    func declaredLatin1() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let head = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<resources><string name=\"a\">Gr"
        let bytes: [UInt8] = Array(head.utf8) + [0xFC] + Array("n</string></resources>".utf8)
        let url = try directory.write(data: Data(bytes), to: "res/values-de/strings.xml")
        let error = #expect(throws: StringTableError.self) { try StringTable.load(contentsOf: url) }
        #expect(error?.place == .lineColumn(line: 2, column: 31))
        #expect(error?.message == "invalid UTF-8 here; expected UTF-8 or UTF-16 text (save the file as UTF-8)")
    }
}

// MARK: - gettext .po

@Suite("gettext .po tables")
struct GettextTests {
    static let german = #"""
        # German translation of the demo game.
        #, fuzzy
        msgid ""
        msgstr ""
        "Project-Id-Version: demo 1.0\n"
        "Language: de\n"
        "Content-Type: text/plain; charset=UTF-8\n"
        "Plural-Forms: nplurals=2; plural=(n != 1);\n"

        #. Title screen button
        #: Sources/Menu.swift:12
        msgid "Play"
        msgstr "Spielen"

        msgctxt "menu"
        msgid "Open"
        msgstr "Öffnen"

        msgctxt "file"
        msgid "Open"
        msgstr "Datei öffnen"

        msgid "A long "
        "sentence"
        msgstr ""
        "Ein langer "
        "Satz"

        msgid "escapes"
        msgstr "Zeile 1\nZeile 2\t\"zitiert\" \\ \303\274 \xC3\xA4 \101"

        #, c-format
        msgid "%d coin"
        msgid_plural "%d coins"
        msgstr[0] "%d Münze"
        msgstr[1] "%d Münzen"

        #, fuzzy
        #| msgid "Quit game"
        msgid "Quit"
        msgstr "Spiel beenden"

        msgid "Settings"
        msgstr ""

        msgid "%d life"
        msgid_plural "%d lives"
        msgstr[0] "%d Leben"
        msgstr[1] ""

        #~ msgid "Old"
        #~ msgstr "Alt"
        """#

    @Test("Messages, contexts, plurals and escapes; fuzzy and empty ones are listed, not used")
    func german() throws {
        let table = try loadTable(Self.german, at: "po/messages.po")
        #expect(table.locale == "de")
        #expect(table.entries == entries([
            "Play": "Spielen",
            "menu.Open": "Öffnen",
            "file.Open": "Datei öffnen",
            "A long sentence": "Ein langer Satz",
            "escapes": "Zeile 1\nZeile 2\t\"zitiert\" \\ ü ä A",
            "%d coin#0": "%d Münze",
            "%d coin#1": "%d Münzen",
            "%d life#0": "%d Leben",
        ]))
        #expect(table.untranslatedKeys == ["Quit", "Settings", "%d life#1"])
    }

    @Test("The path's locale wins over the header's, which is read as a POSIX name")
    func locales() throws {
        #expect(try loadTable(Self.german, at: "po/pt_BR.po").locale == "pt-BR")
        #expect(try loadTable(Self.german, at: "locale/fr/LC_MESSAGES/game.po").locale == "fr")
        let serbian = "msgid \"\"\nmsgstr \"Language: sr_RS@latin\\n\"\n\nmsgid \"Play\"\nmsgstr \"Igraj\"\n"
        #expect(try loadTable(serbian, at: "game.po").locale == "sr-Latn-RS")
        let error = try tableError("msgid \"a\"\nmsgstr \"b\"\n", at: "game.po")
        #expect(error.message.hasSuffix("pass --locale"))
    }

    @Test("Errors give line:column and what was expected", arguments: [
        ("msgid \"a\"\nmsgid \"b\"\nmsgstr \"c\"", "2:1", "expected msgstr after msgid, got msgid"),
        ("msgid \"a\"\nmsgstr \"b\"\n\nmsgid \"c\"\n", "5:1", "expected msgstr after msgid, got the end of the file"),
        ("msgid \"a\"\nmsgstr \"b\\q\"", "2:10",
         "unknown escape '\\q'; expected one of \\n \\t \\r \\\" \\\\ \\' \\? \\a \\b \\f \\v, octal \\ooo or hex \\xhh"),
        ("msgid \"a\nmsgstr \"b\"", "1:7", "unterminated string; expected a closing '\"' on the same line"),
        ("msgid \"a\"\nmsgid_plural \"as\"\nmsgstr[0] \"b\"\nmsgstr[2] \"c\"", "4:1", "expected msgstr[1], got msgstr[2]"),
        ("msgid \"a\"\nmsgid_plural \"as\"\nmsgstr \"b\"", "3:1", "expected msgstr[0] after msgid_plural, got msgstr"),
        ("msgid \"a\"\nmsgstr \"b\"\n\nmsgid \"a\"\nmsgstr \"c\"", "4:1", "key \"a\" is already defined at 1:1"),
        ("msgctxt \"m\"\nmsgid \"a\"\nmsgstr \"b\"\nmsgid \"m.a\"\nmsgstr \"c\"", "4:1", "key \"m.a\" is already defined at 1:1"),
        ("msgid \"a\"\nmsgtxt \"b\"", "2:1", "expected msgctxt, msgid, msgid_plural, msgstr or a # comment, got 'msgtxt'"),
        ("msgid a\nmsgstr \"b\"", "1:7", "expected a quoted string after msgid, got 'a'"),
        ("msgid \"a\"\nmsgstr \"\\303\"", "2:8",
         "the string's octal or hex escapes are not valid UTF-8; expected the bytes of UTF-8 characters"),
    ])
    func errors(text: String, place: String, message: String) throws {
        let error = try tableError(text, at: "de.po")
        #expect(error.place.description == place)
        #expect(error.message == message)
    }
}

// MARK: - Formats and locales

@Suite("String table formats and locales")
struct StringTableFormatTests {
    @Test("Every accepted extension maps to its format, ignoring case", arguments: [
        ("json", StringTableFormat.json), ("strings", .strings), ("XCStrings", .stringCatalog),
        ("xml", .androidXML), ("PO", .gettext),
    ])
    func extensions(fileExtension: String, format: StringTableFormat) {
        #expect(StringTableFormat(fileExtension: fileExtension) == format)
    }

    @Test("Unknown extensions name every supported one")
    func unknownExtension() throws {
        #expect(StringTableFormat(fileExtension: "stringsdict") == nil)
        let error = try tableError("a", at: "de.txt")
        #expect(error.message == #"unsupported string table format (".txt"); expected one of .json, .strings, .xcstrings, .xml, .po, .csv, .tsv, .xliff, .xlf, .xcloc, or name the format with --table-format"#)
    }

    @Test("Locale from the path for every format's layout", arguments: [
        ("de.json", "de"), ("App/de.lproj/Localizable.strings", "de"), ("zh-Hans.lproj/Localizable.strings", "zh-Hans"),
        ("pt-BR.lproj/InfoPlist.strings", "pt-BR"), ("res/values-de-rDE/strings.xml", "de-DE"),
        ("res/values-b+sr+Latn/strings.xml", "sr-Latn"), ("res/values-b+zh+Hant+TW/strings.xml", "zh-Hant-TW"),
        ("res/values-es-rUS-land/strings.xml", "es-US"), ("res/values-mcc262-de/strings.xml", "de"),
        ("res/values-in/strings.xml", "id"), ("res/values-iw/strings.xml", "he"),
        ("de.po", "de"), ("po/de/messages.po", "de"), ("pt_BR.po", "pt-BR"), ("po/sr@latin.po", "sr-Latn"),
        ("locale/sr_RS@latin/LC_MESSAGES/game.po", "sr-Latn-RS"), ("locale/de_DE/LC_MESSAGES/game.po", "de-DE"),
    ])
    func localeDetected(path: String, locale: String) {
        #expect(StringTable.localeFromPath(path) == locale)
    }

    @Test("No locale from paths that do not name one", arguments: [
        "Localizable.xcstrings", "Base.lproj/Main.strings", "Resources/Localizable.strings", "res/values/strings.xml",
        "res/values-night/strings.xml", "po/messages.po", "messages.pot",
    ])
    func localeNotDetected(path: String) {
        #expect(StringTable.localeFromPath(path) == nil)
    }

    @Test("POSIX locale names become BCP 47 tags", arguments: [
        ("de_DE.UTF-8", "de-DE"), ("sr@latin", "sr-Latn"), ("sr_RS@cyrillic", "sr-Cyrl-RS"), ("ca@valencia", "ca-valencia"),
        ("de_DE@euro", "de-DE"), ("zh_hans_cn", "zh-Hans-CN"), ("iw_IL", "he-IL"),
    ])
    func posixNames(name: String, tag: String) {
        #expect(LanguageTag(localeName: name)?.normalized == tag)
    }

    @Test("An explicit locale wins over the path and the file")
    func explicitLocale() throws {
        #expect(try loadTable("\"a\" = \"b\";", at: "de.lproj/Localizable.strings", locale: "fr_CA").locale == "fr-CA")
        #expect(try loadTable(GettextTests.german, at: "de.po", locale: "de-AT").locale == "de-AT")
        #expect(try loadTable(GettextTests.german, at: "de.po", locale: "sr@latin").locale == "sr-Latn")
    }
}
