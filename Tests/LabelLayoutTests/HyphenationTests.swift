import Foundation
import LabelLayout
import StyledText
import Testing

/// Dictionary hyphenation (`"hyphenate": true`) with the bundled libhyphen dictionaries,
/// on long compounds in a narrow box: they break at a dictionary point, with the face's
/// hyphen, at a larger size than shrinking alone reaches.
@Suite("Hyphenation")
struct HyphenationTests {
    /// A compound, its locale, and where libhyphen's dictionary allows hyphens ("=").
    struct Compound: CustomTestStringConvertible, Sendable {
        var hyphenated: String
        var locale: String
        var word: String { hyphenated.replacingOccurrences(of: "=", with: "") }
        /// Scalar offsets where the dictionary allows a break.
        var points: Set<Int> {
            var points = Set<Int>()
            var offset = 0
            for scalar in hyphenated.unicodeScalars {
                if scalar == "=" { points.insert(offset) } else { offset += 1 }
            }
            return points
        }
        var testDescription: String { "\(locale): \(word)" }
    }

    // The points are libhyphen's for these dictionaries (hyphenmins 2/3, Finnish's own 2/2).
    static let compounds = [
        Compound(hyphenated: "Do=nau=dampf=schiff=fahrts=ge=sell=schafts=ka=pi=tän", locale: "de"),
        Compound(hyphenated: "Rechts=schutz=ver=si=che=rungs=ge=sell=schaf=ten", locale: "de"),
        Compound(hyphenated: "ar=beids=on=ge=schikt=heids=ver=ze=ke=ring", locale: "nl"),
        Compound(hyphenated: "jär=jes=tel=män=val=vo=ja=oi=keu=det", locale: "fi"),
        Compound(hyphenated: "len=to=ko=ne=suih=ku=tur=bii=ni=moot=to=ria=pu=me=kaa=nik=koa=liup=see=riop=pi=las",
                 locale: "fi"),
    ]

    static let box = Box(width: 220)

    static func compoundStyle(hyphenate: Bool) -> LabelStyle {
        style(size: 40, box: box, minSize: 8, maxLines: 2) { $0.hyphenate = hyphenate }
    }

    static func hyphenID(size: Double) throws -> (id: UInt32, advance: Double) {
        let layout = try engine.layout("\u{2010}", style: style(size: size), locale: "de")
        return (layout.lines[0].runs[0].glyphs[0].id, layout.lines[0].width)
    }

    @Test("a long compound breaks at a dictionary point, ends the line with a hyphen, at a larger size",
          arguments: compounds)
    func compoundHyphenates(_ compound: Compound) throws {
        let on = try engine.layout(compound.word, style: Self.compoundStyle(hyphenate: true), locale: compound.locale)
        let off = try engine.layout(compound.word, style: Self.compoundStyle(hyphenate: false), locale: compound.locale)
        #expect(on.lines.count == 2, "\(on.lineTexts)")
        #expect(on.fitOutcome != .truncated && !on.brokeWord)
        #expect(on.fontSize > off.fontSize * 1.5, "hyphenated at \(on.fontSize) px, shrunk to \(off.fontSize) px")

        let hyphen = try Self.hyphenID(size: on.fontSize)
        var consumed = 0
        for (index, line) in on.lines.enumerated() {
            consumed += line.text.unicodeScalars.count
            let last = line.runs.flatMap(\.glyphs).last
            if index < on.lines.count - 1 {
                #expect(compound.points.contains(consumed), "line \(index) \"\(line.text)\" does not end at a dictionary point")
                #expect(last?.id == hyphen.id, "line \(index) \"\(line.text)\" does not end with a hyphen")
                // The hyphen is measured: its advance ends inside the box, and inside the line's width.
                if let last {
                    #expect(last.x + hyphen.advance <= on.textRect.maxX + 1e-6)
                    #expect(last.x + hyphen.advance <= line.x + line.width + 1e-6)
                }
            } else {
                #expect(last?.id != hyphen.id)
            }
        }
        #expect(on.inkBounds.maxX <= on.bounds.maxX && on.inkBounds.minX >= on.bounds.minX)
        // Without the field the word is shrunk onto one line, or split between letters at
        // the minimum size, and never shows a hyphen.
        #expect(off.lines.count == 1 || (off.brokeWord && off.fontSize == 8), "\(off.lineTexts)")
        #expect(!off.lines.flatMap(\.runs).flatMap(\.glyphs).contains { $0.id == hyphen.id })
    }

    @Test("every line that ends inside a word shows its hyphen, also where the shaper marks the break unsafe",
          arguments: ["de", "nl", "fi"])
    func everyBreakShowsItsHyphen(_ locale: String) throws {
        let words = [
            "de": ["Verkehrsverwaltungsvorschriften", "Kraftfahrzeughaftpflichtversicherung", "Tatortreiniger",
                   "Wolkenkratzerfensterputzer", "Straßenverkehrsordnung", "Vogelwartevereinsvorsitzender"],
            "nl": ["verkeersveiligheidsvoorschriften", "kwartaalvoorwaarden", "tweeverdienersvoordeel"],
            "fi": ["työvoimaviranomainen", "kaupunkiympäristölautakunta", "ravintolavaunuvuorovastaava"],
        ][locale]!
        var hyphenatedLines = 0
        for word in words {
            for width in stride(from: 120.0, through: 260, by: 20) {
                let layout = try engine.layout(word, style: style(size: 40, box: Box(width: width), minSize: 12, maxLines: 3) {
                    $0.hyphenate = true
                }, locale: locale)
                guard !layout.brokeWord else { continue }
                let hyphen = try Self.hyphenID(size: layout.fontSize)
                for line in layout.lines.dropLast() {
                    #expect(line.runs.flatMap(\.glyphs).last?.id == hyphen.id, "\(word) at \(width): \(layout.lineTexts)")
                    hyphenatedLines += 1
                }
            }
        }
        // Most of these words break somewhere at most of these widths: the check above
        // must have had lines to look at.
        #expect(hyphenatedLines >= words.count * 3, "only \(hyphenatedLines) hyphenated lines")
    }

    @Test("a letter with a combining mark hyphenates as its precomposed form does")
    func decomposedLetters() throws {
        let composed = "järjestelmänvalvojaoikeudet"
        let decomposed = composed.decomposedStringWithCanonicalMapping
        #expect(decomposed.unicodeScalars.count > composed.unicodeScalars.count)
        let a = try engine.layout(composed, style: Self.compoundStyle(hyphenate: true), locale: "fi")
        let b = try engine.layout(decomposed, style: Self.compoundStyle(hyphenate: true), locale: "fi")
        #expect(a.lines.count == 2)
        #expect(a.lineTexts.map { $0.precomposedStringWithCanonicalMapping } == b.lineTexts.map { $0.precomposedStringWithCanonicalMapping })
        #expect(abs(a.fontSize - b.fontSize) < 0.5)
    }

    /// Labels the field must leave exactly as they were: short words, scripts and
    /// languages without a dictionary, and words that are no words (addresses, codes).
    static let unchanged: [(text: String, locale: String, box: Double)] = [
        ("Neues Spiel", "de", 220),
        ("Punktestand: 12 345", "de", 220),
        ("Nieuw spel starten", "nl", 150),
        ("Aloita uusi peli", "fi", 150),
        ("Continue where you left off", "en", 150),
        ("ابدأ لعبة جديدة الآن", "ar", 150),
        ("新しいゲームを始めましょう", "ja", 150),
        ("https://example.com/Rechtsschutzversicherungsgesellschaften", "de", 220),
        ("RECHTSSCHUTZVERSICHERUNGSGESELLSCHAFTEN", "de", 220),
        ("Donau\u{AD}dampfschifffahrtsgesellschaftskapitän", "de", 220),
        ("{spieler} Rechtsschutzversicherungsgesellschaften2", "de", 220),
    ]

    @Test("labels without hyphenatable long words lay out the same with and without the field",
          arguments: 0..<unchanged.count)
    func unchangedLabels(_ index: Int) throws {
        let (text, locale, width) = Self.unchanged[index]
        let make = { (hyphenate: Bool) in
            style(size: 40, box: Box(width: width), minSize: 8, maxLines: 2) { $0.hyphenate = hyphenate }
        }
        let on = try engine.layout(text, style: make(true), locale: locale)
        let off = try engine.layout(text, style: make(false), locale: locale)
        #expect(on.lines == off.lines, "\(on.lineTexts) vs \(off.lineTexts)")
        #expect(on.fontSize == off.fontSize && on.fitAttempts == off.fitAttempts && on.fitOutcome == off.fitOutcome)
    }

    @Test("a sentence hyphenates only its long word, at the size whole words would have to shrink from")
    func sentence() throws {
        let text = "Die Rechtsschutzversicherungsgesellschaften zahlen"
        let wide = style(size: 24, box: Box(width: 900), minSize: 8, maxLines: 2) { $0.hyphenate = true }
        let fits = try engine.layout(text, style: wide, locale: "de")
        #expect(fits.lines.count == 1 && fits.fontSize == 24)
        let narrow = style(size: 24, box: Box(width: 260), minSize: 8, maxLines: 3) { $0.hyphenate = true }
        let layout = try engine.layout(text, style: narrow, locale: "de")
        let off = try engine.layout(text, style: style(size: 24, box: Box(width: 260), minSize: 8, maxLines: 3), locale: "de")
        #expect(layout.fontSize == 24 && off.fontSize < 20, "\(layout.fontSize) vs \(off.fontSize)")
        let hyphen = try Self.hyphenID(size: layout.fontSize)
        let word = Compound(hyphenated: "Rechts=schutz=ver=si=che=rungs=ge=sell=schaf=ten", locale: "de")
        var consumed = 0
        for line in layout.lines.dropLast() {
            consumed += line.text.unicodeScalars.count
            #expect(line.runs.flatMap(\.glyphs).last?.id == hyphen.id, "\(layout.lineTexts)")
            #expect(word.points.contains(consumed - "Die ".count), "\(layout.lineTexts)")
        }
        #expect(layout.lines.count > 1 && layout.lineTexts.first?.hasPrefix("Die R") == true, "\(layout.lineTexts)")
        #expect(layout.lineTexts.last?.hasSuffix(" zahlen") == true, "\(layout.lineTexts)")
    }

    @Test("the engine hyphenates the same from many threads at once")
    func concurrent() async throws {
        let expected = try engine.layout(Self.compounds[0].word, style: Self.compoundStyle(hyphenate: true), locale: "de")
        let fresh = LayoutEngine(fonts: FontSources(
            bundledDirectories: [packageRoot.appendingPathComponent("Fonts").path], useHostFonts: false))
        try await withThrowingTaskGroup(of: TextLayout.self) { group in
            for _ in 0..<16 {
                group.addTask {
                    try fresh.layout(Self.compounds[0].word, style: Self.compoundStyle(hyphenate: true), locale: "de")
                }
            }
            for try await layout in group {
                #expect(layout.lines == expected.lines && layout.fontSize == expected.fontSize)
            }
        }
    }
}
