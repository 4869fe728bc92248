import Foundation
import LabelCore

/// Writes label images as an ``ImageEncoding`` says: PNG (fast or small) or lossless
/// WebP, with straight or premultiplied colour.
///
/// ```swift
/// let encoder = ImageEncoder(ImageEncoding(format: .webp, alpha: .premultiplied))
/// try encoder.encode(label.image).write(to: URL(fileURLWithPath: "play@2x.\(encoder.encoding.fileExtension)"))
/// ```
public struct ImageEncoder: Sendable {
    /// What the files are.
    public let encoding: ImageEncoding
    private let png: PNGEncoder

    /// Creates an encoder; it holds no state, so one can serve several threads.
    public init(_ encoding: ImageEncoding = ImageEncoding()) {
        self.encoding = encoding
        png = PNGEncoder(encoding.png)
    }

    /// Encodes straight-alpha `image`, premultiplying it first when the encoding asks.
    ///
    /// - Throws: ``ImageError/unwritableSize(format:width:height:maximumSide:)`` for an
    ///   image the format cannot hold; ``ImageError/libraryFailed(library:action:reason:)``
    ///   when a codec fails.
    public func encode(_ image: RGBAImage) throws(ImageError) -> Data {
        try encode(stored: encoding.alpha == .premultiplied ? image.premultiplied() : image)
    }

    /// Encodes `image` as it is: its colour is already as ``ImageEncoding/alpha`` says,
    /// as in a sprite sheet packed from files this encoder wrote.
    public func encode(stored image: RGBAImage) throws(ImageError) -> Data {
        switch encoding.format {
        case .png: return try png.encode(image)
        case .webp: return try WebPEncoder().encode(image)
        }
    }
}
