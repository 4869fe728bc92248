import TextRender

/// Where a label image's pixels lie inside its transparent margin, as an atlas frame
/// holds them: a canvas sized for the box or for a shadow that is not there is mostly
/// empty, and a sheet need not store it. ``offsetX`` and ``offsetY`` put the pixels back
/// where they were (TexturePacker's `spriteSourceSize`).
///
/// Packing needs only these numbers; the pixels are read again when their sheet is
/// drawn, so a locale of many thousand labels is packed holding one sheet's images.
struct TrimmedSprite {
    /// Where the smallest rectangle holding every pixel that is not fully transparent
    /// begins in the untrimmed image; a label with none keeps its top left pixel, as a
    /// frame cannot be empty.
    let offsetX: Int
    let offsetY: Int
    /// The rectangle's size.
    let width: Int
    let height: Int
    /// The untrimmed image's size.
    let sourceWidth: Int
    let sourceHeight: Int

    /// Whether anything was cut off.
    var isTrimmed: Bool { width != sourceWidth || height != sourceHeight }

    init(_ image: RGBAImage) {
        let ink = image.inkBounds() ?? (minX: 0, minY: 0, maxX: 0, maxY: 0)
        offsetX = ink.minX
        offsetY = ink.minY
        width = ink.maxX - ink.minX + 1
        height = ink.maxY - ink.minY + 1
        sourceWidth = image.width
        sourceHeight = image.height
    }

    /// The pixels of `image`, the image this sprite was measured from, inside the rectangle.
    func pixels(of image: RGBAImage) -> RGBAImage {
        precondition(image.width == sourceWidth && image.height == sourceHeight, "the sprite's own image")
        var cropped = [UInt8]()
        cropped.reserveCapacity(width * height * 4)
        for y in offsetY..<offsetY + height {
            let start = (y * image.width + offsetX) * 4
            cropped += image.pixels[start..<start + width * 4]
        }
        return RGBAImage(width: width, height: height, pixels: cropped)
    }
}
