import Foundation
@testable import LabelLayout
import StyledText
import Testing

/// Kinsoku, phrases and the choice of breaks, on fixtures from JLREQ (Requirements for
/// Japanese Text Layout) and the CSS Text 4 examples of `text-wrap`, `word-break` and
/// `line-break`. Each fixture is laid out across a sweep of box widths, so a rule is held
/// wherever the text could break, not at one width picked to pass.
@Suite("Line breaking: kinsoku, phrases, balance and pretty")
struct LineBreakingTests {
    /// Box widths from narrow to wide, px at 20 px text.
    static let widths = Array(stride(from: 44.0, through: 420, by: 8))

    /// The lines' texts (trailing spaces dropped, as drawn).
    static func lines(_ text: String, width: Double, locale: String, size: Double = 20,
                      _ configure: (inout LabelStyle) -> Void = { _ in }) throws -> [String] {
        try laidOut(text, width: width, locale: locale, size: size, configure).lines.map(\.text)
    }

    static func laidOut(_ text: String, width: Double, locale: String, size: Double = 20,
                        _ configure: (inout LabelStyle) -> Void = { _ in }) throws -> TextLayout {
        let family = ["ja": "Noto Sans CJK JP", "zh-Hans": "Noto Sans CJK SC", "ko": "Noto Sans CJK KR"][locale]
        let style = style(size: size, family: family, box: Box(width: width)) { style in
            style.wrapStyle = .greedy
            configure(&style)
        }
        return try engine.layout(text, style: style, locale: locale)
    }

    // MARK: - Kinsoku (JLREQ 3.1.7, 3.1.8)

    /// Small kana, the prolonged sound mark and iteration marks: JLREQ's cl-11 and the
    /// marks that strict line breaking keeps from a line's start.
    static let strictOnlyStarts: Set<Character> = Set("ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿーゝゞヽヾ々〻")
    /// Closing brackets and full stops (cl-02, cl-06, cl-07): never at a line's start.
    static let neverStarts: Set<Character> = Set("、。，．）」』】〕〉》！？：；")
    /// Opening brackets (cl-01): never at a line's end.
    static let neverEnds: Set<Character> = Set("（「『【〔〈《")

    static let kinsokuText = "プレイヤー1さん、アリーナへようこそ。「ちょっと待って」と言ったが、ジェットコースターはもう動き出していた。"

    @Test("strict kinsoku: no small kana, prolonged sound mark or iteration mark starts a line")
    func strictKinsoku() throws {
        for width in Self.widths {
            let layout = try Self.laidOut(Self.kinsokuText, width: width, locale: "ja") { $0.wordBreak = .normal }
            // Narrower than an unbreakable stretch, a line breaks between any characters.
            guard !layout.brokeWord else { continue }
            let lines = layout.lines.map(\.text)
            for line in lines.dropFirst() {
                let first = try #require(line.first)
                #expect(!Self.strictOnlyStarts.contains(first), "\(width) px: \(lines)")
                #expect(!Self.neverStarts.contains(first), "\(width) px: \(lines)")
            }
            for line in lines.dropLast() {
                #expect(!Self.neverEnds.contains(try #require(line.last)), "\(width) px: \(lines)")
            }
        }
    }

    @Test("normal kinsoku lets small kana and the prolonged sound mark start a line, never a full stop")
    func normalKinsoku() throws {
        var startsWithSmall = 0
        for width in Self.widths {
            let lines = try Self.lines(Self.kinsokuText, width: width, locale: "ja") {
                $0.wordBreak = .normal
                $0.lineBreak = .normal
            }
            for line in lines.dropFirst() {
                let first = try #require(line.first)
                #expect(!Self.neverStarts.contains(first), "\(width) px: \(lines)")
                if Self.strictOnlyStarts.contains(first) { startsWithSmall += 1 }
            }
        }
        // The setting reaches ICU: somewhere in the sweep a line starts as strict forbids.
        #expect(startsWithSmall > 0)
    }

    @Test("the style's strictness applies in every locale, as CSS line-break does")
    func strictnessInOtherLocales() throws {
        var normalStarts = 0
        for width in Self.widths {
            let layout = try Self.laidOut(Self.kinsokuText, width: width, locale: "en") { $0.wordBreak = .normal }
            let strict = layout.lines.map(\.text)
            if !layout.brokeWord {
                #expect(!strict.dropFirst().contains { Self.strictOnlyStarts.contains($0.first!) }, "\(width) px: \(strict)")
            }
            let normal = try Self.lines(Self.kinsokuText, width: width, locale: "en") {
                $0.wordBreak = .normal
                $0.lineBreak = .normal
            }
            normalStarts += normal.dropFirst().filter { Self.strictOnlyStarts.contains($0.first!) }.count
        }
        #expect(normalStarts > 0)
    }

    // MARK: - Phrases

    /// Every break of `layout` falls at one of `boundaries` (offsets in scalars).
    static func breaksFall(_ layout: TextLayout, at boundaries: Set<Int>) -> Bool {
        layout.lines.dropLast().allSatisfy { boundaries.contains($0.range.upperBound) }
    }

    /// Phrase (bunsetsu) boundaries by hand, as a Japanese typesetter would mark them.
    /// A name and its number are one phrase with their honorific ("Player 1-san,").
    /// A te-form and its auxiliary are one phrase too (降って|くる is not a break).
    static let japanesePhrases = ["プレイヤー1さん、", "アリーナへ", "ようこそ。", "製鋼所から", "火の粉が", "村の", "上に",
                                  "降ってくる"]
    static let chineseWords = ["我们", "的", "村庄", "被", "攻击", "了，", "请", "保护", "村民。"]
    static let koreanWords = ["게임을 ", "저장하시겠습니까? ", "저장하지 ", "않은 ", "진행 ", "상황은 ", "사라집니다."]

    static func boundaries(_ pieces: [String]) -> Set<Int> {
        var result = Set<Int>()
        var offset = 0
        for piece in pieces { offset += piece.unicodeScalars.count; result.insert(offset) }
        return result
    }

    @Test("Japanese keeps phrases whole, Chinese its words, Korean its words (keep-all)",
          arguments: [("ja", LineBreakingTests.japanesePhrases), ("zh-Hans", LineBreakingTests.chineseWords),
                      ("ko", LineBreakingTests.koreanWords)])
    func phrasesStayWhole(_ locale: String, _ pieces: [String]) throws {
        let text = pieces.joined()
        var brokeInside = 0
        for width in Self.widths {
            let phrase = try Self.laidOut(text, width: width, locale: locale)
            // A phrase wider than the box may break inside it; measure which are (with a
            // few pixels to spare: the ink of a line's last glyph can narrow it).
            let fits = try pieces.allSatisfy { piece in
                try Self.lines(piece.trimmingCharacters(in: .whitespaces), width: width - 4, locale: locale).count == 1
            }
            if fits {
                #expect(Self.breaksFall(phrase, at: Self.boundaries(pieces)), "\(width) px: \(phrase.lines.map(\.text))")
            }
            let normal = try Self.laidOut(text, width: width, locale: locale) { $0.wordBreak = .normal }
            if !Self.breaksFall(normal, at: Self.boundaries(pieces)) { brokeInside += 1 }
        }
        // Control: breaking between any characters does split phrases in the same sweep.
        #expect(brokeInside > 0)
    }

    @Test("a phrase wider than the line still breaks inside it, by the kinsoku rules, at the same size")
    func longPhraseBreaksInside() throws {
        // "ジェットコースター" is one word, wider than 120 px at 20 px.
        let text = "ジェットコースターに乗る"
        let lines = try Self.lines(text, width: 120, locale: "ja")
        #expect(lines.count >= 2)
        #expect(lines.joined() == text)
        for line in lines.dropFirst() { #expect(!Self.strictOnlyStarts.contains(line.first!), "\(lines)") }
        let layout = try engine.layout(text, style: style(size: 20, family: "Noto Sans CJK JP", box: Box(width: 120)),
                                       locale: "ja")
        #expect(layout.fontSize == 20)
        #expect(!layout.brokeWord)
    }

    @Test("the greeting of the issue: phrases, and no line starts with the prolonged sound mark")
    func greeting() throws {
        let text = "プレイヤー1さん、アリーナへようこそ"
        let lines = try Self.lines(text, width: 260, locale: "ja", size: 26)
        #expect(lines == ["プレイヤー1さん、", "アリーナへようこそ"])
    }

    // MARK: - Balance and pretty (CSS Text 4, text-wrap)

    static func widths(_ layout: TextLayout) -> [Double] { layout.lines.map(\.width) }

    @Test("balance: the lines greedy needs, none wider than greedy's widest, the shortest longer")
    func balance() throws {
        // CSS Text 4's example of a centred heading whose last line is one word.
        let text = "A stranger arrives in the night"
        var improved = 0
        for width in Self.widths where width >= 120 {
            var greedyStyle = style(size: 20, box: Box(width: width), align: .center) { $0.wrapStyle = .greedy }
            let greedy = try engine.layout(text, style: greedyStyle, locale: "en")
            greedyStyle.wrapStyle = nil
            let balanced = try engine.layout(text, style: greedyStyle, locale: "en")
            #expect(balanced.lines.count == greedy.lines.count)
            #expect(balanced.fontSize == greedy.fontSize)
            #expect(Self.widths(balanced).max()! <= Self.widths(greedy).max()! + 1e-9)
            #expect(Self.widths(balanced).min()! >= Self.widths(greedy).min()! - 1e-9, "\(width): \(balanced.lines.map(\.text))")
            if Self.widths(balanced).min()! > Self.widths(greedy).min()! + 1 { improved += 1 }
        }
        #expect(improved > 0)
    }

    @Test("pretty: no one-word last line where moving a break avoids it")
    func pretty() throws {
        let text = "Choose one slot to save to"
        var avoided = 0
        for width in Self.widths where width >= 100 {
            let greedy = try Self.lines(text, width: width, locale: "en")
            let pretty = try Self.lines(text, width: width, locale: "en") { $0.wrapStyle = .pretty }
            #expect(pretty.count == greedy.count)
            if greedy.count > 1 && greedy.last == "to" {
                #expect(pretty.last != "to", "\(width) px: \(pretty)")
                avoided += 1
            }
        }
        #expect(avoided > 0)
    }

    /// In a box a few characters wide a lone character is not short next to the longest
    /// line, so raggedness does not weigh against it: only the orphan rule moves the break.
    @Test("balance and pretty: no lone CJK character on the last line where another set of breaks fits",
          arguments: [WrapStyle.balance, .pretty])
    func loneCharacter(_ wrapStyle: WrapStyle) throws {
        let texts = [("ja", "Noto Sans CJK JP", "セーブしますか？"), ("ja", "Noto Sans CJK JP", "ゲームを終了しますか"),
                     ("ja", "Noto Sans CJK JP", "新しい武器を手に入れた"), ("zh-Hans", "Noto Sans CJK SC", "是否保存游戏"),
                     ("zh-Hans", "Noto Sans CJK SC", "你获得了一把新剑")]
        var orphanedByGreedy = 0, avoided = 0
        for (locale, family, text) in texts {
            for width in stride(from: 40.0, through: 160, by: 4) {
                var labelStyle = style(size: 20, family: family, box: Box(width: width), align: .center) {
                    $0.wrapStyle = .greedy
                    $0.maxLines = 0
                }
                let greedy = try TypesettingPropertyTests.Fitted(text, style: labelStyle, locale: locale)
                guard greedy.isOrphan(greedy.fitted.lines), !greedy.fitted.brokeWord else { continue }
                orphanedByGreedy += 1
                labelStyle.wrapStyle = wrapStyle
                let chosen = try TypesettingPropertyTests.Fitted(text, style: labelStyle, locale: locale)
                let lines = chosen.fitted.lines
                if chosen.isOrphan(lines) {
                    // Where greedy broke inside a phrase, the breaks inside phrases are candidates.
                    let inside = Set(greedy.fitted.prepared.opportunities.inside)
                    let greedyBrokeInside = greedy.fitted.lines.dropLast().contains { inside.contains($0.upperBound) }
                    let alternatives = try #require(chosen.alternatives(count: lines.count, insidePhrases: greedyBrokeInside))
                    let avoidable = alternatives.first { !chosen.isOrphan($0) }
                    #expect(avoidable == nil, "\(locale) \(wrapStyle) at \(width) px: \(lines.map(chosen.text)) though \(avoidable!.map(chosen.text)) fits")
                } else {
                    avoided += 1
                }
            }
        }
        #expect(orphanedByGreedy > 0)
        #expect(avoided > 0)
    }

    @Test("pretty and balance break after a sentence rather than inside the next one")
    func clauseEnds() throws {
        let text = "Zum Hauptmenü zurückkehren? Nicht gespeicherter Fortschritt geht verloren."
        for wrapStyle in [WrapStyle.pretty, .balance] {
            let lines = try Self.lines(text, width: 620, locale: "de", size: 28) { $0.wrapStyle = wrapStyle }
            #expect(lines == ["Zum Hauptmenü zurückkehren?", "Nicht gespeicherter Fortschritt geht verloren."])
        }
        let greedy = try Self.lines(text, width: 620, locale: "de", size: 28)
        #expect(greedy.first?.hasSuffix("Nicht") == true)
    }

    @Test("a number stays with its unit and a one-letter word with the next, where another break fits")
    func keptTogether() throws {
        for text in ["You found 250 gold coins in the old chest", "Vyber si meč a jdi do boje s drakem"] {
            var separatedByGreedy = 0, avoided = 0
            for width in Self.widths where width >= 100 {
                var labelStyle = style(size: 20, box: Box(width: width)) { $0.wrapStyle = .greedy }
                let greedy = try TypesettingPropertyTests.Fitted(text, style: labelStyle, locale: "en")
                guard greedy.hasForbiddenBreak(greedy.fitted.lines) else { continue }
                separatedByGreedy += 1
                for wrapStyle in [WrapStyle.pretty, .balance] {
                    labelStyle.wrapStyle = wrapStyle
                    let chosen = try TypesettingPropertyTests.Fitted(text, style: labelStyle, locale: "en")
                    let lines = chosen.fitted.lines
                    if chosen.hasForbiddenBreak(lines) {
                        let clean = try #require(chosen.alternatives(count: lines.count)).filter { !chosen.hasForbiddenBreak($0) }
                        #expect(clean.isEmpty, "\(wrapStyle) at \(width) px: \(lines) though \(clean.first!) fits")
                    } else {
                        avoided += 1
                    }
                }
            }
            // Controls: greedy filling does separate them in the sweep, and the styles avoid it.
            #expect(separatedByGreedy > 0, "\(text)")
            #expect(avoided > 0, "\(text)")
        }
    }

    @Test("the default wrap style balances centred text and sets other text pretty")
    func defaults() {
        var style = LabelStyle(font: FontSpec(size: 20))
        #expect(style.resolvedWrapStyle == .pretty)
        style.align = .center
        #expect(style.resolvedWrapStyle == .balance)
        style.wrapStyle = .greedy
        #expect(style.resolvedWrapStyle == .greedy)
        #expect(style.wordBreak == .phrase)
        #expect(style.lineBreak == .strict)
    }
}
