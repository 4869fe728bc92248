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
        var lines: [TextLayout.Line] = []
        var alignments: [Double] = []
        var bandTop = 0.0
        for (index, range) in ranges.enumerated() {
            let endsParagraph = index == ranges.count - 1
                || text.itemized.paragraphs.contains { $0.range.upperBound == range.upperBound }
            let (line, alignment) = placeLine(range, top: bandTop, endsParagraph: endsParagraph,
                                              fontSize: fontSize, in: textRect, ellipsisRange: ellipsisRange)
            lines.append(line)
            alignments.append(alignment)
            bandTop += line.height
        }
        // Vertical alignment moves the whole block inside the text rectangle.
        let shift = textRect.y + (textRect.height - bandTop) * verticalAlignmentFactor
        let placed = lines.map { $0.moved(dx: 0, dy: shift) }
        return Self.clearOfEdges(placed, alignments: alignments, inkRect: textRect.outset(top: -Fitter.inkMargin, left: -Fitter.inkMargin,
                                                                 bottom: -Fitter.inkMargin, right: -Fitter.inkMargin))
    }

    // MARK: - One line

    /// One line with its band's top at `bandTop` (before vertical alignment), and how it
    /// is aligned (0 left, 1 right), which keeps it in view if its ink is too wide.
    private func placeLine(_ range: Range<Int>, top bandTop: Double, endsParagraph: Bool, fontSize: Double,
                           in textRect: Rect, ellipsisRange: Range<Int>?) -> (line: TextLayout.Line, alignment: Double) {
        let breaker = LineBreaker(text: text)
        let visible = breaker.trimmedTrailingSpace(range)
        let band = metrics.band(range, fontSize: fontSize)
        let isRTL = paragraphIsRightToLeft(at: range)
        let width = breaker.visibleWidth(range, fontSize: fontSize, tracking: style.tracking)
        let spacing = justification(of: visible, width: width, room: textRect.width, endsParagraph: endsParagraph)
        let justifiedWidth = spacing.isJustified ? textRect.width : width
        let alignment = alignmentFactor(isRightToLeft: isRTL)
        let x = textRect.x + (textRect.width - justifiedWidth) * alignment
        let baseline = bandTop + (band.height - band.ascent - band.descent) / 2 + band.ascent

        let pieces = visualOrder(pieces(in: visible, splittingAt: ellipsisRange))
        var pen = LinePen(x: x, clustersLeft: breaker.graphemeCount(visible))
        let runs = placeRuns(pieces, visible: visible, baseline: baseline, fontSize: fontSize, spacing: spacing,
                             ellipsisRange: ellipsisRange, pen: &pen)
        let caret = CaretSource(boxes: pen.boxes, visible: visible, graphemeStarts: text.itemized.graphemeStarts,
                                trailing: hanging(visible.upperBound..<range.upperBound, fontSize: fontSize),
                                lineX: x, isRightToLeft: isRTL)
        let lineText = String(String.UnicodeScalarView(visible.compactMap { Unicode.Scalar(text.itemized.scalars[$0]) }))
        let line = TextLayout.Line(text: lineText, range: range, baseline: baseline, x: x, width: justifiedWidth,
                                   ascent: band.ascent, descent: band.descent, top: bandTop, height: band.height,
                                   runs: runs, isRightToLeft: isRTL, endsInHyphen: breaker.shownHyphen(visible) != nil,
                                   caret: caret, laidOutLength: text.count)
        return (line, alignment)
    }

    /// Whether the paragraph that holds the line's first character runs right to left; an
    /// empty last line belongs to the paragraph it follows.
    private func paragraphIsRightToLeft(at range: Range<Int>) -> Bool {
        let paragraph = text.itemized.paragraphs.first { $0.range.contains(range.lowerBound) }
            ?? text.itemized.paragraphs.last { $0.range.upperBound == range.lowerBound }
        return paragraph?.isRTL ?? false
    }

    /// The spacing between a line's clusters: the style's tracking, and for a justified
    /// line that does not end its paragraph, the room left spread over its spaces (or,
    /// in text without spaces, between its grapheme clusters).
    private func justification(of visible: Range<Int>, width: Double, room: Double, endsParagraph: Bool) -> LineSpacing {
        var spacing = LineSpacing(tracking: style.tracking)
        guard style.align == .justify, !endsParagraph, room > width else { return spacing }
        let spaces = visible.filter { text.itemized.scalars[$0] == 0x20 }.count
        let clusters = LineBreaker(text: text).graphemeCount(visible)
        if spaces > 0 {
            spacing.extraPerSpace = (room - width) / Double(spaces)
        } else if clusters > 1 {
            spacing.extraPerCluster = (room - width) / Double(clusters - 1)
        }
        return spacing
    }

    /// Where in the free room a line goes: 0 at the left, 1 at the right.
    private func alignmentFactor(isRightToLeft: Bool) -> Double {
        switch style.align {
        case .left: return 0
        case .right: return 1
        case .center: return 0.5
        case .natural, .justify: return isRightToLeft ? 1 : 0
        }
    }

    private var verticalAlignmentFactor: Double {
        switch style.verticalAlign {
        case .top: return 0
        case .middle: return 0.5
        case .bottom: return 1
        }
    }

    // MARK: - Glyphs

    /// The pieces of a line as glyph runs, placed from `pen.x` on: the pen collects each
    /// shaping cluster's box for the caret segments as it goes.
    private func placeRuns(_ pieces: [Piece], visible: Range<Int>, baseline: Double, fontSize: Double,
                           spacing: LineSpacing, ellipsisRange: Range<Int>?, pen: inout LinePen) -> [GlyphRun] {
        let breaker = LineBreaker(text: text)
        let hyphen = breaker.shownHyphen(visible)
        var runs: [GlyphRun] = []
        for (pieceIndex, piece) in pieces.enumerated() {
            let run = text.itemized.runs[piece.run]
            let runSize = fontSize * run.scale
            let runStart = pen.x
            let isEllipsis = ellipsisRange.map { range in piece.glyphs.allSatisfy { range.contains($0.cluster) } } ?? false
            let glyphs = placeGlyphs(of: piece, isEllipsis: isEllipsis, baseline: baseline, fontSize: fontSize,
                                     spacing: spacing, hyphen: hyphen, pen: &pen)
            // A decoration runs under the spacing after the run unless the line ends there.
            let runEnd = pieceIndex + 1 < pieces.count ? pen.x : pen.x - (pen.clustersLeft > 0 ? spacing.tracking : 0)
            let slant = run.italic && !piece.face.isItalic && run.image == nil ? Self.syntheticSlant : 0
            let ink = run.image == nil ? (glyphs: glyphs, face: piece.face, slant: slant) : nil
            let decorations = Self.decorations(run.attributes, face: run.chain[0], size: runSize,
                                               from: runStart, to: runEnd, baseline: baseline, skipping: ink)
            runs.append(GlyphRun(face: piece.face, fontSize: runSize, bidiLevel: piece.level,
                                 glyphs: glyphs, isEllipsis: isEllipsis, attributes: run.attributes,
                                 color: run.attributes.color, stroke: run.stroke,
                                 slant: slant, image: run.image, decorations: decorations))
        }
        return runs
    }

    /// One piece's glyphs placed at the pen, with the spacing after each cluster and the
    /// hyphen a line broken at a soft hyphen or a hyphenation point shows.
    private func placeGlyphs(of piece: Piece, isEllipsis: Bool, baseline: Double, fontSize: Double, spacing: LineSpacing,
                             hyphen: ShapedGlyph?, pen: inout LinePen) -> [PositionedGlyph] {
        let isRightToLeft = piece.level & 1 == 1
        var glyphs: [PositionedGlyph] = []
        glyphs.reserveCapacity(piece.glyphs.count)
        var clusterLeft = pen.x
        for (i, glyph) in piece.glyphs.enumerated() {
            // The hyphen goes at the line's logical end, with the last cluster (the soft
            // hyphen, or the letter before a dictionary point): right of all its glyphs
            // in left-to-right text, left of them in right-to-left.
            let previousCluster = i > 0 ? piece.glyphs[i - 1].cluster : -1
            let nextCluster = i + 1 < piece.glyphs.count ? piece.glyphs[i + 1].cluster : -1
            let shown = glyph.cluster == hyphen?.cluster ? hyphen : nil
            if let shown, isRightToLeft, previousCluster != glyph.cluster {
                glyphs.append(PositionedGlyph(id: shown.id, x: pen.x, y: baseline, cluster: glyph.cluster))
                pen.x += shown.advance * fontSize
            }
            glyphs.append(PositionedGlyph(id: glyph.id, x: pen.x + glyph.offsetX * fontSize,
                                          y: baseline - glyph.offsetY * fontSize, cluster: glyph.cluster))
            pen.x += glyph.advance * fontSize
            if let shown, !isRightToLeft, nextCluster != glyph.cluster {
                glyphs.append(PositionedGlyph(id: shown.id, x: pen.x, y: baseline, cluster: glyph.cluster))
                pen.x += shown.advance * fontSize
            }
            if nextCluster != glyph.cluster {
                pen.endCluster(glyph.cluster, from: clusterLeft, isRightToLeft: isRightToLeft, isEllipsis: isEllipsis,
                               isSpace: text.itemized.scalars[glyph.cluster] == 0x20, spacing: spacing)
                clusterLeft = pen.x
            }
        }
        return glyphs
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
    /// metrics of the run's own face at its size. The underline is cut where the ink of
    /// the glyphs in `skipping` crosses it (descenders), with a clearance of its own
    /// thickness; a strike-through runs through the letters, as it must.
    private static func decorations(_ attributes: TextAttributes, face: FontFace, size: Double,
                                    from x0: Double, to x1: Double, baseline: Double,
                                    skipping ink: (glyphs: [PositionedGlyph], face: FontFace, slant: Double)?) -> [Decoration] {
        guard x1 > x0 else { return [] }
        var bars: [Decoration] = []
        // At least a pixel thick at scale 1, so a small run's underline never vanishes.
        if attributes.underline {
            let thickness = max(1, face.underline.thickness * size)
            let top = baseline - face.underline.offset * size
            let pieces = ink.map { ink in
                SkipInk.pieces(from: x0, to: x1, top: top, bottom: top + thickness, clearance: thickness,
                               glyphs: ink.glyphs, face: ink.face, size: size, slant: ink.slant)
            } ?? [x0...x1]
            for piece in pieces {
                bars.append(Decoration(kind: .underline, rect: Rect(
                    x: piece.lowerBound, y: top, width: piece.upperBound - piece.lowerBound, height: thickness)))
            }
        }
        if attributes.strikethrough {
            let thickness = max(1, face.strikeout.thickness * size)
            bars.append(Decoration(kind: .strikethrough, rect: Rect(
                x: x0, y: baseline - face.strikeout.offset * size, width: x1 - x0, height: thickness)))
        }
        return bars
    }

    /// The spacing added between a line's clusters.
    private struct LineSpacing {
        var tracking: Double
        /// Justification room after each space, or (text without spaces) after each cluster.
        var extraPerSpace = 0.0
        var extraPerCluster = 0.0

        var isJustified: Bool { extraPerSpace > 0 || extraPerCluster > 0 }
    }

    /// The pen moving along a line, and the boxes of the shaping clusters it has placed.
    private struct LinePen {
        var x: Double
        /// Grapheme clusters still to place: no spacing follows the line's last one.
        var clustersLeft: Int
        var boxes: [ClusterBox] = []

        /// Ends a shaping cluster that began at `start`: records its box, then adds the
        /// spacing after it.
        mutating func endCluster(_ cluster: Int, from start: Double, isRightToLeft: Bool, isEllipsis: Bool,
                                 isSpace: Bool, spacing: LineSpacing) {
            var box = ClusterBox(cluster: cluster, isRightToLeft: isRightToLeft,
                                 isEllipsis: isEllipsis, minX: start, maxX: x, ownSpace: 0)
            if isSpace {
                x += spacing.extraPerSpace
                box.ownSpace = spacing.extraPerSpace
            }
            boxes.append(box)
            clustersLeft -= 1
            if clustersLeft > 0 { x += spacing.tracking + spacing.extraPerCluster }
        }
    }

    /// The line's trailing white space, which has no glyphs on the line, grapheme by
    /// grapheme with its advance; newlines take no room.
    private func hanging(_ trailing: Range<Int>, fontSize: Double) -> [CaretSource.Hanging] {
        let starts = text.itemized.graphemeStarts
        var hanging: [CaretSource.Hanging] = []
        var start = trailing.lowerBound
        while start < trailing.upperBound {
            var end = start + 1
            while end < trailing.upperBound && !starts[end] { end += 1 }
            let width = Self.isNewline(text.itemized.scalars[start]) ? 0 : text.width(start..<end) * fontSize
            hanging.append(CaretSource.Hanging(range: start..<end, width: width, endsCluster: !starts[start]))
            start = end
        }
        return hanging
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
