import Foundation
@testable import LabelLayout
import StyledText
import Testing

/// The joins that keep a Japanese phrase (bunsetsu) whole where ICU's phrase iterator
/// ends it early, each in more than one form: a content word and the hiragana after it
/// (kanji, katakana or a closing quote before them), two content words of one compound,
/// and a te-form and its auxiliary, after unvoiced stems (〜て) and voiced ones (〜で),
/// with each auxiliary the join knows, ください kept whole too.
@Suite("Japanese phrase joins")
struct JapanesePhraseJoinTests {
    /// Sentences cut into phrases by hand, as a Japanese typesetter would mark them.
    static let sentences: [[String]] = [
        // 〜でいる, 〜でくる
        ["本を", "読んでいる", "間に", "敵が", "飛んでくる。"],
        // 〜でおく
        ["宝箱を", "選んでおくと", "後で", "使える。"],
        // 〜でしまう
        ["鍵を", "盗んでしまうと", "扉が", "開かない。"],
        // 〜でくる
        ["仲間を", "呼んでくると", "戦いが", "楽に", "なる。"],
        // 〜でみる
        ["新しい", "技を", "学んでみると", "強く", "なる。"],
        // 〜である
        ["地図を", "読んである", "場所を", "探そう。"],
        // 〜でしまう, after a stem in ぐ
        ["服を", "脱いでしまう。"],
        // 〜でいる after a voiced consonant stem (研ぐ)
        ["勇者が", "剣を", "研いでいる。"],
        // 〜でくれる
        ["荷物を", "運んでくれる", "仲間を", "探す。"],
        // A quoted term and a compound with their particles; 〜でいる
        ["メインメニューで", "「つづきから」を", "選ぶ。"],
        ["「はい」を", "選ぶと", "科学技術を", "学んでいる", "仲間が", "来る。"],
        // 〜でください, 〜てください: ICU's phrases end inside ください
        ["列に", "並んでください。"],
        ["画像ファイルを", "保存してください。"],
        // 〜ておく, 〜てみる
        ["地図を", "書いておく。"],
        ["画像ファイルを", "保存してみる。"],
        // 〜てくる, and a katakana word with its particle
        ["プレイヤー1さん、", "アリーナへ", "ようこそ。", "製鋼所から", "火の粉が", "村の", "上に", "降ってくる"],
    ]

    /// The offsets, in scalars, that end a phrase of `pieces`.
    static func boundaries(_ pieces: [String]) -> Set<Int> {
        LineBreakingTests.boundaries(pieces)
    }

    /// The offsets just after a te-form's て or で that an auxiliary follows: where the
    /// join, and nothing else, keeps the phrase whole.
    static func teFormSeams(_ pieces: [String]) -> [Int] {
        let scalars = Array(pieces.joined().unicodeScalars)
        let auxiliaryStarts: Set<Unicode.Scalar> = ["い", "あ", "お", "し", "く", "み"]
        return (1..<scalars.count).filter { offset in
            ["て", "で"].contains(scalars[offset - 1]) && auxiliaryStarts.contains(scalars[offset])
                && !boundaries(pieces).contains(offset)
        }
    }

    @Test("every line ends between phrases wherever each phrase fits the line, te-forms in で included",
          arguments: sentences)
    func breaksBetweenPhrases(_ pieces: [String]) throws {
        let text = pieces.joined()
        let ends = Self.boundaries(pieces)
        var swept = 0
        for width in LineBreakingTests.widths {
            let fits = try pieces.allSatisfy { try LineBreakingTests.lines($0, width: width - 4, locale: "ja").count == 1 }
            guard fits else { continue }
            let layout = try LineBreakingTests.laidOut(text, width: width, locale: "ja")
            #expect(LineBreakingTests.breaksFall(layout, at: ends), "\(width) px: \(layout.lines.map(\.text))")
            if layout.lines.count > 1 { swept += 1 }
        }
        // Control: the sweep reached widths where the sentence takes several lines.
        #expect(swept > 0)
    }

    @Test("the breaks offered between phrases are the hand-marked ones: none between a te-form, in て or で, and its auxiliary")
    func phraseBreaksOffered() throws {
        var seams = 0, voiced = 0
        for pieces in Self.sentences {
            let text = pieces.joined()
            let fitted = try TypesettingPropertyTests.Fitted(text, style: style(size: 20, family: "Noto Sans CJK JP"), locale: "ja")
            let between = Set(fitted.fitted.prepared.opportunities.offsets)
            for seam in Self.teFormSeams(pieces) {
                #expect(!between.contains(seam), "\(text): a break between phrases at \(seam)")
                seams += 1
                if Array(text.unicodeScalars)[seam - 1] == "で" { voiced += 1 }
            }
            // The hand-marked ends are the phrase breaks offered, no more and no fewer.
            #expect(between.subtracting([text.unicodeScalars.count]) == Self.boundaries(pieces).subtracting([text.unicodeScalars.count]),
                    "\(text): \(between.sorted()) against \(Self.boundaries(pieces).sorted())")
        }
        // Controls: both kinds of te-form, with every auxiliary's first kana.
        #expect(voiced >= 10 && seams > voiced, "\(voiced) of \(seams)")
    }
}
