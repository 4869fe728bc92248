/// The largest photo (or frame) read and captioned, in the manner of ImageMagick's
/// resource policy: a photo over either limit is refused with an error naming the limit
/// and its size, judged from the file's header before any memory is set aside for it.
///
/// ```swift
/// let decoder = ImageDecoder(limits: PhotoLimits(pixels: 24 << 20))
/// ```
///
/// Labels drawn on a photo keep the engine's `Limits`, except that a caption's canvas may
/// be as large as the photo.
public struct PhotoLimits: Sendable, Hashable {
    /// The widest or tallest photo: 32767, Cairo's limit.
    public var side: Int
    /// The most pixels in a photo: 128 Mpixel (512 MB of RGBA), ImageMagick's default area
    /// limit.
    public var pixels: Int

    /// Creates limits; every parameter defaults to the value in ``default``.
    ///
    /// - Parameters:
    ///   - side: The widest or tallest photo, in pixels.
    ///   - pixels: The most pixels in a photo.
    public init(side: Int = 32767, pixels: Int = 128 << 20) {
        self.side = side
        self.pixels = pixels
    }

    /// The limits used unless a caller passes others.
    public static let `default` = PhotoLimits()
}
