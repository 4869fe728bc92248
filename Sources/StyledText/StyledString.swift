/// A font size given by a run of styled text.
public enum RunSize: Sendable, Hashable {
    /// Pixels at scale 1, as the style's `font.size` (`<size=32>`).
    case pixels(Double)
    /// A multiple of the size around the run (`<size=120%>` is `relative(1.2)`).
    case relative(Double)

    /// This size nested inside `outer`: a relative size scales the outer one.
    public func nested(in outer: RunSize?) -> RunSize {
        switch (self, outer) {
        case (.pixels, _), (_, nil): return self
        case (.relative(let factor), .pixels(let size)?): return .pixels(size * factor)
        case (.relative(let factor), .relative(let outerFactor)?): return .relative(factor * outerFactor)
        }
    }

    /// The run's size as a multiple of the label's font size `base`.
    public func factor(base: Double) -> Double {
        switch self {
        case .pixels(let size): return base > 0 ? size / base : 1
        case .relative(let factor): return factor
        }
    }
}

/// How a run changes the style's outside stroke.
public enum RunStroke: Sendable, Hashable {
    /// No stroke around this run (`<stroke=none>`).
    case none
    /// The style's stroke with its width, colour or both replaced (`<stroke=3 #FF0000>`);
    /// where the style has no stroke, a missing width is 1 and a missing colour black.
    case change(width: Double?, color: Color?)

    /// The stroke this run is drawn with, given the style's.
    public func resolved(over style: Stroke?) -> Stroke? {
        switch self {
        case .none:
            return nil
        case .change(let width, let color):
            var stroke = style ?? Stroke(width: 1, color: .black)
            if let width { stroke.width = width }
            if let color { stroke.color = color }
            return stroke
        }
    }
}

/// A picture placed in a line of text like a character (`<img src="button_a.png"/>`): it
/// sits on the baseline unless aligned otherwise, never breaks, and scales with the text
/// when the label shrinks.
public struct InlineImage: Sendable, Hashable {
    /// A PNG file: an absolute path, or a path relative to the image folders the layout
    /// engine is given (for `labelgen`, the style file's and the string table's folders).
    public var source: String
    /// The height in pixels at scale 1 before any shrinking; `nil` for the font size of
    /// the text around it. The width follows the picture's aspect ratio.
    public var height: Double?
    /// Where the picture sits against the text around it.
    public var alignment: Alignment

    /// Where an inline picture sits in its line, as CSS's `vertical-align` places images.
    public enum Alignment: String, Sendable, Hashable, CaseIterable {
        /// Its bottom on the baseline, like a letter (the default).
        case baseline
        /// Its middle at half the x-height above the baseline, level with lowercase
        /// letters, as CSS's `middle`: for icons beside text.
        case middle
        /// Its middle halfway between the font's ascender and descender: centred on the
        /// line, for pictures as tall as the line or taller.
        case center
    }

    /// A picture from the PNG file `source`, `height` pixels tall at scale 1 or, when
    /// `nil`, as tall as the font size of the text around it, placed by `alignment`.
    public init(source: String, height: Double? = nil, alignment: Alignment = .baseline) {
        self.source = source
        self.height = height
        self.alignment = alignment
    }
}

/// What a run of styled text changes from the label's style. `nil` fields keep the style's.
public struct TextAttributes: Sendable, Hashable {
    /// CSS weight (`<b>` is 700).
    public var weight: Int?
    /// Italic (`<i>`); a face without an italic is slanted.
    public var italic: Bool?
    /// Underlined (`<u>`).
    public var underline: Bool
    /// Struck through (`<s>`).
    public var strikethrough: Bool
    /// The run's own fill colour, which replaces the style's fill, gradient or not.
    public var color: Color?
    /// The run's font size.
    public var size: RunSize?
    /// A fontconfig family name (`<font="Noto Sans Arabic">`).
    public var family: String?
    /// A change to the outside stroke.
    public var stroke: RunStroke?
    /// The picture that the run's one U+FFFC character stands for.
    public var image: InlineImage?
    /// OpenType features laid over the style's `font.features`, tag by tag
    /// (`<span font_features="tnum, -liga">`); empty keeps the style's.
    public var features: [String: Int]
    /// Variable-font axis values laid over the style's `font.variations`, axis by axis
    /// (`<span font_variations="wght=800">`); empty keeps the style's.
    public var variations: [String: Double]

    /// Attributes that change what is given and keep the rest of the style. `image`
    /// belongs to a run of one U+FFFC: ``StyledString/appendImage(_:attributes:)`` adds
    /// both together.
    public init(weight: Int? = nil, italic: Bool? = nil, underline: Bool = false, strikethrough: Bool = false,
                color: Color? = nil, size: RunSize? = nil, family: String? = nil, stroke: RunStroke? = nil,
                image: InlineImage? = nil, features: [String: Int] = [:], variations: [String: Double] = [:]) {
        self.weight = weight
        self.italic = italic
        self.underline = underline
        self.strikethrough = strikethrough
        self.color = color
        self.size = size
        self.family = family
        self.stroke = stroke
        self.image = image
        self.features = features
        self.variations = variations
    }

    /// No change from the style.
    public static let plain = TextAttributes()
}

/// Text with attribute runs: what the layout engine lays out. Markup parses into one
/// (``Markup/parse(_:)``), and code can build one directly:
///
/// ```swift
/// var text = StyledString("Score: ")
/// try text.append("12 345", attributes: TextAttributes(color: Color(hex: "#FFD700")))
/// text.appendImage(InlineImage(source: "coin.png"))
/// ```
///
/// Offsets are in Unicode scalars, as everywhere in the layout API.
public struct StyledString: Sendable, Hashable, CustomStringConvertible {
    /// One stretch of text with the same attributes.
    public struct Run: Sendable, Hashable {
        /// Scalar offsets in ``StyledString/text``.
        public var range: Range<Int>
        /// What the run changes from the label's style.
        public var attributes: TextAttributes
    }

    /// The character an inline image stands for (OBJECT REPLACEMENT CHARACTER).
    public static let objectReplacement: Unicode.Scalar = "\u{FFFC}"

    /// The plain text; each inline image is one U+FFFC.
    public private(set) var text: String
    /// Runs in order, covering the text without gaps; neighbours differ in attributes.
    public private(set) var runs: [Run]
    /// Length of ``text`` in Unicode scalars.
    public private(set) var scalarCount: Int

    /// Plain text in the style's attributes (or the given ones).
    public init(_ text: String = "", attributes: TextAttributes = .plain) {
        self.text = ""
        self.runs = []
        self.scalarCount = 0
        append(text, attributes: attributes)
    }

    /// Adds text with the given attributes, merged into the last run when they are equal.
    public mutating func append(_ string: String, attributes: TextAttributes = .plain) {
        let count = string.unicodeScalars.count
        guard count > 0 else { return }
        // String's own append keeps every scalar and, unlike appending to the scalar
        // view, does not copy the text each time (which made long texts quadratic).
        text += string
        addRun(count, attributes)
    }

    /// Adds another styled string's runs.
    public mutating func append(_ other: StyledString) {
        text += other.text
        for run in other.runs { addRun(run.range.count, run.attributes) }
    }

    /// Adds an inline image as one U+FFFC character; `attributes` size it and stroke it.
    public mutating func appendImage(_ image: InlineImage, attributes: TextAttributes = .plain) {
        var attributes = attributes
        attributes.image = image
        text.unicodeScalars.append(Self.objectReplacement)
        // Two images side by side are two runs: each U+FFFC stands for its own picture.
        runs.append(Run(range: scalarCount..<(scalarCount + 1), attributes: attributes))
        scalarCount += 1
    }

    private mutating func addRun(_ count: Int, _ attributes: TextAttributes) {
        if let last = runs.last, last.attributes == attributes, attributes.image == nil {
            runs[runs.count - 1].range = last.range.lowerBound..<(scalarCount + count)
        } else {
            runs.append(Run(range: scalarCount..<(scalarCount + count), attributes: attributes))
        }
        scalarCount += count
    }

    /// Whether no run changes anything: the text draws exactly as plain text would.
    public var isPlain: Bool { runs.allSatisfy { $0.attributes == .plain } }

    /// The attributes at a scalar offset (the last run's at the end of the text).
    public func attributes(at offset: Int) -> TextAttributes {
        var low = 0, high = runs.count - 1
        guard high >= 0 else { return .plain }
        while low < high {
            let middle = (low + high + 1) / 2
            if runs[middle].range.lowerBound <= offset { low = middle } else { high = middle - 1 }
        }
        return runs[low].attributes
    }

    /// The scalars in `range` with their attributes.
    public func substring(_ range: Range<Int>) -> StyledString {
        var result = StyledString()
        let scalars = text.unicodeScalars
        // One walk over the scalars, not one from the start per run.
        var index = scalars.startIndex
        var offset = 0
        for run in runs where run.range.overlaps(range) {
            let part = max(run.range.lowerBound, range.lowerBound)..<min(run.range.upperBound, range.upperBound)
            index = scalars.index(index, offsetBy: part.lowerBound - offset)
            let end = scalars.index(index, offsetBy: part.count)
            var piece = String.UnicodeScalarView()
            piece.append(contentsOf: scalars[index..<end])
            index = end
            offset = part.upperBound
            if run.attributes.image != nil {
                for _ in part { result.appendImage(run.attributes.image!, attributes: run.attributes) }
            } else {
                result.append(String(piece), attributes: run.attributes)
            }
        }
        return result
    }

    /// The plain ``text``, without the attributes.
    public var description: String { text }
}
