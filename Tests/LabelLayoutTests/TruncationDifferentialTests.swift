import Foundation
import LabelLayout
import StyledText
import Testing

/// Truncated labels in many scripts compared with expectations recorded when every cut
/// was laid out again from its text: the same cut, the same glyphs (ids and positions,
/// so joining forms and kerning at the cut are those of a fresh layout), the same
/// ellipsis style. They were recorded with CJK breaks between any two characters and the
/// normal kinsoku rules, as the engine then broke lines, so the labels here are laid out
/// with `"wordBreak": "normal", "lineBreak": "normal"`. `LABELGEN_RECORD_TRUNCATION=1
/// swift test --filter TruncationDifferential` writes the expectations anew (and fails, so
/// that a recording run is never taken for a passing one).
@Suite("Truncation against recorded layouts")
struct TruncationDifferentialTests {
    static let expectationsFile = packageRoot
        .appendingPathComponent("Tests/LabelLayoutTests/Corpus/truncation-expectations.json")

    /// Texts long enough to be cut in every box below, one per script or mix, with the
    /// locale they are laid out for. Markup texts are parsed, so the ellipsis takes the
    /// style of the run it replaces.
    static let texts: [(name: String, locale: String, text: String, markup: Bool)] = [
        ("latin", "en", "Defeat 50 enemies in a row without taking any damage to earn the “Untouchable” badge.", false),
        ("latin-kerning", "en", "TAVERN WAVE TOWER AVATAR YACHT VOYAGE LATTE TYPE WAVY FATAL", false),
        ("arabic", "ar", "انضم أليكس إلى اللعبة وفاز بالمرحلة الأولى مع فريقه الجديد في وضع التحدي", false),
        ("arabic-latin", "ar", "مكافأة ×2 في وضع Turbo لمدة 30 ثانية بعد أن يفوز Alex بالمرحلة", false),
        ("hebrew-mixed", "he", "אלכס הצטרף למשחק Turbo Mode וזכה ב־3 כוכבים בשלב Desert Storm", false),
        ("devanagari", "hi", "एलेक्स खेल में शामिल हुआ और पहले चरण में अपनी नई टीम के साथ जीत गया", false),
        ("thai", "th", "อเล็กซ์เข้าร่วมเกมและชนะด่านแรกพร้อมกับทีมใหม่ของเขาในโหมดท้าทาย", false),
        ("japanese", "ja", "メインメニューに戻りますか？保存されていない進行状況は失われます。", false),
        ("chinese", "zh-Hans", "返回主菜单吗？未保存的进度将会丢失，请先保存你的游戏进度。", false),
        ("emoji-zwj", "en", "Team 👨‍👩‍👧‍👦 wins 🏳️‍🌈 the 👩🏽‍🚀 cup 🧑‍🤝‍🧑 again 👍🏿 and again 🇯🇵🇫🇷", false),
        ("markup", "en", "Collect <b>every golden coin</b> in <color=#FF0000>the haunted castle</color> <i>before midnight</i> to win", true),
        ("markup-arabic", "ar", "اجمع <b>كل العملات الذهبية</b> في <i>القلعة المسكونة</i> قبل منتصف الليل", true),
    ]

    /// Cases where the cut is meant to differ from the recording: the search probes cuts
    /// in a different order, and line breaking is not monotonic (keeping one more
    /// cluster can move a break), so it may land on a longer cut that fits.
    static let intendedDifferences: [String: String] = [
        "devanagari w160 l2 middle": "a longer cut fits: एलेक्स खेल में… / साथ जीत गया instead of एलेक्स खे…जीत / गया",
    ]

    static let widths: [Double] = [90, 160, 260]
    static let lineLimits = [1, 2]
    static let modes: [TruncationMode] = [.tail, .head, .middle]

    /// What a layout must keep: its lines' text, and every glyph with its face, place,
    /// level and whether it is the ellipsis, with the ellipsis run's attributes.
    static func signature(of layout: TextLayout) -> [String: Any] {
        var glyphs: [String] = []
        for (index, line) in layout.lines.enumerated() {
            for run in line.runs {
                let placed = run.glyphs.map { "\($0.id)@\(String(format: "%.3f", $0.x)),\(String(format: "%.3f", $0.y))" }
                let ellipsis = run.isEllipsis ? " ellipsis w\(run.attributes.weight ?? 0) i\(run.attributes.italic ?? false)"
                    + " c\(run.color.map { "\($0)" } ?? "-")" : ""
                glyphs.append("\(index) \(run.face.family) L\(run.bidiLevel)\(ellipsis): \(placed.joined(separator: " "))")
            }
        }
        return ["lines": layout.lineTexts, "fontSize": layout.fontSize, "truncated": layout.isTruncated, "glyphs": glyphs]
    }

    static func layouts() throws -> [(id: String, layout: TextLayout)] {
        var result: [(String, TextLayout)] = []
        for sample in texts {
            let styled = sample.markup ? try Markup.parse(sample.text) : StyledString(sample.text)
            for width in widths {
                for maxLines in lineLimits {
                    for mode in modes {
                        let labelStyle = style(size: 24, box: Box(width: width), minSize: 24,
                                               maxLines: maxLines, truncate: mode) {
                            $0.wordBreak = .normal
                            $0.lineBreak = .normal
                        }
                        let id = "\(sample.name) w\(Int(width)) l\(maxLines) \(mode)"
                        result.append((id, try engine.layout(styled, style: labelStyle, locale: sample.locale)))
                    }
                }
            }
        }
        return result
    }

    @Test("cuts in many scripts match the recorded layouts glyph for glyph")
    func matchesRecordedLayouts() throws {
        let layouts = try Self.layouts()
        var actual: [String: Any] = [:]
        for (id, layout) in layouts { actual[id] = Self.signature(of: layout) }
        if ProcessInfo.processInfo.environment["LABELGEN_RECORD_TRUNCATION"] == "1" {
            let data = try JSONSerialization.data(withJSONObject: actual, options: [.sortedKeys, .prettyPrinted])
            try data.write(to: Self.expectationsFile)
            Issue.record("recorded \(actual.count) expectations to \(Self.expectationsFile.path); run again without the variable")
            return
        }
        let data = try Data(contentsOf: Self.expectationsFile)
        let expected = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(expected.keys) == Set(actual.keys))
        // Most cases must be cut; a sample that fits its box would test nothing.
        #expect(layouts.filter { $0.layout.isTruncated }.count >= layouts.count * 9 / 10)
        for (id, layout) in layouts {
            let want = try #require(expected[id] as? NSDictionary, "no expectation for \(id)")
            let got = Self.signature(of: layout) as NSDictionary
            if Self.intendedDifferences[id] != nil {
                // Still cut, still within the lines, and keeping more of the text.
                let recorded = try #require(want["lines"] as? [String])
                #expect(layout.isTruncated && layout.lines.count <= 2)
                #expect(layout.lineTexts.joined().unicodeScalars.count > recorded.joined().unicodeScalars.count,
                        "\(id): \(layout.lineTexts)")
                continue
            }
            #expect(got == want, "\(id): \(layout.lineTexts) expected \(want["lines"] ?? "?")")
        }
    }
}

@Suite("Truncation checks the cut it chose")
struct TruncationInkTests {
    /// A slanted capital's ink reaches past its advance, which the search for the cut
    /// does not see; the laid-out cut is checked and a shorter one taken.
    @Test("a cut whose ink reaches past its advances is shortened until the ink fits")
    func slantedInkFits() throws {
        let width = 151.0
        for mode in [TruncationMode.head, .middle] {
            for count in 20...34 {
                let text = String(repeating: "IHMNHIMN", count: 4).prefix(count) + " END"
                let labelStyle = style(size: 24, box: Box(width: width), minSize: 24, maxLines: 1, truncate: mode) {
                    $0.font.italic = true
                }
                let layout = try engine.layout(String(text), style: labelStyle, locale: "en")
                #expect(layout.isTruncated)
                for line in layout.lines {
                    let boxes = line.runs.flatMap { run in
                        run.glyphs.compactMap { glyph in
                            run.inkBox(glyph.id).map { (glyph.x + $0.minX * run.fontSize, glyph.x + $0.maxX * run.fontSize) }
                        }
                    }
                    let ink = (boxes.map(\.1).max() ?? 0) - (boxes.map(\.0).min() ?? 0)
                    // One pixel is kept clear on either side of the ink (Fitter.inkMargin).
                    #expect(ink <= width - 2 + 1e-6, "\(mode) \(count): \(line.text) ink \(ink)")
                }
            }
        }
    }
}

@Suite("Truncation reuses the label's shaping only where the cut cannot change it")
struct TruncationReuseTests {
    /// The glyphs of a layout's first line: ids and pen positions.
    static func glyphs(_ layout: TextLayout) -> [String] {
        layout.lines[0].runs.flatMap { run in run.glyphs.map { "\($0.id)@\(String(format: "%.3f", $0.x))" } }
    }

    /// A plain word and bold text join (the last letter of one to the first of the other),
    /// HarfBuzz seeing the other as context. Where the cut comes within a few letters of
    /// that join, or of letters joined to what was cut, glyphs must be shaped again;
    /// the cut text laid out afresh says what they must be.
    @Test("glyphs whose context the cut changed are shaped again: Arabic joining, cut at the end or start",
          arguments: [TruncationMode.tail, .head])
    func contextChangedByCut(mode: TruncationMode) throws {
        let plain = "مكتب", bold = "كتابكتابكتابكتاب"
        let source = mode == .tail ? "\(plain)<b>\(bold)</b>" : "<b>\(bold)</b>\(plain)"
        var compared = 0
        for width in stride(from: 60.0, through: 200, by: 2) {
            let cutStyle = style(size: 24, box: Box(width: width), minSize: 24, maxLines: 1, truncate: mode)
            let layout = try engine.layout(try Markup.parse(source), style: cutStyle, locale: "ar")
            guard layout.isTruncated, let line = layout.lineTexts.first else { continue }
            // The cut text as a text of its own: the plain word, the kept bold letters
            // and the ellipsis, bold like the text it stands for.
            let cut: String
            if mode == .tail {
                guard line.hasPrefix(plain) else { continue }
                cut = "\(plain)<b>\(line.dropFirst(plain.count).dropLast())…</b>"
            } else {
                guard line.hasSuffix(plain) else { continue }
                cut = "<b>…\(line.dropFirst().dropLast(plain.count))</b>\(plain)"
            }
            let fresh = try engine.layout(try Markup.parse(cut), style: style(size: 24, box: Box(width: width + 50), maxLines: 1),
                                          locale: "ar")
            #expect(fresh.lineTexts == [line])
            #expect(Self.glyphs(layout).map { $0.split(separator: "@")[0] } == Self.glyphs(fresh).map { $0.split(separator: "@")[0] },
                    "width \(width): \(line)")
            compared += 1
        }
        #expect(compared >= 5)
    }
}
