/// A line's caret segments are built from what positioning measured when a caret query
/// asks for them, not for every label: only text fields ask, and a batch of labels would
/// pay for grapheme bookkeeping on every line.
extension TextLayout.Line {
    /// The line's grapheme clusters in visual order with their extents.
    var caretSegments: [CaretSegment] { caret.segments() }
}

/// One grapheme cluster of a line, or the ellipsis, as caret queries see it: the extents
/// tile the line, so every x falls on exactly one segment. Spacing that tracking adds is
/// split between the neighbours, and the extra room justification gives a space stays
/// with the space, as carets sit next to the glyphs they belong to.
struct CaretSegment: Sendable, Hashable {
    /// Scalar offsets in the laid-out text.
    var range: Range<Int>
    var minX: Double
    var maxX: Double
    var isRightToLeft: Bool
    var isEllipsis: Bool

    /// Where a caret before this cluster stands: its left edge in left-to-right text.
    var leadingX: Double { isRightToLeft ? maxX : minX }
    /// Where a caret after this cluster stands.
    var trailingX: Double { isRightToLeft ? minX : maxX }
}

/// One shaping cluster as placed on the line, before it is split or merged into
/// grapheme clusters.
struct ClusterBox: Sendable, Hashable {
    var cluster: Int
    var isRightToLeft: Bool
    var isEllipsis: Bool
    /// Pen before the cluster's first glyph and after its last advance.
    var minX: Double
    var maxX: Double
    /// Justification room added after a space, which belongs to the space.
    var ownSpace: Double
}

/// What positioning measured of a line that its caret segments are made from.
struct CaretSource: Sendable, Hashable {
    /// The line's shaping clusters, in visual order.
    var boxes: [ClusterBox]
    /// The line's range without its trailing white space.
    var visible: Range<Int>
    /// Grapheme-cluster starts of the laid-out text.
    var graphemeStarts: [Bool]
    /// The trailing white space, which hangs past the line's visual end.
    var trailing: [Hanging]
    var lineX: Double
    var isRightToLeft: Bool

    /// One grapheme of trailing white space and its advance.
    struct Hanging: Sendable, Hashable {
        var range: Range<Int>
        var width: Double
        /// Whether it ends the cluster before it (a space after a prepended mark such as
        /// U+0600, UAX #29 rule GB9b) rather than starting a grapheme of its own.
        var endsCluster: Bool
    }

    var hasEllipsis: Bool { boxes.contains(where: \.isEllipsis) }

    func moved(dx: Double) -> CaretSource {
        var moved = self
        moved.lineX += dx
        for index in moved.boxes.indices {
            moved.boxes[index].minX += dx
            moved.boxes[index].maxX += dx
        }
        return moved
    }

    func segments() -> [CaretSegment] {
        hang(trailing, after: clusterSegments())
    }

    /// Grapheme-cluster segments of a line from its shaping clusters (visual order). A
    /// ligature over several graphemes ("ffi") is split into equal parts, as Pango does;
    /// should a grapheme ever come out as several shaping clusters, they become one.
    private func clusterSegments() -> [CaretSegment] {
        guard !boxes.isEmpty else { return [] }
        // Offsets of the line index plain arrays (from `base`): hashing each cluster cost
        // more than the rest of the work.
        var base = visible.lowerBound, limit = visible.upperBound
        for box in boxes {
            base = min(base, box.cluster)
            limit = max(limit, box.cluster)
        }
        limit += 1
        var isStart = [Bool](repeating: false, count: limit - base)
        for box in boxes { isStart[box.cluster - base] = true }
        // Each cluster ends where the next one in logical order starts.
        var ends = [Int](repeating: visible.upperBound, count: limit - base)
        var firstStart = -1
        var next = visible.upperBound
        for offset in stride(from: limit - 1, through: base, by: -1) where isStart[offset - base] {
            ends[offset - base] = next
            next = offset
            firstStart = offset
        }
        func grapheme(containing offset: Int) -> Int {
            var start = offset
            while start > visible.lowerBound && !graphemeStarts[start] { start -= 1 }
            return start
        }

        var segments: [CaretSegment] = []
        var segmentOfGrapheme = [Int](repeating: -1, count: limit - base)
        for (i, box) in boxes.enumerated() {
            // Tracking between clusters is split evenly; a space keeps its justification room.
            var minX = box.minX, maxX = box.maxX + box.ownSpace
            if i > 0 { minX -= (box.minX - boxes[i - 1].maxX - boxes[i - 1].ownSpace) / 2 }
            if i + 1 < boxes.count { maxX += (boxes[i + 1].minX - box.maxX - box.ownSpace) / 2 }
            // The logically first cluster covers anything before it that drew no glyph.
            let start = box.cluster == firstStart ? visible.lowerBound : box.cluster
            let end = ends[box.cluster - base]
            // The cluster's parts: its start, then every grapheme start inside it.
            let inner = start + 1..<max(start + 1, end)
            var partCount = 1
            for offset in inner where graphemeStarts[offset] { partCount += 1 }
            let share = (maxX - minX) / Double(partCount)
            var partStart = start
            var nextOffset = inner.lowerBound
            for j in 0..<partCount {
                var partEnd = end
                while nextOffset < inner.upperBound {
                    defer { nextOffset += 1 }
                    if graphemeStarts[nextOffset] { partEnd = nextOffset; break }
                }
                let lower = box.isRightToLeft ? maxX - Double(j + 1) * share : minX + Double(j) * share
                let grapheme = grapheme(containing: partStart)
                let index = segmentOfGrapheme[grapheme - base]
                if index >= 0 {
                    segments[index].range = grapheme..<max(segments[index].range.upperBound, partEnd)
                    segments[index].minX = min(segments[index].minX, lower)
                    segments[index].maxX = max(segments[index].maxX, lower + share)
                } else {
                    segmentOfGrapheme[grapheme - base] = segments.count
                    segments.append(CaretSegment(range: grapheme..<partEnd, minX: lower, maxX: lower + share,
                                                 isRightToLeft: box.isRightToLeft, isEllipsis: box.isEllipsis))
                }
                partStart = partEnd
            }
        }
        return segments
    }

    /// Adds the line's trailing white space as segments hanging past the visual end in the
    /// paragraph's direction (rule L1 of UAX #9), so a caret after a typed space moves.
    private func hang(_ trailing: [Hanging], after segments: [CaretSegment]) -> [CaretSegment] {
        guard !trailing.isEmpty else { return segments }
        var segments = segments
        var trailing = trailing[...]
        // A space that ends the cluster before it stays in that cluster's segment, so no
        // caret stands inside the cluster.
        if let first = trailing.first, first.endsCluster,
           let owner = segments.firstIndex(where: { $0.range.upperBound == first.range.lowerBound }) {
            segments[owner].range = segments[owner].range.lowerBound..<first.range.upperBound
            trailing = trailing.dropFirst()
        }
        let isRTL = isRightToLeft
        var pen = isRTL ? (segments.map(\.minX).min() ?? lineX) : (segments.map(\.maxX).max() ?? lineX)
        var hanging: [CaretSegment] = []
        for piece in trailing {
            let minX = isRTL ? pen - piece.width : pen
            hanging.append(CaretSegment(range: piece.range, minX: minX, maxX: minX + piece.width,
                                        isRightToLeft: isRTL, isEllipsis: false))
            pen = isRTL ? minX : minX + piece.width
        }
        return isRTL ? hanging.reversed() + segments : segments + hanging
    }
}
