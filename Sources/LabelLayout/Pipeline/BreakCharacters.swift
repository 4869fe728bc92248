/// The characters line breaking weighs: punctuation that ends a sentence or a clause,
/// numbers and what follows them, and the scripts where one character is a word.
enum BreakCharacters {
    static func isClauseEnd(_ value: UInt32) -> Bool {
        switch value {
        case 0x2E, 0x3F, 0x21, 0x3A, 0x3B,  // . ? ! : ;
             0x2026, 0x061F, 0x06D4, 0x0964, 0x0965, 0x037E,  // … ؟ ۔ । ॥ Greek question mark
             0x3001, 0x3002, 0xFF0C, 0xFF01, 0xFF1F, 0xFF1A, 0xFF1B, 0xFF0E:  // 、。，！？：；．
            return true
        default:
            return false
        }
    }

    static func isSentenceEnd(_ value: UInt32) -> Bool {
        switch value {
        case 0x2E, 0x3F, 0x21, 0x2026, 0x061F, 0x06D4, 0x0964, 0x0965, 0x037E, 0x3002, 0xFF01, 0xFF1F, 0xFF0E:
            return true
        default:
            return false
        }
    }

    static func isComma(_ value: UInt32) -> Bool {
        value == 0x2C || value == 0x060C || value == 0xFF64
    }

    static func isClosing(_ value: UInt32) -> Bool {
        guard let scalar = Unicode.Scalar(value) else { return false }
        switch scalar.properties.generalCategory {
        case .closePunctuation, .finalPunctuation: return true
        default: return value == 0x22 || value == 0x27
        }
    }

    static func isPunctuation(_ value: UInt32) -> Bool {
        guard let scalar = Unicode.Scalar(value) else { return false }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation, .spaceSeparator:
            return true
        default:
            return false
        }
    }

    static func isDigit(_ value: UInt32) -> Bool {
        Unicode.Scalar(value)?.properties.numericType == .decimal
    }

    /// The first character of a unit or counted noun after a number: a letter, a
    /// currency sign, or a percent, degree or similar sign.
    static func isUnitStart(_ value: UInt32) -> Bool {
        guard let scalar = Unicode.Scalar(value) else { return false }
        if scalar.properties.isAlphabetic { return true }
        switch scalar.properties.generalCategory {
        case .currencySymbol: return true
        default: return [0x25, 0x2030, 0xB0, 0x2103, 0x2109].contains(value)
        }
    }

    /// Han, kana and Hangul: the scripts where one character can stand alone on a line.
    static func isCJK(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x11FF, 0x2E80...0x2FDF, 0x3040...0x30FF, 0x3100...0x318F, 0x31A0...0x31FF,
             0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA960...0xA97F, 0xAC00...0xD7FF, 0xF900...0xFAFF,
             0xFF66...0xFF9F, 0x20000...0x3FFFF:
            return true
        default:
            return false
        }
    }

    /// A letter or digit: what Korean words are made of, so a break between two of them
    /// is inside a word.
    static func isWordCharacter(_ value: UInt32) -> Bool {
        guard let scalar = Unicode.Scalar(value) else { return false }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    static func isHiragana(_ value: UInt32) -> Bool {
        (0x3041...0x309F).contains(value)
    }

    /// Thai, Lao, Burmese and Khmer: scripts whose words run together and whose spaces
    /// part phrases and sentences.
    static func spacesEndPhrases(_ value: UInt32) -> Bool {
        switch value {
        case 0x0E00...0x0EFF, 0x1000...0x109F, 0x1780...0x17FF, 0xA9E0...0xA9FF, 0xAA60...0xAA7F: return true
        default: return false
        }
    }
}
