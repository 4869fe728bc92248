/// Which font to use and at what size.
public struct FontSpec: Sendable, Hashable {
    /// The family used when ``family`` is `nil`.
    public static let defaultFamily = "Noto Sans"

    /// A fontconfig family name; `nil` means ``defaultFamily``.
    public var family: String?
    /// CSS weight, `1...1000`; 400 is regular, 700 bold.
    public var weight: Int
    /// Whether to use an italic face.
    public var italic: Bool
    /// The largest (preferred) size in pixels at scale 1; `> 0`.
    public var size: Double
    /// The smallest size fitting may shrink to; `0 < minSize <= size`, `nil` means no shrinking.
    public var minSize: Double?
    /// Font file paths exactly as written in the style; the caller resolves them.
    public var files: [String]

    /// Creates a font specification.
    ///
    /// - Parameters:
    ///   - family: A family name; `nil` for ``defaultFamily``.
    ///   - weight: CSS weight, `1...1000`.
    ///   - italic: Whether to use an italic face.
    ///   - size: Size in pixels at scale 1.
    ///   - minSize: The smallest size fitting may use; `nil` disables shrinking.
    ///   - files: Font files that pin the exact faces to use.
    public init(
        family: String? = nil, weight: Int = 400, italic: Bool = false, size: Double,
        minSize: Double? = nil, files: [String] = []
    ) {
        self.family = family
        self.weight = weight
        self.italic = italic
        self.size = size
        self.minSize = minSize
        self.files = files
    }

    /// ``family``, or ``defaultFamily`` when it is `nil`.
    public var resolvedFamily: String { family ?? Self.defaultFamily }
}
