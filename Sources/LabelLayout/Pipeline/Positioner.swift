import StyledText

/// Turns line ranges into positioned lines: per-line visual reordering of bidi runs
/// (rule L2 of UAX #9, so a wrapped RTL paragraph reads right on every line), then
/// horizontal and vertical alignment and baselines.
struct Positioner {
    let text: ShapedText
    let metrics: LineMetrics
    let style: LabelStyle

    private struct Piece {
        var level: UInt8
        var face: FontFace
        var run: Int
        var glyphs: [ShapedGlyph]
    }

    func position(_ ranges: [Range<Int>], fontSize: Double, in textRect: Rect,
                  ellipsisRange: Range<Int>? = nil) -> [TextLayout.Line] {
        let breaker = LineBreaker(text: text)
        let tracking = style.tracking
        var lines: [TextLayout.Line] = []
        var alignments: [Double] = []
        var bandTop = 0.0
        for (index, range) in ranges.enumerated() {
            let visible = breaker.trimmedTrailingSpace(range)
            let band = metrics.band(range, fontSize: fontSize)
            // The paragraph that holds the line's first character; an empty last line belongs
            // to the paragraph it follows.
            let paragraph = text.itemized.paragraphs.first { $0.range.contains(range.lowerBound) }
                ?? text.itemized.paragraphs.last { $0.range.upperBound == range.lowerBound }
            let isRTL = paragraph?.isRTL ?? false
            let width = breaker.visibleWidth(range, fontSize: fontSize, tracking: tracking)

            let pieces = visualOrder(pieces(in: visible, splittingAt: ellipsisRange))
            let endsParagraph = index == ranges.count - 1
                || text.itemized.paragraphs.contains { $0.range.upperBound == range.upperBound }
            var extraPerSpace = 0.0, extraPerCluster = 0.0
            if style.align == .justify, !endsParagraph, textRect.width > width {
                let spaces = visible.filter { text.itemized.scalars[$0] == 0x20 }.count
                if spaces > 0 {
                    extraPerSpace = (textRect.width - width) / Double(spaces)
                } else if breaker.graphemeCount(visible) > 1 {
                    extraPerCluster = (textRect.width - width) / Double(breaker.graphemeCount(visible) - 1)
                }
            }
            let justifiedWidth = (extraPerSpace > 0 || extraPerCluster > 0) ? textRect.width : width

            let alignment: Double
            switch style.align {
            case .left: alignment = 0
            case .right: alignment = 1
            case .center: alignment = 0.5
            case .natural, .justify: alignment = isRTL ? 1 : 0
            }
            alignments.append(alignment)
            let x = textRect.x + (textRect.width - justifiedWidth) * alignment
            let baseline = bandTop + (band.height - band.ascent - band.descent) / 2 + band.ascent

            var pen = x
            var runs: [GlyphRun] = []
            var boxes: [ClusterBox] = []
            var clustersLeft = breaker.graphemeCount(visible)
            let shownHyphen = breaker.shownHyphen(visible)
            let hyphenCluster = shownHyphen == nil ? -1 : visible.upperBound - 1
            for (pieceIndex, piece) in pieces.enumerated() {
                let run = text.itemized.runs[piece.run]
                let runSize = fontSize * run.scale
                let runStart = pen
                var glyphs: [PositionedGlyph] = []
                glyphs.reserveCapacity(piece.glyphs.count)
                let isEllipsis = ellipsisRange.map { range in piece.glyphs.allSatisfy { range.contains($0.cluster) } } ?? false
                var clusterLeft = pen
                for (i, glyph) in piece.glyphs.enumerated() {
                    // A line broken at a soft hyphen shows a hyphen at its logical end:
                    // right of the soft hyphen in left-to-right text, left of it in right-to-left.
                    let hyphen = glyph.cluster == hyphenCluster ? shownHyphen : nil
                    if let hyphen, piece.level & 1 == 1 {
                        glyphs.append(PositionedGlyph(id: hyphen.id, x: pen, y: baseline, cluster: glyph.cluster))
                        pen += hyphen.advance * fontSize
                    }
                    glyphs.append(PositionedGlyph(id: glyph.id, x: pen + glyph.offsetX * fontSize,
                                                  y: baseline - glyph.offsetY * fontSize, cluster: glyph.cluster))
                    pen += glyph.advance * fontSize
                    if let hyphen, piece.level & 1 == 0 {
                        glyphs.append(PositionedGlyph(id: hyphen.id, x: pen, y: baseline, cluster: glyph.cluster))
                        pen += hyphen.advance * fontSize
                    }
                    let nextCluster = i + 1 < piece.glyphs.count ? piece.glyphs[i + 1].cluster : -1
                    if nextCluster != glyph.cluster {
                        var box = ClusterBox(cluster: glyph.cluster, isRightToLeft: piece.level & 1 == 1,
                                             isEllipsis: isEllipsis, minX: clusterLeft, maxX: pen, ownSpace: 0)
                        if text.itemized.scalars[glyph.cluster] == 0x20 {
                            pen += extraPerSpace
                            box.ownSpace = extraPerSpace
                        }
                        boxes.append(box)
                        clustersLeft -= 1
                        if clustersLeft > 0 { pen += tracking + extraPerCluster }
                        clusterLeft = pen
                    }
                }
                // A decoration runs under the spacing after the run unless the line ends there.
                let runEnd = pieceIndex + 1 < pieces.count ? pen : pen - (clustersLeft > 0 ? tracking : 0)
                let decorations = Self.decorations(run.attributes, face: run.chain[0], size: runSize,
                                                   from: runStart, to: runEnd, baseline: baseline)
                runs.append(GlyphRun(face: piece.face, fontSize: runSize, bidiLevel: piece.level,
                                     glyphs: glyphs, isEllipsis: isEllipsis, attributes: run.attributes,
                                     color: run.attributes.color, stroke: run.stroke,
                                     slant: run.italic && !piece.face.isItalic && run.image == nil ? Self.syntheticSlant : 0,
                                     image: run.image, decorations: decorations))
            }
            let segments = hang(visible.upperBound..<range.upperBound, after: caretSegments(boxes, visible: visible),
                                lineX: x, isRTL: isRTL, fontSize: fontSize)
            let lineText = String(String.UnicodeScalarView(visible.compactMap { Unicode.Scalar(text.itemized.scalars[$0]) }))
            lines.append(TextLayout.Line(text: lineText, range: range, baseline: baseline, x: x, width: justifiedWidth,
                              ascent: band.ascent, descent: band.descent, top: bandTop, height: band.height,
                              runs: runs, isRightToLeft: isRTL, caretSegments: segments, laidOutLength: text.count))
            bandTop += band.height
        }

        // Vertical alignment moves the whole block inside the text rectangle.
        let total = bandTop
        let factor: Double
        switch style.verticalAlign {
        case .top: factor = 0
        case .middle: factor = 0.5
        case .bottom: factor = 1
        }
        let shift = textRect.y + (textRect.height - total) * factor
        let placed = lines.map { $0.moved(dx: 0, dy: shift) }
        return Self.clearOfEdges(placed, alignments: alignments, inkRect: textRect.outset(top: -Fitter.inkMargin, left: -Fitter.inkMargin,
                                                                 bottom: -Fitter.inkMargin, right: -Fitter.inkMargin))
    }

    /// Moves lines so their ink stays inside `inkRect` (the text rectangle less the box's
    /// outermost pixel ring), and snaps baselines to whole pixels, so a label drawn at
    /// @2x or @3x has its baselines at exactly 2 or 3 times the @1x ones. A line whose
    /// ink is wider than the rectangle (a clipped line) keeps its alignment: its start
    /// stays in view and the far end is cut; a block taller than it is centred.
    static func clearOfEdges(_ lines: [TextLayout.Line], alignments: [Double], inkRect: Rect) -> [TextLayout.Line] {
        let inks: [Rect] = lines.map { line in
            var ink = Rect.zero
            for run in line.runs {
                for glyph in run.glyphs {
                    guard let box = run.inkBox(glyph.id) else { continue }
                    ink = ink.union(Rect(x: glyph.x + box.minX * run.fontSize, y: glyph.y - box.maxY * run.fontSize,
                                         width: (box.maxX - box.minX) * run.fontSize,
                                         height: (box.maxY - box.minY) * run.fontSize))
                }
            }
            return ink
        }
        func correction(_ low: Double, _ high: Double, within min: Double, _ max: Double, alignment: Double = 0.5) -> Double {
            if high - low > max - min { return min - low + ((max - min) - (high - low)) * alignment }
            if low < min { return min - low }
            if high > max { return max - high }
            return 0
        }
        let inked = inks.filter { !$0.isEmpty }
        var dy = 0.0
        if let top = inked.map(\.minY).min(), let bottom = inked.map(\.maxY).max() {
            dy = correction(top, bottom, within: inkRect.minY, inkRect.maxY)
        }
        return lines.enumerated().map { index, line in
            var ink = inks[index]
            ink.y += dy
            let dx = ink.isEmpty ? 0 : correction(ink.minX, ink.maxX, within: inkRect.minX, inkRect.maxX,
                                                  alignment: alignments[index])
            // Round to the nearest pixel unless that pushes the ink into the ring.
            let baseline = line.baseline + dy
            var snapped = baseline.rounded()
            if !ink.isEmpty {
                if ink.minY + (snapped - baseline) < inkRect.minY - 1e-9 { snapped = baseline.rounded(.up) }
                if ink.maxY + (snapped - baseline) > inkRect.maxY + 1e-9 { snapped = baseline.rounded(.down) }
            }
            return line.moved(dx: dx, dy: snapped - line.baseline)
        }
    }

    // MARK: - Decorations

    /// The shear of synthesized italics, as fontconfig and Pango slant upright faces.
    static let syntheticSlant = 0.2

    /// The underline and strike-through bars of a run from `x0` to `x1`, placed by the
    /// metrics of the run's own face at its size.
    private static func decorations(_ attributes: TextAttributes, face: FontFace, size: Double,
                                    from x0: Double, to x1: Double, baseline: Double) -> [Decoration] {
        guard x1 > x0 else { return [] }
        var bars: [Decoration] = []
        // At least a pixel thick at scale 1, so a small run's underline never vanishes.
        if attributes.underline {
            let thickness = max(1, face.underline.thickness * size)
            bars.append(Decoration(kind: .underline, rect: Rect(
                x: x0, y: baseline - face.underline.offset * size, width: x1 - x0, height: thickness)))
        }
        if attributes.strikethrough {
            let thickness = max(1, face.strikeout.thickness * size)
            bars.append(Decoration(kind: .strikethrough, rect: Rect(
                x: x0, y: baseline - face.strikeout.offset * size, width: x1 - x0, height: thickness)))
        }
        return bars
    }

    // MARK: - Caret segments

    /// One shaping cluster as placed on the line, before it is split or merged into
    /// grapheme clusters.
    private struct ClusterBox {
        var cluster: Int
        var isRightToLeft: Bool
        var isEllipsis: Bool
        /// Pen before the cluster's first glyph and after its last advance.
        var minX: Double
        var maxX: Double
        /// Justification room added after a space, which belongs to the space.
        var ownSpace: Double
    }

    /// Grapheme-cluster segments of a line from its shaping clusters (visual order). A
    /// ligature over several graphemes ("ffi") is split into equal parts, as Pango does;
    /// should a grapheme ever come out as several shaping clusters, they become one.
    private func caretSegments(_ boxes: [ClusterBox], visible: Range<Int>) -> [CaretSegment] {
        guard !boxes.isEmpty else { return [] }
        let starts = Set(boxes.map(\.cluster)).sorted()
        var ends: [Int: Int] = [:]
        for (i, start) in starts.enumerated() { ends[start] = i + 1 < starts.count ? starts[i + 1] : visible.upperBound }
        let graphemeStarts = text.itemized.graphemeStarts
        func grapheme(containing offset: Int) -> Int {
            var start = offset
            while start > visible.lowerBound && !graphemeStarts[start] { start -= 1 }
            return start
        }

        var segments: [CaretSegment] = []
        var segmentOfGrapheme: [Int: Int] = [:]
        for (i, box) in boxes.enumerated() {
            // Tracking between clusters is split evenly; a space keeps its justification room.
            var minX = box.minX, maxX = box.maxX + box.ownSpace
            if i > 0 { minX -= (box.minX - boxes[i - 1].maxX - boxes[i - 1].ownSpace) / 2 }
            if i + 1 < boxes.count { maxX += (boxes[i + 1].minX - box.maxX - box.ownSpace) / 2 }
            // The logically first cluster covers anything before it that drew no glyph.
            let start = box.cluster == starts[0] ? visible.lowerBound : box.cluster
            let end = ends[box.cluster]!
            var parts = [start]
            parts += (start + 1..<max(start + 1, end)).filter { graphemeStarts[$0] }
            let share = (maxX - minX) / Double(parts.count)
            for (j, partStart) in parts.enumerated() {
                let partEnd = j + 1 < parts.count ? parts[j + 1] : end
                let lower = box.isRightToLeft ? maxX - Double(j + 1) * share : minX + Double(j) * share
                let grapheme = grapheme(containing: partStart)
                if let index = segmentOfGrapheme[grapheme] {
                    segments[index].range = grapheme..<max(segments[index].range.upperBound, partEnd)
                    segments[index].minX = min(segments[index].minX, lower)
                    segments[index].maxX = max(segments[index].maxX, lower + share)
                } else {
                    segmentOfGrapheme[grapheme] = segments.count
                    segments.append(CaretSegment(range: grapheme..<partEnd, minX: lower, maxX: lower + share,
                                                 isRightToLeft: box.isRightToLeft, isEllipsis: box.isEllipsis))
                }
            }
        }
        return segments
    }

    /// Adds the line's trailing white space, which has no glyphs on the line, as segments
    /// hanging past the visual end in the paragraph's direction (rule L1 of UAX #9), so a
    /// caret after a typed space moves; newlines take no room.
    private func hang(_ trailing: Range<Int>, after segments: [CaretSegment], lineX: Double,
                      isRTL: Bool, fontSize: Double) -> [CaretSegment] {
        guard !trailing.isEmpty else { return segments }
        var pen = isRTL ? (segments.map(\.minX).min() ?? lineX) : (segments.map(\.maxX).max() ?? lineX)
        var hanging: [CaretSegment] = []
        var start = trailing.lowerBound
        while start < trailing.upperBound {
            var end = start + 1
            while end < trailing.upperBound && !text.itemized.graphemeStarts[end] { end += 1 }
            let width = Self.isNewline(text.itemized.scalars[start]) ? 0 : text.width(start..<end) * fontSize
            let minX = isRTL ? pen - width : pen
            hanging.append(CaretSegment(range: start..<end, minX: minX, maxX: minX + width,
                                        isRightToLeft: isRTL, isEllipsis: false))
            pen = isRTL ? minX : minX + width
            start = end
        }
        return isRTL ? hanging.reversed() + segments : segments + hanging
    }

    private static func isNewline(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }

    // MARK: - Visual order

    /// The glyphs of `range` as pieces in logical order, each piece's glyphs in visual
    /// order: one per item, split where the run changes (a colour inside one shaped
    /// item) and around the ellipsis, so renderers and tests can tell them.
    private func pieces(in range: Range<Int>, splittingAt ellipsis: Range<Int>?) -> [Piece] {
        var pieces: [Piece] = []
        for item in text.items where item.item.range.overlaps(range) {
            let itemStart = pieces.count
            var current: [ShapedGlyph] = []
            var currentIsEllipsis = false
            var currentRun = item.item.run
            for glyph in item.glyphs where range.contains(glyph.cluster) {
                let isEllipsis = ellipsis?.contains(glyph.cluster) ?? false
                // A glyph takes the paint of the run its cluster starts in.
                let run = text.itemized.runOf[glyph.cluster]
                if !current.isEmpty && (isEllipsis != currentIsEllipsis || run != currentRun) {
                    pieces.append(Piece(level: item.item.level, face: item.item.face, run: currentRun, glyphs: current))
                    current = []
                }
                currentIsEllipsis = isEllipsis
                currentRun = run
                current.append(glyph)
            }
            if !current.isEmpty {
                pieces.append(Piece(level: item.item.level, face: item.item.face, run: currentRun, glyphs: current))
            }
            // A right-to-left item's glyphs come in visual order, so its pieces came out
            // last-first; the bidi reordering below expects pieces in logical order.
            if item.item.level & 1 == 1 { pieces[itemStart...].reverse() }
        }
        return pieces
    }

    /// UAX #9 rule L2: from the highest level down to the lowest odd one, reverse every
    /// maximal sequence of pieces at that level or above.
    private func visualOrder(_ pieces: [Piece]) -> [Piece] {
        guard let highest = pieces.map(\.level).max() else { return pieces }
        let lowestOdd = pieces.map(\.level).filter { $0 & 1 == 1 }.min() ?? (highest + 1)
        var order = pieces
        var level = highest
        while level >= lowestOdd && level > 0 {
            var i = 0
            while i < order.count {
                guard order[i].level >= level else { i += 1; continue }
                var j = i
                while j < order.count && order[j].level >= level { j += 1 }
                order[i..<j].reverse()
                i = j
            }
            level -= 1
        }
        return order
    }
}
