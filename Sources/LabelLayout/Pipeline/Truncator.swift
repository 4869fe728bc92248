import StyledText

/// Cuts text that does not fit even at the minimum size, on grapheme-cluster boundaries,
/// and puts a real ellipsis (U+2026) where the text was cut, in logical order: shaped and
/// bidi-resolved with its neighbours, it lands on the correct side of RTL lines. The
/// ellipsis takes the attributes of the text it replaces, so a cut bold word ends in a
/// bold ellipsis.
struct Truncator {
    static let ellipsis: Unicode.Scalar = "\u{2026}"

    /// Where a cut falls: the text before `replaced` and after it is kept, the ellipsis
    /// stands in for it, styled like the character at `model`.
    struct Cut: Equatable {
        var replaced: Range<Int>
        var model: Int
    }

    let text: StyledString
    let mode: TruncationMode
    private let scalars: [Unicode.Scalar]
    /// Scalar offsets where grapheme clusters start, and the text's end.
    private let boundaries: [Int]

    init(_ text: StyledString, graphemeStarts: [Bool], mode: TruncationMode) {
        self.text = text
        self.mode = mode
        scalars = Array(text.text.unicodeScalars)
        var boundaries = (0..<scalars.count).filter { graphemeStarts[$0] }
        boundaries.append(scalars.count)
        self.boundaries = boundaries
    }

    var clusterCount: Int { boundaries.count - 1 }

    /// The cut that keeps `kept` grapheme clusters, split between the ends as the mode says.
    func cut(keeping kept: Int) -> Cut {
        let (first, last): (Int, Int)
        switch mode {
        case .tail, .clip: (first, last) = (kept, 0)
        case .head: (first, last) = (0, kept)
        case .middle: (first, last) = ((kept + 1) / 2, kept / 2)
        }
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
        return Cut(replaced: replaced, model: model)
    }

    /// The most clusters that can be kept while `fits` holds, by binary search (fit
    /// shrinks as more text is kept). Keeping nothing, the ellipsis alone, is the floor.
    func longestKept(fits: (Cut) -> Bool) -> Int {
        var low = 0, high = clusterCount  // low fits (or is 0); high does not
        while high - low > 1 {
            let middle = (low + high) / 2
            if fits(cut(keeping: middle)) { low = middle } else { high = middle }
        }
        return low
    }

    /// The text of a cut, to lay out, and the scalar range of the ellipsis in it.
    func text(of cut: Cut) -> (text: StyledString, ellipsis: Range<Int>) {
        var attributes = text.attributes(at: cut.model)
        attributes.image = nil
        var result = text.substring(0..<cut.replaced.lowerBound)
        result.append(String(Self.ellipsis), attributes: attributes)
        result.append(text.substring(cut.replaced.upperBound..<scalars.count))
        return (result, cut.replaced.lowerBound..<(cut.replaced.lowerBound + 1))
    }
}
