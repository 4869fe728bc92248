import StyledText

/// Cuts text that does not fit even at the minimum size, on grapheme-cluster boundaries,
/// and puts a real ellipsis (U+2026) where the text was cut, in logical order: shaped and
/// bidi-resolved with its neighbours, it lands on the correct side of RTL lines. The
/// ellipsis takes the attributes of the text it replaces, so a cut bold word ends in a
/// bold ellipsis.
struct Truncator {
    static let ellipsis: Unicode.Scalar = "\u{2026}"

    /// The longest cut of `text` that `fits`, as the text to lay out and the scalar
    /// range of the ellipsis in it. Each candidate is tried with a full layout.
    func truncate(_ text: StyledString, graphemeStarts: [Bool], mode: TruncationMode,
                  fits: (StyledString) -> Bool) -> (text: StyledString, ellipsis: Range<Int>) {
        let scalars = Array(text.text.unicodeScalars)
        var boundaries = (0..<scalars.count).filter { graphemeStarts[$0] }
        boundaries.append(scalars.count)
        let clusterCount = boundaries.count - 1

        func candidate(keepingFirst first: Int, last: Int) -> (StyledString, Range<Int>) {
            var head = boundaries[first]
            while head > 0, scalars[head - 1].properties.isWhitespace { head -= 1 }
            var tail = max(head, boundaries[clusterCount - last])
            while tail < scalars.count, scalars[tail].properties.isWhitespace { tail += 1 }
            // Only the cut's first (last for head) visible character matters: looking no
            // further keeps each candidate cheap when most of a long text is cut.
            let replaced = head..<tail
            let visible = { (offset: Int) in !scalars[offset].properties.isWhitespace }
            let model = (mode == .head ? replaced.last(where: visible) : replaced.first(where: visible))
                ?? max(0, min(head, scalars.count - 1))
            var attributes = text.attributes(at: model)
            attributes.image = nil
            var result = text.substring(0..<head)
            result.append(String(Self.ellipsis), attributes: attributes)
            result.append(text.substring(tail..<scalars.count))
            return (result, head..<(head + 1))
        }

        // Binary search for the most clusters kept (fit shrinks as more text is kept).
        var low = 0, high = clusterCount  // low fits (or is 0); high does not
        func split(_ kept: Int) -> (Int, Int) {
            switch mode {
            case .tail, .clip: return (kept, 0)
            case .head: return (0, kept)
            case .middle: return ((kept + 1) / 2, kept / 2)
            }
        }
        while high - low > 1 {
            let middle = (low + high) / 2
            let (first, last) = split(middle)
            if fits(candidate(keepingFirst: first, last: last).0) { low = middle } else { high = middle }
        }
        let (first, last) = split(low)
        return candidate(keepingFirst: first, last: last)
    }
}
