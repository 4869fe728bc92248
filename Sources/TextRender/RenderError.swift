import StyledText

/// The limit an image went past: its longest side or its pixel count.
public enum SizeLimit: Sendable, Hashable {
    /// At most this many pixels wide and high.
    case side(Int)
    /// At most this many pixels in all.
    case pixels(Int)

    /// The limit that a `width` x `height` image exceeds, the side first, or nil when it
    /// fits; sizes are doubles so that an absurd one is judged, not trapped on.
    package static func exceeded(width: Double, height: Double, side: Int, pixels: Int) -> SizeLimit? {
        guard width.isFinite, height.isFinite, max(width, height) <= Double(side) else { return .side(side) }
        return width * height > Double(pixels) ? .pixels(pixels) : nil
    }

    /// The message `Limits.excess(_:width:height:side:pixels:)` gives for this limit,
    /// starting with `what`.
    package func excess(_ what: String, width: Double, height: Double) -> String {
        let message: String?
        switch self {
        case .side(let side): message = Limits.excess(what, width: width, height: height, side: side, pixels: .max)
        case .pixels(let pixels): message = Limits.excess(what, width: width, height: height, side: .max, pixels: pixels)
        }
        return message ?? "\(what) would be \(Limits.format(width))x\(Limits.format(height)) pixels"
    }
}

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
    /// ``ImageError/file(_:_:)``, naming the image file, or the font file and glyph.
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
