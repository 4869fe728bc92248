import Foundation
import Testing
@testable import StringTables
import StyledText

/// Spreadsheet tables (`.csv`, `.tsv`) as Godot, Unity and spreadsheets write them.
@Suite("Spreadsheet tables")
struct SpreadsheetTableTests {
    // MARK: - Fixtures

    /// Godot's layout: a key column, then a column per locale; quoted cells with a
    /// comma, doubled quotes and a line break; empty cells left to translate.
    static let godot = """
        keys,en,de,pt_BR,zh_TW
        menu.play,Play,Spielen,Jogar,開始
        menu.quit,"Quit, really?","Wirklich ""beenden""?",,離開
        hud.help,"Line one
        line two",Zeile eins,,
        """

    /// Unity Localization's export: Key, Id and Shared Comments before the locales.
    static let unity = """
        Key,Id,Shared Comments,English(en),French(fr),Chinese (Simplified)(zh-Hans)
        menu.play,1001,Main menu button,Play,Jouer,开始
        menu.quit,1002,,Quit,,退出
        """

    /// Writes `bytes` as `name` in a fresh folder and reads every table, `chunkSize`
    /// bytes at a time.
    private static func load(_ bytes: [UInt8], name: String = "strings.csv", options: TableReadOptions = TableReadOptions(),
                             keeping: ((String) -> Bool)? = nil, chunkSize: Int = 1 << 20) throws -> [StringTable] {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let url = try directory.write(data: Data(bytes), to: name)
        return try StringTable.loadAll(contentsOf: url, locale: nil, keeping: keeping, options: options, chunkSize: chunkSize)
    }

    private static func load(_ text: String, name: String = "strings.csv", options: TableReadOptions = TableReadOptions(),
                             keeping: ((String) -> Bool)? = nil) throws -> [StringTable] {
        try load(Array(text.utf8), name: name, options: options, keeping: keeping)
    }

    /// The error reading `bytes` throws, which must name the file.
    private static func error(_ bytes: [UInt8], name: String = "strings.csv",
                              options: TableReadOptions = TableReadOptions()) throws -> StringTableError {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let url = try directory.write(data: Data(bytes), to: name)
        do {
            let tables = try StringTable.loadAll(contentsOf: url, options: options)
            Issue.record("expected an error, got \(tables.map(\.entries))")
            return StringTableError(.unreadableFile, file: "", place: .wholeFile, message: "")
        } catch {
            #expect(error.file == url.relativePath)
            return error
        }
    }

    private static func error(_ text: String, name: String = "strings.csv",
                              options: TableReadOptions = TableReadOptions()) throws -> StringTableError {
        try error(Array(text.utf8), name: name, options: options)
    }

    private static func values(_ table: StringTable) -> [String: String] {
        Dictionary(uniqueKeysWithValues: table.entries.map { ($0.key, $0.value) })
    }

    private static func table(_ locale: String, in tables: [StringTable]) throws -> StringTable {
        try #require(tables.first { $0.locale == locale }, "no table for \(locale) in \(tables.map(\.locale))")
    }

    // MARK: - What is read

    @Test("Godot's layout: a catalog of the locale columns in order, quoted commas, quotes and line breaks")
    func godotLayout() throws {
        let tables = try Self.load(Self.godot)
        #expect(tables.map(\.locale) == ["en", "de", "pt-BR", "zh-TW"])
        #expect(tables.allSatisfy { $0.sourceLanguage == "en" })
        let english = try Self.table("en", in: tables)
        #expect(english.entries.map(\.key) == ["menu.play", "menu.quit", "hud.help"])
        #expect(english.entries.map(\.value) == ["Play", "Quit, really?", "Line one\nline two"])
        #expect(english.entries.allSatisfy { $0.details == nil })
        let german = try Self.table("de", in: tables)
        #expect(Self.values(german)["menu.quit"] == "Wirklich \"beenden\"?")
        let portuguese = try Self.table("pt-BR", in: tables)
        #expect(portuguese.entries.map(\.key) == ["menu.play"])
        #expect(portuguese.untranslatedKeys == ["menu.quit", "hud.help"])
        #expect(try Self.table("zh-TW", in: tables).untranslatedKeys == ["hud.help"])
    }

    @Test("CRLF and lone CR rows, and a CRLF or lone CR inside a quoted cell read as \\n; the last row needs no line end")
    func lineEnds() throws {
        let text = "keys,en,de\r\nmenu.play,\"Play\r\nnow\",\"Jetzt\rspielen\"\r\nmenu.back,Back,Zurück\rmenu.quit,Quit,Beenden"
        let tables = try Self.load(text)
        #expect(Self.values(try Self.table("en", in: tables))
                    == ["menu.play": "Play\nnow", "menu.back": "Back", "menu.quit": "Quit"])
        #expect(Self.values(try Self.table("de", in: tables))
                    == ["menu.play": "Jetzt\nspielen", "menu.back": "Zurück", "menu.quit": "Beenden"])
    }

    @Test("A UTF-8 byte order mark is skipped, so the first header is read as written")
    func byteOrderMark() throws {
        let tables = try Self.load([0xEF, 0xBB, 0xBF] + Array("Comment,keys,de\nnote,menu.play,Spielen\n".utf8))
        let german = try Self.table("de", in: tables)
        #expect(german.entries.map(\.key) == ["menu.play"])
        #expect(german.entries.first?.details?.note == "note")
    }

    @Test("';' is found from the header row, counted outside quotes, even after a comma")
    func semicolonDelimiter() throws {
        let text = """
            _internal, unused;keys;"English, US(en-US)";de
            x;menu.quit;Quit, now;Beenden, jetzt
            """
        let tables = try Self.load(text)
        #expect(tables.map(\.locale) == ["en-US", "de"])
        #expect(Self.values(try Self.table("de", in: tables)) == ["menu.quit": "Beenden, jetzt"])
    }

    @Test("The options' delimiter wins over the header row's")
    func delimiterOption() throws {
        var options = TableReadOptions()
        options.csvDelimiter = "|"
        let tables = try Self.load("keys|Chinese, Traditional(zh-Hant)|de\nmenu.play|開始, 走|Spielen\n", options: options)
        #expect(tables.map(\.locale) == ["zh-Hant", "de"])
        #expect(Self.values(try Self.table("zh-Hant", in: tables)) == ["menu.play": "開始, 走"])
    }

    @Test("A .tsv table is tab-separated; commas and semicolons in its cells are text")
    func tabSeparated() throws {
        // More commas than tabs in the header: a .tsv is still split at tabs.
        let text = "keys\tEnglish, UK, formal, short(en-GB)\tde\nmenu.quit\tQuit, now; really\tBeenden\n"
        let tables = try Self.load(text, name: "strings.tsv")
        #expect(Self.values(try Self.table("en-GB", in: tables)) == ["menu.quit": "Quit, now; really"])
        #expect(Self.values(try Self.table("de", in: tables)) == ["menu.quit": "Beenden"])
    }

    @Test("A row shorter than the header has empty cells at its end; blank rows and rows without a key are skipped")
    func shortBlankAndKeylessRows() throws {
        let text = "keys,en,de,fr\n\nmenu.play,Play\n,,,,,,\n,Orphan,Waise,Orphelin\nmenu.quit,Quit,Beenden,Quitter\n"
        let tables = try Self.load(text)
        #expect(Self.values(try Self.table("en", in: tables)) == ["menu.play": "Play", "menu.quit": "Quit"])
        let german = try Self.table("de", in: tables)
        #expect(german.entries.map(\.key) == ["menu.quit"])
        #expect(german.untranslatedKeys == ["menu.play"])
        #expect(try Self.table("fr", in: tables).untranslatedKeys == ["menu.play"])
    }

    @Test("Unity's headers: Id ignored, Shared Comments the note, shared by the row's locales")
    func unityLayout() throws {
        let tables = try Self.load(Self.unity)
        #expect(tables.map(\.locale) == ["en", "fr", "zh-Hans"])
        let english = try Self.table("en", in: tables)
        let french = try Self.table("fr", in: tables)
        #expect(english.entries.first?.details?.note == "Main menu button")
        #expect(english.entries.first?.details === french.entries.first?.details)
        #expect(english.entries.last?.details == nil)
        #expect(french.untranslatedKeys == ["menu.quit"])
        #expect(Self.values(try Self.table("zh-Hans", in: tables)) == ["menu.play": "开始", "menu.quit": "退出"])
    }

    @Test("Unity's comments of one locale add to that locale's note only")
    func unityLocaleComments() throws {
        let text = """
            Key,Shared Comments,English(en),English(en) Comments,French(fr),Japanese(ja)
            menu.play,Main menu button,Play,Keep it short,Jouer,プレイ
            menu.quit,,Quit,,Quitter,
            """
        let tables = try Self.load(text)
        #expect(tables.map(\.locale) == ["en", "fr", "ja"])
        let english = try Self.table("en", in: tables)
        let french = try Self.table("fr", in: tables)
        let japanese = try Self.table("ja", in: tables)
        #expect(english.entries.map { $0.details?.note } == ["Main menu button\nKeep it short", nil])
        #expect(french.entries.map { $0.details?.note } == ["Main menu button", nil])
        #expect(french.entries.first?.details === japanese.entries.first?.details)
    }

    @Test("Columns starting with _ are ignored; several note columns join with line breaks in column order")
    func ignoredAndNoteColumns() throws {
        let text = """
            Notes,_status,keys,en,Context
            Button,done,menu.play,Play,Main menu
            ,draft,menu.quit,Quit,Pause menu
            """
        let english = try Self.table("en", in: try Self.load(text))
        #expect(english.entries.map(\.key) == ["menu.play", "menu.quit"])
        #expect(english.entries.map { $0.details?.note } == ["Button\nMain menu", "Pause menu"])
    }

    @Test("A column with an empty header may hold only empty cells")
    func unnamedColumn() throws {
        let tables = try Self.load("keys,en,\nmenu.play,Play,\nmenu.quit,Quit\n")
        #expect(tables.map(\.locale) == ["en"])
        let error = try Self.error("keys,en,\nmenu.play,Play,oops\n")
        #expect(error.kind == .invalidValue)
        #expect(error.place == .lineColumn(line: 2, column: 16))
        #expect(error.message.contains("column C"))
    }

    // MARK: - Fallback and locale selection

    @Test("--fallback-locale fills a locale's empty cells from the fallback column, marked as such")
    func fallback() throws {
        var options = TableReadOptions()
        options.fallbackLocale = "en"
        let tables = try Self.load(Self.unity, options: options)
        let french = try Self.table("fr", in: tables)
        let quit = try #require(french.entries.first { $0.key == "menu.quit" })
        #expect(quit.value == "Quit")
        #expect(quit.details?.fallbackLocale == "en")
        #expect(french.untranslatedKeys.isEmpty)
        #expect(french.entries.first { $0.key == "menu.play" }?.details?.fallbackLocale == nil)
    }

    @Test("--locales picks columns, and a one-pass read keeps only them and the fallback")
    func localeSelection() throws {
        var options = TableReadOptions()
        options.locales = ["pt-BR"]
        options.fallbackLocale = "en"
        let tables = try Self.load(Self.godot, options: options)
        #expect(tables.map(\.locale) == ["pt-BR"])
        #expect(Self.values(tables[0])["menu.quit"] == "Quit, really?")

        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let url = try directory.write(Self.godot, to: "strings.csv")
        let reader = CSVTableReader(source: "strings.csv", options: options)
        guard case .catalog(let catalog) = try #require(reader.streamed(contentsOf: url.path, keeping: nil, chunkSize: 64))
        else {
            Issue.record("expected a catalog")
            return
        }
        #expect(catalog.localizations.map(\.locale) == ["en", "pt-BR"])
        #expect(catalog.sourceLanguage == "en")
    }

    @Test("Keys to keep: other entries are dropped, their rows still checked")
    func keeping() throws {
        let tables = try Self.load(Self.godot, keeping: { $0.hasPrefix("menu.") })
        #expect(try Self.table("en", in: tables).entries.map(\.key) == ["menu.play", "menu.quit"])
        do {
            let tables = try Self.load(Self.godot + "\nhud.help,again\n", keeping: { $0.hasPrefix("menu.") })
            Issue.record("expected the repeated hud.help to be refused, got \(tables.map(\.entries))")
        } catch let error as StringTableError {
            #expect(error.kind == .duplicateKey)
        }
    }

    // MARK: - One pass equals whole

    /// What a parse gave, comparable.
    private static func summary(_ parsed: ParsedStrings?) -> String {
        guard case .catalog(let catalog) = parsed else { return "not a catalog: \(String(describing: parsed))" }
        return "source \(catalog.sourceLanguage)\n" + catalog.localizations.map { localization in
            "\(localization.locale): " + localization.content.entries.map {
                "\($0.key)=\($0.value) [\($0.details?.note ?? "-")]"
            }.joined(separator: ", ") + " untranslated \(localization.content.untranslatedKeys)"
        }.joined(separator: "\n")
    }

    @Test("Read a chunk at a time, with chunks of 1 to 7 bytes or one large one, a table reads as it reads whole")
    func chunksReadAsWhole() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let samples: [(name: String, bytes: [UInt8])] = [
            ("godot.csv", Array(Self.godot.utf8)),
            ("unity.csv", Array(Self.unity.utf8)),
            ("excel.csv", [0xEF, 0xBB, 0xBF] + Array("keys;de;fr\r\nmenu.play;\"Jetzt\r\nspielen\";Jouer\r\n;;\r\nx;ü;\r\n".utf8)),
            ("tabs.tsv", Array("keys\ten\tfr\nmenu.quit\t\"Quit\tnow\"\t\n".utf8)),
        ]
        let filters: [((String) -> Bool)?] = [nil, { $0 == "menu.play" }]
        for sample in samples {
            let url = try directory.write(data: Data(sample.bytes), to: sample.name)
            let format = try #require(StringTableFormat(fileExtension: url.pathExtension))
            for keeping in filters {
                let whole = Self.summary(try format.parse(Data(sample.bytes), source: sample.name, keeping: keeping))
                if keeping == nil { #expect(whole.contains("="), "\(sample.name) read no entries") }
                for chunkSize in Array(1...7) + [1 << 20] {
                    let streamed = format.streamed(contentsOf: url.path, source: sample.name, keeping: keeping,
                                                   chunkSize: chunkSize)
                    #expect(Self.summary(streamed) == whole, "\(sample.name), chunks of \(chunkSize) bytes")
                }
            }
        }
    }

    @Test("A table with a problem is refused by the one-pass read, so the whole read can name it")
    func problemsRefuseOnePass() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let problems: [[UInt8]] = [
            Array("keys,en\nmenu.play,Play\nmenu.play,Again\n".utf8),
            Array("keys,en\nmenu.play,Pl".utf8) + [0xFF] + Array("ay\n".utf8),
            Array("keys,en\nmenu.play,\"Play\n".utf8),
        ]
        for (index, bytes) in problems.enumerated() {
            let url = try directory.write(data: Data(bytes), to: "problem\(index).csv")
            for chunkSize in [3, 1 << 20] {
                #expect(CSVTableReader(source: "p.csv").streamed(contentsOf: url.path, keeping: nil, chunkSize: chunkSize) == nil,
                        "problem \(index), chunks of \(chunkSize) bytes")
            }
        }
    }

    /// Whole and one-pass reads of `bytes` by `reader`, the latter with chunks of 1 to 7
    /// bytes and `largeChunks`, each summarized.
    private static func wholeAndStreamed(_ bytes: [UInt8], name: String, reader: some StringTableReader,
                                         largeChunks: [Int] = [1 << 20]) throws -> (whole: String, streamed: [Int: String]) {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let url = try directory.write(data: Data(bytes), to: name)
        let whole = summary(try reader.read(Data(bytes), keeping: nil))
        var streamed: [Int: String] = [:]
        for chunkSize in Array(1...7) + largeChunks {
            streamed[chunkSize] = summary(reader.streamed(contentsOf: url.path, keeping: nil, chunkSize: chunkSize))
        }
        return (whole, streamed)
    }

    @Test("A delimiter of several UTF-8 bytes splits cells; a character sharing its first byte is text")
    func multiByteDelimiter() throws {
        var options = TableReadOptions()
        options.csvDelimiter = "§"
        // © and § both start with the byte C2.
        let text = "keys§en§de\nmenu.play§Play ©§\"Spielen § jetzt\"\nmenu.quit§©§Beenden\n"
        let (whole, streamed) = try Self.wholeAndStreamed(Array(text.utf8), name: "s.csv",
                                                          reader: CSVTableReader(source: "s.csv", options: options))
        #expect(whole == """
            source en
            en: menu.play=Play © [-], menu.quit=© [-] untranslated []
            de: menu.play=Spielen § jetzt [-], menu.quit=Beenden [-] untranslated []
            """)
        for (chunkSize, summary) in streamed {
            #expect(summary == whole, "chunks of \(chunkSize) bytes")
        }
    }

    @Test("A UTF-16 table read a chunk at a time reads as it reads whole")
    func utf16ChunksReadAsWhole() throws {
        let text = "keys\ten\tja\r\nmenu.play\tPlay\t\"遊ぶ\r\n🎮\"\r\nmenu.quit\t\t終了\r\n"
        let littleEndian: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let bigEndian: [UInt8] = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        for (name, units) in [("le.tsv", littleEndian), ("be.tsv", bigEndian)] {
            let (whole, streamed) = try Self.wholeAndStreamed(units, name: name, reader: TSVTableReader(source: name))
            #expect(whole == """
                source en
                en: menu.play=Play [-] untranslated ["menu.quit"]
                ja: menu.play=遊ぶ\n🎮 [-], menu.quit=終了 [-] untranslated []
                """, "\(name)")
            for (chunkSize, summary) in streamed {
                #expect(summary == whole, "\(name), chunks of \(chunkSize) bytes")
            }
        }
    }

    @Test("A table larger than the one-pass read's buffer reads as it reads whole, its last rows included")
    func largeTableReadsAsWhole() throws {
        var text = "keys,en,de\r\n"
        for row in 0..<4000 {
            text += "level.\(row),\"Line \(row),\r\nnext\",Zeile \(row) ü\r\n"
        }
        let (whole, streamed) = try Self.wholeAndStreamed(Array(text.utf8), name: "large.csv",
                                                          reader: CSVTableReader(source: "large.csv"),
                                                          largeChunks: [4096, 1 << 20])
        #expect(whole.contains("level.3999=Line 3999,\nnext [-]") && whole.contains("level.3999=Zeile 3999 ü [-]"))
        for (chunkSize, summary) in streamed {
            #expect(summary == whole, "chunks of \(chunkSize) bytes")
        }
    }

    // MARK: - What is refused

    @Test("A row with more cells than the header is a syntax error at its first extra cell")
    func longerRow() throws {
        let error = try Self.error("keys,en,de\nmenu.play,Play,Spielen\nmenu.quit,Quit, now,Beenden, sofort\n")
        #expect(error.kind == .syntax)
        #expect(error.place == .lineColumn(line: 3, column: 21))
        #expect(error.message.contains("5 cells") && error.message.contains("has 3"))
    }

    @Test("An unterminated quote is named where it opens")
    func unterminatedQuote() throws {
        let error = try Self.error("keys,en,de\nmenu.play,Play,\"Spielen\nmenu.quit,Quit,Beenden\n")
        #expect(error.kind == .syntax)
        #expect(error.place == .lineColumn(line: 2, column: 16))
        #expect(error.message.contains("unterminated"))
    }

    @Test("Text after a closing quote is a syntax error at that text")
    func textAfterClosingQuote() throws {
        let error = try Self.error("keys,en\nmenu.play,\"a\"b\n")
        #expect(error.kind == .syntax)
        #expect(error.place == .lineColumn(line: 2, column: 14))
        #expect(error.message.contains("line 2, column 11"))
    }

    @Test("A key in two rows is a duplicate naming both lines")
    func duplicateKey() throws {
        let error = try Self.error("keys,en\nmenu.play,Play\nmenu.quit,Quit\nmenu.play,Again\n")
        #expect(error.kind == .duplicateKey)
        #expect(error.place == .lineColumn(line: 4, column: 1))
        #expect(error.message.contains("line 4") && error.message.contains("line 2"))
    }

    @Test("Invalid UTF-8 is named at its line and column")
    func invalidEncoding() throws {
        let error = try Self.error(Array("keys,en\nmenu.play,Pl".utf8) + [0xC3, 0x28] + Array("ay\n".utf8))
        #expect(error.kind == .invalidEncoding)
        #expect(error.place == .lineColumn(line: 2, column: 13))
    }

    @Test("A misspelt locale header is refused at its cell, naming its column and text")
    func misspeltLocale() throws {
        let error = try Self.error("Key,English(en),Frnech\nmenu.play,Play,Jouer\n")
        #expect(error.kind == .invalidValue)
        #expect(error.place == .lineColumn(line: 1, column: 17))
        #expect(error.message.contains("column C") && error.message.contains("\"Frnech\""))
    }

    @Test("Two columns of one locale are refused at the second")
    func repeatedLocale() throws {
        let error = try Self.error("keys,pt_BR,Portuguese (Brazil)(pt-BR)\n")
        #expect(error.kind == .invalidValue)
        #expect(error.place == .lineColumn(line: 1, column: 12))
        #expect(error.message.contains("pt-BR") && error.message.contains("column B"))
    }

    @Test("An empty file and a header without a locale column are refused")
    func missingHeader() throws {
        let empty = try Self.error("")
        #expect(empty.kind == .missingField)
        #expect(empty.place == .lineColumn(line: 1, column: 1))
        let noLocale = try Self.error("keys,Comment\nmenu.play,Button\n")
        #expect(noLocale.kind == .missingField)
        #expect(noLocale.message.contains("no locale column"))
    }
}
