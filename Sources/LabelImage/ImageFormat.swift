import Foundation

/// The image file formats read, recognized by their first bytes; ``PNGDecoder`` reads
/// PNG, ``WebPDecoder`` WebP, ``ImageDecoder`` PNG and JPEG photos, and errors name the
/// format of the data they are about.
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
    /// PNG, any bit depth and colour type; transparency is kept.
    case png
    /// JPEG (JFIF or EXIF), greyscale, colour or CMYK; always opaque.
    case jpeg
    /// WebP, lossless or lossy; the format label runs write with `--format webp`.
    case webp

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
        } else if WebPDecoder.isWebP(data) {
            self = .webp
        } else {
            return nil
        }
    }

    /// A name for formats that are recognized but not read, so the message can say
    /// "GIF is not supported" instead of "unknown data".
    package static func unsupportedName(of data: Data) -> String? {
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

    /// The format as messages name it: "PNG", "JPEG", "WebP".
    var name: String { self == .webp ? "WebP" : rawValue.uppercased() }
}
