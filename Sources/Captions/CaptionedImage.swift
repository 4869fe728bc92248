import LabelLayout
import TextRender

/// The part of a photo a caption may cover, in photo pixels, and the scale its style is
/// drawn at.
public struct CaptionBand: Sendable, Hashable {
    /// The left edge: the margin.
    public var x: Int
    /// The top edge: the margin for a top caption, higher up for a bottom one.
    public var y: Int
    /// The photo's width less the margin on both sides.
    public var width: Int
    /// At most ``Captioner/bandFraction`` of the photo's height, less the margin.
    public var height: Int
    /// Photo width / ``Captioner/referenceWidth``: the style's sizes are multiplied by it.
    public var scale: Double
}

/// A caption as it was laid out and drawn.
public struct PlacedCaption: Sendable {
    /// The caption as given.
    public var caption: Caption
    /// Where it may go; the text is aligned in it as the style says, vertically against
    /// the photo's edge.
    public var band: CaptionBand
    /// The layout, in the style's units (multiply by `band.scale` for photo pixels):
    /// the font size used, its lines, whether it was truncated.
    public var layout: TextLayout
}

/// A photo with its captions burnt in.
public struct CaptionedImage: Sendable {
    /// The photo's pixels at full resolution, captions composited over them.
    public var image: RGBAImage
    /// The captions in the order they were given.
    public var captions: [PlacedCaption]
}
