// Caret positions, hit-testing, arrow-key movement and selection rectangles over a
// laid-out label, so a game can build a text field on `TextLayout`. Offsets are Unicode
// scalar offsets into `TextLayout.text` (UTF16Queries.swift has the UTF-16 and `NSRange`
// forms); a caret only ever stands between grapheme clusters.

extension TextLayout {
    // MARK: - Public API

    /// Every offset a caret can stand at, ascending: the grapheme-cluster boundaries of the
    /// text shown, in Unicode scalars into ``text``.
    ///
    /// Text a truncation cut is not reachable: the ellipsis is one cluster, from the end of
    /// the kept head to the start of the kept tail. Neither is text a clipped label hides
    /// below its last line.
    ///
    /// ```swift
    /// let layout = try engine.layout("e\u{301}té", style: style, locale: "fr")
    /// layout.caretOffsets   // [0, 2, 3, 4]: never between "e" and its accent
    /// ```
    public var caretOffsets: [Int] {
        let lines = caretLines
        return lines.isEmpty ? [0] : lines.flatMap(\.stops)
    }

    /// The caret for `offset`, a Unicode scalar offset into ``text``.
    ///
    /// An offset inside a grapheme cluster (between a letter and its accent, inside an
    /// emoji sequence or inside cut text) snaps back to the cluster's start; offsets past
    /// the end give the caret at the end.
    ///
    /// In text of one direction the caret stands at the leading edge of the grapheme at
    /// `offset` (its left edge in left-to-right text, its right edge in right-to-left text),
    /// and at the end of a line, at the trailing edge of the line's last grapheme. Where
    /// directions meet, ``Caret/x`` is where text of the paragraph's direction would be
    /// inserted and ``Caret/secondaryX`` the other place. An offset where a line wraps
    /// belongs to the start of the next line (downstream affinity, as in Pango and UIKit);
    /// only the end of the text stays at the end of the last line.
    ///
    /// ```swift
    /// let caret = layout.caret(at: 5)
    /// caretView.frame = caret.rect(width: 2)
    /// ```
    public func caret(at offset: Int) -> Caret {
        let lines = caretLines
        guard !lines.isEmpty else {
            return Caret(offset: 0, utf16Offset: 0, line: 0, x: textRect.minX, top: textRect.minY,
                         bottom: textRect.minY, isRightToLeft: false)
        }
        let (line, stop) = Self.locate(offset, in: lines)
        return lines[line].placement(of: stop).caret(onLine: line, of: self)
    }

    /// The caret for a position in ``text``; see ``caret(at:)-(Int)``.
    public func caret(at index: String.Index) -> Caret {
        caret(at: text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: index))
    }

    /// The caret offset nearest to a point, for placing the caret where the player taps.
    ///
    /// The line is the one whose band holds `y`; points above the first line or below the
    /// last use that line. On the line, the result is the offset whose caret
    /// (``caret(at:)-(Int)``) stands nearest to `x`, so the caret lands where the tap was: in
    /// text of one direction, the nearer half of the grapheme under `x` decides between
    /// before and after it, mirrored in right-to-left text. Points left or right of the
    /// line give its visual ends, which are its logical start or end depending on its
    /// direction. A wrapped line's end gives the offset before its last grapheme (usually
    /// the space it wrapped at), since the offset after it is the next line's start.
    ///
    /// - Returns: a Unicode scalar offset into ``text`` from ``caretOffsets``.
    ///
    /// ```swift
    /// let offset = layout.caretOffset(atX: touch.x, y: touch.y)
    /// ```
    public func caretOffset(atX x: Double, y: Double) -> Int {
        let lines = caretLines
        guard !lines.isEmpty else { return 0 }
        var index = lines.count - 1
        for (i, line) in self.lines.enumerated() where y < line.top + line.height {
            index = i
            break
        }
        return lines[index].offset(nearestTo: x)
    }

    /// The position in ``text`` nearest to a point; see ``caretOffset(atX:y:)``.
    public func caretIndex(atX x: Double, y: Double) -> String.Index {
        text.unicodeScalars.index(text.unicodeScalars.startIndex, offsetBy: caretOffset(atX: x, y: y))
    }

    /// The caret offset one step to the left or right on screen, for the arrow keys, as
    /// Pango's `pango_layout_move_cursor_visually`: inside mixed-direction text the caret
    /// moves visually, not logically. Moving off the end of a line in its reading direction
    /// enters the next line at its start; moving off its start enters the previous line at
    /// its end.
    ///
    /// - Parameters:
    ///   - offset: where the caret is, a Unicode scalar offset into ``text``.
    ///   - direction: the arrow key pressed.
    /// - Returns: the new offset, or nil when the caret is already at that end of the text.
    ///
    /// ```swift
    /// if let next = layout.caretOffset(from: cursor, moving: .right) { cursor = next }
    /// ```
    public func caretOffset(from offset: Int, moving direction: VisualDirection) -> Int? {
        let lines = caretLines
        guard !lines.isEmpty else { return nil }
        let (index, stop) = Self.locate(offset, in: lines)
        let line = lines[index]
        let visual = line.visualOrder
        let position = visual.firstIndex(of: stop)!
        switch direction {
        case .right:
            if position + 1 < visual.count { return visual[position + 1] }
            let next = line.isRightToLeft ? index - 1 : index + 1
            return lines.indices.contains(next) ? lines[next].visualOrder.first : nil
        case .left:
            if position > 0 { return visual[position - 1] }
            let next = line.isRightToLeft ? index + 1 : index - 1
            return lines.indices.contains(next) ? lines[next].visualOrder.last : nil
        }
    }

    /// The rectangles that highlight a selection: on each line, one rectangle per run of
    /// adjacent selected grapheme clusters, as tall as the line's band. Baselines are
    /// snapped to whole pixels, which can leave a sliver between two bands or make them
    /// overlap; the rectangles of consecutive lines meet halfway there, so a selection
    /// over several lines shows no seams. Where directions mix, one logical range can
    /// show as several pieces on a line ("abc אבג" with "c א" selected shows two).
    ///
    /// A grapheme cluster is highlighted when the range covers any of it, so ranges need
    /// not fall on cluster boundaries. A truncated label's ellipsis is highlighted when the
    /// range touches the text it replaced. A line's trailing spaces are included; newlines,
    /// which take no room, and an empty range give no rectangle.
    ///
    /// - Parameter range: Unicode scalar offsets into ``text``.
    /// - Returns: The rectangles, line by line from the top, left to right on each line.
    ///
    /// ```swift
    /// for rect in layout.selectionRects(for: selection) { highlight(rect) }
    /// ```
    public func selectionRects(for range: Range<Int>) -> [Rect] {
        guard !range.isEmpty else { return [] }
        return caretLines.enumerated().flatMap { index, line in
            let (top, bottom) = selectionBand(ofLine: index)
            return line.selectedSpans(range).map {
                Rect(x: $0.minX, y: top, width: $0.maxX - $0.minX, height: bottom - top)
            }
        }
    }

    /// The rectangles that highlight a range of ``text``; see ``selectionRects(for:)-(Range<Int>)``.
    public func selectionRects(for range: Range<String.Index>) -> [Rect] {
        let scalars = text.unicodeScalars
        return selectionRects(for: scalars.distance(from: scalars.startIndex, to: range.lowerBound)
                            ..< scalars.distance(from: scalars.startIndex, to: range.upperBound))
    }

    // MARK: - Lines as carets see them

    /// The lines with their segments in offsets of ``text``.
    var caretLines: [CaretLine] {
        let mapping = ellipsisMapping
        func textOffset(_ offset: Int) -> Int { mapping?.textOffset(offset) ?? offset }
        return lines.enumerated().map { index, line in
            let segments = line.caretSegments.map { segment in
                var segment = segment
                segment.range = textOffset(segment.range.lowerBound)..<textOffset(segment.range.upperBound)
                return segment
            }
            let range = textOffset(line.range.lowerBound)..<textOffset(line.range.upperBound)
            var stops = Set(segments.map(\.range.lowerBound))
            stops.insert(range.lowerBound)
            // Where a line wraps, the offset belongs to the next line's start.
            if index == lines.count - 1 { stops.insert(range.upperBound) }
            let edges = segments.isEmpty ? (line.x, line.x)
                : (segments.map(\.minX).min()!, segments.map(\.maxX).max()!)
            return CaretLine(segments: segments, range: range, stops: stops.sorted(),
                             isRightToLeft: line.isRightToLeft, leftEdge: edges.0, rightEdge: edges.1)
        }
    }

    /// The top and bottom of a line's selection: its band, up to the midpoint with each
    /// neighbour's band, computed alike for both lines so their rectangles meet exactly.
    func selectionBand(ofLine index: Int) -> (top: Double, bottom: Double) {
        func boundary(after upper: Int) -> Double {
            (lines[upper].top + lines[upper].height + lines[upper + 1].top) / 2
        }
        let line = lines[index]
        let top = index == 0 ? line.top : boundary(after: index - 1)
        let bottom = index == lines.count - 1 ? line.top + line.height : boundary(after: index)
        return (top, bottom)
    }

    /// The line an offset's caret is on and the caret stop it snaps to.
    static func locate(_ offset: Int, in lines: [CaretLine]) -> (line: Int, stop: Int) {
        let index = lines.firstIndex { offset < $0.range.upperBound } ?? lines.count - 1
        let stops = lines[index].stops
        return (index, stops.last { $0 <= offset } ?? stops[0])
    }
}

/// Where one offset's caret stands on a line.
struct CaretPlacement {
    var offset: Int
    var x: Double
    var isRightToLeft: Bool
    var secondaryX: Double?
    /// The segment whose edge the caret stands on, if any.
    var segment: Int?

    func caret(onLine index: Int, of layout: TextLayout) -> Caret {
        let line = layout.lines[index]
        return Caret(offset: offset, utf16Offset: layout.utf16Offset(forScalarOffset: offset), line: index, x: x,
                     top: line.baseline - line.ascent, bottom: line.baseline + line.descent,
                     isRightToLeft: isRightToLeft, secondaryX: secondaryX)
    }
}

/// One line for caret queries: its grapheme segments in visual order and its caret stops,
/// in offsets of the label's text.
struct CaretLine {
    var segments: [CaretSegment]
    var range: Range<Int>
    /// Offsets a caret can stand at on this line, ascending.
    var stops: [Int]
    var isRightToLeft: Bool
    var leftEdge: Double
    var rightEdge: Double

    /// Pango's strong and weak cursors: the trailing edge of the grapheme before `offset`
    /// and the leading edge of the one after it; the strong one is on the side whose
    /// direction is the paragraph's. A line's start and end count as paragraph-direction
    /// text at its visual start and end.
    func placement(of offset: Int) -> CaretPlacement {
        let before = segments.firstIndex { $0.range.upperBound == offset }
        let after = segments.firstIndex { $0.range.lowerBound == offset }
        let start = isRightToLeft ? rightEdge : leftEdge, end = isRightToLeft ? leftEdge : rightEdge
        let trailing = before.map { (segments[$0].trailingX, segments[$0].isRightToLeft, Optional($0)) }
            ?? (start, isRightToLeft, nil)
        let leading = after.map { (segments[$0].leadingX, segments[$0].isRightToLeft, Optional($0)) }
            ?? (end, isRightToLeft, nil)
        let (strong, weak) = trailing.1 == isRightToLeft ? (trailing, leading) : (leading, trailing)
        return CaretPlacement(offset: offset, x: strong.0, isRightToLeft: strong.1,
                              secondaryX: abs(weak.0 - strong.0) > 1e-9 ? weak.0 : nil, segment: strong.2)
    }

    /// The line's stops from left to right by caret x; stops at the same x in logical order.
    var visualOrder: [Int] {
        stops.map { placement(of: $0) }
            .sorted { ($0.x, $0.offset) < ($1.x, $1.offset) }
            .map(\.offset)
    }

    /// The x extents of the segments `range` touches, left to right, touching ones joined.
    func selectedSpans(_ range: Range<Int>) -> [(minX: Double, maxX: Double)] {
        let selected = segments.filter { $0.range.overlaps(range) && $0.maxX > $0.minX }.sorted { $0.minX < $1.minX }
        var spans: [(minX: Double, maxX: Double)] = []
        for segment in selected {
            if let last = spans.last, segment.minX <= last.maxX + 1e-9 {
                spans[spans.count - 1].maxX = max(last.maxX, segment.maxX)
            } else {
                spans.append((segment.minX, segment.maxX))
            }
        }
        return spans
    }

    /// The stop whose caret is nearest to `x`. Where two carets stand at the same x, the
    /// one on the grapheme under `x` wins.
    func offset(nearestTo x: Double) -> Int {
        var best: CaretPlacement?
        var bestDistance = Double.infinity
        for placement in stops.map({ placement(of: $0) }) {
            let distance = abs(placement.x - x)
            if distance < bestDistance - 1e-9 {
                best = placement
                bestDistance = distance
            } else if distance < bestDistance + 1e-9, let segment = placement.segment,
                      segments[segment].minX <= x, x < segments[segment].maxX {
                best = placement
            }
        }
        return best!.offset
    }
}
