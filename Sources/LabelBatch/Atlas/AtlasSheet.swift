import TextRender

/// One sprite sheet's pixels: frames copied to their places, each surrounded by its own
/// edge pixels repeated outward, so that a texture sampler reading just outside a frame
/// (bilinear filtering, mipmaps, a sprite drawn at a fractional position) gets the
/// frame's colour rather than a neighbour's or transparency.
struct AtlasSheet {
    /// A frame to draw: its pixels, and where its top left pixel goes on the sheet.
    struct Frame {
        var pixels: RGBAImage
        var x: Int
        var y: Int
    }

    /// The sheet's pixels.
    private(set) var image: RGBAImage

    /// A `width` × `height` sheet holding `frames`, each extruded by `extrusion` pixels;
    /// the rest is transparent. Frames and their extrusions must not overlap.
    init(width: Int, height: Int, frames: [Frame], extrusion: Int) {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for frame in frames {
            let source = frame.pixels
            // Every sheet pixel of the extruded rectangle takes the nearest frame pixel:
            // inside the frame itself, on the ring its edge, at the corners its corner.
            for y in (frame.y - extrusion)..<(frame.y + source.height + extrusion) {
                let sourceRow = min(max(y - frame.y, 0), source.height - 1) * source.width
                for x in (frame.x - extrusion)..<(frame.x + source.width + extrusion) {
                    let from = (sourceRow + min(max(x - frame.x, 0), source.width - 1)) * 4
                    let to = (y * width + x) * 4
                    pixels[to] = source.pixels[from]
                    pixels[to + 1] = source.pixels[from + 1]
                    pixels[to + 2] = source.pixels[from + 2]
                    pixels[to + 3] = source.pixels[from + 3]
                }
            }
        }
        image = RGBAImage(width: width, height: height, pixels: pixels)
    }
}
