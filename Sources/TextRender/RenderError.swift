import StyledText

/// Why a label could not be drawn.
///
/// ```swift
/// do {
///     let label = try Renderer().render(layout, scale: 2)
/// } catch .canvasTooLarge(let width, let height, _, let limit) {
///     print("\(width)x\(height) is over \(limit)")
/// }
/// ```
public enum RenderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The scale is not a positive, finite number.
    case scaleOutOfRange(Double)
    /// The label's canvas, `width` x `height` pixels at `scale`, exceeds `limit`; refused
    /// before its pixels are allocated.
    case canvasTooLarge(width: Double, height: Double, scale: Double, limit: SizeLimit)
    /// Cairo failed with `status` while doing what `operation` says ("drawing shadows").
    case cairo(CairoStatus, operation: String)
    /// A picture in the label (a colour glyph or an inline image) could not be decoded,
    /// or its header gives a size beyond the canvas limits. The error is
    /// `ImageError.file(_:_:)`, naming the image file, or the font file and glyph.
    case unreadablePicture(ImageError)

    /// A sentence saying what failed, with the sizes and limits involved.
    public var description: String {
        switch self {
        case .scaleOutOfRange(let scale):
            return "scale must be a positive number, got \(scale)"
        case let .canvasTooLarge(width, height, scale, limit):
            let scaleName = scale == 1 ? "" : " at @\(Limits.format(scale))x"
            return limit.excess("the label image\(scaleName)", width: width, height: height)
        case let .cairo(status, operation):
            return "\(operation): \(status)"
        case .unreadablePicture(let error):
            return "a picture in the label cannot be read: \(error)"
        }
    }
}
