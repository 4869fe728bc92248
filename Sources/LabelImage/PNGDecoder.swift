import Foundation

/// Reads PNG files into straight-alpha RGBA: golden images, snapshot references, frames.
///
/// ```swift
/// let golden = try PNGDecoder().decode(contentsOf: URL(fileURLWithPath: "golden/en/play.png"))
/// golden.width    // pixels, as in the file's header
/// ```
///
/// Cairo's reader (libpng) decodes every bit depth and colour type; images without alpha
/// come out opaque. The size is read from the header first, so an image beyond
/// ``maximumSide`` or ``maximumPixels`` is refused before any memory is set aside for its
/// pixels. Photos, which may also be JPEG, are read by the `Captions` module's decoder.
public struct PNGDecoder: Sendable {
    /// The largest width or height Cairo can hold in an image: 32767.
    public static let cairoSideLimit = 32767

    /// The widest or tallest image read, at most ``cairoSideLimit``.
    public var maximumSide: Int
    /// The most pixels in an image read.
    public var maximumPixels: Int

    /// Creates a decoder; it holds no state, so one can serve several threads.
    ///
    /// - Parameters:
    ///   - maximumSide: The widest or tallest image read; ``cairoSideLimit`` by default,
    ///     and never more.
    ///   - maximumPixels: The most pixels in an image read; 128 Mpixel (512 MB of RGBA)
    ///     by default, ImageMagick's default area limit.
    public init(maximumSide: Int = cairoSideLimit, maximumPixels: Int = 128 << 20) {
        self.maximumSide = maximumSide
        self.maximumPixels = maximumPixels
    }

    /// Decodes a PNG file held in memory.
    ///
    /// - Parameter data: The bytes of a PNG file.
    /// - Returns: The pixels, straight alpha.
    /// - Throws: ``ImageError/notPNG(found:)`` saying what the data is when it is not a
    ///   PNG file, else an ``ImageError`` saying why it cannot be read.
    public func decode(_ data: Data) throws(ImageError) -> RGBAImage {
        guard ImageFormat(sniffing: data) == .png else { throw .notPNG(data) }
        let limit = DecodeLimit(side: min(maximumSide, Self.cairoSideLimit), pixels: maximumPixels)
        // The bytes are only borrowed while Cairo reads them; the error keeps its type.
        let loaded = data.withUnsafeBytes { bytes in
            Result { () throws(ImageError) in
                try PNGReader.read(bytes) { width, height throws(ImageError) in try limit.check(.png, width: width, height: height) }
            }
        }
        return try Self.argbImage(try loaded.get())
    }

    /// Reads and decodes a PNG file.
    ///
    /// - Parameter url: The file; its path names it in messages.
    /// - Throws: ``ImageError/file(_:_:)`` with the file's path and what went wrong.
    public func decode(contentsOf url: URL) throws(ImageError) -> RGBAImage {
        try ImageFile.decode(contentsOf: url, ifFolder: .notPNG(found: "a folder")) { data throws(ImageError) in
            try decode(data)
        }
    }

    /// RGB24 images (PNGs without alpha) get a defined, opaque alpha byte, which Cairo
    /// leaves unspecified in RGB24 itself: the bytes Cairo's SOURCE paint onto ARGB32
    /// gives.
    private static func argbImage(_ loaded: CairoSurface) throws(ImageError) -> RGBAImage {
        guard loaded.format == .rgb else { return RGBAImage(cairo: loaded) }
        let argb = try CairoSurface(width: loaded.width, height: loaded.height, format: .argb) { status, operation in
            ImageError.cairo(status, operation: operation)
        }
        let width = loaded.width
        loaded.withPixels { source, sourceStride in
            argb.withPixels { target, targetStride in
                for y in 0..<loaded.height {
                    let from = UnsafeRawPointer(source + y * sourceStride).assumingMemoryBound(to: UInt32.self)
                    let to = UnsafeMutableRawPointer(target + y * targetStride).assumingMemoryBound(to: UInt32.self)
                    for x in 0..<width { to[x] = from[x] | 0xFF00_0000 }
                }
            }
        }
        return RGBAImage(cairo: argb)
    }
}
