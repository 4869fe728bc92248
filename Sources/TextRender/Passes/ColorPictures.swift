import CCairo
import Foundation
import LabelLayout

/// Colour glyphs that fonts store as PNG pictures (emoji), decoded once per label and
/// drawn scaled into their glyph boxes. They keep their own colours (the style's fill
/// does not tint them), but their shape joins the silhouette: strokes and shadows
/// follow the picture's alpha, as they follow an outline glyph's coverage.
struct ColorPictures {
    private struct Picture {
        var image: CairoSurface
        var placement: GlyphPaths.PlacedPicture
    }
    private let pictures: [Picture]

    var isEmpty: Bool { pictures.isEmpty }

    init(_ placed: [GlyphPaths.PlacedPicture]) throws(RenderError) {
        var decoded: [[UInt8]: CairoSurface] = [:]
        var pictures: [Picture] = []
        for placement in placed {
            let image: CairoSurface
            if let known = decoded[placement.bitmap.png] {
                image = known
            } else {
                image = try Self.decode(placement.bitmap.png)
                decoded[placement.bitmap.png] = image
            }
            pictures.append(Picture(image: image, placement: placement))
        }
        self.pictures = pictures
    }

    /// Paints every picture with the context's current operator. On an A8 surface this
    /// paints the pictures' alpha, which is their coverage.
    func paint(on context: CairoContext) {
        let cr = context.pointer
        for picture in pictures {
            let p = picture.placement
            guard picture.image.width > 0, picture.image.height > 0, p.width > 0, p.height > 0 else { continue }
            cairo_save(cr)
            cairo_translate(cr, p.x, p.y)
            cairo_scale(cr, p.width / Double(picture.image.width), p.height / Double(picture.image.height))
            cairo_set_source_surface(cr, picture.image.pointer, 0, 0)
            // GOOD filters properly when shrinking a 136 px emoji strike to label size.
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
            cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
            cairo_rectangle(cr, 0, 0, Double(picture.image.width), Double(picture.image.height))
            cairo_fill(cr)
            cairo_restore(cr)
        }
    }

    /// The pictures' coverage grown by `radius` pixels: a grey-scale dilation by a disc
    /// with an anti-aliased rim, so an outline around an emoji is round and smooth.
    func grownCoverage(width: Int, height: Int, radius: Double) throws(RenderError) -> CairoSurface {
        let mask = try CairoSurface(width: width, height: height, format: .alpha)
        paint(on: CairoContext(mask))
        guard radius > 0 else { return mask }
        let reach = Int((radius + 0.5).rounded(.up))
        var offsets: [(dx: Int, dy: Int, weight: Double)] = []
        for dy in -reach...reach {
            for dx in -reach...reach {
                let weight = min(1, radius + 0.5 - (Double(dx * dx + dy * dy)).squareRoot())
                if weight > 0 { offsets.append((dx, dy, weight)) }
            }
        }
        let grown = try CairoSurface(width: width, height: height, format: .alpha)
        mask.withPixels { source, stride in
            grown.withPixels { out, _ in
                for y in 0..<height {
                    for x in 0..<width {
                        let alpha = source[y * stride + x]
                        guard alpha > 0 else { continue }
                        // A pixel whose neighbours are all solid adds nothing its rim does not.
                        if alpha == 255, x > 0, y > 0, x < width - 1, y < height - 1,
                           source[y * stride + x - 1] == 255, source[y * stride + x + 1] == 255,
                           source[(y - 1) * stride + x] == 255, source[(y + 1) * stride + x] == 255 {
                            out[y * stride + x] = 255
                            continue
                        }
                        for offset in offsets {
                            let tx = x + offset.dx, ty = y + offset.dy
                            guard tx >= 0, ty >= 0, tx < width, ty < height else { continue }
                            let value = UInt8((Double(alpha) * offset.weight).rounded())
                            if value > out[ty * stride + tx] { out[ty * stride + tx] = value }
                        }
                    }
                }
            }
        }
        return grown
    }

    /// Adds `other`'s coverage to `mask` as a union (per-pixel maximum).
    static func union(_ mask: CairoSurface, with other: CairoSurface) {
        mask.withPixels { out, stride in
            other.withPixels { data, _ in
                for offset in 0..<(stride * mask.height) where data[offset] > out[offset] {
                    out[offset] = data[offset]
                }
            }
        }
    }

    private static func decode(_ png: [UInt8]) throws(RenderError) -> CairoSurface {
        let reader = PNGReader(png)
        let surface = cairo_image_surface_create_from_png_stream({ closure, data, length in
            let reader = Unmanaged<PNGReader>.fromOpaque(closure!).takeUnretainedValue()
            return reader.read(into: data!, count: Int(length)) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_READ_ERROR
        }, Unmanaged.passUnretained(reader).toOpaque())!
        return try withExtendedLifetime(reader) { () throws(RenderError) -> CairoSurface in
            try CairoSurface(adopting: surface, doing: "decoding a colour glyph's PNG")
        }
    }
}

/// Feeds bytes to Cairo's PNG reader.
private final class PNGReader {
    let bytes: [UInt8]
    var position = 0
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) -> Bool {
        guard count <= bytes.count - position else { return false }
        bytes.withUnsafeBufferPointer { buffer.update(from: $0.baseAddress! + position, count: count) }
        position += count
        return true
    }
}
