extension RGBAImage {
    /// The image with each colour multiplied by its alpha and rounded to the nearest
    /// integer (`round(c * a / 255)`; no value lies halfway), as engines that upload
    /// premultiplied textures expect: a fully transparent pixel is all zero, an opaque one
    /// unchanged.
    public func premultiplied() -> RGBAImage {
        var pixels = self.pixels
        pixels.withUnsafeMutableBufferPointer { bytes in
            var i = 0
            while i + 4 <= bytes.count {
                let a = UInt32(bytes[i + 3])
                if a != 255 {
                    for channel in i..<(i + 3) {
                        // (t + t / 256) / 256 with t = c * a + 128 is c * a / 255 rounded, exactly,
                        // for every pair of bytes.
                        let t = UInt32(bytes[channel]) * a + 128
                        bytes[channel] = UInt8((t + (t >> 8)) >> 8)
                    }
                }
                i += 4
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// The image with premultiplied colour divided by alpha again, rounded and at most 255:
    /// how premultiplied files are shown where straight colour is expected. Colour lost
    /// to rounding at low alpha stays lost.
    public func straightened() -> RGBAImage {
        var pixels = self.pixels
        pixels.withUnsafeMutableBufferPointer { bytes in
            var i = 0
            while i + 4 <= bytes.count {
                let a = UInt32(bytes[i + 3])
                if a != 255 {
                    for channel in i..<(i + 3) {
                        bytes[channel] = a == 0 ? 0 : UInt8(min(255, (UInt32(bytes[channel]) * 255 + a / 2) / a))
                    }
                }
                i += 4
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}
