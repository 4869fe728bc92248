import Foundation
import LabelLayout
import LabelFonts
import StringTables
import StyledText
import Testing

/// Labels are right in every language with the bundled fonts alone: every character of
/// the CJK corpora and the demo tables has a glyph, tall scripts get Latin's size in a
/// box, and nothing is taken from the host.
@Suite("Language coverage")
struct LanguageCoverageTests {
    static let corpusFolder = packageRoot.appendingPathComponent("Tests/LabelLayoutTests/Corpus")

    /// The lines of a corpus file, comments and blank lines left out.
    static func corpus(_ locale: String) throws -> [String] {
        let text = try String(contentsOf: corpusFolder.appendingPathComponent("\(locale).txt"), encoding: .utf8)
        return text.split(separator: "\n").map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    @Test("every string of the CJK corpora draws with bundled glyphs only", arguments: ["ja", "zh-Hans", "zh-Hant", "zh-HK", "ko"])
    func corpusHasNoMissingGlyph(locale: String) throws {
        let lines = try Self.corpus(locale)
        // Several hundred strings per locale: hand-written UI text and a sweep over every
        // character the fonts promise for it.
        #expect(lines.count >= 300, "\(locale): only \(lines.count) strings")
        var plain = style(size: 24)
        plain.markup = false
        var missing: [String: [String]] = [:]
        for line in lines {
            let layout = try engine.layout(line, style: plain, locale: locale)
            for scalar in layout.missingCharacters {
                missing[String(format: "U+%04X %@", scalar.value, String(scalar)), default: []].append(line)
            }
        }
        #expect(missing.isEmpty, "\(locale): \(missing.count) characters without a glyph: \(missing.keys.sorted().prefix(40))")
    }

    @Test("every demo string draws with bundled glyphs only")
    func demoTablesHaveNoMissingGlyph() throws {
        let folder = packageRoot.appendingPathComponent("Localizations/strings")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
        #expect(files.count >= 13)
        let demoEngine = LayoutEngine(fonts: FontSources(
            bundledDirectories: [packageRoot.appendingPathComponent("Fonts").path]), imageDirectories: [folder.path])
        for file in files {
            let table = try StringTable.load(contentsOf: folder.appendingPathComponent(file))
            #expect(!table.entries.isEmpty, "\(file) has no strings")
            for entry in table.entries {
                let layout = try demoEngine.layout(entry.value, style: style(size: 24), locale: table.locale)
                #expect(layout.missingCharacters.isEmpty, "\(table.locale) \(entry.key): \(layout.missingCharacters)")
            }
        }
    }

    @Test("region-specific CJK family names find the one multi-region face")
    func regionalFamiliesResolve() throws {
        for family in ["Noto Sans CJK JP", "Noto Sans CJK SC", "Noto Sans CJK TC", "Noto Sans CJK HK", "Noto Sans CJK KR"] {
            let layout = try engine.layout("直骨写", style: style(family: family), locale: "en")
            #expect(layout.primaryFace.path.hasSuffix("NotoSansCJK-Regular-Subset.otf"), "\(family): \(layout.primaryFace.path)")
        }
    }

    @Test("the label's language picks the regional glyph forms")
    func regionalForms() throws {
        func glyphs(_ locale: String) throws -> [UInt32] {
            try engine.layout("直骨写", style: style(family: "Noto Sans CJK SC"), locale: locale)
                .lines[0].runs.flatMap { $0.glyphs.map(\.id) }
        }
        let japanese = try glyphs("ja"), simplified = try glyphs("zh-Hans")
        let traditional = try glyphs("zh-Hant"), hongKong = try glyphs("zh-HK")
        #expect(japanese != simplified)
        #expect(simplified != traditional)
        #expect(traditional != hongKong)
        #expect(japanese != traditional)
    }

    @Test("symbols UI text uses have a bundled glyph")
    func symbols() throws {
        let text = "≥ ≤ ≠ ± × ÷ → ← ⇒ € £ ¥ ₩ ₹ ★ ☆ ♥ ♡ ✓ ✔ ✗ ☐ ☑ ∞ √ ° ‰ №"
        for locale in ["pt", "en", "ja", "ar"] {
            let layout = try engine.layout(text, style: style(size: 24), locale: locale)
            #expect(layout.missingCharacters.isEmpty, "\(locale): \(layout.missingCharacters)")
        }
    }
}

/// Tall-metric scripts are sized like Latin in the same box.
@Suite("Script-fair sizes")
struct ScriptFairSizeTests {
    /// Button and HUD words of the demo and their translations, each short enough to fit
    /// the demo's boxes by width at the full size.
    static let words: [(locale: String, text: String)] = [
        ("ar", "العب"), ("ar", "متابعة"), ("ar", "الإعدادات"), ("ar", "النتيجة"), ("ar", "المستوى ٣"),
        ("th", "เล่น"), ("th", "เล่นต่อ"), ("th", "ตั้งค่า"), ("th", "คะแนน"), ("th", "ด่าน 3"),
        ("hi", "खेलें"), ("hi", "जारी रखें"), ("hi", "सेटिंग्स"), ("hi", "स्कोर"), ("hi", "स्तर 3"),
    ]

    static func demoStyle(_ name: String, locale: String) throws -> LabelStyle {
        let sheet = try StyleSheet(contentsOf: packageRoot.appendingPathComponent("Localizations/styles/\(name).json"))
        return try sheet.style(forKey: name == "button" ? "menu.play" : "hud.score", locale: locale)
    }

    @Test("Arabic, Thai and Hindi words that fit by width get at least 90% of Latin's size", arguments: ["button", "score"])
    func tallScriptsKeepTheirSize(styleName: String) throws {
        let latin = try engine.layout("Play", style: Self.demoStyle(styleName, locale: "en"), locale: "en")
        #expect(latin.fontSize == latin.requestedFontSize)
        for (locale, word) in Self.words {
            let style = try Self.demoStyle(styleName, locale: locale)
            let layout = try engine.layout(word, style: style, locale: locale)
            // Only words that fit the box's width at the full size are judged.
            var unboxed = style
            unboxed.box = nil
            let natural = try engine.layout(word, style: unboxed, locale: locale)
            guard natural.bounds.width <= style.box!.width else { continue }
            #expect(layout.fontSize >= 0.9 * latin.fontSize,
                    "\(styleName) \(locale) \"\(word)\": \(layout.fontSize) px against Latin's \(latin.fontSize)")
        }
    }

    @Test("the fonts' own tall metrics are still there on request, and shrink Arabic")
    func tallMetricsOnRequest() throws {
        var style = try Self.demoStyle("button", locale: "ar")
        let compact = try engine.layout("العب", style: style, locale: "ar")
        style.font.metrics = .tall
        let tall = try engine.layout("العب", style: style, locale: "ar")
        #expect(compact.primaryFace.family == "Noto Sans Arabic UI")
        #expect(tall.primaryFace.family == "Noto Sans Arabic")
        #expect(tall.fontSize < 0.9 * compact.fontSize)
    }

    @Test("marks that rise above a compact line stay inside the box")
    func stackedMarksStayInside() throws {
        // Vietnamese capitals with two marks and Arabic with stacked harakat reach above
        // the ascender; a box only as high as the line must still hold their ink.
        for (locale, text) in [("vi", "ẤỀỂỄ"), ("ar", "بُِّـ شَّ"), ("th", "ปั้ปิ่ป๊")] {
            let layout = try engine.layout(text, style: style(size: 40, box: Box(width: 400, height: 56), minSize: 10), locale: locale)
            #expect(layout.inkBounds.minY >= 1 - 1e-9, "\(locale): ink top \(layout.inkBounds.minY)")
            #expect(layout.inkBounds.maxY <= 55 + 1e-9, "\(locale): ink bottom \(layout.inkBounds.maxY)")
        }
    }
}

/// Where fonts come from when nobody says.
@Suite("Default font sources")
struct DefaultFontSourceTests {
    @Test("LayoutEngine() uses the bundled fonts shipped as package resources, and never the host's")
    func defaultEngineUsesBundle() throws {
        let sources = FontSources()
        #expect(!sources.useHostFonts)
        let folder = try #require(BundledFonts.directory)
        if ProcessInfo.processInfo.environment["LABELGEN_FONTS"] == nil {
            #expect(sources.bundledDirectories == [folder])
        }
        let layout = try LayoutEngine().layout("Play مرحبا 日本語 한국어 ★", style: style(), locale: "en")
        let used = layout.lines.flatMap { $0.runs.map(\.face.path) }
        #expect(!used.isEmpty)
        for path in used {
            #expect(sources.bundledDirectories.contains { path.hasPrefix($0) }, "\(path) is not a bundled font")
        }
    }

    @Test("the resource bundle holds every font file of Fonts/")
    func bundleMatchesFolder() throws {
        let folder = try #require(BundledFonts.directory)
        func fonts(_ path: String) throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: path)
                .filter { $0.hasSuffix(".ttf") || $0.hasSuffix(".otf") }.sorted()
        }
        let source = try fonts(packageRoot.appendingPathComponent("Fonts").path)
        #expect(try fonts(folder) == source)
        #expect(FileManager.default.fileExists(atPath: URL(fileURLWithPath: folder).appendingPathComponent("LICENSE-OFL.txt").path))
    }

    @Test("a missing font folder is an error naming it, not a switch to other fonts")
    func missingFolder() throws {
        let missing = LayoutEngine(fonts: FontSources(bundledDirectories: ["/nonexistent/Fonts"]))
        #expect(throws: LayoutError.bundledFontsMissing(searched: ["/nonexistent/Fonts"])) {
            try missing.layout("Play", style: style(), locale: "en")
        }
        let none = LayoutEngine(fonts: FontSources(bundledDirectories: []))
        do {
            _ = try none.layout("Play", style: style(), locale: "en")
            Issue.record("laid out with no fonts at all")
        } catch {
            #expect(error.description.contains("bundled fonts are missing"))
        }
    }
}
