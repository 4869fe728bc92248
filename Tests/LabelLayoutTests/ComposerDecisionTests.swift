import Foundation
@testable import LabelLayout
import StyledText
import Testing

/// Cases where one rule of the line composer decides the breaks alone
/// (docs/typesetting.md has the weights), and the rule that breaks inside a phrase are
/// candidates only where greedy filling needed one.
@Suite("Line composer decisions")
struct ComposerDecisionTests {
    static func lines(_ text: String, width: Double, _ wrapStyle: WrapStyle, locale: String = "en") throws -> [String] {
        try LineBreakingTests.lines(text, width: width, locale: locale) { $0.wrapStyle = wrapStyle }
    }

    static let saved = "Game saved. Press any key to continue"

    /// Here both sets of two lines fit and leave lines of much the same evenness; the
    /// break after the sentence is taken only for the sentence-end bonus, as a break
    /// inside the next clause is not free either.
    @Test("the sentence-end bonus alone sets a sentence on a line of its own, balanced and pretty")
    func sentenceEndBonusDecides() throws {
        for width in [240.0, 252, 264, 276, 288] {
            #expect(try Self.lines(Self.saved, width: width, .balance) == ["Game saved.", "Press any key to continue"],
                    "\(width) px")
        }
        for width in [240.0, 246, 252] {
            #expect(try Self.lines(Self.saved, width: width, .pretty) == ["Game saved.", "Press any key to continue"],
                    "\(width) px")
        }
        // Control: greedy filling, which weighs no breaks, runs past the sentence's end.
        #expect(try Self.lines(Self.saved, width: 252, .greedy).first?.hasPrefix("Game saved. Press") == true)
    }

    /// A last line about half the first is not ragged, so pretty leaves it as greedy set
    /// it; costing the last line's room as for the other lines would even them out, as
    /// balance does.
    @Test("pretty does not weigh a last line that is not ragged: the fullest first line stays")
    func prettyLastLineDecides() throws {
        for width in [222.0, 228, 234] {
            #expect(try Self.lines(Self.saved, width: width, .pretty) == ["Game saved. Press any", "key to continue"],
                    "\(width) px")
            #expect(try Self.lines(Self.saved, width: width, .greedy) == ["Game saved. Press any", "key to continue"],
                    "\(width) px")
        }
        for width in [156.0, 168, 180] {
            #expect(try Self.lines(Self.saved, width: width, .pretty) == ["Game saved.", "Press any key to", "continue"],
                    "\(width) px")
        }
    }

    /// Japanese, Chinese and Korean texts: the phrase fixtures and the demo's strings.
    static func phraseTexts() throws -> [(locale: String, text: String)] {
        var texts = JapanesePhraseJoinTests.sentences.map { ("ja", $0.joined()) }
        texts += [("zh-Hans", LineBreakingTests.chineseWords.joined()), ("ko", LineBreakingTests.koreanWords.joined())]
        for item in try TypesettingPropertyTests.cases() where ["ja", "zh-Hans", "zh-Hant", "ko"].contains(item.locale) {
            texts.append((item.locale, item.text))
        }
        return texts
    }

    static let families = ["ja": "Noto Sans CJK JP", "zh-Hans": "Noto Sans CJK SC", "zh-Hant": "Noto Sans CJK TC",
                           "ko": "Noto Sans CJK KR"]

    @Test("balance and pretty break inside a phrase only where greedy filling had to", arguments: [WrapStyle.balance, .pretty])
    func insidePhrasesOnlyWhereGreedyNeeded(_ wrapStyle: WrapStyle) throws {
        var checked = 0, composed = 0
        for (locale, text) in try Self.phraseTexts() {
            for width in stride(from: 60.0, through: 420, by: 18) {
                var labelStyle = style(size: 20, family: Self.families[locale], box: Box(width: width)) { $0.wrapStyle = .greedy }
                let greedy = try TypesettingPropertyTests.Fitted(text, style: labelStyle, locale: locale)
                let inside = Set(greedy.fitted.prepared.opportunities.inside)
                guard greedy.fitted.outcome != .truncated, greedy.fitted.lines.count > 1,
                      !greedy.fitted.lines.dropLast().contains(where: { inside.contains($0.upperBound) }) else { continue }
                labelStyle.wrapStyle = wrapStyle
                let chosen = try TypesettingPropertyTests.Fitted(text, style: labelStyle, locale: locale)
                let splits = chosen.fitted.lines.dropLast().filter { inside.contains($0.upperBound) }
                #expect(splits.isEmpty, "\(locale) \(wrapStyle) at \(width) px: \(chosen.fitted.lines.map(chosen.text))")
                checked += 1
                if chosen.fitted.lines != greedy.fitted.lines { composed += 1 }
            }
        }
        // Controls: many multi-line labels, and the composer moved breaks in some.
        #expect(checked > 200)
        #expect(composed > 20)
    }
}
