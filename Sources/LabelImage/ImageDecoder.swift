import Foundation

/// Reads photos, PNG or JPEG, into straight-alpha RGBA, recognizing the format by its
/// first bytes.
///
/// ```swift
/// let photo = try ImageDecoder().decode(contentsOf: URL(fileURLWithPath: "cat.jpg"))
/// photo.width    // full resolution, EXIF orientation applied
/// ```
///
/// JPEGs are decoded with libjpeg-turbo and turned upright by their EXIF orientation,
/// as cameras and phones expect; PNGs are decoded by `PNGDecoder`. Images larger than
/// 32767 pixels on a side are refused, as Cairo cannot draw on them, and so are images
/// beyond ``limits`` (128 Mpixel by default). Sizes are read from the file's header
/// first, so a huge or hostile image is refused before any memory is set aside for its
/// pixels.
public struct ImageDecoder: Sendable {
    /// The largest width or height accepted: Cairo's limit for image surfaces.
    public static let maximumSide = PNGDecoder.cairoSideLimit

    /// The largest photo accepted: `side` (capped at ``maximumSide``) and `pixels`.
    public var limits: PhotoLimits

    /// Creates a decoder; it holds no state, so one can serve several threads.
    ///
    /// - Parameter limits: The largest photo read (``PhotoLimits/default``).
    public init(limits: PhotoLimits = .default) {
        self.limits = limits
    }

    /// Decodes an image held in memory.
    ///
    /// - Parameter data: The bytes of a PNG or JPEG file.
    /// - Returns: The pixels, straight alpha; opaque for JPEG.
    /// - Throws: An `ImageError` saying what the data is and why it cannot be read.
    public func decode(_ data: Data) throws(ImageError) -> RGBAImage {
        let side = min(limits.side, Self.maximumSide)
        switch ImageFormat(sniffing: data) {
        case .png:
            return try PNGDecoder(maximumSide: side, maximumPixels: limits.pixels).decode(data)
        case .jpeg:
            return try JPEGDecoder(limit: DecodeLimit(side: side, pixels: limits.pixels)).decode(data)
        case .webp:
            // Photos come from cameras and phones; WebP is read only as a label run's output.
            throw .unsupportedFormat(ImageFormat.webp.name)
        case nil:
            if data.isEmpty { throw .empty }
            if let name = ImageFormat.unsupportedName(of: data) { throw .unsupportedFormat(name) }
            throw .unrecognized(firstBytes: [UInt8](data.prefix(8)))
        }
    }

    /// Reads and decodes an image file.
    ///
    /// - Parameter url: The file; its path names it in messages.
    /// - Throws: `ImageError.file(_:_:)` with the file's path and what went wrong.
    public func decode(contentsOf url: URL) throws(ImageError) -> RGBAImage {
        try ImageFile.decode(contentsOf: url, ifFolder: .isFolder) { data throws(ImageError) in try decode(data) }
    }
}
