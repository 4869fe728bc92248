/// Where ICU's Japanese phrases (`lw=phrase`) end too early, judged as BudouX and a
/// Japanese typesetter judge a phrase (bunsetsu): a content word, or a compound of them
/// (kanji, katakana, Latin letters, digits, a quoted term), and the hiragana after it
/// (okurigana, particles, auxiliary verbs). ICU's dictionary sometimes ends a phrase
/// inside a compound (科学|技術), before the hiragana that belong to it (解雇|する,
/// 「つづきから」|を), or between a te-form and its auxiliary (されて|いる); a line
/// breaks there only when the phrase is wider than the line.
enum JapanesePhrases {
    /// Whether the characters on either side of `offset` belong to one phrase.
    static func joins(_ scalars: [UInt32], at offset: Int) -> Bool {
        guard offset > 0, offset < scalars.count else { return false }
        let before = scalars[offset - 1], after = scalars[offset]
        let hiraganaAfter = BreakCharacters.isHiragana(after)
        if hiraganaAfter && (BreakCharacters.isClosing(before) || isContent(before)) { return true }
        if isContent(before) && isContent(after) { return true }
        return hiraganaAfter && (before == 0x3066 || before == 0x3067) && auxiliaryStarts.contains(after)
    }

    /// Kanji, katakana (with the prolonged sound mark), Latin letters and digits.
    static func isContent(_ value: UInt32) -> Bool {
        BreakCharacters.isWordCharacter(value) && !BreakCharacters.isHiragana(value)
    }

    /// The first kana of いる, ある, おく, しまう, くる, くれる, くださる and みる, which
    /// follow a te-form (して|いる) within its phrase.
    static let auxiliaryStarts: Set<UInt32> = [0x3044, 0x3042, 0x304A, 0x3057, 0x304F, 0x307F]
}
