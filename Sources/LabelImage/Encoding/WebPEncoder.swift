import CWebP
import Foundation

/// Writes RGBA images as lossless WebP (VP8L) with libwebp: every byte of every pixel is
/// kept, colour under transparent pixels included, so decoding gives back exactly the
/// pixels given.
///
/// ```swift
/// let webp = try WebPEncoder().encode(image)
/// ```
///
/// Label images come out about a quarter smaller than a `small` PNG (README, Shipping).
/// The bytes depend only on the pixels and the libwebp version.
public struct WebPEncoder: Sendable {
    /// The widest or tallest image WebP can hold.
    public static let maximumSide = 16383

    /// libwebp's lossless effort, 0 to 9: 6, what `cwebp -lossless` uses. On the demo's
    /// labels it takes about 110 ms an image; level 1 takes a third of that for a quarter
    /// more bytes, which is no smaller than a `small` PNG.
    static let losslessLevel: Int32 = 6

    /// Creates an encoder; it holds no state, so one can serve several threads.
    public init() {}

    /// Encodes `image` as a lossless WebP file.
    ///
    /// - Parameter image: The pixels, stored as they are: the caller decides whether they
    ///   are straight or premultiplied.
    /// - Returns: The file's bytes.
    /// - Throws: ``ImageError/unwritableSize(format:width:height:maximumSide:)`` for an
    ///   image without pixels or with a side over ``maximumSide``;
    ///   ``ImageError/libraryFailed(library:action:reason:)`` when libwebp fails.
    public func encode(_ image: RGBAImage) throws(ImageError) -> Data {
        guard (1...Self.maximumSide).contains(image.width), (1...Self.maximumSide).contains(image.height) else {
            throw .unwritableSize(format: "WebP", width: image.width, height: image.height, maximumSide: Self.maximumSide)
        }
        let picture = try LosslessPicture(image)
        return try picture.encode(level: Self.losslessLevel)
    }
}

/// A libwebp picture of one image and the memory its encoding is written to, both owned
/// and freed by this object.
private final class LosslessPicture {
    private var picture = WebPPicture()
    private var writer = WebPMemoryWriter()

    init(_ image: RGBAImage) throws(ImageError) {
        guard WebPPictureInit(&picture) != 0 else {
            throw .libraryFailed(library: "libwebp", action: "set up a picture", reason: "version mismatch")
        }
        WebPMemoryWriterInit(&writer)
        // Lossless coding works on ARGB; importing keeps every byte.
        picture.use_argb = 1
        picture.width = Int32(image.width)
        picture.height = Int32(image.height)
        let imported = image.pixels.withUnsafeBufferPointer { pixels in
            WebPPictureImportRGBA(&picture, pixels.baseAddress, Int32(image.width * 4))
        }
        guard imported != 0 else {
            throw .libraryFailed(library: "libwebp", action: "take the pixels", reason: Self.reason(picture.error_code))
        }
    }

    deinit {
        WebPPictureFree(&picture)
        WebPMemoryWriterClear(&writer)
    }

    func encode(level: Int32) throws(ImageError) -> Data {
        var config = WebPConfig()
        guard WebPConfigInit(&config) != 0, WebPConfigLosslessPreset(&config, level) != 0 else {
            throw .libraryFailed(library: "libwebp", action: "set up lossless coding", reason: "version mismatch")
        }
        // Without it, libwebp may change the colour of fully transparent pixels to save
        // bytes; premultiplied images need them zero and straight ones as they were.
        config.exact = 1
        let encoded = withUnsafeMutablePointer(to: &writer) { writer in
            picture.writer = WebPMemoryWrite
            picture.custom_ptr = UnsafeMutableRawPointer(writer)
            return WebPEncode(&config, &picture)
        }
        guard encoded != 0 else {
            throw .libraryFailed(library: "libwebp", action: "encode the image", reason: Self.reason(picture.error_code))
        }
        return Data(bytes: writer.mem, count: writer.size)
    }

    private static func reason(_ code: WebPEncodingError) -> String {
        switch code {
        case VP8_ENC_ERROR_OUT_OF_MEMORY, VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY: return "out of memory"
        case VP8_ENC_ERROR_BAD_DIMENSION: return "the size is not one WebP can hold"
        case VP8_ENC_ERROR_FILE_TOO_BIG: return "the file would exceed 4 GB"
        default: return "error \(code.rawValue)"
        }
    }
}
