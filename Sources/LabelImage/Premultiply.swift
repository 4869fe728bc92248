extension RGBAImage {
    /// The image with each colour multiplied by its alpha and rounded to the nearest
    /// integer (`round(c * a / 255)`; no value lies halfway), as engines that upload
    /// premultiplied textures expect: a fully transparent pixel is all zero, an opaque one
    /// unchanged.
    public func premultiplied() -> RGBAImage {
        mappingColour { c, a in
            // (t + t / 256) / 256 with t = c * a + 128 is c * a / 255 rounded, exactly,
            // for every pair of bytes.
            let t = c * a + 128
            return UInt8((t + (t >> 8)) >> 8)
        }
    }

    /// The image with premultiplied colour divided by alpha again, rounded and at most 255:
    /// how premultiplied files are shown where straight colour is expected. Colour lost
    /// to rounding at low alpha stays lost.
    public func straightened() -> RGBAImage {
        mappingColour { c, a in a == 0 ? 0 : UInt8(min(255, (c * 255 + a / 2) / a)) }
    }

    /// The image with `transform(colour, alpha)` applied to every colour channel of every
    /// translucent pixel; opaque pixels keep theirs.
    private func mappingColour(_ transform: (_ colour: UInt32, _ alpha: UInt32) -> UInt8) -> RGBAImage {
        var pixels = self.pixels
        pixels.withUnsafeMutableBufferPointer { bytes in
            var i = 0
            while i + 4 <= bytes.count {
                let a = UInt32(bytes[i + 3])
                if a != 255 {
                    for channel in i..<(i + 3) { bytes[channel] = transform(UInt32(bytes[channel]), a) }
                }
                i += 4
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}
