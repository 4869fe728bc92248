/// An image as 8-bit straight (not premultiplied) sRGB RGBA, row by row, top first.
public struct RGBAImage: Sendable, Hashable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width * height * 4` bytes: red, green, blue, alpha.
    public var pixels: [UInt8]

    /// Wraps pixels already laid out as this type stores them.
    ///
    /// - Parameters:
    ///   - width: Width in pixels.
    ///   - height: Height in pixels.
    ///   - pixels: `width * height * 4` bytes, straight-alpha RGBA, row by row, top first.
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

    /// The smallest rectangle holding every pixel with alpha above `threshold`, or nil
    /// when there is none; the maxima are inclusive.
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
    package init(cairo surface: CairoSurface) {
        let width = surface.width, height = surface.height
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, initialized in
            let out = UnsafeMutableRawPointer(buffer.baseAddress!)
            Self.unpremultiplied.withUnsafeBufferPointer { table in
                surface.withPixels { data, stride in
                    for y in 0..<height {
                        let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                        let target = out + y * width * 4
                        var x = 0
                        #if _endian(little)
                        // Labels are mostly clear, opaque or black shadow, none of which
                        // needs a division (black stays black at any alpha), only red and
                        // blue swapped: eight at a time when all eight are.
                        while x + 8 <= width {
                            let argb = UnsafeRawPointer(row + x).loadUnaligned(as: SIMD8<UInt32>.self)
                            // Adding one to alpha 0 or 255 leaves 1 or 256; colour 1...0xFFFFFF
                            // carries into bit 24. All integer lane arithmetic: compares
                            // that build masks do not lower to vector code.
                            let translucent = (argb &>> 24 &+ 1) & 0xFE
                            let coloured = (argb & 0xFF_FFFF &+ 0xFF_FFFF) &>> 24
                            if argb == .zero {
                                target.storeBytes(of: .zero, toByteOffset: x * 4, as: SIMD8<UInt32>.self)
                            } else if translucent & (0 &- coloured) == .zero {
                                let rgba = argb & 0xFF00_FF00 | (argb &>> 16) & 0xFF | (argb & 0xFF) &<< 16
                                target.storeBytes(of: rgba, toByteOffset: x * 4, as: SIMD8<UInt32>.self)
                            } else {
                                for i in x..<(x + 8) { Self.store(row[i], at: target + i * 4, table) }
                            }
                            x += 8
                        }
                        #endif
                        while x < width {
                            Self.store(row[x], at: target + x * 4, table)
                            x += 1
                        }
                    }
                }
            }
            initialized = width * height * 4
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    /// One pixel, ARGB32 premultiplied in, RGBA straight out.
    @inline(__always)
    private static func store(_ argb: UInt32, at target: UnsafeMutableRawPointer, _ table: UnsafeBufferPointer<UInt8>) {
        let a = argb >> 24
        let r = (argb >> 16) & 0xFF, g = (argb >> 8) & 0xFF, b = argb & 0xFF
        let rgb: UInt32
        if a == 255 || a == 0 || argb & 0xFF_FFFF == 0 {
            rgb = r | g << 8 | b << 16
        } else {
            let base = Int(a) << 8
            rgb = UInt32(table[base | Int(r)]) | UInt32(table[base | Int(g)]) << 8 | UInt32(table[base | Int(b)]) << 16
        }
        target.storeBytes(of: (rgb | a << 24).littleEndian, as: UInt32.self)
    }
}
