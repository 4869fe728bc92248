import Testing
@testable import StyledText

@Suite("Colour")
struct ColorTests {
    @Test("#RGB doubles each digit")
    func shortForm() {
        #expect(Color(hex: "#F80") == Color(red: 1, green: 136.0 / 255, blue: 0))
        #expect(Color(hex: "#f80")?.hex == "#FF8800FF")
    }

    @Test("#RRGGBB is opaque")
    func sixDigits() {
        let color = Color(hex: "#3A1F00")
        #expect(color == Color(red: 58.0 / 255, green: 31.0 / 255, blue: 0, alpha: 1))
        #expect(Color(hex: "#3a1f00") == color)
    }

    @Test("#RRGGBBAA carries alpha, straight")
    func eightDigits() {
        let color = Color(hex: "#000000AA")
        #expect(color == Color(red: 0, green: 0, blue: 0, alpha: 170.0 / 255))
        #expect(Color(hex: "#FFFFFF00") == Color(red: 1, green: 1, blue: 1, alpha: 0))
    }

    @Test("Other forms are rejected", arguments: [
        "", "#", "#12", "#1234", "#12345", "#1234567", "#123456789", "FFFFFF", "#GGGGGG", "# FFFFF",
        "#１２３", "0xFFFFFF", "#FFFFFF ",
    ])
    func rejects(text: String) {
        #expect(Color(hex: text) == nil)
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
    func roundTrip() {
        for text in ["#000000FF", "#3A1F00FF", "#FFE066FF", "#12345678"] {
            #expect(Color(hex: text)?.hex == text)
        }
    }
}
