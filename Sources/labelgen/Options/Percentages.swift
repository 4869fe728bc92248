import ArgumentParser
import Foundation

/// A number written with or without a `%` sign: `80%`, `80`, `0.8`.
struct Percentage {
    var number: Double
    var hasPercentSign: Bool

    init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        hasPercentSign = trimmed.hasSuffix("%")
        guard let number = Double(hasPercentSign ? String(trimmed.dropLast()) : trimmed) else { return nil }
        self.number = number
    }
}

/// `--max-shrink 80%`: the smallest share of the style's font size a label may be drawn
/// at. `80%`, `80` and `0.8` all mean 80%: a bare number up to 1 is a share.
struct ShrinkLimit: ArgumentSyntax {
    /// 0 < share ≤ 1.
    var share: Double

    init(argumentText text: String) throws(ValidationError) {
        guard let percentage = Percentage(text), percentage.number > 0 else {
            throw ValidationError("--max-shrink expects a percentage like 80%; got \"\(text)\"")
        }
        let share = percentage.hasPercentSign || percentage.number > 1 ? percentage.number / 100 : percentage.number
        guard share <= 1 else { throw ValidationError("--max-shrink cannot exceed 100%; got \"\(text)\"") }
        self.share = share
    }
}

/// `--expansion 40%`: how much longer pseudo-localized text gets, 0% to 1000%. A bare
/// number is a percentage too.
struct Expansion: ArgumentSyntax {
    /// 0…10.
    var share: Double

    init(argumentText text: String) throws(ValidationError) {
        guard let percentage = Percentage(text), percentage.number >= 0, percentage.number <= 1000 else {
            throw ValidationError("--expansion expects a percentage like 40%; got \"\(text)\"")
        }
        share = percentage.number / 100
    }
}
