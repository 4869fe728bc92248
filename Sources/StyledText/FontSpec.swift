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
    /// Which line height scripts with very tall fonts get (Arabic, Thai, Devanagari).
    public var metrics: VerticalMetrics

    /// Creates a font specification.
    ///
    /// - Parameters:
    ///   - family: A family name; `nil` for ``defaultFamily``.
    ///   - weight: CSS weight, `1...1000`.
    ///   - italic: Whether to use an italic face.
    ///   - size: Size in pixels at scale 1.
    ///   - minSize: The smallest size fitting may use; `nil` disables shrinking.
    ///   - files: Font files that pin the exact faces to use.
    ///   - metrics: Compact (the default) or the fonts' own tall line metrics.
    public init(
        family: String? = nil, weight: Int = 400, italic: Bool = false, size: Double,
        minSize: Double? = nil, files: [String] = [], metrics: VerticalMetrics = .compact
    ) {
        self.family = family
        self.weight = weight
        self.italic = italic
        self.size = size
        self.minSize = minSize
        self.files = files
        self.metrics = metrics
    }

    /// ``family``, or ``defaultFamily`` when it is `nil`.
    public var resolvedFamily: String { family ?? Self.defaultFamily }
}

/// The line metrics of scripts whose fonts reserve far more height than Latin.
///
/// Noto Sans Arabic's lines are 2.11 em high, Noto Sans Thai's 1.51 em, against 1.36 em
/// for Noto Sans, so a label in a fixed box would shrink in those scripts even when the
/// words fit with room to spare. Noto's UI versions of those families have the same
/// glyphs on Noto Sans's line metrics.
public enum VerticalMetrics: String, Sendable, Hashable, CaseIterable {
    /// Lines as high as Latin ones: a family with a UI version is drawn with it. Ink that
    /// rises above such a line still never gets clipped; the label makes room for it.
    case compact
    /// The fonts' own line metrics, for text with many stacked marks.
    case tall
}
