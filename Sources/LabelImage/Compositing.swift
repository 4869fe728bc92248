/// Porter-Duff "over" on straight-alpha pixels, cropping and flattening: the one
/// compositor, for labels drawn onto images as for images laid over photos.
///
/// Blending happens on the 8-bit sRGB values, as browsers and image editors blend by
/// default, so a caption looks the same here as over the photo in any of them.
extension RGBAImage {
    /// Lays `overlay` over this image with its top left corner at (`x`, `y`); parts
    /// outside this image are cut off.
    ///
    /// - Parameters:
    ///   - overlay: Straight-alpha pixels, e.g. a rendered label.
    ///   - x: Where the overlay's left edge goes; may be negative.
    ///   - y: Where the overlay's top edge goes; may be negative.
    ///
    /// ```swift
    /// var photo = try ImageDecoder().decode(contentsOf: photoURL)
    /// photo.composite(label.image, atX: 24, y: 24)
    /// ```
    public mutating func composite(_ overlay: RGBAImage, atX x: Int, y: Int) {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(width, x + overlay.width), y1 = min(height, y + overlay.height)
        guard x0 < x1, y0 < y1 else { return }
        let width = self.width, overlayWidth = overlay.width
        overlay.pixels.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                for row in y0..<y1 {
                    var s = ((row - y) * overlayWidth + (x0 - x)) * 4
                    var d = (row * width + x0) * 4
                    for _ in x0..<x1 {
                        Self.blendOver(source, s, into: target, d)
                        s += 4
                        d += 4
                    }
                }
            }
        }
    }

    /// This image with `overlay` laid over it; see ``composite(_:atX:y:)``.
    public func compositing(_ overlay: RGBAImage, atX x: Int, y: Int) -> RGBAImage {
        var copy = self
        copy.composite(overlay, atX: x, y: y)
        return copy
    }

    /// One pixel of "over": `out.a = s.a + d.a (1 - s.a)` and
    /// `out.c = (s.c s.a + d.c d.a (1 - s.a)) / out.a`, in integers scaled by 255.
    @inline(__always)
    private static func blendOver(_ s: UnsafeBufferPointer<UInt8>, _ i: Int,
                                  into d: UnsafeMutableBufferPointer<UInt8>, _ j: Int) {
        let sa = Int(s[i + 3])
        if sa == 0 { return }
        if sa == 255 {
            d[j] = s[i]; d[j + 1] = s[i + 1]; d[j + 2] = s[i + 2]; d[j + 3] = 255
            return
        }
        let da = Int(d[j + 3])
        let rest = 255 - sa
        if da == 255 {
            // The common case of a label over an opaque photo: no division by alpha.
            for c in 0..<3 { d[j + c] = UInt8((Int(s[i + c]) * sa + Int(d[j + c]) * rest + 127) / 255) }
            return
        }
        let sourceWeight = sa * 255
        let targetWeight = da * rest
        let total = sourceWeight + targetWeight  // alpha scaled by 255
        for c in 0..<3 {
            d[j + c] = UInt8((Int(s[i + c]) * sourceWeight + Int(d[j + c]) * targetWeight + total / 2) / total)
        }
        d[j + 3] = UInt8((total + 127) / 255)
    }

    /// The image laid over an opaque colour (white by default): what a format without
    /// alpha, such as JPEG, should store.
    ///
    /// - Parameters:
    ///   - red: The background's red, 0 to 255.
    ///   - green: The background's green.
    ///   - blue: The background's blue.
    public func flattened(red: UInt8 = 255, green: UInt8 = 255, blue: UInt8 = 255) -> RGBAImage {
        var background = RGBAImage(width: width, height: height)
        background.pixels.withUnsafeMutableBufferPointer { p in
            for i in stride(from: 0, to: p.count, by: 4) {
                p[i] = red; p[i + 1] = green; p[i + 2] = blue; p[i + 3] = 255
            }
        }
        background.composite(self, atX: 0, y: 0)
        return background
    }

    /// A rectangle of this image.
    ///
    /// - Parameters:
    ///   - x: The left edge, `0..<width`.
    ///   - y: The top edge, `0..<height`.
    ///   - width: At least 1, reaching no further than this image's right edge.
    ///   - height: At least 1, reaching no further than this image's bottom edge.
    public func cropped(x: Int, y: Int, width: Int, height: Int) -> RGBAImage {
        precondition(x >= 0 && y >= 0 && width > 0 && height > 0 && x + width <= self.width && y + height <= self.height,
                     "crop \(width)x\(height)+\(x)+\(y) does not lie in a \(self.width)x\(self.height) image")
        var out = [UInt8]()
        out.reserveCapacity(width * height * 4)
        for row in y..<(y + height) {
            let start = (row * self.width + x) * 4
            out.append(contentsOf: pixels[start..<(start + width * 4)])
        }
        return RGBAImage(width: width, height: height, pixels: out)
    }

    /// The largest centred square: a landscape photo loses equal strips left and right,
    /// a portrait one at the top and bottom.
    public func croppedToSquare() -> RGBAImage {
        let side = min(width, height)
        return cropped(x: (width - side) / 2, y: (height - side) / 2, width: side, height: side)
    }
}

extension RGBAImage {
    /// Lays Cairo's premultiplied ARGB32 `surface` over this image (source over), its top
    /// left corner at (`x`, `y`); parts outside the image are cut off.
    ///
    /// The surface's colours are used premultiplied, as Cairo left them, so none of
    /// their precision is lost to unpremultiplying first; pixels the surface does not
    /// cover are not touched.
    package mutating func blend(premultiplied surface: CairoSurface, atX x: Int, y: Int) {
        precondition(surface.format == .argb, "only ARGB32 surfaces hold colour")
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(width, x + surface.width), y1 = min(height, y + surface.height)
        guard x0 < x1, y0 < y1 else { return }
        let width = self.width
        surface.withPixels { data, stride in
            pixels.withUnsafeMutableBufferPointer { target in
                for row in y0..<y1 {
                    let source = UnsafeRawPointer(data + (row - y) * stride).assumingMemoryBound(to: UInt32.self)
                    for column in x0..<x1 {
                        let argb = source[column - x]
                        // Premultiplied: no alpha means no colour, and nothing to add.
                        if argb >> 24 != 0 { Self.blendOver(premultiplied: argb, into: target, at: (row * width + column) * 4) }
                    }
                }
            }
        }
    }

    /// One pixel of "over" with a premultiplied source `s` and a straight target `d`:
    /// `out.a = s.a + d.a (1 - s.a)` and `out.c = (s.c + d.c d.a (1 - s.a)) / out.a`, in
    /// integers (alpha scaled by 255 twice, so the only division is the last).
    @inline(__always)
    private static func blendOver(premultiplied argb: UInt32, into d: UnsafeMutableBufferPointer<UInt8>, at j: Int) {
        let sa = Int(argb >> 24), rest = 255 - sa
        let total = sa * 255 + Int(d[j + 3]) * rest  // out.a × 255²
        let targetWeight = Int(d[j + 3]) * rest
        func channel(_ premultiplied: UInt32, _ c: Int) -> UInt8 {
            UInt8(min(255, (Int(premultiplied & 0xFF) * 65025 + Int(d[j + c]) * targetWeight + total / 2) / total))
        }
        let r = channel(argb >> 16, 0), g = channel(argb >> 8, 1), b = channel(argb, 2)
        d[j] = r; d[j + 1] = g; d[j + 2] = b
        d[j + 3] = UInt8((total + 127) / 255)
    }
}
