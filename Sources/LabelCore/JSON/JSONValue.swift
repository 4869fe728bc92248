import Foundation

/// A parsed JSON document that keeps object members in file order.
///
/// Foundation's `JSONSerialization` loses member order (string tables need it), reports
/// booleans as `NSNumber` (a style must reject `true` where a number goes), and gives no
/// line and column for errors, so StyledText reads JSON with its own parser.
package enum JSONValue: Sendable, Hashable {
    case object([JSONMember])
    case array([JSONValue])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
}

/// One `"key": value` pair of a JSON object.
package struct JSONMember: Sendable, Hashable {
    package var key: String
    package var value: JSONValue

    package init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }
}

extension JSONValue {
    /// The value of member `key`, if this is an object that has it.
    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// How the value reads in an error message: strings quoted, containers by kind,
    /// so "got" clauses stay short even for large values.
    package var brief: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string(let text): JSONValue.quoted(text)
        case .number(let number): JSONValue.format(number)
        case .bool(let flag): flag ? "true" : "false"
        case .null: "null"
        }
    }

    /// Compact JSON text. Member order is kept unless `sortingKeys` says otherwise.
    package func text(sortingKeys: (JSONPath) -> Bool = { _ in false }, at path: JSONPath = JSONPath()) -> String {
        switch self {
        case .object(let members):
            let ordered = sortingKeys(path) ? members.sorted { $0.key < $1.key } : members
            let body = ordered.map { member in
                JSONValue.quoted(member.key) + ":"
                    + member.value.text(sortingKeys: sortingKeys, at: path.appending(member.key))
            }
            return "{" + body.joined(separator: ",") + "}"
        case .array(let elements):
            let body = elements.enumerated().map { index, element in
                element.text(sortingKeys: sortingKeys, at: path.appending(index))
            }
            return "[" + body.joined(separator: ",") + "]"
        default:
            return brief
        }
    }

    /// Indented JSON text, one member or element per line, member order kept, for
    /// files people read and diff.
    package func prettyText(indent: String = "  ", level: Int = 0) -> String {
        let inner = String(repeating: indent, count: level + 1), outer = String(repeating: indent, count: level)
        switch self {
        case .object(let members) where !members.isEmpty:
            let body = members.map { inner + JSONValue.quoted($0.key) + ": " + $0.value.prettyText(indent: indent, level: level + 1) }
            return "{\n" + body.joined(separator: ",\n") + "\n" + outer + "}"
        case .array(let elements) where !elements.isEmpty:
            let body = elements.map { inner + $0.prettyText(indent: indent, level: level + 1) }
            return "[\n" + body.joined(separator: ",\n") + "\n" + outer + "]"
        default:
            return text()
        }
    }

    /// Shortest text that reads back as the same number; integers without ".0".
    package static func format(_ number: Double) -> String {
        if number == number.rounded(), abs(number) < 1e15 {
            return String(Int64(number))
        }
        return "\(number)"
    }

    /// A JSON string literal for `text`.
    package static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                result += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
