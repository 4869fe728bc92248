/// Reads PNG data into a Cairo surface: the one PNG reader of this module, behind both
/// image files (``PNGDecoder``) and the pictures drawn in labels (colour glyphs and
/// inline images).
///
/// The header is read first, so a caller can refuse a huge image before any memory is
/// set aside for its pixels; then Cairo's decoder (libpng) reads the rest.
package enum PNGReader {
    /// Decodes `bytes`, a whole PNG file.
    ///
    /// - Parameters:
    ///   - bytes: The file's bytes; they need to stay valid only during the call.
    ///   - accept: Throws when the header's width and height are more than the caller
    ///     takes. There is no default: every picture read is held to a limit.
    /// - Returns: An ARGB32 surface, or RGB24 (alpha byte unspecified) for a PNG
    ///   without alpha.
    package static func read(_ bytes: UnsafeRawBufferPointer,
                     accepting accept: (_ width: Int, _ height: Int) throws(ImageError) -> Void)
        throws(ImageError) -> CairoSurface {
        let size = try headerSize(bytes)
        try accept(size.width, size.height)
        let stream = PNGByteStream(bytes)
        return try CairoSurface(png: stream) { (status, _) -> ImageError in
            if stream.ranOut { return .truncated(.png) }
            // Cairo 1.16 reports every libpng error (a bad checksum, garbled pixel data)
            // as running out of memory. The size was accepted above, so the surface is
            // of a size the caller allows: the data, not the memory, is at fault.
            return .corrupt(.png, reason: status == .noMemory ? "libpng cannot decode the image data" : status.description)
        }
    }

    /// The width and height in the IHDR chunk, which the signature's eight bytes and the
    /// chunk's length and type precede.
    static func headerSize(_ bytes: UnsafeRawBufferPointer) throws(ImageError) -> (width: Int, height: Int) {
        guard bytes.count >= 24, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
            throw .corrupt(.png, reason: "the header (IHDR) is missing")
        }
        let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
        return (width, height)
    }
}

/// Hands a PNG's bytes to Cairo's read callback in the pieces it asks for.
package final class PNGByteStream {
    private let bytes: UnsafeRawBufferPointer
    private var offset = 0
    /// Whether Cairo asked for more bytes than there are: the file is truncated.
    private(set) var ranOut = false

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// Copies the next `count` bytes into `buffer`, or returns false when fewer are left.
    func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) -> Bool {
        guard count <= bytes.count - offset else {
            ranOut = true
            return false
        }
        UnsafeMutableRawPointer(buffer).copyMemory(from: bytes.baseAddress! + offset, byteCount: count)
        offset += count
        return true
    }
}
