import StyledText

/// Cuts text that does not fit even at the minimum size, on grapheme-cluster boundaries,
/// and puts a real ellipsis (U+2026) where the text was cut, in logical order: shaped and
/// bidi-resolved with its neighbours, it lands on the correct side of RTL lines.
struct Truncator {
    static let ellipsis: Unicode.Scalar = "\u{2026}"

    /// The longest cut of `scalars` that `fits`, as the text to lay out and the scalar
    /// range of the ellipsis in it. Each candidate is tried with a full layout.
    func truncate(_ scalars: [Unicode.Scalar], graphemeStarts: [Bool], mode: TruncationMode,
                  fits: (String) -> Bool) -> (text: String, ellipsis: Range<Int>) {
        var boundaries = (0..<scalars.count).filter { graphemeStarts[$0] }
        boundaries.append(scalars.count)
        let clusterCount = boundaries.count - 1

        func candidate(keepingFirst first: Int, last: Int) -> (String, Range<Int>) {
            var head = Array(scalars[0..<boundaries[first]])
            while let end = head.last, end.properties.isWhitespace { head.removeLast() }
            var tail = Array(scalars[boundaries[clusterCount - last]...])
            while let start = tail.first, start.properties.isWhitespace { tail.removeFirst() }
            var view = String.UnicodeScalarView()
            view.append(contentsOf: head)
            view.append(Self.ellipsis)
            view.append(contentsOf: tail)
            return (String(view), head.count..<(head.count + 1))
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
        let (text, range) = candidate(keepingFirst: first, last: last)
        return (text, range)
    }
}
