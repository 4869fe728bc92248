import Foundation
import StyledText

/// A glyph placed on a line, in px at scale 1 relative to the box's top left.
public struct PositionedGlyph: Sendable, Hashable {
    /// The glyph id in its run's face.
    public let id: UInt32
    /// The x of the glyph's origin: the pen position plus the shaper's offset.
    public let x: Double
    /// The y of the glyph's origin: on the baseline unless the shaper moved the glyph
    /// (a mark above or below its base).
    public let y: Double
    /// Scalar offset of the first character this glyph draws, in the text the lines were
    /// laid out from (``TextLayout/laidOutText``).
    public let cluster: Int

    /// The glyph's origin (``x``, ``y``) as a Core Graphics point in box coordinates
    /// (y down), for drawing APIs that take glyph positions (`CTFontDrawGlyphs`).
    public var position: CGPoint { CGPoint(x: x, y: y) }
}

/// Consecutive glyphs of one face and bidi level, in visual order.
public struct GlyphRun: Sendable, Hashable {
    /// The face the glyph ids belong to: the style's own, a fallback, or one markup chose.
    public let face: FontFace
    /// The font size the glyphs are drawn at, px at scale 1.
    public let fontSize: Double
    /// The bidi embedding level: odd is right to left.
    public let bidiLevel: UInt8
    /// The run's glyphs, left to right on screen.
    public let glyphs: [PositionedGlyph]
    /// Whether this run is the ellipsis that replaced truncated text.
    public let isEllipsis: Bool
    /// The markup attributes of the text the run draws (`TextAttributes.plain` for plain text).
    public let attributes: TextAttributes
    /// The run's own fill colour, which replaces the style's fill (gradient or not).
    public let color: Color?
    /// The outside stroke around the run's glyphs: the style's, or what markup made it.
    public let stroke: Stroke?
    /// Horizontal shear for italics drawn with a face that has no italic design:
    /// a point `h` em above the baseline moves `slant × h` em right. 0 for upright runs.
    public let slant: Double
    /// The picture of an inline image run: each glyph of the run draws it, its box in em
    /// of ``fontSize`` around the glyph origin.
    public let image: ColorBitmap?
    /// The run's underlines and strike-throughs.
    public let decorations: [Decoration]

    /// Whether the run's text reads right to left (its bidi level is odd).
    public var isRightToLeft: Bool { bidiLevel & 1 == 1 }

    /// A glyph's ink box in em of ``fontSize``, y up, slant included: its picture's box
    /// for an image run, its outline's otherwise. Nil for glyphs without ink.
    public func inkBox(_ glyph: UInt32) -> (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
        Self.inkBox(glyph, face: face, image: image, slant: slant)
    }

    static func inkBox(_ glyph: UInt32, face: FontFace, image: ColorBitmap?, slant: Double)
        -> (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
        if let image { return (image.minX, image.minY, image.maxX, image.maxY) }
        guard var box = face.inkExtents(glyph: glyph) else { return nil }
        if slant != 0 {
            box.minX += min(slant * box.minY, slant * box.maxY)
            box.maxX += max(slant * box.minY, slant * box.maxY)
        }
        return box
    }
}

/// A bar drawn with a run's glyphs: it is painted, stroked and shadowed as they are.
public struct Decoration: Sendable, Hashable {
    /// Which bar a decoration is.
    public enum Kind: String, Sendable, Hashable {
        /// A bar under the text, at the face's underline position (`<u>`).
        case underline
        /// A bar through the text, at the face's strike-out position (`<s>`).
        case strikethrough
    }
    /// Which bar this is.
    public let kind: Kind
    /// The bar, px at scale 1 relative to the box's top left.
    public let rect: Rect
}

extension TextLayout {
    /// One line of a laid-out label.
    public struct Line: Sendable, Hashable {
        /// The line's text in logical order, an ellipsis included where text was cut.
        public let text: String
        /// Scalar offsets of the text shown on this line, in the text the lines were laid out
        /// from (``TextLayout/laidOutText``), trailing white space and newline included.
        public let range: Range<Int>
        /// The baseline's y, px at scale 1 from the box's top.
        public let baseline: Double
        /// The x where the line's first glyph (visually leftmost) starts.
        public let x: Double
        /// Advance width of the line without trailing white space.
        public let width: Double
        /// The space above the baseline that the line's fonts ask for.
        public let ascent: Double
        /// The space below the baseline that the line's fonts ask for.
        public let descent: Double
        /// The y of the top of the line's band (its share of the block's height).
        public let top: Double
        /// The height of the line's band: the fonts' line height times the style's
        /// `lineHeight`. Baselines are snapped to whole pixels, so the bands of
        /// consecutive lines can be up to a pixel apart or overlap that much.
        public let height: Double
        /// Glyph runs in visual order, left to right.
        public let runs: [GlyphRun]
        /// Whether the line's paragraph runs right to left.
        public let isRightToLeft: Bool
        /// Whether the line was broken inside a word, at a soft hyphen or a dictionary
        /// hyphenation point, and so ends in a drawn hyphen that ``text`` leaves out.
        public let endsInHyphen: Bool

        /// The line as drawn: ``text`` with the hyphen a hyphenated line ends in (a soft
        /// hyphen that ends the line becomes the hyphen it shows).
        public var drawnText: String {
            guard endsInHyphen else { return text }
            return (text.unicodeScalars.last == "\u{AD}" ? String(text.unicodeScalars.dropLast()) : text) + "-"
        }

        /// What the line's caret segments are made of, for caret queries.
        let caret: CaretSource
        /// Scalar count of the text `range` and the segments refer to, so the caret queries can
        /// map offsets past a truncation ellipsis back into the label's text.
        let laidOutLength: Int
    }
}

/// Why the font size or the text was changed to fit the box.
public enum FitOutcome: String, Sendable, Hashable {
    /// The text fits at the style's size.
    case fits
    /// The text fits at a smaller size, at or above `font.minSize`.
    case shrunk
    /// Even at the smallest size the text did not fit: it was truncated or clipped.
    case truncated
    /// Even at the smallest size the lines are too tall for the box, though each is
    /// whole and within its width: cutting text would not help, so the lines run past
    /// the box's bottom, whatever ``LabelStyle/truncate`` says. (A text too wide that
    /// `truncate: clip` cuts is ``truncated``.) Without a box width, text too tall for
    /// the box keeps the lines that fit and overflows too.
    case overflows
}

/// The result of laying out one label: immutable, free of C objects but for the shared
/// faces, and the same at every render scale.
///
/// Two layouts are equal when every value in them is: the same text, style and locale
/// laid out the same way. Faces compare by their file and index (see `FontFace`), so
/// layouts from two engines over the same font files compare equal.
public struct TextLayout: Sendable, Hashable {
    /// The text laid out, without markup (an inline image is one U+FFFC). Caret and
    /// selection queries take and return Unicode scalar offsets into it, or UTF-16
    /// offsets in their UTF-16 and `NSRange` forms.
    public let text: String
    /// The text with its attribute runs.
    public let styledText: StyledString
    /// The locale it was laid out for (BCP 47).
    public let locale: String
    /// The merged style used.
    public let style: LabelStyle
    /// The label's frame: the style's box, or the size the text needs with its effects.
    public let bounds: Rect
    /// Where the text may go: the bounds inset by the effects' extents.
    public let textRect: Rect
    /// The font size used, px at scale 1: the style's, or smaller if the text had to
    /// shrink to fit.
    public let fontSize: Double
    /// The font size the style asked for, px at scale 1.
    public let requestedFontSize: Double
    /// The lines shown, top to bottom.
    public let lines: [Line]
    /// Whether text was cut and an ellipsis (or clipping) applied.
    public let isTruncated: Bool
    /// Whether the text fitted, shrank, was truncated or overflows its box.
    public let fitOutcome: FitOutcome
    /// How many candidate sizes the fitter laid out.
    public let fitAttempts: Int
    /// Whether a word had to be split between grapheme clusters (only at the minimum size).
    public let brokeWord: Bool
    /// Union of the lines' advance boxes (line bands, widths).
    public let logicalBounds: Rect
    /// Union of the glyphs' ink, without effects.
    public let inkBounds: Rect
    /// How far the layer effects reach beyond the ink: the style's extents, widened
    /// for runs whose markup gives them a thicker stroke.
    public let effectExtents: EdgeInsets
    /// Characters drawn as a .notdef box ("tofu"): in clusters no bundled or host font can
    /// draw, each character no font covers, at every occurrence; then, once each, any
    /// other character shaped to glyph 0, such as a combining mark the font of its letter
    /// lacks.
    public let missingCharacters: [Unicode.Scalar]
    /// Faces used for text the style's face does not cover.
    public let fallbackFaces: [FontFace]
    /// The style's own face.
    public let primaryFace: FontFace

    /// The lines' text, logical order, ellipsis included.
    public var lineTexts: [String] { lines.map(\.text) }
    /// Baselines of all lines, px at scale 1 from the box's top.
    public var baselines: [Double] { lines.map(\.baseline) }

    /// The text the lines were laid out from, which their ranges and glyph clusters index
    /// (in Unicode scalars): ``text`` itself, or for a truncated label, ``text`` with the
    /// cut part replaced by the ellipsis.
    public var laidOutText: String {
        guard let mapping = ellipsisMapping else { return text }
        let scalars = Array(text.unicodeScalars)
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[..<mapping.ellipsis])
        view.append("\u{2026}")
        view.append(contentsOf: scalars[mapping.tailStart...])
        return String(view)
    }

    /// How offsets past the ellipsis of a truncated label map back into ``text``, or nil
    /// when the lines index ``text`` itself.
    var ellipsisMapping: EllipsisMapping? {
        for line in lines {
            guard line.caret.hasEllipsis, let ellipsis = line.caretSegments.first(where: \.isEllipsis) else { continue }
            // The truncator keeps a head and a tail of the text around one U+2026.
            let head = ellipsis.range.lowerBound
            let tailStart = text.unicodeScalars.count - (line.laidOutLength - head - 1)
            return tailStart >= head ? EllipsisMapping(ellipsis: head, tailStart: tailStart) : nil
        }
        return nil
    }
}

/// The laid-out text of a truncated label is the label's text with `ellipsis..<tailStart`
/// replaced by one U+2026 at `ellipsis`.
struct EllipsisMapping: Sendable, Hashable {
    var ellipsis: Int
    var tailStart: Int

    /// The offset in the label's text of a laid-out offset; the ellipsis stands for the
    /// whole cut, so the offset after it is where the kept tail starts.
    func textOffset(_ laidOut: Int) -> Int {
        laidOut <= ellipsis ? laidOut : laidOut - ellipsis - 1 + tailStart
    }
}

// MARK: - Moving placed values

// Layout results are immutable to callers; the positioner moves whole lines by building
// moved copies, so a line's glyphs, bars and caret clusters always move together.

extension TextLayout.Line {
    /// The line moved by (`dx`, `dy`), with everything placed on it.
    func moved(dx: Double, dy: Double) -> TextLayout.Line {
        guard dx != 0 || dy != 0 else { return self }
        return TextLayout.Line(
            text: text, range: range, baseline: baseline + dy, x: x + dx, width: width,
            ascent: ascent, descent: descent, top: top + dy, height: height,
            runs: runs.map { $0.moved(dx: dx, dy: dy) }, isRightToLeft: isRightToLeft, endsInHyphen: endsInHyphen,
            caret: caret.moved(dx: dx), laidOutLength: laidOutLength)
    }
}

extension GlyphRun {
    func moved(dx: Double, dy: Double) -> GlyphRun {
        GlyphRun(face: face, fontSize: fontSize, bidiLevel: bidiLevel,
                 glyphs: glyphs.map { PositionedGlyph(id: $0.id, x: $0.x + dx, y: $0.y + dy, cluster: $0.cluster) },
                 isEllipsis: isEllipsis, attributes: attributes, color: color, stroke: stroke, slant: slant,
                 image: image, decorations: decorations.map { $0.moved(dx: dx, dy: dy) })
    }
}

extension Decoration {
    func moved(dx: Double, dy: Double) -> Decoration {
        var rect = rect
        rect.x += dx
        rect.y += dy
        return Decoration(kind: kind, rect: rect)
    }
}
