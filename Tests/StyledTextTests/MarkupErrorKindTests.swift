import Testing
import StyledText

/// The error parsing `source` as markup throws, or nil if it parses.
private func markupError(_ source: String) -> MarkupError? {
    do {
        _ = try Markup.parse(source)
        return nil
    } catch {
        return error
    }
}

@Suite("Markup error kinds")
struct MarkupErrorKindTests {
    @Test("Each kind of problem in markup is told by its kind, at its line and column", arguments: [
        ("a <b x", MarkupError.Kind.malformedTag, 1, 3),
        ("a </ b>", .malformedTag, 1, 3),
        ("<b/>", .malformedTag, 1, 1),
        ("say <blink>hi</blink>", .unknownTag, 1, 5),
        ("<img height=32/>", .invalidAttribute, 1, 1),
        ("<b x=1>x</b>", .invalidAttribute, 1, 1),
        ("<img src=a.png src=b.png/>", .invalidAttribute, 1, 1),
        ("<color>x</color>", .invalidAttribute, 1, 1),
        ("<color=gold>x</color>", .invalidValue, 1, 1),
        ("<size=-3>x</size>", .invalidValue, 1, 1),
        ("one\ntwo <b>three", .unbalancedTags, 2, 5),
        ("x</b>", .unbalancedTags, 1, 2),
        ("<b><i>x</b></i>", .unbalancedTags, 1, 8),
        (String(repeating: "<b>", count: 65), .nestingTooDeep, 1, 193),
        ("&copy; 2024", .invalidReference, 1, 1),
        ("a &#xZZ;", .invalidReference, 1, 3),
        ("a &#0;", .invalidReference, 1, 3),
    ])
    func kinds(source: String, kind: MarkupError.Kind, line: Int, column: Int) throws {
        let error = try #require(markupError(source))
        #expect(error.kind == kind, "\(error)")
        #expect(error.line == line && error.column == column, "\(error)")
    }
}
