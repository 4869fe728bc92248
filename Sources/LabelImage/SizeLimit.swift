import LabelCore

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
