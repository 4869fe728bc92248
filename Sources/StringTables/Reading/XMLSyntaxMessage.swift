/// Words for libxml2's error numbers, which Foundation reports without text on Linux and
/// libxml2's own API in terse English: the XML readers' messages.
enum XMLSyntaxMessage {
    /// The message for libxml2's error `code` in a document whose root element is
    /// `root`, described to the user as `expected` ("an XLIFF document with an <xliff>
    /// element").
    static func describe(code: Int, root: String, expected: String) -> String {
        switch code {
        case 4: "the file is empty; expected \(expected)"
        case 5: "the document ends wrongly; expected every element closed and nothing after </\(root)>"
        case 6, 7, 8: "invalid character reference; expected &#NNN; or &#xHHHH; naming a character XML allows"
        case 9: "a character XML does not allow; expected text, an entity or a tag"
        case 23: "entity without its ';'; expected &name;"
        case 26: "unknown entity; expected &lt; &gt; &amp; &quot; &apos; or a character reference such as &#38;"
        case 38: "'<' in an attribute value; expected &lt;"
        case 39: "expected a quoted attribute value, name=\"value\""
        case 41: "attribute without a value; expected name=\"value\""
        case 42: "the same attribute twice in one tag"
        case 65: "expected whitespace between attributes or the end of the tag"
        case 68: "expected a tag name after '<'; write a literal < as &lt;"
        case 73: "expected '>' to end the tag"
        case 76: "a closing tag does not match the open element; expected its </name>"
        case 77: "unfinished tag; expected '>'"
        case 80: "'--' inside a comment; expected it only to end the comment"
        case 201, 202, 203: "a namespace prefix that is not declared; expected xmlns:prefix=\"…\" on this or an enclosing element"
        default: "malformed XML (libxml2 error \(code))"
        }
    }
}
