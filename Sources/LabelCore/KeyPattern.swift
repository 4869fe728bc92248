/// A pattern of string keys, as a style file's `keys` and the command line's `--keys`
/// write them: `*` matches any run of characters, dots included (`tip.*`, `*.title`);
/// a pattern without `*` matches only itself.
public struct KeyPattern: Sendable, Hashable {
    /// The pattern as written, e.g. `tip.*`.
    public let text: String
    /// Decoded once, since a pattern may be tried against every key of a large table.
    private let scalars: [Unicode.Scalar]

    /// Whether the pattern has a `*`; one without matches a single key.
    public let hasWildcard: Bool

    /// A pattern read from its text, e.g. `KeyPattern("menu.*")`. Every text is a valid
    /// pattern: only `*` is special, and nothing escapes it.
    public init(_ text: String) {
        self.text = text
        scalars = Array(text.unicodeScalars)
        hasWildcard = scalars.contains("*")
    }

    /// Patterns with more literal characters match fewer keys, so they rank as more
    /// specific; `tip.*` beats `*` although both have one wildcard.
    package var specificity: (literals: Int, wildcards: Int) {
        let wildcards = scalars.count { $0 == "*" }
        return (scalars.count - wildcards, wildcards)
    }

    /// Whether `key` matches the whole pattern, compared by Unicode scalars (so case and
    /// normalization count): `tip.*` matches `tip.jump` and `tip.`, but not `tips.jump`.
    public func matches(_ key: String) -> Bool {
        guard hasWildcard else { return text == key }
        return Self.glob(scalars[...], matches: Array(key.unicodeScalars)[...])
    }

    /// Greedy with backtracking to the last star, which is linear enough for key-sized
    /// strings.
    private static func glob(_ pattern: ArraySlice<Unicode.Scalar>, matches text: ArraySlice<Unicode.Scalar>) -> Bool {
        var p = pattern.startIndex
        var t = text.startIndex
        var star: (pattern: Int, text: Int)?
        while t < text.endIndex {
            if p < pattern.endIndex, pattern[p] == "*" {
                star = (p, t)
                p += 1
            } else if p < pattern.endIndex, pattern[p] == text[t] {
                p += 1
                t += 1
            } else if let resume = star {
                p = resume.pattern + 1
                t = resume.text + 1
                star = (resume.pattern, resume.text + 1)
            } else {
                return false
            }
        }
        while p < pattern.endIndex, pattern[p] == "*" {
            p += 1
        }
        return p == pattern.endIndex
    }
}
