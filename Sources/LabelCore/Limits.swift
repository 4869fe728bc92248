/// The largest inputs the engine accepts, in the manner of ImageMagick's resource policy:
/// a style or text that asks for more is refused with an error naming the limit and what
/// was asked, before any memory is set aside for it.
///
/// The defaults lie far beyond any real label (a 4K screen is 3840 pixels wide) but keep
/// a typo such as `"size": 48000` or a hostile file from taking gigabytes of memory or
/// minutes of CPU.
///
/// ```swift
/// var limits = Limits.default
/// limits.textLength = 1_000
/// let engine = LayoutEngine(limits: limits)
/// ```
public struct Limits: Sendable, Hashable {
    /// The widest or tallest label image, in pixels at its scale: 16384.
    public var canvasSide: Int
    /// The most pixels in one label image, at its scale: 64 Mpixel (256 MB of RGBA).
    public var canvasPixels: Int
    /// The largest `font.size` (and `font.minSize`), in pixels at scale 1: 2000.
    public var fontSize: Double
    /// The longest text of one label, in Unicode scalars: 100 000.
    public var textLength: Int
    /// The most lines one label may have, and the largest `maxLines`: 1000.
    public var lines: Int
    /// The most shadows in one style: 16.
    public var shadows: Int
    /// The largest shadow `blur` radius and `spread`, in pixels at scale 1: 1000.
    public var blur: Double
    /// The widest stroke, in pixels at scale 1: 1000.
    public var strokeWidth: Double
    /// The most outlines stacked in one style (`"stroke"` as a list): 8.
    public var strokes: Int
    /// The largest scale a label is drawn at (@8x): 8.
    public var scale: Double

    /// Creates limits; every parameter defaults to the value in ``default``.
    public init(
        canvasSide: Int = 16384, canvasPixels: Int = 64 << 20, fontSize: Double = 2000,
        textLength: Int = 100_000, lines: Int = 1000, shadows: Int = 16, blur: Double = 1000,
        strokeWidth: Double = 1000, scale: Double = 8, strokes: Int = 8
    ) {
        self.canvasSide = canvasSide
        self.canvasPixels = canvasPixels
        self.fontSize = fontSize
        self.textLength = textLength
        self.lines = lines
        self.shadows = shadows
        self.blur = blur
        self.strokeWidth = strokeWidth
        self.scale = scale
        self.strokes = strokes
    }

    /// The limits used unless a caller passes others.
    public static let `default` = Limits()

    /// Why an image of `width` x `height` pixels exceeds `side` or `pixels`, or nil if it fits.
    ///
    /// The sizes are doubles so that a size too large for `Int` is judged, not trapped on.
    ///
    /// - Parameters:
    ///   - what: What the image is, to start the message ("the label image at @2x").
    ///   - width: Its width in pixels.
    ///   - height: Its height in pixels.
    ///   - side: The largest width or height allowed.
    ///   - pixels: The most pixels allowed.
    public static func excess(_ what: String, width: Double, height: Double, side: Int, pixels: Int) -> String? {
        let shown = "\(Self.format(width))x\(Self.format(height))"
        guard width.isFinite, height.isFinite else {
            return "\(what) would be \(shown) pixels; at most \(side) on a side is allowed"
        }
        if max(width, height) > Double(side) {
            return "\(what) would be \(shown) pixels; at most \(side) on a side is allowed"
        }
        if width * height > Double(pixels) {
            return "\(what) would be \(shown) pixels (\(Self.megapixels(width * height))); "
                + "at most \(Self.megapixels(Double(pixels))) is allowed"
        }
        return nil
    }

    /// A size as messages show it: `2000`, `0.5`, `infinite`.
    public static func format(_ number: Double) -> String {
        guard number.isFinite else { return number > 0 ? "infinite" : String(number) }
        if number == number.rounded(), abs(number) < 1e15 { return String(Int(number)) }
        return String(number)
    }

    static func megapixels(_ pixels: Double) -> String {
        let value = pixels / Double(1 << 20)
        if value < 1 { return "\(Int(pixels)) pixels" }
        return value == value.rounded() ? "\(Int(value)) Mpixel" : "\((value * 10).rounded() / 10) Mpixel"
    }
}
