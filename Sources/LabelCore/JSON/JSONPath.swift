/// A location inside a JSON document, written like JSONPath: `$.shadows[0].blur`,
/// `$.keys["hud.title"]`.
package struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    package enum Component: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    package var components: [Component] = []

    package init(components: [Component] = []) {
        self.components = components
    }

    package func appending(_ key: String) -> JSONPath {
        JSONPath(components: components + [.key(key)])
    }

    package func appending(_ index: Int) -> JSONPath {
        JSONPath(components: components + [.index(index)])
    }

    /// `$.font.size`.
    package var description: String { "$" + relative }

    /// The path without the leading `$`, e.g. `.font.size`; see `field`.
    private var relative: String {
        components.map { component in
            switch component {
            case .index(let index): "[\(index)]"
            case .key(let key): JSONPath.isPlain(key) ? "." + key : "[" + JSONValue.quoted(key) + "]"
            }
        }.joined()
    }

    /// The path as a field name inside a style, e.g. `font.size`, for messages that
    /// are about a merged style rather than a place in the file.
    package var field: String {
        let text = relative
        return text.hasPrefix(".") ? String(text.dropFirst()) : text
    }

    /// Keys that read unambiguously after a dot; others are bracketed and quoted so
    /// that a key containing dots (`"hud.title"`) is not mistaken for nesting.
    private static func isPlain(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, first.properties.isAlphabetic || first == "_" else {
            return false
        }
        return key.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                || scalar == "_" || scalar == "-")
        }
    }
}
