/// Inline markup in strings: styles, line breaks and pictures inside one label.
///
/// ```swift
/// let text = try Markup.parse("Press <img src=\"button_a.png\" height=32/> to <b>jump</b>!")
/// let name = Markup.escaped(playerName)   // shown literally, even if it holds "<b>"
/// ```
///
/// Tags (names in any case; each paired tag closes with `</name>`, innermost first):
///
/// | Markup                         | Effect                                            |
/// |--------------------------------|---------------------------------------------------|
/// | `<b>…</b>`                     | weight 700                                        |
/// | `<i>…</i>`                     | italic                                            |
/// | `<u>…</u>`, `<s>…</s>`         | underline, strikethrough                          |
/// | `<color=#FFD700>…</color>`     | fill colour: `#RGB`, `#RRGGBB` or `#RRGGBBAA`     |
/// | `<size=40>…</size>`            | size in pixels (> 0), or `<size=120%>` relative   |
/// | `<font="Noto Sans">…</font>`   | font family                                       |
/// | `<stroke=3 #FF0000>…</stroke>` | stroke width and/or colour, or `<stroke=none>`    |
/// | `<br/>` (`<br>`, `<br />`)     | line break (U+2028)                               |
/// | `<img src="a.png" height=32/>` | inline picture; `height` (> 0) and `align` (`baseline`, `middle`, `center`) are optional |
/// | `<span font_features="tnum, -liga" font_variations="wght=650">…</span>` | OpenType features and variable-font axes, as in Pango |
///
/// A relative size scales the size around it (`<size=40><size=50%>` is 20 pixels), and an
/// inner `<stroke>` changes only what it names. An image takes the size, stroke and colour
/// around it. Values may be double-quoted, single-quoted or bare; a bare value ends at
/// whitespace, `/>` or `>`, except the one value of `color`, `size`, `font` and `stroke`,
/// which runs to `>` (`<stroke=3 #FF0000>`). Values are taken literally, without entities.
///
/// Entities: `&lt; &gt; &amp; &quot; &apos; &nbsp;` and numeric `&#123;`, `&#x1F600;`.
/// An `&` that starts no reference ("R&D", "Tom & Jerry", "&amp" without `;`) is text; a
/// `<` that is not followed by an ASCII letter or `/` is text ("a < b", "<3"), and so is `>`.
///
/// Everything else is a ``MarkupError`` pointing at the `<` or `&` at fault: an unknown
/// tag or entity, a bad value, an unterminated tag or quote, a closing tag that does not
/// close the innermost open tag, a tag left open, or tags nested more than 64 deep.
/// Parsing takes time linear in the length of the source.
public enum Markup {
    /// The deepest nesting of paired tags; deeper is refused as hostile input.
    public static let maximumDepth = 64

    /// Parses markup into a styled string.
    ///
    /// - Parameter source: The string with markup, e.g. `"Win <b>%d</b> coins"`.
    /// - Returns: The text without markup and its runs; a source without `<` or `&` gives
    ///   `StyledString(source)`, which ``StyledString/isPlain``.
    /// - Throws: A ``MarkupError`` with the line and column of the first problem.
    public static func parse(_ source: String) throws(MarkupError) -> StyledString {
        guard source.utf8.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") }) else {
            return StyledString(source)
        }
        var parser = MarkupParser(source)
        return try parser.parse()
    }

    /// `text` with `&`, `<` and `>` escaped, so that ``parse(_:)`` gives it back literally.
    ///
    /// Use it for text from outside the string table, such as player names:
    ///
    /// ```swift
    /// let line = "Winner: <b>" + Markup.escaped(name) + "</b>"
    /// ```
    ///
    /// - Parameter text: Any text.
    /// - Returns: The text with `&amp;`, `&lt;` and `&gt;` in place of those characters.
    public static func escaped(_ text: String) -> String {
        let needsEscaping = text.utf8.contains { byte in
            byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
        }
        guard needsEscaping else { return text }
        // One scalar at a time: `UnicodeScalarView.append(contentsOf:)` copies the whole
        // view on every call, which would make this quadratic.
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": for entity in "&amp;".unicodeScalars { result.append(entity) }
            case "<": for entity in "&lt;".unicodeScalars { result.append(entity) }
            case ">": for entity in "&gt;".unicodeScalars { result.append(entity) }
            default: result.append(scalar)
            }
        }
        return String(result)
    }
}
