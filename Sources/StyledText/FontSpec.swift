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
    /// A shrunk size is `minSize` itself or a multiple of 0.5 px, so that labels share
    /// their rasterized glyphs.
    public var minSize: Double?
    /// Font file paths exactly as written in the style; the caller resolves them.
    public var files: [String]
    /// Which line height scripts with very tall fonts get (Arabic, Thai, Devanagari).
    public var metrics: VerticalMetrics
    /// OpenType features to turn on or off, by tag: `["tnum": 1, "liga": 0]` gives
    /// tabular digits and no ligatures. A value above 1 picks an alternate (`"salt": 2`).
    /// Tags the font lacks change nothing; unnamed features keep the font's defaults.
    /// Tags are 1 to 4 printable ASCII characters (see ``OpenTypeTag``).
    public var features: [String: Int]
    /// Positions on a variable font's axes, by tag: `["wght": 650, "wdth": 85]`. Axes the
    /// face lacks are ignored, and values are clamped to each axis's range. Without a
    /// `wght` entry, ``weight`` sets the `wght` axis of a face that has one.
    public var variations: [String: Double]

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
    ///   - features: OpenType features by tag, e.g. `["tnum": 1, "liga": 0]`.
    ///   - variations: Variable-font axis values by tag, e.g. `["wght": 650]`.
    public init(
        family: String? = nil, weight: Int = 400, italic: Bool = false, size: Double,
        minSize: Double? = nil, files: [String] = [], metrics: VerticalMetrics = .compact,
        features: [String: Int] = [:], variations: [String: Double] = [:]
    ) {
        self.family = family
        self.weight = weight
        self.italic = italic
        self.size = size
        self.minSize = minSize
        self.files = files
        self.metrics = metrics
        self.features = features
        self.variations = variations
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

/// OpenType tags as styles and markup write them: `tnum`, `ss01`, `wght`.
public enum OpenTypeTag {
    /// Whether `tag` can name an OpenType feature or axis: 1 to 4 printable ASCII
    /// characters without spaces. A shorter tag stands for itself padded with spaces, as
    /// in OpenType (`cv1` is `"cv1 "`). Case matters: `WGHT` is not `wght`.
    public static func isValid(_ tag: String) -> Bool {
        let scalars = tag.unicodeScalars
        return (1...4).contains(scalars.count) && scalars.allSatisfy { (0x21...0x7E).contains($0.value) }
    }

    /// The largest feature value: OpenType alternates are numbered up to 65,535.
    public static let maximumFeatureValue = 65_535

    /// The range of axis values a variable font can express (16.16 fixed point).
    public static let axisValueRange: ClosedRange<Double> = -32_768...32_767
}
