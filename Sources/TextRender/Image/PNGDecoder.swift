import CCairo
import Foundation

/// Decodes PNG files through Cairo's PNG reader, which expands palettes, grey and
/// 16-bit samples to 8-bit ARGB (or RGB when there is no alpha).
struct PNGDecoder {
    /// Throws when the header's size is beyond what the caller accepts.
    var sizeCheck: (String, Int, Int) throws(ImageError) -> Void

    func decode(_ data: Data) throws(ImageError) -> RGBAImage {
        // The header is checked first so a huge image is refused before Cairo allocates it.
        let bytes = [UInt8](data.prefix(24))
        guard bytes.count == 24, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
            throw ImageError("corrupt PNG data: the header (IHDR) is missing")
        }
        let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
        try sizeCheck("PNG", width, height)

        let stream = ByteStream(data)
        let loaded: CairoSurface
        do {
            loaded = try withExtendedLifetime(stream) { () throws(RenderError) -> CairoSurface in
                let pointer = cairo_image_surface_create_from_png_stream({ closure, buffer, length in
                    let stream = Unmanaged<ByteStream>.fromOpaque(closure!).takeUnretainedValue()
                    return stream.read(into: buffer!, count: Int(length)) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_READ_ERROR
                }, Unmanaged.passUnretained(stream).toOpaque())!
                return try CairoSurface(adopting: pointer, doing: "decoding")
            }
        } catch {
            let reason = stream.ranOut ? "the file ends too early (truncated?)" : error.message
            throw ImageError("corrupt PNG data: \(reason)")
        }

        // Painting onto ARGB32 gives RGB24 images (PNGs without alpha) a defined, opaque
        // alpha byte, which Cairo leaves unspecified in RGB24 itself.
        do {
            let argb = try CairoSurface(width: loaded.width, height: loaded.height, format: .argb)
            let context = CairoContext(argb)
            cairo_set_operator(context.pointer, CAIRO_OPERATOR_SOURCE)
            cairo_set_source_surface(context.pointer, loaded.pointer, 0, 0)
            cairo_paint(context.pointer)
            try context.check("converting the PNG image")
            return RGBAImage(cairo: argb)
        } catch {
            throw ImageError(error.message)
        }
    }
}

/// Hands a `Data` to Cairo's read callback in pieces.
private final class ByteStream {
    let data: Data
    var offset = 0
    /// Whether Cairo asked for more bytes than there are: the file is truncated.
    var ranOut = false

    init(_ data: Data) { self.data = data }

    func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) -> Bool {
        guard count <= data.count - offset else {
            ranOut = true
            return false
        }
        data.copyBytes(to: buffer, from: (data.startIndex + offset)..<(data.startIndex + offset + count))
        offset += count
        return true
    }
}
