import CCairo

/// An image surface in memory, owned by this object.
///
/// TextRender's pattern and context owners reach Cairo's handle through ``handle``; no
/// other code does.
package final class CairoSurface {
    /// How a surface stores its pixels.
    package enum Format {
        /// Premultiplied BGRA in native byte order (Cairo's ARGB32).
        case argb
        /// BGR in native byte order with an unspecified fourth byte (Cairo's RGB24): only
        /// a decoded PNG without alpha.
        case rgb
        /// One coverage byte per pixel.
        case alpha
    }

    package let handle: OpaquePointer
    package let width: Int
    package let height: Int
    package let format: Format
    /// Bytes from one row to the next.
    package let stride: Int

    /// A transparent surface.
    ///
    /// - Parameter failing: The error to throw, from Cairo's status and what was being
    ///   done, when Cairo cannot allocate it.
    package convenience init<F: Error>(width: Int, height: Int, format: Format,
                                       failing: (CairoStatus, String) -> F) throws(F) {
        let cairoFormat = switch format {
        case .argb: CAIRO_FORMAT_ARGB32
        case .rgb: CAIRO_FORMAT_RGB24
        case .alpha: CAIRO_FORMAT_A8
        }
        let surface = cairo_image_surface_create(cairoFormat, Int32(width), Int32(height))!
        try self.init(adopting: surface, operation: "cannot create a \(width)x\(height) image", failing: failing)
    }

    /// A surface decoded by Cairo's PNG reader, which pulls the file's bytes from `stream`
    /// and expands palettes, grey and 16-bit samples to ARGB32 (RGB24 without alpha).
    ///
    /// - Parameter failing: The error to throw, from Cairo's status and what was being
    ///   done, when the data cannot be decoded.
    package convenience init<F: Error>(png stream: PNGByteStream, failing: (CairoStatus, String) -> F) throws(F) {
        let surface = withExtendedLifetime(stream) {
            cairo_image_surface_create_from_png_stream({ closure, buffer, length in
                let stream = Unmanaged<PNGByteStream>.fromOpaque(closure!).takeUnretainedValue()
                return stream.read(into: buffer!, count: Int(length)) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_READ_ERROR
            }, Unmanaged.passUnretained(stream).toOpaque())!
        }
        try self.init(adopting: surface, operation: "decoding a PNG image", failing: failing)
    }

    /// Takes ownership of a surface Cairo has created; frees it before throwing when
    /// Cairo reports a failure.
    private init<F: Error>(adopting surface: OpaquePointer, operation: String,
                           failing: (CairoStatus, String) -> F) throws(F) {
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw failing(CairoStatus(status), operation)
        }
        handle = surface
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        format = switch cairo_image_surface_get_format(surface) {
        case CAIRO_FORMAT_A8: .alpha
        case CAIRO_FORMAT_RGB24: .rgb
        default: .argb
        }
        stride = Int(cairo_image_surface_get_stride(surface))
    }

    deinit {
        cairo_surface_destroy(handle)
    }

    /// Direct access to the pixels and the row stride; Cairo must not be drawing on the
    /// surface meanwhile.
    package func withPixels<T>(_ body: (UnsafeMutablePointer<UInt8>, Int) throws -> T) rethrows -> T {
        cairo_surface_flush(handle)
        defer { cairo_surface_mark_dirty(handle) }
        return try body(cairo_image_surface_get_data(handle)!, stride)
    }
}
