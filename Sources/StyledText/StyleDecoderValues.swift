/// The scalar readers every group of a style is decoded with: each checks a value's type
/// and range and says, with its path, what it expected.
extension StyleDecoder {
    /// The members of an object, after rejecting any field not in `allowed`.
    func fields(
        of value: JSONValue, at path: JSONPath, allowed: [String], nullable: Bool = false
    ) throws(StyleError) -> [String: JSONValue] {
        guard case .object(let members) = value else {
            throw mismatch(path, expected: nullable ? "an object or null" : "an object", got: value)
        }
        var result: [String: JSONValue] = [:]
        for member in members {
            guard allowed.contains(member.key) else {
                throw failure(
                    .unknownField, at: path.appending(member.key),
                    "unknown field; expected one of \(allowed.joined(separator: ", "))")
            }
            result[member.key] = member.value
        }
        return result
    }

    enum NumberRule {
        case any, positive, nonNegative, unit

        var expectation: String {
            switch self {
            case .any: "a number"
            case .positive: "a number > 0"
            case .nonNegative: "a number >= 0"
            case .unit: "a number in 0...1"
            }
        }

        func accepts(_ number: Double) -> Bool {
            switch self {
            case .any: true
            case .positive: number > 0
            case .nonNegative: number >= 0
            case .unit: (0...1).contains(number)
            }
        }
    }

    /// A line height beyond this many times the font's own spaces lines further apart
    /// than the largest canvas is tall.
    static let maximumLineHeight = 100.0

    /// A number obeying `rule`, and at most `limit.value` in magnitude when a limit is
    /// given. Booleans are rejected: they are a separate JSON type here, unlike in
    /// `JSONSerialization`, where `true` is the number 1. Infinity (`1e999`) is no
    /// number any size can be drawn at.
    func number(
        _ value: JSONValue, at path: JSONPath, _ rule: NumberRule, limit: (value: Double, name: String)? = nil
    ) throws(StyleError) -> Double {
        guard case .number(let number) = value, number.isFinite, rule.accepts(number) else {
            throw mismatch(path, expected: rule.expectation, got: value)
        }
        if let limit, abs(number) > limit.value {
            throw failure(.limitExceeded, at: path,
                          "\(JSONValue.format(number)) exceeds the \(limit.name) limit of "
                              + "\(rule == .any ? "±" : "")\(JSONValue.format(limit.value))")
        }
        return number
    }

    func integer(
        _ value: JSONValue, at path: JSONPath, in range: ClosedRange<Int>, expected: String
    ) throws(StyleError) -> Int {
        guard case .number(let number) = value, number == number.rounded(),
              number >= Double(range.lowerBound), number <= Double(range.upperBound) else {
            throw mismatch(path, expected: expected, got: value)
        }
        return Int(number)
    }

    func string(_ value: JSONValue, at path: JSONPath) throws(StyleError) -> String {
        guard case .string(let text) = value, !text.isEmpty else {
            throw mismatch(path, expected: "a non-empty string", got: value)
        }
        return text
    }

    func bool(_ value: JSONValue, at path: JSONPath) throws(StyleError) -> Bool {
        guard case .bool(let flag) = value else {
            throw mismatch(path, expected: "true or false", got: value)
        }
        return flag
    }

    func color(_ value: JSONValue, at path: JSONPath) throws(StyleError) -> Color {
        guard case .string(let text) = value, let color = try? Color(hex: text) else {
            throw mismatch(path, expected: "a colour #RGB, #RRGGBB or #RRGGBBAA", got: value)
        }
        return color
    }

    func choice<Choice: RawRepresentable & CaseIterable>(
        _ value: JSONValue, at path: JSONPath
    ) throws(StyleError) -> Choice where Choice.RawValue == String {
        guard case .string(let text) = value, let choice = Choice(rawValue: text) else {
            let names = Choice.allCases.map(\.rawValue).joined(separator: ", ")
            throw mismatch(path, expected: "one of \(names)", got: value)
        }
        return choice
    }

    func array(_ value: JSONValue, at path: JSONPath, expected: String) throws(StyleError) -> [JSONValue] {
        guard case .array(let elements) = value else {
            throw mismatch(path, expected: expected, got: value)
        }
        return elements
    }

    // MARK: - Errors

    func mismatch(_ path: JSONPath, expected: String, got value: JSONValue) -> StyleError {
        mismatch(path, expected: expected, got: value.brief)
    }

    func mismatch(_ path: JSONPath, expected: String, got found: String) -> StyleError {
        failure(.invalidValue, at: path, "expected \(expected), got \(found)")
    }

    func missing(_ path: JSONPath) -> StyleError {
        failure(.missingField, at: path, "\(path.field) is required")
    }

    func failure(_ kind: StyleErrorKind, at path: JSONPath, _ message: String) -> StyleError {
        StyleError(kind, file: file, place: SourcePlace(path), message: message)
    }
}
