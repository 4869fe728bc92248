/// A straight (not premultiplied) sRGB colour with components in `0...1`.
///
/// ```swift
/// let gold = try Color(hex: "#FFE066")   // alpha 1
/// gold.hex                                // "#FFE066FF"
/// ```
public struct Color: Sendable, Hashable, CustomStringConvertible {
    /// Red, `0...1`.
    public var red: Double
    /// Green, `0...1`.
    public var green: Double
    /// Blue, `0...1`.
    public var blue: Double
    /// Opacity, `0...1`; the colour components are not multiplied by it.
    public var alpha: Double

    /// Creates a colour from straight sRGB components.
    ///
    /// - Parameters:
    ///   - red: Red, `0...1`.
    ///   - green: Green, `0...1`.
    ///   - blue: Blue, `0...1`.
    ///   - alpha: Opacity, `0...1`; 1 (opaque) when omitted.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA` (hex digits in either case).
    ///
    /// ```swift
    /// let gold = try Color(hex: "#FFD700")
    /// _ = try Color(hex: "#FFD70")   // throws ColorError.digitCount(5, in: "#FFD70")
    /// ```
    ///
    /// - Parameter hex: The colour as written in a style file.
    /// - Throws: A ``ColorError`` saying what is wrong with the text.
    public init(hex: String) throws(ColorError) {
        guard hex.hasPrefix("#") else { throw .missingHash(hex) }
        var digits: [Double] = []
        for character in hex.dropFirst() {
            // `hexDigitValue` accepts full-width digits too; a style file must not.
            guard character.isASCII, let value = character.hexDigitValue else {
                throw .notHexDigit(character, in: hex)
            }
            digits.append(Double(value))
        }
        switch digits.count {
        case 3:
            // #RGB doubles each digit, as in CSS: #F80 == #FF8800.
            self.init(red: digits[0] * 17 / 255, green: digits[1] * 17 / 255, blue: digits[2] * 17 / 255)
        case 6, 8:
            let bytes = stride(from: 0, to: digits.count, by: 2).map { (digits[$0] * 16 + digits[$0 + 1]) / 255 }
            self.init(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: bytes.count == 4 ? bytes[3] : 1)
        default:
            throw .digitCount(digits.count, in: hex)
        }
    }

    /// Opaque black.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = Color(red: 1, green: 1, blue: 1)
    /// Fully transparent black.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

    /// The colour as `#RRGGBBAA` in upper case, each component clamped and rounded to 8 bits.
    public var hex: String {
        "#" + [red, green, blue, alpha].map { component in
            let byte = Int((min(max(component, 0), 1) * 255).rounded())
            let digits = String(byte, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }

    /// Same as ``hex``.
    public var description: String { hex }
}

/// Why a text is not a colour ``Color/init(hex:)`` can read.
public enum ColorError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text does not start with `#`.
    case missingHash(String)
    /// A character after the `#` is not an ASCII hex digit.
    case notHexDigit(Character, in: String)
    /// There are not 3, 6 or 8 hex digits after the `#`.
    case digitCount(Int, in: String)

    /// Names the text and what is wrong with it.
    public var description: String {
        switch self {
        case .missingHash(let text):
            "\"\(text)\" is not a colour: expected #RGB, #RRGGBB or #RRGGBBAA"
        case .notHexDigit(let character, let text):
            "\"\(text)\" is not a colour: \"\(character)\" is not a hex digit"
        case .digitCount(let count, let text):
            "\"\(text)\" is not a colour: it has \(count) hex digits; expected 3, 6 or 8"
        }
    }
}
