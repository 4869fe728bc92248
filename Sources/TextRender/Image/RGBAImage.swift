/// An image as 8-bit straight (not premultiplied) sRGB RGBA, row by row, top first.
public struct RGBAImage: Sendable, Hashable {
    public let width: Int
    public let height: Int
    /// `width * height * 4` bytes: red, green, blue, alpha.
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "pixel buffer does not match \(width)x\(height)")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A transparent image.
    public init(width: Int, height: Int) {
        self.init(width: width, height: height, pixels: [UInt8](repeating: 0, count: width * height * 4))
    }

    /// The pixel at (x, y) as (r, g, b, a).
    public subscript(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    /// The smallest rectangle holding every pixel with alpha above `threshold`, or nil.
    public func inkBounds(threshold: UInt8 = 0) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        var minX = width, minY = height, maxX = -1, maxY = -1
        for y in 0..<height {
            let row = y * width * 4
            for x in 0..<width where pixels[row + x * 4 + 3] > threshold {
                minX = min(minX, x); maxX = max(maxX, x)
                minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        return maxX < 0 ? nil : (minX, minY, maxX, maxY)
    }
}

extension RGBAImage {
    /// `min(255, round(c * 255 / a))` at index `a << 8 | c`: shadows and soft edges are
    /// mostly translucent pixels, and a lookup replaces three divisions per pixel (the
    /// same values, so the same images).
    private static let unpremultiplied: [UInt8] = (0..<65536).map { index in
        let a = index >> 8, c = index & 0xFF
        return a == 0 ? 0 : UInt8(min(255, (c * 255 + a / 2) / a))
    }

    /// Converts Cairo's premultiplied native-endian ARGB32 to straight RGBA, so an
    /// anti-aliased edge of a white glyph stays white with partial alpha.
    init(cairo surface: CairoSurface) {
        var pixels = [UInt8](repeating: 0, count: surface.width * surface.height * 4)
        let width = surface.width
        Self.unpremultiplied.withUnsafeBufferPointer { table in
            surface.withPixels { data, stride in
                pixels.withUnsafeMutableBufferPointer { out in
                    for y in 0..<surface.height {
                        let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                        for x in 0..<width {
                            let argb = row[x]
                            let a = argb >> 24
                            let o = (y * width + x) * 4
                            guard a > 0 else { continue }
                            let r = (argb >> 16) & 0xFF, g = (argb >> 8) & 0xFF, b = argb & 0xFF
                            if a == 255 {
                                out[o] = UInt8(r); out[o + 1] = UInt8(g); out[o + 2] = UInt8(b)
                            } else {
                                let base = Int(a) << 8
                                out[o] = table[base | Int(r)]
                                out[o + 1] = table[base | Int(g)]
                                out[o + 2] = table[base | Int(b)]
                            }
                            out[o + 3] = UInt8(a)
                        }
                    }
                }
            }
        }
        self.init(width: width, height: surface.height, pixels: pixels)
    }
}
