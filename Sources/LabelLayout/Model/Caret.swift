/// Where a text cursor stands in a laid-out label, in px at scale 1 in box coordinates,
/// like the rest of ``TextLayout``.
///
/// Between text of one direction a caret is a single position. Where left-to-right and
/// right-to-left text meet, an offset has two places on screen: one where text in the
/// paragraph's direction would be inserted (``x``, Pango's "strong" cursor), and one where
/// text in the other direction would go (``secondaryX``). Editors that show split carets,
/// as Pango and AppKit do, draw both.
///
/// ```swift
/// let caret = layout.caret(at: 3)
/// drawLine(from: (caret.x, caret.top), to: (caret.x, caret.bottom))
/// ```
public struct Caret: Sendable, Hashable {
    /// The caret's offset in ``TextLayout/text``, in Unicode scalars, on a grapheme
    /// cluster boundary.
    public let offset: Int
    /// The same place as ``offset`` in UTF-16 code units, as `NSString`, `NSRange` and
    /// platform text-input APIs count.
    public let utf16Offset: Int
    /// Index of the line in ``TextLayout/lines``.
    public let line: Int
    /// The caret's x: where text in the paragraph's direction typed at ``offset`` appears.
    public let x: Double
    /// The y of the top of the caret: the line's ascent above its baseline.
    public let top: Double
    /// The y of the bottom of the caret: the line's descent below its baseline.
    public let bottom: Double
    /// The direction of the text the caret touches at ``x``, for editors that draw a small
    /// flag on the caret.
    public let isRightToLeft: Bool
    /// Where text in the other direction would appear, when that is not at ``x``: only where
    /// left-to-right and right-to-left text meet.
    public let secondaryX: Double?

    // Carets come only from a layout's queries, which keep the two offsets in step.
    init(offset: Int, utf16Offset: Int, line: Int, x: Double, top: Double, bottom: Double,
         isRightToLeft: Bool, secondaryX: Double? = nil) {
        self.offset = offset
        self.utf16Offset = utf16Offset
        self.line = line
        self.x = x
        self.top = top
        self.bottom = bottom
        self.isRightToLeft = isRightToLeft
        self.secondaryX = secondaryX
    }

    /// A rectangle `width` wide centred on the caret, from ``top`` to ``bottom``.
    public func rect(width: Double = 1) -> Rect {
        Rect(x: x - width / 2, y: top, width: width, height: bottom - top)
    }
}

/// A direction on screen, for moving a caret with the arrow keys.
public enum VisualDirection: Sendable, Hashable {
    /// Towards the left edge of the screen, whatever the text's direction.
    case left
    /// Towards the right edge of the screen, whatever the text's direction.
    case right
}
