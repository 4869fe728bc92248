import StyledText
/// A placeholder in a translated string: a printf-style conversion (`%@`, `%d`,
/// `%1$s`, `%.2f`, `%lld`) or a brace field (`{0}`, `{name}`).
public struct Placeholder: Sendable, Hashable {
    /// The placeholder as written in the string.
    public var token: String
    /// Its place in the string, in Unicode scalars.
    public var range: Range<Int>
    /// The same placeholder without position, flags, width or length (`%1$ld` -> `%d`,
    /// `%-5.2f` -> `%f`), for samples that serve every placeholder of a kind.
    public var generic: String
    /// The name inside braces (`name` for `{name}`, `0` for `{0}`); nil for printf.
    public var name: String?
}

/// Finds placeholders in strings and fills them with sample values, so a label is never
/// drawn with a raw `%d` in it.
///
/// ```swift
/// let filled = Placeholders.fill("Level %d: %@", samples: ["%d": "3", "%@": "Alex"])
/// filled.text       // "Level 3: Alex"
/// filled.unfilled   // []
/// ```
///
/// A sample is looked up by the token as written (`%1$@`), then by its generic form
/// (`%@`, `%d`), then, for brace fields, by the bare name (`name`). `%%` is a literal
/// percent sign. A `%` followed by a space is text ("50% off"), not a placeholder.
public enum Placeholders {
    private static let flags: Set<Unicode.Scalar> = ["-", "+", "#", "0", "'"]
    private static let lengths: Set<Unicode.Scalar> = ["h", "l", "q", "L", "z", "t", "j"]
    private static let conversions: Set<Unicode.Scalar> = [
        "@", "d", "D", "i", "u", "U", "x", "X", "o", "O", "f", "F", "e", "E", "g", "G",
        "c", "C", "s", "S", "p", "a", "A",
    ]

    /// Every placeholder in `text`, in order.
    public static func find(in text: String) -> [Placeholder] {
        scan(Array(text.unicodeScalars)).placeholders
    }

    /// `text` with every placeholder that has a sample replaced by it and `%%` turned
    /// into `%`, and the tokens that had no sample (left as written).
    public static func fill(_ text: String, samples: [String: String]) -> (text: String, unfilled: [String]) {
        let scalars = Array(text.unicodeScalars)
        let scan = scan(scalars)
        guard !scan.placeholders.isEmpty || !scan.escapes.isEmpty else { return (text, []) }
        var output = String.UnicodeScalarView()
        var unfilled: [String] = []
        var position = 0
        var pieces: [(range: Range<Int>, replacement: String?)] = scan.escapes.map { ($0, "%") }
        for placeholder in scan.placeholders {
            let sample = samples[placeholder.token] ?? samples[placeholder.generic] ?? placeholder.name.flatMap { samples[$0] }
            if sample == nil, !unfilled.contains(placeholder.token) { unfilled.append(placeholder.token) }
            pieces.append((placeholder.range, sample))
        }
        // Scalar by scalar: appending a whole sequence to a scalar view copies the view
        // each time, which is quadratic in the number of placeholders.
        for piece in pieces.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            for scalar in scalars[position..<piece.range.lowerBound] { output.append(scalar) }
            for scalar in piece.replacement?.unicodeScalars.map({ $0 }) ?? Array(scalars[piece.range]) {
                output.append(scalar)
            }
            position = piece.range.upperBound
        }
        for scalar in scalars[position...] { output.append(scalar) }
        return (String(output), unfilled)
    }

    private static func scan(_ s: [Unicode.Scalar]) -> (placeholders: [Placeholder], escapes: [Range<Int>]) {
        var placeholders: [Placeholder] = []
        var escapes: [Range<Int>] = []
        var i = 0
        while i < s.count {
            if s[i] == "%" {
                if i + 1 < s.count, s[i + 1] == "%" {
                    escapes.append(i..<(i + 2))
                    i += 2
                    continue
                }
                if let end = printfEnd(s, from: i) {
                    var generic = String.UnicodeScalarView(["%"])
                    generic.append(s[end - 1])
                    placeholders.append(Placeholder(token: string(s[i..<end]), range: i..<end,
                                                    generic: String(generic), name: nil))
                    i = end
                    continue
                }
            } else if s[i] == "{", let end = braceEnd(s, from: i) {
                let name = string(s[(i + 1)..<(end - 1)])
                placeholders.append(Placeholder(token: string(s[i..<end]), range: i..<end,
                                                generic: "{}", name: name))
                i = end
                continue
            }
            i += 1
        }
        return (placeholders, escapes)
    }

    /// The end of a printf conversion starting at `start` (a `%`), or nil if there is none:
    /// `%` [digits `$`] [flags] [width] [`.` precision] [length] conversion.
    private static func printfEnd(_ s: [Unicode.Scalar], from start: Int) -> Int? {
        var i = start + 1
        func digits() { while i < s.count, ("0"..."9").contains(s[i]) { i += 1 } }
        let positionStart = i
        digits()
        if i > positionStart {
            if i < s.count, s[i] == "$" { i += 1 } else { i = positionStart }
        }
        while i < s.count, flags.contains(s[i]) { i += 1 }
        digits()
        if i < s.count, s[i] == "." { i += 1; digits() }
        while i < s.count, lengths.contains(s[i]) { i += 1 }
        guard i < s.count, conversions.contains(s[i]) else { return nil }
        return i + 1
    }

    /// The end of a brace field `{name}` or `{0}` starting at `start`, or nil.
    private static func braceEnd(_ s: [Unicode.Scalar], from start: Int) -> Int? {
        var i = start + 1
        while i < s.count, s[i].properties.isAlphabetic || ("0"..."9").contains(s[i]) || s[i] == "_" { i += 1 }
        guard i > start + 1, i < s.count, s[i] == "}" else { return nil }
        return i + 1
    }

    private static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        String(String.UnicodeScalarView(scalars))
    }
}
