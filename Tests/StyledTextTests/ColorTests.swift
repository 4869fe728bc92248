import Testing
@testable import StyledText

@Suite("Colour")
struct ColorTests {
    @Test("#RGB doubles each digit")
    func shortForm() throws {
        #expect(try Color(hex: "#F80") == Color(red: 1, green: 136.0 / 255, blue: 0))
        #expect(try Color(hex: "#f80").hex == "#FF8800FF")
    }

    @Test("#RRGGBB is opaque")
    func sixDigits() throws {
        let color = try Color(hex: "#3A1F00")
        #expect(color == Color(red: 58.0 / 255, green: 31.0 / 255, blue: 0, alpha: 1))
        #expect(try Color(hex: "#3a1f00") == color)
    }

    @Test("#RRGGBBAA carries alpha, straight")
    func eightDigits() throws {
        let color = try Color(hex: "#000000AA")
        #expect(color == Color(red: 0, green: 0, blue: 0, alpha: 170.0 / 255))
        #expect(try Color(hex: "#FFFFFF00") == Color(red: 1, green: 1, blue: 1, alpha: 0))
    }

    @Test("Other forms are rejected", arguments: [
        "", "#", "#12", "#1234", "#12345", "#1234567", "#123456789", "FFFFFF", "#GGGGGG", "# FFFFF",
        "#１２３", "0xFFFFFF", "#FFFFFF ",
    ])
    func rejects(text: String) {
        #expect(throws: ColorError.self) { try Color(hex: text) }
    }

    @Test("A rejected colour says why", arguments: [
        ("#FFD70", ColorError.digitCount(5, in: "#FFD70"),
         ##""#FFD70" is not a colour: it has 5 hex digits; expected 3, 6 or 8"##),
        ("FFD700", ColorError.missingHash("FFD700"),
         ##""FFD700" is not a colour: expected #RGB, #RRGGBB or #RRGGBBAA"##),
        ("#FFD7G0", ColorError.notHexDigit("G", in: "#FFD7G0"),
         ##""#FFD7G0" is not a colour: "G" is not a hex digit"##),
    ])
    func reasons(text: String, error: ColorError, message: String) {
        #expect(throws: error) { try Color(hex: text) }
        #expect(error.description == message)
    }

    @Test("hex is upper-case #RRGGBBAA, clamped and rounded")
    func hexOutput() {
        #expect(Color.black.hex == "#000000FF")
        #expect(Color.white.hex == "#FFFFFFFF")
        #expect(Color.clear.hex == "#00000000")
        #expect(Color(red: 0.5, green: 2, blue: -1, alpha: 0.5).hex == "#80FF0080")
        #expect(Color(red: 0.1, green: 0.2, blue: 0.3).description == "#1A334DFF")
    }

    @Test("hex round-trips through init(hex:)")
    func roundTrip() throws {
        for text in ["#000000FF", "#3A1F00FF", "#FFE066FF", "#12345678"] {
            #expect(try Color(hex: text).hex == text)
        }
    }
}
