import CCairo

/// A Cairo status code, as Cairo reports a failure (`cairo_status_t`).
///
/// Cairo's status is sticky: once an operation fails, the context or surface keeps the
/// first failure, so one check after drawing catches any of them.
///
/// ```swift
/// if case .cairo(let status, _) = error, status == .noMemory { … }
/// ```
public struct CairoStatus: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// Cairo's numeric code (`CAIRO_STATUS_*`).
    public let rawValue: Int32

    /// Wraps Cairo's numeric code.
    ///
    /// - Parameter rawValue: A `CAIRO_STATUS_*` value.
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    package init(_ status: cairo_status_t) {
        self.init(rawValue: Int32(status.rawValue))
    }

    /// Cairo could not allocate memory (`CAIRO_STATUS_NO_MEMORY`).
    public static let noMemory = CairoStatus(CAIRO_STATUS_NO_MEMORY)
    /// A size, typically of a surface, is beyond what Cairo handles (`CAIRO_STATUS_INVALID_SIZE`).
    public static let invalidSize = CairoStatus(CAIRO_STATUS_INVALID_SIZE)
    /// Reading a stream failed (`CAIRO_STATUS_READ_ERROR`), e.g. a PNG that ends too early.
    public static let readError = CairoStatus(CAIRO_STATUS_READ_ERROR)
    /// libpng refused the data (`CAIRO_STATUS_PNG_ERROR`).
    public static let pngError = CairoStatus(CAIRO_STATUS_PNG_ERROR)

    /// Cairo's own description, e.g. "out of memory".
    public var description: String {
        String(cString: cairo_status_to_string(cairo_status_t(rawValue: UInt32(bitPattern: rawValue))))
    }
}
