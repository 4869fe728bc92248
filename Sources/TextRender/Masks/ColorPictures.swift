import LabelLayout
import StyledText

/// Colour glyphs that fonts store as PNG pictures (emoji), decoded once per label and
/// drawn scaled into their glyph boxes. They keep their own colours (the style's fill
/// does not tint them), but their shape joins the silhouette: strokes and shadows
/// follow the picture's alpha, as they follow an outline glyph's coverage.
struct ColorPictures {
    /// A decoded picture, as a source to paint with.
    private struct Source {
        var pattern: CairoPattern
        var width: Int
        var height: Int
    }

    private struct Picture {
        var source: Source
        var placement: GlyphPaths.PlacedPicture
    }
    private let pictures: [Picture]
    /// The limits pictures are held to, which a selection of them keeps.
    let limits: Limits

    var isEmpty: Bool { pictures.isEmpty }

    /// Decodes each distinct picture once. The pictures of one label together hold at
    /// most as many pixels as its largest canvas, each no wider or taller: a picture
    /// whose header asks for more is refused before its pixels are set aside, so a font
    /// of many huge colour glyphs cannot take gigabytes either.
    init(_ placed: [GlyphPaths.PlacedPicture], limits: Limits) throws(RenderError) {
        let side = min(limits.canvasSide, PNGDecoder.cairoSideLimit)
        var pixelsLeft = limits.canvasPixels
        var decoded: [[UInt8]: Source] = [:]
        var pictures: [Picture] = []
        for placement in placed {
            let source: Source
            if let known = decoded[placement.bitmap.png] {
                source = known
            } else {
                source = try Self.decode(placement.bitmap, limit: DecodeLimit(side: side, pixels: pixelsLeft))
                decoded[placement.bitmap.png] = source
                pixelsLeft -= source.width * source.height
            }
            pictures.append(Picture(source: source, placement: placement))
        }
        self.pictures = pictures
        self.limits = limits
    }

    /// Paints every picture with the context's current operator. On an A8 surface this
    /// paints the pictures' alpha, which is their coverage.
    func paint(on context: CairoContext) {
        for picture in pictures {
            let p = picture.placement, source = picture.source
            guard source.width > 0, source.height > 0, p.width > 0, p.height > 0 else { continue }
            context.save()
            context.translate(p.x, p.y)
            context.scale(p.width / Double(source.width), p.height / Double(source.height))
            context.setSource(source.pattern)
            context.rectangle(x: 0, y: 0, width: Double(source.width), height: Double(source.height))
            context.fill()
            context.restore()
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

    /// A picture that cannot be used names its file (and glyph, for a font's picture):
    /// the label alone would not tell which of its pictures is at fault.
    private static func decode(_ bitmap: ColorBitmap, limit: DecodeLimit) throws(RenderError) -> Source {
        let decoded = bitmap.png.withUnsafeBytes { bytes in
            Result { () throws(ImageError) in
                try PNGReader.read(bytes) { width, height throws(ImageError) in try limit.check(.png, width: width, height: height) }
            }
        }
        let image: CairoSurface
        do {
            image = try decoded.get()
        } catch {
            throw .unreadablePicture(.file(bitmap.source, error))
        }
        let pattern = CairoPattern(surface: image)
        // GOOD filters properly when shrinking a 136 px emoji strike to label size.
        pattern.setFilter(.good)
        pattern.setExtend(.pad)
        return Source(pattern: pattern, width: image.width, height: image.height)
    }
}
