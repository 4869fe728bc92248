import LabelLayout
import StyledText
import TextRender

/// Burns meme-style captions onto photos: each caption is a label whose box is a band
/// along the top or bottom edge, so it wraps and shrinks to fit the photo.
///
/// ```swift
/// let photo = try ImageDecoder().decode(contentsOf: URL(fileURLWithPath: "cat.jpg"))
/// let style = try StyleSheet(contentsOf: URL(fileURLWithPath: "meme.json"))
///     .style(forKey: "caption", locale: "en")
/// let captioner = Captioner(engine: LayoutEngine())
/// let result = try captioner.caption(photo, with: [Caption("ONE DOES NOT SIMPLY"),
///                                                  Caption("CAPTION A PHOTO", at: .bottom)],
///                                    style: style, locale: "en")
/// let png = try PNGEncoder().encode(result.image)
/// ```
///
/// The sizing rule: a style's sizes (font size and minimum size, stroke width, shadow
/// offsets and blur, tracking) are pixels on a photo ``referenceWidth`` (1000) pixels
/// wide, and scale with the photo's width. A 4000-pixel photo gets text four times as
/// large as the style says, a 500-pixel one half as large, so a caption covers the same
/// share of any photo. Within a band, the text shrinks as far as the style's
/// `font.minSize` (a quarter of `font.size` when the style has none) to fit, then is
/// truncated as `truncate` says.
///
/// Each band is the photo's width less a margin on both sides, and at most
/// ``bandFraction`` of its height less the margin at the edge. The margin is
/// ``marginFraction`` of the photo's shorter side. The style's `box`, `verticalAlign`,
/// `canvas` and `scales` are replaced by the band; all else (font, fill, stroke,
/// shadows, alignment, `maxLines`, wrapping) applies as in any label.
public struct Captioner: Sendable {
    /// The photo width, in pixels, at which a style's sizes apply unscaled.
    public static let referenceWidth = 1000.0
    /// The smallest photo side that leaves room for a caption.
    public static let minimumSide = 16

    /// The margin between the photo's edges and the bands, as a fraction of its shorter
    /// side; 0.04 by default.
    public var marginFraction = 0.04
    /// The largest share of the photo's height one caption may take; 1/3 by default, so
    /// a top and a bottom caption never meet.
    public var bandFraction = 1.0 / 3

    /// The largest photo accepted.
    public var photoLimits = PhotoLimits.default

    /// The limits of the labels drawn as captions, except that a caption's canvas may be
    /// as large as the photo, whatever `canvasSide` and `canvasPixels` say.
    public var limits = Limits.default

    /// Lays out the captions; it caches fonts, so share one between photos.
    public let engine: LayoutEngine

    /// Creates a captioner.
    ///
    /// - Parameter engine: The layout engine, with the fonts the styles name.
    public init(engine: LayoutEngine) {
        self.engine = engine
    }

    /// The band a caption at `position` may cover on a photo of the given size.
    ///
    /// - Parameters:
    ///   - position: The edge.
    ///   - photoWidth: The photo's width in pixels, at least ``minimumSide``.
    ///   - photoHeight: The photo's height in pixels, at least ``minimumSide``.
    public func band(at position: CaptionPosition, photoWidth: Int, photoHeight: Int) -> CaptionBand {
        let margin = Int((Double(min(photoWidth, photoHeight)) * marginFraction).rounded())
        let width = max(1, photoWidth - 2 * margin)
        let height = max(1, Int((Double(photoHeight) * bandFraction).rounded(.down)) - margin)
        let y = position == .top ? margin : photoHeight - margin - height
        return CaptionBand(x: margin, y: y, width: width, height: height,
                           scale: Double(photoWidth) / Self.referenceWidth)
    }

    /// `style` fitted to `band`: the label's box is the band, in the style's units.
    ///
    /// - Parameters:
    ///   - style: The caption style, sizes for a ``referenceWidth``-pixel photo.
    ///   - band: The band, from ``band(at:photoWidth:photoHeight:)``.
    ///   - position: Decides the vertical alignment: against the photo's edge.
    public func captionStyle(_ style: LabelStyle, in band: CaptionBand, at position: CaptionPosition) -> LabelStyle {
        var fitted = style
        // The canvas is the box in whole points at the band's scale; on the widest photos
        // that may be one point more than the renderer can draw, so the box gives it up.
        var width = Double(band.width) / band.scale
        if Canvas.boxSide(width, scale: band.scale) > Double(Renderer.largestSide) { width.round(.down) }
        fitted.box = Box(width: width, height: Double(band.height) / band.scale)
        fitted.verticalAlign = position == .top ? .top : .bottom
        fitted.canvas = .box
        fitted.scales = [band.scale]
        if fitted.font.minSize == nil { fitted.font.minSize = fitted.font.size / 4 }
        return fitted
    }

    /// Burns captions onto a photo.
    ///
    /// - Parameters:
    ///   - photo: The photo; the result keeps its size and every pixel not under a caption.
    ///   - captions: At most one caption per position.
    ///   - style: The caption style (see the sizing rule above).
    ///   - locale: The text's locale (BCP 47), for line breaking and fonts.
    /// - Returns: The captioned photo and how each caption was laid out.
    /// - Throws: A ``CaptionError`` if the photo is smaller than ``minimumSide`` or beyond
    ///   ``photoLimits``, or two captions share a position; a `LayoutError` if the style's
    ///   fonts cannot be loaded.
    public func caption(_ photo: RGBAImage, with captions: [Caption], style: LabelStyle,
                        locale: String = "en") throws -> CaptionedImage {
        guard photo.width >= Self.minimumSide, photo.height >= Self.minimumSide else {
            throw CaptionError.photoTooSmall(width: photo.width, height: photo.height)
        }
        for position in CaptionPosition.allCases where captions.filter({ $0.position == position }).count > 1 {
            throw CaptionError.positionTaken(position)
        }
        if let limit = SizeLimit.exceeded(width: Double(photo.width), height: Double(photo.height),
                                          side: photoLimits.side, pixels: photoLimits.pixels) {
            throw CaptionError.photoTooLarge(width: photo.width, height: photo.height, limit: limit)
        }
        // A caption is never larger than its band, which lies inside the photo.
        var canvasLimits = limits
        canvasLimits.canvasSide = max(limits.canvasSide, photoLimits.side)
        canvasLimits.canvasPixels = max(limits.canvasPixels, photoLimits.pixels)
        let renderer = Renderer(limits: canvasLimits)
        var image = photo
        var placed: [PlacedCaption] = []
        for caption in captions {
            let band = band(at: caption.position, photoWidth: photo.width, photoHeight: photo.height)
            let layout = try engine.layout(caption.text, style: captionStyle(style, in: band, at: caption.position),
                                           locale: locale)
            try renderer.draw(layout, onto: &image, atX: band.x, y: band.y, scale: band.scale)
            placed.append(PlacedCaption(caption: caption, band: band, layout: layout))
        }
        return CaptionedImage(image: image, captions: placed)
    }

    /// Burns one caption onto a photo; see ``caption(_:with:style:locale:)``.
    public func caption(_ photo: RGBAImage, text: String, at position: CaptionPosition = .top,
                        style: LabelStyle, locale: String = "en") throws -> CaptionedImage {
        try caption(photo, with: [Caption(text, at: position)], style: style, locale: locale)
    }
}
