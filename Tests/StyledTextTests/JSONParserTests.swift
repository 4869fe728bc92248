import Foundation
import Testing
@testable import StyledText

@Suite("JSON parser")
struct JSONParserTests {
    private func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try JSONParser.parse(Data(text.utf8))
    }

    private func syntaxError(_ text: String) -> JSONSyntaxError? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test("Values of every kind, members in order")
    func values() throws {
        let value = try parse(#"{"b": [1, -2.5e2, true, false, null], "a": "x\"\\\/\n\u00e9"}"#)
        #expect(value == .object([
            JSONMember(key: "b", value: .array([.number(1), .number(-250), .bool(true), .bool(false), .null])),
            JSONMember(key: "a", value: .string("x\"\\/\né")),
        ]))
    }

    @Test("Malformed input is rejected with a place", arguments: [
        ("01", "1:1"), ("1.", "1:3"), ("-", "1:2"), ("[1,]", "1:4"), ("{\"a\" 1}", "1:6"), ("tru", "1:1"),
        ("\"abc", "1:1"), ("\"\\x\"", "1:2"), ("\"\\ud800\"", "1:2"), ("[1e999]", "1:2"), ("\"a\tb\"", "1:3"),
        ("{\"a\":1,}", "1:8"), ("nil", "1:1"),
    ])
    func malformed(text: String, place: String) {
        #expect(syntaxError(text)?.place.description == place)
    }

    @Test("Very deep nesting is an error, not a crash")
    func depth() {
        let text = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(syntaxError(text)?.message.hasPrefix("nesting deeper than") == true)
    }

    @Test("Canonical text is compact and keeps numbers short")
    func canonicalText() throws {
        let value = try parse(#"{"n": [1.0, 0.5, 1e20, -0], "s": "a\u0001"}"#)
        #expect(value.text() == #"{"n":[1,0.5,1e+20,0],"s":"a\u0001"}"#)
    }
}
