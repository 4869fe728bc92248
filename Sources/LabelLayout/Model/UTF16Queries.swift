import Foundation

// The caret and selection queries in UTF-16 code units, for callers whose text lives in
// `NSString`, `NSAttributedString` or a platform text-input API, which all count in
// UTF-16. Each one converts at the edge and asks the scalar query, so both always agree.
// A UTF-16 offset inside a surrogate pair counts as the offset before the pair's
// character; a range's end inside one, as the offset after it.

extension TextLayout {
    // MARK: - Offset conversions

    /// The UTF-16 offset in ``text`` of a Unicode scalar offset.
    ///
    /// Offsets below 0 count as 0 and offsets past the end as the end, as the caret
    /// queries treat them.
    ///
    /// ```swift
    /// // "A😀B": the emoji is one scalar but two UTF-16 code units.
    /// layout.utf16Offset(forScalarOffset: 2)   // 3
    /// ```
    public func utf16Offset(forScalarOffset offset: Int) -> Int {
        var units = 0
        for scalar in text.unicodeScalars.prefix(max(0, offset)) { units += UTF16.width(scalar) }
        return units
    }

    /// The Unicode scalar offset in ``text`` of a UTF-16 offset. An offset between the two
    /// halves of a surrogate pair gives the offset of the pair's character.
    ///
    /// Offsets below 0 count as 0 and offsets past the end as the end.
    ///
    /// ```swift
    /// // "A😀B"
    /// layout.scalarOffset(forUTF16Offset: 3)   // 2, before "B"
    /// layout.scalarOffset(forUTF16Offset: 2)   // 1, inside the emoji: before it
    /// ```
    public func scalarOffset(forUTF16Offset offset: Int) -> Int {
        scalarOffset(forUTF16Offset: offset, roundingUp: false)
    }

    /// The UTF-16 range in ``text`` of a range of Unicode scalar offsets, clamped to the text.
    ///
    /// ```swift
    /// let marked = layout.utf16Range(forScalarRange: 1..<2)   // NSRange(location: 1, length: 2)
    /// ```
    public func utf16Range(forScalarRange range: Range<Int>) -> NSRange {
        let lower = utf16Offset(forScalarOffset: range.lowerBound)
        let upper = utf16Offset(forScalarOffset: range.upperBound)
        return NSRange(location: lower, length: upper - lower)
    }

    /// The Unicode scalar range in ``text`` that covers a UTF-16 range: a bound inside a
    /// surrogate pair takes in the pair's whole character. Bounds are clamped to the text.
    ///
    /// - Returns: nil when the range's location is `NSNotFound` or its location or length
    ///   is negative.
    public func scalarRange(forUTF16Range range: NSRange) -> Range<Int>? {
        guard range.location != NSNotFound, range.location >= 0, range.length >= 0 else { return nil }
        let lower = scalarOffset(forUTF16Offset: range.location, roundingUp: false)
        let (end, overflow) = range.location.addingReportingOverflow(range.length)
        let upper = scalarOffset(forUTF16Offset: overflow ? Int.max : end, roundingUp: true)
        return lower..<max(lower, upper)
    }

    private func scalarOffset(forUTF16Offset offset: Int, roundingUp: Bool) -> Int {
        var units = 0, scalars = 0
        for scalar in text.unicodeScalars {
            guard units < offset else { break }
            let width = UTF16.width(scalar)
            if units + width > offset && !roundingUp { break }
            units += width
            scalars += 1
        }
        return scalars
    }

    // MARK: - Caret queries in UTF-16

    /// Every UTF-16 offset a caret can stand at, ascending: ``caretOffsets`` in UTF-16
    /// code units of ``text``.
    public var caretUTF16Offsets: [Int] {
        var unitsBefore = [0]
        for scalar in text.unicodeScalars { unitsBefore.append(unitsBefore[unitsBefore.count - 1] + UTF16.width(scalar)) }
        return caretOffsets.map { unitsBefore[$0] }
    }

    /// The caret for a UTF-16 offset into ``text``: ``caret(at:)-(Int)`` for the scalar
    /// offset it falls in (see ``scalarOffset(forUTF16Offset:)``). The caret's
    /// ``Caret/utf16Offset`` says where it stands.
    ///
    /// ```swift
    /// let caret = layout.caret(atUTF16Offset: textView.selectedRange.location)
    /// ```
    public func caret(atUTF16Offset offset: Int) -> Caret {
        caret(at: scalarOffset(forUTF16Offset: offset))
    }

    /// The caret UTF-16 offset nearest to a point; see ``caretOffset(atX:y:)``.
    public func caretUTF16Offset(atX x: Double, y: Double) -> Int {
        utf16Offset(forScalarOffset: caretOffset(atX: x, y: y))
    }

    /// The caret UTF-16 offset one step to the left or right on screen; see
    /// ``caretOffset(from:moving:)``.
    ///
    /// - Parameters:
    ///   - offset: where the caret is, a UTF-16 offset into ``text``.
    ///   - direction: the arrow key pressed.
    /// - Returns: the new UTF-16 offset, or nil when the caret is already at that end.
    public func caretUTF16Offset(from offset: Int, moving direction: VisualDirection) -> Int? {
        caretOffset(from: scalarOffset(forUTF16Offset: offset), moving: direction).map(utf16Offset(forScalarOffset:))
    }

    /// The rectangles that highlight a UTF-16 range of ``text``, such as a text view's
    /// selected range; see ``selectionRects(for:)-(Range<Int>)``. A range with location
    /// `NSNotFound` gives none.
    ///
    /// ```swift
    /// let rects = layout.selectionRects(for: textView.selectedRange)
    /// ```
    public func selectionRects(for range: NSRange) -> [Rect] {
        guard let scalars = scalarRange(forUTF16Range: range) else { return [] }
        return selectionRects(for: scalars)
    }

    // MARK: - Hit-testing with points

    /// The caret offset nearest to a point in box coordinates; see ``caretOffset(atX:y:)``.
    public func caretOffset(at point: CGPoint) -> Int {
        caretOffset(atX: Double(point.x), y: Double(point.y))
    }

    /// The caret UTF-16 offset nearest to a point in box coordinates; see
    /// ``caretOffset(atX:y:)``.
    public func caretUTF16Offset(at point: CGPoint) -> Int {
        caretUTF16Offset(atX: Double(point.x), y: Double(point.y))
    }

    /// The position in ``text`` nearest to a point in box coordinates; see
    /// ``caretOffset(atX:y:)``.
    public func caretIndex(at point: CGPoint) -> String.Index {
        caretIndex(atX: Double(point.x), y: Double(point.y))
    }
}
