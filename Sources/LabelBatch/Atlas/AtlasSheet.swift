import TextRender

/// One sprite sheet's pixels: frames copied to their places, each surrounded by its own
/// edge pixels repeated outward, so that a texture sampler reading just outside a frame
/// (bilinear filtering, mipmaps, a sprite drawn at a fractional position) gets the
/// frame's colour rather than a neighbour's or transparency.
///
/// Frames are drawn one at a time as they are decoded, so a sheet being composed holds
/// its own pixels and the few frames in flight, not every frame it will hold.
struct AtlasSheet {
    /// A frame to draw: its pixels, and where its top left pixel goes on the sheet.
    struct Frame {
        var pixels: RGBAImage
        var x: Int
        var y: Int
    }

    let width: Int
    let height: Int
    /// How far each frame's edge pixels are repeated outward.
    let extrusion: Int
    private var pixels: [UInt8]

    /// A transparent `width` × `height` sheet whose frames will be extruded by
    /// `extrusion` pixels.
    init(width: Int, height: Int, extrusion: Int) {
        self.width = width
        self.height = height
        self.extrusion = extrusion
        pixels = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// Copies `frame` and its extruded edge onto the sheet. Frames and their extrusions
    /// must lie on the sheet and not overlap.
    mutating func draw(_ frame: Frame) {
        let source = frame.pixels, width = width, extrusion = extrusion
        let rowBytes = source.width * 4
        precondition(source.pixels.count == rowBytes * source.height, "a frame whose pixels do not match its size")
        precondition(frame.x >= extrusion && frame.y >= extrusion && frame.x + source.width + extrusion <= width
                     && frame.y + source.height + extrusion <= height, "a frame off its sheet")
        source.pixels.withUnsafeBytes { from in
            pixels.withUnsafeMutableBytes { to in
                // Every sheet pixel of the extruded rectangle takes the nearest frame
                // pixel: inside the frame itself, on the ring its edge, at the corners its
                // corner. So each row is a frame row with its first and last pixel repeated.
                for y in (frame.y - extrusion)..<(frame.y + source.height + extrusion) {
                    let row = from.baseAddress! + min(max(y - frame.y, 0), source.height - 1) * rowBytes
                    let target = to.baseAddress! + (y * width + frame.x) * 4
                    target.copyMemory(from: row, byteCount: rowBytes)
                    for step in stride(from: 1, through: extrusion, by: 1) {
                        (target - step * 4).copyMemory(from: row, byteCount: 4)
                        (target + rowBytes + (step - 1) * 4).copyMemory(from: row + rowBytes - 4, byteCount: 4)
                    }
                }
            }
        }
    }

    /// The sheet's pixels as an image.
    var image: RGBAImage { RGBAImage(width: width, height: height, pixels: pixels) }
}
