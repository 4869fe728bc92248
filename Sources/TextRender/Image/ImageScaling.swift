extension RGBAImage {
    /// The image resampled to another size, e.g. a frame drawn for one photo size laid
    /// over another. The aspect ratio follows the new size, so a frame's borders keep
    /// hugging the edges.
    ///
    /// Cairo's "good" filter averages every covered source pixel when shrinking (no
    /// aliasing) and interpolates bilinearly when enlarging; edges are extended, not
    /// faded to transparent.
    ///
    /// - Parameters:
    ///   - width: The new width, 1 to 32767.
    ///   - height: The new height, 1 to 32767.
    /// - Throws: A ``RenderError`` if Cairo cannot allocate the images.
    public func scaled(toWidth width: Int, height: Int) throws(RenderError) -> RGBAImage {
        if width == self.width && height == self.height { return self }
        let source = try CairoSurface(image: self)
        let target = try CairoSurface(width: width, height: height, format: .argb)
        let context = CairoContext(target)
        context.scale(Double(width) / Double(self.width), Double(height) / Double(self.height))
        let pattern = CairoPattern(surface: source)
        pattern.setFilter(.good)
        pattern.setExtend(.pad)
        context.setSource(pattern)
        context.setOperator(.source)
        context.paint()
        try context.check("scaling a \(self.width)x\(self.height) image to \(width)x\(height)")
        return RGBAImage(cairo: target)
    }
}

extension CairoSurface {
    /// An ARGB surface holding `image`, premultiplied as Cairo requires.
    convenience init(image: RGBAImage) throws(RenderError) {
        try self.init(width: image.width, height: image.height, format: .argb)
        let width = image.width
        image.pixels.withUnsafeBufferPointer { pixels in
            withPixels { data, stride in
                for y in 0..<image.height {
                    let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                    for x in 0..<width {
                        let i = (y * width + x) * 4
                        let a = UInt32(pixels[i + 3])
                        func premultiplied(_ c: UInt8) -> UInt32 { (UInt32(c) * a + 127) / 255 }
                        row[x] = a << 24 | premultiplied(pixels[i]) << 16 | premultiplied(pixels[i + 1]) << 8
                            | premultiplied(pixels[i + 2])
                    }
                }
            }
        }
    }
}
