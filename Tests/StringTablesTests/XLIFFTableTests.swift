import Foundation
import Testing
@testable import StringTables
import StyledText

/// XLIFF 1.2 and 2.x files, as Xcode and translation tools write them, read into the
/// target language's table, with the source language's kept beside it.
@Suite("XLIFF tables")
struct XLIFFTableTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/xliff").standardized

    static func fixture(_ name: String) -> URL {
        fixtures.appendingPathComponent(name)
    }

    static func values(_ table: StringTable) -> [String: String] {
        Dictionary(table.entries.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    static func entry(_ table: StringTable, _ key: String) -> StringTable.Entry? {
        table.entries.first { $0.key == key }
    }

    /// The error reading `text` as `name` gives.
    static func error(reading text: String, as name: String = "strings.xliff",
                      options: TableReadOptions = TableReadOptions()) throws -> StringTableError? {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let url = try directory.write(text, to: name)
        do {
            _ = try StringTable.loadAll(contentsOf: url, options: options)
            return nil
        } catch {
            return error
        }
    }

    // MARK: - XLIFF 1.2

    @Test func xcodeExportWithSeveralFilesPluralsDevicesAndSubstitutions() throws {
        let tables = try StringTable.loadAll(contentsOf: Self.fixture("StarGame-export.xliff"))
        #expect(tables.map(\.locale) == ["de"])
        let german = try #require(tables.first)
        #expect(german.sourceLanguage == "en")
        #expect(german.entries.map(\.key) == [
            "%lld coins#one", "%lld coins#other", "hud.title#iphone", "menu.play",
            "stars.summary#one#one", "stars.summary#one#other", "stars.summary#other#one", "stars.summary#other#other",
            "CFBundleDisplayName",
        ])
        let values = Self.values(german)
        #expect(values["%lld coins#one"] == "%lld Münze")
        #expect(values["hud.title#iphone"] == "Sterne")
        #expect(values["stars.summary#one#other"] == "%1$lld Stern in %2$lld Leveln")
        #expect(values["stars.summary#other#one"] == "%1$lld Sterne in %2$lld Level")
        #expect(german.untranslatedKeys == ["hud.title#other", "menu.quit", "NSCameraUsageDescription"])
        #expect(Self.entry(german, "menu.play")?.details?.note == "Main menu's first button")
        #expect(Self.entry(german, "hud.title#iphone")?.details == nil)

        let english = try StringTable.loadSource(contentsOf: Self.fixture("StarGame-export.xliff"))
        #expect(english.locale == "en")
        #expect(Self.values(english)["stars.summary#other#other"] == "%1$lld stars in %2$lld levels")
        #expect(Self.values(english)["NSCameraUsageDescription"] == "The camera scans level codes.")
        // One details object serves both languages of a unit whose details agree.
        let data = try Data(contentsOf: Self.fixture("StarGame-export.xliff"))
        var options = TableReadOptions()
        options.readsSourceLanguage = true
        let parser = XLIFFParser(source: "StarGame-export.xliff", options: options)
        guard case .catalog(let catalog) = try parser.read(data, keeping: nil) else {
            Issue.record("not a catalog")
            return
        }
        let details = catalog.localizations.map { $0.content.entries.first { $0.key == "menu.play" }?.details }
        #expect(details.count == 2 && details[0] != nil && details[0] === details[1])
    }

    @Test func xcodeVariantsAreNamedAsTheStringCatalogNamesThem() throws {
        let catalog = #"""
            {"sourceLanguage": "en", "version": "1.0", "strings": {
              "%lld coins": {"localizations": {"en": {"variations": {"plural": {
                "one": {"stringUnit": {"state": "translated", "value": "%lld coin"}},
                "other": {"stringUnit": {"state": "translated", "value": "%lld coins"}}}}}}},
              "hud.title": {"localizations": {"en": {"variations": {"device": {
                "iphone": {"stringUnit": {"state": "translated", "value": "Stars"}},
                "other": {"stringUnit": {"state": "translated", "value": "Collected stars"}}}}}}},
              "stars.summary": {"localizations": {"en": {
                "stringUnit": {"state": "translated", "value": "%1$#@stars@ in %2$#@levels@"},
                "substitutions": {
                  "stars": {"argNum": 1, "formatSpecifier": "lld", "variations": {"plural": {
                    "one": {"stringUnit": {"state": "translated", "value": "%arg star"}},
                    "other": {"stringUnit": {"state": "translated", "value": "%arg stars"}}}}},
                  "levels": {"argNum": 2, "formatSpecifier": "lld", "variations": {"plural": {
                    "one": {"stringUnit": {"state": "translated", "value": "%arg level"}},
                    "other": {"stringUnit": {"state": "translated", "value": "%arg levels"}}}}}}}}},
              "menu.play": {}, "menu.quit": {}}}
            """#
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let fromCatalog = try StringTable.loadSource(contentsOf: try directory.write(catalog, to: "Localizable.xcstrings"))
        let fromExport = try StringTable.loadSource(contentsOf: Self.fixture("StarGame-export.xliff"))
        let exportKeys = Set(fromExport.entries.map(\.key)).subtracting(["CFBundleDisplayName", "NSCameraUsageDescription"])
        #expect(Set(fromCatalog.entries.map(\.key)) == exportKeys)
    }

    @Test func inlineCodesNotesStatesAndWidthLimits() throws {
        let french = try StringTable.load(contentsOf: Self.fixture("crowdin-inline-fr.xlf"))
        #expect(french.locale == "fr-FR")
        #expect(french.untranslatedKeys == ["credits.link"])
        let level = try #require(Self.entry(french, "hud.level"))
        #expect(level.value == "Niveau %d")
        #expect(level.details?.note == "Shown at the top of the screen\nKeep it short")
        #expect(level.details?.limit == SizeLimit(width: 240))
        let sale = try #require(Self.entry(french, "shop.sale"))
        #expect(sale.value == "<b>Soldes</b> aujourd’hui")
        #expect(sale.details?.plainValue == "Soldes aujourd’hui")
        #expect(sale.details?.limit == SizeLimit(characters: 20))
        let jump = try #require(Self.entry(french, "tutorial.jump"))
        #expect(jump.value == "Appuie sur %@ pour <i>sauter</i>")
        #expect(jump.details?.plainValue == "Appuie sur %@ pour sauter")
        #expect(jump.details?.ignoredCodes == [])
        let boss = try #require(Self.entry(french, "tutorial.boss"))
        #expect(boss.value == "Bats le Gardien des étoiles")
        #expect(boss.details?.ignoredCodes == [#"<mrk mtype="term">"#])
        #expect(boss.details?.plainValue == nil)
        let buy = try #require(Self.entry(french, "shop.buy"))
        #expect(buy.value == "Achetermaintenant")
        #expect(buy.details?.ignoredCodes == [#"<ph id="1">"#])
        #expect(buy.details?.limit == SizeLimit(width: 160))
    }

    // MARK: - Keys

    static func twoFiles(secondTarget: String = "de") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
          <file original="Menu.strings" source-language="en" target-language="de" datatype="plaintext">
            <body>
              <trans-unit id="title"><source>Menu</source><target>Menü</target></trans-unit>
            </body>
          </file>
          <file original="Shop.strings" source-language="en" target-language="\(secondTarget)" datatype="plaintext">
            <body>
              <trans-unit id="title"><source>Shop</source><target>Laden</target></trans-unit>
            </body>
          </file>
        </xliff>
        """
    }

    @Test func aKeyInTwoFilesIsAnErrorNamingBothPlaces() throws {
        let error = try #require(try Self.error(reading: Self.twoFiles()))
        #expect(error.kind == .duplicateKey)
        #expect(error.place == .lineColumn(line: 10, column: 7))
        #expect(error.message.contains("already defined at 5:7"))
    }

    @Test func keysByFileTellTheFilesApart() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        var options = TableReadOptions()
        options.xliffKeys = .file
        let table = try #require(try StringTable.loadAll(contentsOf: try directory.write(Self.twoFiles(), to: "menus.xliff"),
                                                         options: options).first)
        #expect(table.entries.map(\.key) == ["Menu.strings/title", "Shop.strings/title"])
        #expect(table.entries.map(\.value) == ["Menü", "Laden"])
    }

    @Test func filesTranslatedIntoDifferentLanguagesAreAnError() throws {
        let error = try #require(try Self.error(reading: Self.twoFiles(secondTarget: "fr")))
        #expect(error.kind == .invalidValue)
        #expect(error.place == .lineColumn(line: 8, column: 3))
        #expect(error.message.contains("fr") && error.message.contains("de") && error.message.contains("3:3"))
    }

    // MARK: - XLIFF 2

    @Test func xliff2SegmentsNotesCodesStatesAndPixelLimits() throws {
        let japanese = try StringTable.load(contentsOf: Self.fixture("levels-ja.xlf"))
        #expect(japanese.locale == "ja-JP")
        #expect(japanese.sourceLanguage == "en-US")
        #expect(japanese.untranslatedKeys == ["level.hint", "u5"])
        let intro = try #require(Self.entry(japanese, "level.intro"))
        #expect(intro.value == "星が出ています。 全部つかまえよう！")
        #expect(intro.details?.note == "Intro card of a level\nTwo short sentences")
        #expect(intro.details?.limit == SizeLimit(width: 480))
        let bonus = try #require(Self.entry(japanese, "level.bonus"))
        #expect(bonus.value == "<b>ボーナス</b>ラウンド：{0}ポイント")
        #expect(bonus.details?.plainValue == "ボーナスラウンド：{0}ポイント")
        #expect(bonus.details?.limit == SizeLimit(width: 320))
        let gate = try #require(Self.entry(japanese, "level.gate"))
        #expect(gate.value == "ワープゲートを使おう")
        #expect(gate.details?.ignoredCodes == [#"<mrk type="term">"#])
        #expect(Self.entry(japanese, "level.keys")?.value == "鍵を見つけて、扉を開けよう。")
        let style = try #require(Self.entry(japanese, "level.style"))
        #expect(style.value == "<i>速く</i>走れ")
        #expect(style.details?.ignoredCodes == [#"<sc type="fmt">"#, #"<ec>"#])

        let english = try StringTable.loadSource(contentsOf: Self.fixture("levels-ja.xlf"))
        #expect(Self.values(english)["level.intro"] == "The stars are out. Catch them all!")
        #expect(Self.values(english)["u5"] == "Level complete")
    }

    @Test func codePointLimitsUnderTheSpecificationsProfile() throws {
        let text = """
            <xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" xmlns:slr="urn:oasis:names:tc:xliff:sizerestriction:2.0"
                   version="2.0" srcLang="en" trgLang="it">
              <file id="f1">
                <slr:profiles generalProfile="xliff:codepoints"/>
                <unit id="ok" slr:sizeRestriction="12"><segment state="final"><source>OK</source><target>Va bene</target></segment></unit>
              </file>
            </xliff>
            """
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let table = try StringTable.load(contentsOf: try directory.write(text, to: "ui.xlf"))
        #expect(table.locale == "it")
        #expect(table.entries.first?.details?.limit == SizeLimit(characters: 12))
    }

    // MARK: - Locales

    @Test func theLocaleIsTheTargetLanguageNotTheFileName() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let url = try directory.write(Self.twoFiles().replacingOccurrences(of: "id=\"title\"><source>Shop", with: "id=\"shop\"><source>Shop"),
                                      to: "fr.lproj/fr.xliff")
        let tables = try StringTable.loadAll(contentsOf: url)
        #expect(tables.map(\.locale) == ["de"])
    }

    @Test func aKeyWithOneVariationAloneKeepsItsSuffix() throws {
        let text = """
            <xliff version="1.2">
              <file original="a.xcstrings" source-language="en" target-language="de" datatype="plaintext">
                <body><trans-unit id="hud.title|==|device.iphone"><source>Stars</source><target>Sterne</target></trans-unit>
                <trans-unit id="menu.play"><source>Play</source><target>Spielen</target></trans-unit></body>
              </file>
            </xliff>
            """
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let tables = try StringTable.loadAll(contentsOf: try directory.write(text, to: "de.xliff"))
        #expect(tables.first?.entries.map(\.key) == ["hud.title#iphone", "menu.play"])
    }

    @Test func aFileWithoutATargetLanguageIsDrawnInItsSource() throws {
        let text = """
            <xliff version="1.2">
              <file original="a.strings" source-language="en_GB" datatype="plaintext">
                <body><trans-unit id="colour"><source>Colour</source></trans-unit></body>
              </file>
            </xliff>
            """
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let tables = try StringTable.loadAll(contentsOf: try directory.write(text, to: "de.xliff"))
        #expect(tables.map(\.locale) == ["en-GB"])
        #expect(tables.first?.entries.map(\.value) == ["Colour"])
    }

    @Test func theFallbackLocaleFillsUntranslatedUnitsFromTheSource() throws {
        var options = TableReadOptions()
        options.fallbackLocale = "en"
        let german = try #require(try StringTable.loadAll(contentsOf: Self.fixture("StarGame-export.xliff"), options: options).first)
        #expect(Self.values(german)["menu.quit"] == "Quit")
        #expect(Self.entry(german, "menu.quit")?.details?.fallbackLocale == "en")
        #expect(german.untranslatedKeys.isEmpty)
    }

    @Test func theSourceStringsAreMadeOnlyWhenSomethingReadsThem() throws {
        let url = Self.fixture("StarGame-export.xliff")
        let data = try Data(contentsOf: url)
        func sourceCount(_ options: TableReadOptions) throws -> Int? {
            guard case .catalog(let catalog) = try XLIFFParser(source: "StarGame-export.xliff", options: options)
                .read(data, keeping: nil) else { return nil }
            return catalog.localizations.first { $0.isSourceOnly }?.content.entries.count
        }
        // Drawing German alone needs no English string.
        #expect(try sourceCount(TableReadOptions()) == 0)
        var fallback = TableReadOptions()
        fallback.fallbackLocale = "en"
        #expect(try sourceCount(fallback) == 12)
        var pseudo = TableReadOptions()
        pseudo.readsSourceLanguage = true
        #expect(try sourceCount(pseudo) == 12)
        #expect(try StringTable.loadSource(contentsOf: url).entries.count == 12)
    }

    // MARK: - Xcode bundles

    @Test func anXcodeLocalizationBundle() throws {
        let tables = try StringTable.loadAll(contentsOf: Self.fixture("de.xcloc"))
        #expect(tables.map(\.locale) == ["de"])
        #expect(tables.first?.entries.map(\.key) == ["menu.play"])
        #expect(tables.first?.entries.first?.details?.note == "Main menu's first button")
        #expect(tables.first?.untranslatedKeys == ["menu.quit"])
    }

    @Test func aKeyInTwoFilesOfOneBundleIsAnError() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let unit = #"<trans-unit id="menu.play"><source>Play</source><target>Spielen</target></trans-unit>"#
        for name in ["App.xliff", "Widget.xliff"] {
            _ = try directory.write("""
                <xliff version="1.2"><file original="\(name)" source-language="en" target-language="de"><body>\(unit)</body></file></xliff>
                """, to: "de.xcloc/Localized Contents/\(name)")
        }
        do {
            _ = try StringTable.loadAll(contentsOf: directory.url.appendingPathComponent("de.xcloc"))
            Issue.record("a key in two files of the bundle was read")
        } catch {
            #expect(error.kind == .duplicateKey)
            #expect(error.file.hasSuffix("Widget.xliff"))
            #expect(error.message.contains("App.xliff"))
        }
    }

    // MARK: - Hostile XML

    @Test func anExternalEntityIsRefusedWhereItIsDeclared() throws {
        let text = """
            <?xml version="1.0"?>
            <!DOCTYPE xliff [ <!ENTITY secret SYSTEM "file:///etc/passwd"> ]>
            <xliff version="1.2"><file original="a" source-language="en" target-language="de"><body>
              <trans-unit id="a"><source>&secret;</source><target>&secret;</target></trans-unit>
            </body></file></xliff>
            """
        let error = try #require(try Self.error(reading: text))
        #expect(error.kind == .unsupportedFeature)
        #expect(error.place == .lineColumn(line: 2, column: 1))
        #expect(error.file.hasSuffix("strings.xliff"))
    }

    @Test func anExternalDTDIsNeverFetched() throws {
        let text = """
            <?xml version="1.0"?>
            <!DOCTYPE xliff SYSTEM "http://127.0.0.1:9/xliff.dtd">
            <xliff version="1.2"><file original="a" source-language="en" target-language="de"><body/></file></xliff>
            """
        let error = try #require(try Self.error(reading: text))
        #expect(error.kind == .unsupportedFeature)
        #expect(error.place == .lineColumn(line: 2, column: 1))
    }

    @Test func billionLaughsIsRefused() throws {
        var lines = ["<?xml version=\"1.0\"?>", "<!DOCTYPE lolz [", "  <!ENTITY lol \"lol\">"]
        for level in 1...9 {
            let previous = level == 1 ? "lol" : "lol\(level - 1)"
            lines.append("  <!ENTITY lol\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">")
        }
        lines += ["]>", "<xliff version=\"1.2\"><file original=\"a\" source-language=\"en\" target-language=\"de\"><body>",
                  "<trans-unit id=\"a\"><source>&lol9;</source></trans-unit></body></file></xliff>"]
        let error = try #require(try Self.error(reading: lines.joined(separator: "\n")))
        #expect(error.kind == .unsupportedFeature)
        #expect(error.place == .lineColumn(line: 2, column: 1))
    }

    @Test func anEntityDeclarationWithoutADoctypeIsRefused() throws {
        let text = "<xliff version=\"1.2\">\n  <!ENTITY x \"y\">\n</xliff>"
        let error = try #require(try Self.error(reading: text))
        #expect(error.kind == .unsupportedFeature)
        #expect(error.place == .lineColumn(line: 2, column: 3))
    }

    @Test func nestingDeeperThanTheBoundIsRefused() throws {
        let depth = XLIFFDocumentReader.maximumDepth
        #expect(depth == 64)
        // <xliff>, <file>, <body>, <trans-unit>, <source>: five, then codes inside.
        let opening = String(repeating: "<g id=\"1\">", count: depth)
        let closing = String(repeating: "</g>", count: depth)
        let text = """
            <xliff version="1.2"><file original="a" source-language="en" target-language="de"><body>
            <trans-unit id="a"><source>\(opening)deep\(closing)</source></trans-unit></body></file></xliff>
            """
        let error = try #require(try Self.error(reading: text))
        #expect(error.kind == .limitExceeded)
        // The 65th element is the 60th <g>, after `<trans-unit id="a"><source>` and 59 tags.
        let column = 1 + "<trans-unit id=\"a\"><source>".count + 59 * "<g id=\"1\">".count
        #expect(error.place == .lineColumn(line: 2, column: column))
    }

    @Test func nestingUpToTheBoundIsRead() throws {
        let codes = XLIFFDocumentReader.maximumDepth - 5
        let text = """
            <xliff version="1.2"><file original="a" source-language="en" target-language="de"><body>
            <trans-unit id="a"><source>\(String(repeating: "<g id=\"1\">", count: codes))deep\(String(repeating: "</g>", count: codes))</source></trans-unit></body></file></xliff>
            """
        #expect(try Self.error(reading: text) == nil)
    }

    @Test func anEmptyProcessingInstructionIsRefusedBeforeTheXMLParserSeesIt() throws {
        let error = try #require(try Self.error(reading: "<xliff version=\"1.2\">\n <?x?>\n</xliff>"))
        #expect(error.kind == .unsupportedFeature)
        #expect(error.place == .lineColumn(line: 2, column: 2))
    }

    @Test func aTruncatedFileIsRefusedNotReadInPart() throws {
        let text = try String(contentsOf: Self.fixture("StarGame-export.xliff"), encoding: .utf8)
        let scalars = Array(text.unicodeScalars)
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let rootEnd = text.distance(from: text.startIndex, to: text.range(of: "<file")!.lowerBound)
        for length in stride(from: rootEnd, to: scalars.count - 2, by: 97) {
            let cut = String(String.UnicodeScalarView(scalars[..<length]))
            let url = try directory.write(cut, to: "cut.xliff")
            #expect(XLIFFParser(source: "cut.xliff").streamed(contentsOf: url.path, keeping: nil, chunkSize: 1 << 20) == nil)
            do {
                _ = try StringTable.loadAll(contentsOf: url)
                Issue.record("the file cut after \(length) characters was read")
            } catch {
                #expect(error.kind == .syntax, "cut after \(length): \(error)")
            }
        }
    }

    @Test func utf16IsReadWhole() throws {
        let text = try String(contentsOf: Self.fixture("crowdin-inline-fr.xlf"), encoding: .utf8)
            .replacingOccurrences(of: "encoding=\"UTF-8\"", with: "encoding=\"UTF-16\"")
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let url = try directory.write(data: Data([0xFF, 0xFE]) + text.data(using: .utf16LittleEndian)!, to: "fr.xlf")
        #expect(XLIFFParser(source: "fr.xlf").streamed(contentsOf: url.path, keeping: nil, chunkSize: 1 << 20) == nil)
        let table = try StringTable.load(contentsOf: url)
        #expect(table.locale == "fr-FR")
        #expect(Self.values(table)["tutorial.jump"] == "Appuie sur %@ pour <i>sauter</i>")
    }

    @Test func anUndeclaredPrefixIsASyntaxError() throws {
        let text = """
            <xliff version="1.2"><file original="a" source-language="en" target-language="de"><body>
            <trans-unit id="a"><source>x</source><target><acme:b>y</acme:b></target></trans-unit></body></file></xliff>
            """
        let error = try Self.error(reading: text)
        #expect(error?.kind == .syntax, "\(String(describing: error))")
    }

    @Test func theRootMustBeXLIFF() throws {
        let error = try #require(try Self.error(reading: "<resources>\n</resources>"))
        #expect(error.kind == .invalidValue)
        #expect(error.place == .lineColumn(line: 1, column: 1))
    }

    // MARK: - One pass

    /// Every fixture and a few edge cases, as files.
    static func samples() throws -> [(name: String, text: String)] {
        var samples: [(String, String)] = []
        for name in ["StarGame-export.xliff", "crowdin-inline-fr.xlf", "levels-ja.xlf", "de.xcloc/Localized Contents/de.xliff"] {
            samples.append((name.replacingOccurrences(of: "/", with: "-"),
                            try String(contentsOf: fixture(name), encoding: .utf8)))
        }
        samples.append(("cdata.xliff", """
            <xliff version="1.2"><file original="a" source-language="en" target-language="pl"><body>
            <trans-unit id="tag"><source><![CDATA[<b>Bold</b>]]></source><target><![CDATA[<b>Gruby</b>]]> &amp; &#x41;</target></trans-unit>
            </body></file></xliff>
            """))
        return samples
    }

    static func summary(_ parsed: ParsedStrings?) -> String {
        guard case .catalog(let catalog)? = parsed else { return "not a catalog" }
        return "\(catalog.sourceLanguage)\n" + catalog.localizations.map { localization in
            "\(localization.locale) \(localization.isSourceOnly): "
                + localization.content.entries.map { entry in
                    "\(entry.key)=\(entry.value) [\(entry.details?.note ?? "-")|\(entry.details?.plainValue ?? "-")|"
                        + "\(entry.details?.ignoredCodes ?? [])|\(String(describing: entry.details?.limit))]"
                }.joined(separator: ", ")
                + " untranslated \(localization.content.untranslatedKeys)"
        }.joined(separator: "\n")
    }

    @Test(arguments: Array(1...7) + [1 << 20])
    func oneChunkedPassReadsAsTheWholeFile(chunkSize: Int) throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        for (name, text) in try Self.samples() {
            let url = try directory.write(text, to: name)
            let parser = XLIFFParser(source: name)
            let whole = try parser.read(Data(text.utf8), keeping: nil)
            let streamed = parser.streamed(contentsOf: url.path, keeping: nil, chunkSize: chunkSize)
            #expect(streamed != nil, "\(name) was not read in one pass")
            #expect(Self.summary(streamed) == Self.summary(whole), "\(name)")
            let keeping: (String) -> Bool = { $0.hasPrefix("level.") || $0.hasPrefix("%lld") || $0 == "hud.level" }
            #expect(Self.summary(parser.streamed(contentsOf: url.path, keeping: keeping, chunkSize: chunkSize))
                        == Self.summary(try parser.read(Data(text.utf8), keeping: keeping)), "\(name) keeping some")
        }
    }

    @Test func cdataEntitiesAndCharacterReferencesAreText() throws {
        let text = try #require(try Self.samples().first { $0.name == "cdata.xliff" }).text
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let table = try StringTable.load(contentsOf: try directory.write(text, to: "tags.xliff"))
        #expect(table.locale == "pl")
        #expect(table.entries.map(\.value) == ["<b>Gruby</b> & A"])
    }

    @Test func aProblemEndsTheOnePassReadAndTheWholeReadNamesIt() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let differentTargets = Self.twoFiles(secondTarget: "fr").replacingOccurrences(of: "id=\"title\"><source>Shop",
                                                                                     with: "id=\"shop\"><source>Shop")
        for text in [Self.twoFiles(), differentTargets, "<xliff version=\"1.2\"><!DOCTYPE x></xliff>",
                     "<xliff version=\"1.2\"><file original=\"a\" source-language=\"en\"><body><trans-unit id=\"a\"><source>x</sorce></trans-unit></body></file></xliff>"] {
            let url = try directory.write(text, to: "bad.xliff")
            #expect(XLIFFParser(source: "bad.xliff").streamed(contentsOf: url.path, keeping: nil, chunkSize: 7) == nil)
        }
    }

    /// Streaming has no scan before the parse: the parser's own events must refuse what
    /// the whole read refuses, and a legacy encoding must leave it to the whole read.
    @Test func theOnePassReadRefusesWhatTheWholeReadRefuses() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        func document(_ prolog: String, _ text: String) -> Data {
            Data((prolog + "<xliff version=\"1.2\"><file original=\"a\" source-language=\"en\" target-language=\"de\"><body>"
                + "<trans-unit id=\"a\"><source>" + text + "</source><target>x</target></trans-unit></body></file></xliff>").utf8)
        }
        func write(_ bytes: Data, to name: String) throws -> URL {
            let url = directory.url.appendingPathComponent(name)
            try bytes.write(to: url)
            return url
        }
        let plain = try write(document("", "Caf\u{E9}"), to: "plain.xliff")
        #expect(XLIFFParser(source: "plain.xliff").streamed(contentsOf: plain.path, keeping: nil, chunkSize: 7) != nil)
        var latin1 = document("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>", "Caf")
        latin1.insert(0xE9, at: latin1.range(of: Data("</source>".utf8))!.lowerBound)
        let inputs = [
            ("entities.xliff", document("<!DOCTYPE xliff [<!ENTITY e \"x\">]>", "y")),
            ("instruction.xliff", document("", "y<?x?>")),
            ("latin1.xliff", latin1),
        ]
        for (name, bytes) in inputs {
            let url = try write(bytes, to: name)
            #expect(XLIFFParser(source: name).streamed(contentsOf: url.path, keeping: nil, chunkSize: 7) == nil, "\(name)")
        }
    }

    @Test func keptStringsOnlyWhileStreaming() throws {
        var options = TableReadOptions()
        options.locales = ["de"]
        let parser = XLIFFParser(source: "StarGame-export.xliff", options: options)
        let parsed = parser.streamed(contentsOf: Self.fixture("StarGame-export.xliff").path,
                                     keeping: { $0 == "menu.play" }, chunkSize: 64)
        guard case .catalog(let catalog)? = parsed else {
            Issue.record("not read in one pass")
            return
        }
        // Nobody draws English here, and it is not the fallback: its strings are not kept.
        #expect(catalog.localizations.map { $0.content.entries.count } == [0, 1])
        #expect(catalog.localizations.last?.content.untranslatedKeys == ["hud.title#other", "menu.quit", "NSCameraUsageDescription"])
    }

    /// Memory of a large file: run with `LABELGEN_LARGE_XLIFF=<path>` under
    /// `/usr/bin/time -v` to see the peak; it keeps every hundredth key.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["LABELGEN_LARGE_XLIFF"] != nil))
    func aLargeFileKeepsOnlyTheKeysAskedFor() throws {
        let path = try #require(ProcessInfo.processInfo.environment["LABELGEN_LARGE_XLIFF"])
        let tables = try StringTable.loadAll(contentsOf: URL(fileURLWithPath: path), keeping: { $0.hasSuffix("00") })
        let table = try #require(tables.first)
        #expect(!table.entries.isEmpty)
        #expect(table.entries.allSatisfy { $0.key.hasSuffix("00") })
        print("large XLIFF: \(table.entries.count) entries kept, \(table.untranslatedKeys.count) untranslated")
    }
}
