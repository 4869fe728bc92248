import Foundation
import StyledText

/// The file formats the decoder reads, recognized by their first bytes.
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
    /// PNG, any bit depth and colour type; transparency is kept.
    case png
    /// JPEG (JFIF or EXIF), greyscale, colour or CMYK; always opaque.
    case jpeg

    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The format whose signature `data` starts with, or nil.
    ///
    /// The extension is never consulted: a JPEG saved as `photo.png` is still a JPEG.
    public init?(sniffing data: Data) {
        let head = [UInt8](data.prefix(8))
        if head == Self.pngSignature {
            self = .png
        } else if head.count >= 3, head[0] == 0xFF, head[1] == 0xD8, head[2] == 0xFF {
            self = .jpeg
        } else {
            return nil
        }
    }

    /// A name for formats that are recognized but not read, so the message can say
    /// "GIF is not supported" instead of "unknown data".
    static func unsupportedName(of data: Data) -> String? {
        let head = [UInt8](data.prefix(12))
        func starts(_ bytes: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + bytes.count && Array(head[offset..<offset + bytes.count]) == bytes
        }
        if starts(Array("GIF8".utf8)) { return "GIF" }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return "WebP" }
        if starts(Array("BM".utf8)) { return "BMP" }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return "TIFF" }
        if starts(Array("ftyp".utf8), at: 4) { return "HEIF/AVIF" }
        if starts([0x00, 0x00, 0x00, 0x0C, 0x6A, 0x50]) || starts([0xFF, 0x4F, 0xFF, 0x51]) { return "JPEG 2000" }
        if starts(Array("<svg".utf8)) || starts(Array("<?xml".utf8)) { return "SVG" }
        return nil
    }
}

/// Reads PNG and JPEG files into straight-alpha RGBA, recognizing the format by its
/// first bytes.
///
/// ```swift
/// let photo = try ImageDecoder().decode(contentsOf: URL(fileURLWithPath: "cat.jpg"))
/// photo.width    // full resolution, EXIF orientation applied
/// ```
///
/// JPEGs are decoded with libjpeg-turbo and turned upright by their EXIF orientation,
/// as cameras and phones expect; PNGs are decoded by Cairo. Images larger than 32767
/// pixels on a side are refused, as Cairo cannot draw on them, and so are images beyond
/// ``limits`` (128 Mpixel by default). Sizes are read from the file's header first, so a
/// huge or hostile image is refused before any memory is set aside for its pixels.
public struct ImageDecoder: Sendable {
    /// The largest width or height accepted: Cairo's limit for image surfaces.
    public static let maximumSide = 32767

    /// The largest photo accepted: `photoSide` (capped at ``maximumSide``) and `photoPixels`.
    public var limits: Limits

    /// Creates a decoder; it holds no state, so one can serve several threads.
    ///
    /// - Parameter limits: the largest image read (``Limits/default``).
    public init(limits: Limits = .default) {
        self.limits = limits
    }

    /// Refuses an image whose header gives no size, or a size beyond the limits.
    func checkSize(_ format: ImageFormat, width: Int, height: Int) throws(ImageError) {
        guard width > 0, height > 0 else {
            throw .corrupt(format, reason: "the header gives a size of \(width)x\(height) pixels")
        }
        if let limit = SizeLimit.exceeded(width: Double(width), height: Double(height),
                                          side: min(limits.photoSide, Self.maximumSide), pixels: limits.photoPixels) {
            throw .tooLarge(format, width: width, height: height, limit: limit)
        }
    }

    /// Decodes an image held in memory.
    ///
    /// - Parameter data: The bytes of a PNG or JPEG file.
    /// - Returns: The pixels, straight alpha; opaque for JPEG.
    /// - Throws: An ``ImageError`` saying what the data is and why it cannot be read.
    public func decode(_ data: Data) throws(ImageError) -> RGBAImage {
        switch ImageFormat(sniffing: data) {
        case .png:
            return try PNGDecoder(sizeCheck: checkSize).decode(data)
        case .jpeg:
            return try JPEGDecoder(sizeCheck: checkSize).decode(data)
        case nil:
            if data.isEmpty { throw .empty }
            if let name = ImageFormat.unsupportedName(of: data) { throw .unsupportedFormat(name) }
            throw .unrecognized(firstBytes: [UInt8](data.prefix(8)))
        }
    }

    /// Reads and decodes an image file.
    ///
    /// - Parameter url: The file; its path names it in messages.
    /// - Throws: ``ImageError/file(_:_:)`` with the file's path and what went wrong.
    public func decode(contentsOf url: URL) throws(ImageError) -> RGBAImage {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
            throw .file(url.path, .isFolder)
        }
        let data: Data
        do {
            // Mapped, so a huge file costs no memory before its header has been judged.
            data = try Data(contentsOf: url, options: .mappedIfSafe)
        } catch {
            // Foundation's lead-in adds nothing to the reason after it.
            let text = (error as NSError).localizedDescription
            let leadIn = "The operation could not be completed. "
            let reason = text.hasPrefix(leadIn) ? String(text.dropFirst(leadIn.count)) : text
            throw .file(url.path, .unreadableFile(reason: reason))
        }
        do {
            return try decode(data)
        } catch {
            throw .file(url.path, error)
        }
    }
}
