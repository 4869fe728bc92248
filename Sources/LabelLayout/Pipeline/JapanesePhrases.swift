/// Where ICU's Japanese phrases (`lw=phrase`) end too early, judged as BudouX and a
/// Japanese typesetter judge a phrase (bunsetsu): a content word, or a compound of them
/// (kanji, katakana, Latin letters, digits, a quoted term), and the hiragana after it
/// (okurigana, particles, auxiliary verbs). ICU's dictionary sometimes ends a phrase
/// inside a compound (科学|技術), before the hiragana that belong to it (解雇|する,
/// 「つづきから」|を), between a te-form and its auxiliary (されて|いる), or inside the
/// auxiliary くださる (くだ|さい); a line breaks there only when the phrase is wider
/// than the line.
enum JapanesePhrases {
    /// Whether the characters on either side of `offset` belong to one phrase.
    static func joins(_ scalars: [UInt32], at offset: Int) -> Bool {
        guard offset > 0, offset < scalars.count else { return false }
        let before = scalars[offset - 1], after = scalars[offset]
        let hiraganaAfter = BreakCharacters.isHiragana(after)
        if hiraganaAfter && (BreakCharacters.isClosing(before) || isContent(before)) { return true }
        if isContent(before) && isContent(after) { return true }
        if hiraganaAfter && (before == 0x3066 || before == 0x3067) && auxiliaryStarts.contains(after) { return true }
        return splitsKudasaru(scalars, at: offset)
    }

    /// Whether `offset` falls inside くださる (ください, くださった, …), which ICU's phrases
    /// end after くだ: a line would otherwise end in 保存してくだ | さい where the whole
    /// phrase fits the next line.
    static func splitsKudasaru(_ scalars: [UInt32], at offset: Int) -> Bool {
        offset >= 2 && scalars[offset - 2] == 0x304F && scalars[offset - 1] == 0x3060 && scalars[offset] == 0x3055
    }

    /// Kanji, katakana (with the prolonged sound mark), Latin letters and digits.
    static func isContent(_ value: UInt32) -> Bool {
        BreakCharacters.isWordCharacter(value) && !BreakCharacters.isHiragana(value)
    }

    /// The first kana of いる, ある, おく, しまう, くる, くれる, くださる and みる, which
    /// follow a te-form (して|いる) within its phrase.
    static let auxiliaryStarts: Set<UInt32> = [0x3044, 0x3042, 0x304A, 0x3057, 0x304F, 0x307F]
}
