import Foundation
import Testing
@testable import StringTables
import StyledText

/// Tables are read a chunk at a time, keeping only the keys asked for; a file with a
/// problem is read again whole. Whatever the chunks, a valid table must read as it
/// reads whole, and a table with a problem must not read at all in one pass.
@Suite("Tables read a chunk at a time")
struct StreamedReadingTests {
    /// Sizes that put chunk ends inside escapes, multi-byte characters and tags.
    static let chunkSizes = [16, 17, 23, 61, 1 << 20]

    static let androidReferences = #"""
        <?xml version="1.0" encoding="utf-8"?>
        <resources>
            <string name="title">@string/app_name</string>
            <string name="loop_a">@string/loop_b_target</string>
            <string name="gone">@string/nowhere</string>
            <string name="app_name">Labelgen</string>
            <string name="chain">@string/title</string>
        </resources>
        """#

    /// Valid tables of every format, as the format tests write them, and the fuzz seeds.
    static func samples() throws -> [(name: String, data: Data)] {
        var samples: [(String, Data)] = [
            ("de.strings", Data(AppleStringsTests.german.utf8)),
            ("Localizable.xcstrings", Data(StringCatalogTests.catalog.utf8)),
            ("values-de/strings.xml", Data(AndroidStringsTests.german.utf8)),
            ("values-de/refs.xml", Data(androidReferences.utf8)),
            ("de.po", Data(GettextTests.german.utf8)),
        ]
        for encoded in AppleStringsTests.encodedFiles {
            samples.append(("\(encoded.name.replacingOccurrences(of: " ", with: "-"))/de.strings", Data(encoded.bytes)))
        }
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Fuzz/Corpus").standardized
        for (folder, name) in [("FuzzStringsFile", "plain.strings"), ("FuzzStringsFile", "utf16.strings"),
                               ("FuzzStringCatalog", "Localizable.xcstrings"), ("FuzzAndroidXML", "strings.xml"),
                               ("FuzzGettext", "de.po")] {
            let data = try Data(contentsOf: corpus.appendingPathComponent(folder).appendingPathComponent(name))
            samples.append(("seed-\(folder)/de.\(name.split(separator: ".").last!)", data))
        }
        return samples
    }

    /// What a parse gave, comparable.
    private static func summary(_ parsed: ParsedStrings) -> String {
        func describe(_ content: TableContent) -> String {
            "\(content.entries.map { "\($0.key)=\($0.value)" }) untranslated \(content.untranslatedKeys) "
                + "declared \(content.declaredLocale ?? "-")"
        }
        switch parsed {
        case .single(let content): return describe(content)
        case .catalog(let catalog):
            return catalog.localizations.map { "\($0.locale): " + describe($0.content) }.joined(separator: "\n")
        }
    }

    @Test("every valid sample reads in chunks as it reads whole, with and without keys to keep")
    func chunksReadAsWhole() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let filters: [(String, ((String) -> Bool)?)] = [
            ("all", nil),
            ("some", { $0.hasPrefix("menu") || $0.hasPrefix("title") || $0.hasPrefix("%") || $0.hasSuffix("#one") }),
            ("none", { _ in false }),
        ]
        for sample in try Self.samples() {
            let url = try directory.write(data: sample.data, to: sample.name)
            let format = try #require(StringTableFormat(fileExtension: url.pathExtension))
            for (filterName, keeping) in filters {
                let whole = Self.summary(try format.parse(sample.data, source: sample.name, keeping: keeping))
                for chunkSize in Self.chunkSizes {
                    let streamed = try #require(
                        format.streamed(contentsOf: url.path, source: sample.name, keeping: keeping, chunkSize: chunkSize),
                        "\(sample.name) was not read in one pass with chunks of \(chunkSize) bytes")
                    #expect(Self.summary(streamed) == whole, "\(sample.name), \(filterName) keys, chunks of \(chunkSize) bytes")
                }
            }
        }
    }

    @Test("a kept Android string takes the text of a string it refers to that is not kept")
    func referenceToUnkeptString() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let url = try directory.write(Self.androidReferences, to: "values-de/strings.xml")
        let tables = try StringTable.loadAll(contentsOf: url, locale: nil, keeping: { $0 == "chain" }, chunkSize: 32)
        #expect(tables.first?.entries == [StringTable.Entry(key: "chain", value: "Labelgen")])
        #expect(tables.first?.untranslatedKeys == ["loop_a", "gone"])
    }

    @Test("a table with a problem is not read in one pass, so reading it whole names the problem",
          arguments: [
              ("de.strings", #""a" = "1";"b" = "2";"a" = "3";"#),
              ("de.strings", "\"a\" = \"1\";\n\"b\" = \"\u{1}\";\n"),
              ("de.po", "msgid \"a\"\nmsgstr \"1\"\n\nmsgid \"a\"\nmsgstr \"2\"\n"),
              ("de.po", "msgid \"a\"\nmsgstr \"1\"\n\nmsgid \"b\"\n"),
              ("Localizable.xcstrings", #"{"sourceLanguage": "en", "strings": {"a": {}, "b": {}, "a": {}}}"#),
              ("Localizable.xcstrings", #"{"strings": {"a": {}}}"#),
              ("Localizable.xcstrings", #"{"sourceLanguage": "en", "strings": {"a": {"localizations": {"de": 3}}}}"#),
              ("values-de/strings.xml", #"<resources><string name="a">1</string><string name="a">2</string></resources>"#),
              ("values-de/strings.xml", #"<resources><string name="a">1</string><string name="b">2</resources>"#),
              ("values-de/strings.xml", #"<resources><string name="a">it's</string></resources>"#),
              ("values-de/strings.xml", #"<!DOCTYPE r [<!ENTITY x "y">]><resources></resources>"#),
              ("values-de/strings.xml", #"<?a?><resources></resources>"#),
          ])
    func problemsAreReadWhole(name: String, text: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        // U+0001 stands for a byte that is not UTF-8.
        let data = Data(text.utf8.map { $0 == 0x01 ? 0xFF : $0 })
        let url = try directory.write(data: data, to: name)
        let format = try #require(StringTableFormat(fileExtension: url.pathExtension))
        for chunkSize in Self.chunkSizes {
            #expect(format.streamed(contentsOf: url.path, source: name, keeping: nil, chunkSize: chunkSize) == nil,
                    "\(name) with chunks of \(chunkSize) bytes")
        }
        #expect(throws: StringTableError.self) { try StringTable.loadAll(contentsOf: url, locale: "de") }
    }
}
