import CCairo

/// A Cairo error, with Cairo's own description.
public struct RenderError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }

    static func cairo(_ status: cairo_status_t, _ doing: String) -> RenderError {
        RenderError("\(doing): \(String(cString: cairo_status_to_string(status)))")
    }
}

/// An image surface in memory, owned by this object.
final class CairoSurface {
    enum Format {
        /// Premultiplied BGRA in native byte order (Cairo's ARGB32).
        case argb
        /// One coverage byte per pixel.
        case alpha
    }

    let pointer: OpaquePointer
    let width: Int
    let height: Int
    let format: Format

    init(width: Int, height: Int, format: Format) throws(RenderError) {
        let surface = cairo_image_surface_create(format == .argb ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_A8,
                                                 Int32(width), Int32(height))!
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw .cairo(status, "cannot create a \(width)x\(height) image")
        }
        self.pointer = surface
        self.width = width
        self.height = height
        self.format = format
    }

    /// Takes ownership of an image surface Cairo has already created (from a PNG, say).
    init(adopting surface: OpaquePointer, doing: String) throws(RenderError) {
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw .cairo(status, doing)
        }
        self.pointer = surface
        self.width = Int(cairo_image_surface_get_width(surface))
        self.height = Int(cairo_image_surface_get_height(surface))
        self.format = cairo_image_surface_get_format(surface) == CAIRO_FORMAT_A8 ? .alpha : .argb
    }

    deinit {
        cairo_surface_destroy(pointer)
    }

    var stride: Int { Int(cairo_image_surface_get_stride(pointer)) }

    /// Direct access to the pixels; Cairo must not be drawing on the surface meanwhile.
    func withPixels<T>(_ body: (UnsafeMutablePointer<UInt8>, Int) throws -> T) rethrows -> T {
        cairo_surface_flush(pointer)
        defer { cairo_surface_mark_dirty(pointer) }
        return try body(cairo_image_surface_get_data(pointer)!, stride)
    }
}

/// A drawing context on one surface, owned by this object.
final class CairoContext {
    let pointer: OpaquePointer

    init(_ surface: CairoSurface) {
        pointer = cairo_create(surface.pointer)!
    }

    deinit {
        cairo_destroy(pointer)
    }

    /// Cairo's status is sticky: checking once after drawing catches any failure.
    func check(_ doing: String) throws(RenderError) {
        let status = cairo_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else { throw .cairo(status, doing) }
    }
}

/// A copied path, replayable into any context, owned by this object.
final class CairoPath {
    let pointer: UnsafeMutablePointer<cairo_path_t>

    init(copyingFrom context: CairoContext) {
        pointer = cairo_copy_path(context.pointer)
    }

    deinit {
        cairo_path_destroy(pointer)
    }

    func append(to context: CairoContext) {
        cairo_append_path(context.pointer, pointer)
    }
}
