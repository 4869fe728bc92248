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
        var glyphs: [ShapedGlyph]
    }

    func position(_ ranges: [Range<Int>], fontSize: Double, in textRect: Rect,
                  ellipsisRange: Range<Int>? = nil) -> [Line] {
        let breaker = LineBreaker(text: text)
        let tracking = style.tracking
        var lines: [Line] = []
        var bandTop = 0.0
        for (index, range) in ranges.enumerated() {
            let visible = breaker.trimmedTrailingSpace(range)
            let band = metrics.band(range, fontSize: fontSize)
            let paragraph = text.itemized.paragraphs.first { $0.range.contains(range.lowerBound) || $0.range.upperBound == range.lowerBound }
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
            let x = textRect.x + (textRect.width - justifiedWidth) * alignment
            let baseline = bandTop + (band.height - band.ascent - band.descent) / 2 + band.ascent

            var pen = x
            var runs: [GlyphRun] = []
            var clustersLeft = breaker.graphemeCount(visible)
            for piece in pieces {
                var glyphs: [PositionedGlyph] = []
                glyphs.reserveCapacity(piece.glyphs.count)
                for (i, glyph) in piece.glyphs.enumerated() {
                    glyphs.append(PositionedGlyph(id: glyph.id, x: pen + glyph.offsetX * fontSize,
                                                  y: baseline - glyph.offsetY * fontSize, cluster: glyph.cluster))
                    pen += glyph.advance * fontSize
                    let nextCluster = i + 1 < piece.glyphs.count ? piece.glyphs[i + 1].cluster : -1
                    if nextCluster != glyph.cluster {
                        if text.itemized.scalars[glyph.cluster] == 0x20 { pen += extraPerSpace }
                        clustersLeft -= 1
                        if clustersLeft > 0 { pen += tracking + extraPerCluster }
                    }
                }
                let isEllipsis = ellipsisRange.map { range in piece.glyphs.allSatisfy { range.contains($0.cluster) } } ?? false
                runs.append(GlyphRun(face: piece.face, fontSize: fontSize, bidiLevel: piece.level,
                                     glyphs: glyphs, isEllipsis: isEllipsis))
            }
            let lineText = String(String.UnicodeScalarView(visible.compactMap { Unicode.Scalar(text.itemized.scalars[$0]) }))
            lines.append(Line(text: lineText, range: range, baseline: baseline, x: x, width: justifiedWidth,
                              ascent: band.ascent, descent: band.descent, top: bandTop, height: band.height,
                              runs: runs, isRightToLeft: isRTL))
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
        return lines.map { line in
            var line = line
            line.top += shift
            line.baseline += shift
            line.runs = line.runs.map { run in
                var run = run
                run.glyphs = run.glyphs.map { var g = $0; g.y += shift; return g }
                return run
            }
            return line
        }
    }

    /// The glyphs of `range`, one piece per item, each in its item's visual order; the
    /// ellipsis, if any, becomes a piece of its own so renderers and tests can tell it.
    private func pieces(in range: Range<Int>, splittingAt ellipsis: Range<Int>?) -> [Piece] {
        var pieces: [Piece] = []
        for item in text.items where item.item.range.overlaps(range) {
            var current: [ShapedGlyph] = []
            var currentIsEllipsis = false
            for glyph in item.glyphs where range.contains(glyph.cluster) {
                let isEllipsis = ellipsis?.contains(glyph.cluster) ?? false
                if !current.isEmpty && isEllipsis != currentIsEllipsis {
                    pieces.append(Piece(level: item.item.level, face: item.item.face, glyphs: current))
                    current = []
                }
                currentIsEllipsis = isEllipsis
                current.append(glyph)
            }
            if !current.isEmpty {
                pieces.append(Piece(level: item.item.level, face: item.item.face, glyphs: current))
            }
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
