import TextRender

/// A label image without its transparent margin, as an atlas frame holds it: a canvas
/// sized for the box or for a shadow that is not there is mostly empty, and a sheet need
/// not store it. ``offsetX`` and ``offsetY`` put the pixels back where they were
/// (TexturePacker's `spriteSourceSize`).
struct TrimmedSprite {
    /// The pixels inside the smallest rectangle holding every pixel that is not fully
    /// transparent; a label with none keeps its top left pixel, as a frame cannot be empty.
    let pixels: RGBAImage
    /// Where ``pixels`` begin in the untrimmed image.
    let offsetX: Int
    let offsetY: Int
    /// The untrimmed image's size.
    let sourceWidth: Int
    let sourceHeight: Int

    /// Whether anything was cut off.
    var isTrimmed: Bool { pixels.width != sourceWidth || pixels.height != sourceHeight }

    init(_ image: RGBAImage) {
        let ink = image.inkBounds() ?? (minX: 0, minY: 0, maxX: 0, maxY: 0)
        offsetX = ink.minX
        offsetY = ink.minY
        sourceWidth = image.width
        sourceHeight = image.height
        let width = ink.maxX - ink.minX + 1, height = ink.maxY - ink.minY + 1
        var cropped = [UInt8]()
        cropped.reserveCapacity(width * height * 4)
        for y in ink.minY...ink.maxY {
            let start = (y * image.width + ink.minX) * 4
            cropped += image.pixels[start..<start + width * 4]
        }
        pixels = RGBAImage(width: width, height: height, pixels: cropped)
    }
}
