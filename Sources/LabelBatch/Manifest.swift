import Foundation

/// `OUT/<locale>/manifest.json`: what a game reads to place the labels of one locale. It
/// is also what the next run reads to tell which labels are unchanged and which images
/// are stale.
public struct Manifest: Codable, Equatable, Sendable {
    /// The generator, e.g. `labelgen 0.3.0`.
    public var tool: String
    /// The locale of every label listed, e.g. `de`.
    public var locale: String
    /// The style file's name, e.g. `score.json`.
    public var style: String
    /// The font files the labels of this locale used, with a content hash each, so a
    /// changed font shows up in a diff of the manifest.
    public var fonts: [Font]?
    /// What the whole run was, whichever shard wrote this manifest, so that the folders
    /// of shards run apart can be checked to come from the same inputs and to be all
    /// there before they are merged (``ShardMerge``). nil when the run was limited to
    /// some keys, which does not know the whole selection.
    public var inputs: Inputs?
    /// One entry per key, sorted by key.
    public var labels: [Label]
    /// The sprite sheets of this locale when the run packed atlases (``BatchRun/atlas``);
    /// nil otherwise.
    public var atlas: Atlas? = nil

    /// One label: its text as laid out and its image at every scale.
    public struct Label: Codable, Equatable, Sendable {
        /// The string key, e.g. `hud.score`.
        public var key: String
        /// The text drawn: the table's string with its placeholders filled.
        public var text: String
        /// The font size used, px at scale 1.
        public var fontSize: Double
        /// The font size the style asked for, px at scale 1.
        public var requestedFontSize: Double
        /// How the text met its box: `fits`, `shrunk`, `truncated` or `overflows`.
        public var fit: String
        /// Whether the text was cut and ends in an ellipsis.
        public var truncated: Bool
        /// Each line's text in logical order, ellipsis included.
        public var lines: [String]
        /// The label's box, px at scale 1.
        public var box: Size
        /// Characters no font covers, as code points like `U+0E3F`; nil when there are none.
        public var missingCharacters: [String]?
        /// Families of fallback fonts the text needed; nil when it needed none.
        public var fallbackFonts: [String]?
        /// The image at each scale, in the order of the scales.
        public var images: [Image]
        /// The font files the glyphs come from (names as in ``Manifest/fonts``).
        public var fontFiles: [String]?
        /// A hash of everything the images depend on: text, merged style, scales, font
        /// files, pictures and tool version. Equal hashes mean the images need not be
        /// drawn again.
        public var inputHash: String?
    }

    /// One PNG of a label.
    public struct Image: Codable, Equatable, Sendable {
        /// The scale it was drawn at: 1, 2, 3, …
        public var scale: Double
        /// Its file name in the locale folder, e.g. `hud.score@2x.png`.
        public var file: String
        /// Its width in pixels.
        public var width: Int
        /// Its height in pixels.
        public var height: Int
        /// Where the box's top left corner lies in the image, in pixels: `[x, y]`.
        public var boxOrigin: [Int]
        /// Baselines in image pixels from the top, one per line.
        public var baselines: [Int]
        /// A content hash of the PNG's bytes.
        public var hash: String
        /// Where the image lies in this locale's sprite sheets; nil without atlases.
        public var atlas: AtlasFrame? = nil
    }

    /// An image's frame in a sprite sheet, as the sheet's TexturePacker data gives it.
    public struct AtlasFrame: Codable, Equatable, Sendable {
        /// The sheet's file name in the locale folder, e.g. `atlas-0@2x.png`.
        public var sheet: String
        /// The frame's pixels on the sheet, without the extruded edge: `[x, y, width,
        /// height]`. They are the image's pixels inside its transparent margin.
        public var frame: [Int]
        /// Where the frame's top left pixel lies in the image, `[x, y]`; the image's
        /// ``Image/width`` and ``Image/height`` are its untrimmed size.
        public var offset: [Int]
    }

    /// The sprite sheets of one locale: at every scale, as few sheets as hold its labels.
    public struct Atlas: Codable, Equatable, Sendable {
        /// The widest and tallest a sheet may be, in pixels.
        public var maximumSide: Int
        /// Transparent pixels between the extruded edges of neighbouring frames.
        public var padding: Int
        /// How many times each frame's edge pixels are repeated around it.
        public var extrusion: Int
        /// Every sheet, by scale, then by number.
        public var sheets: [Sheet]
    }

    /// One sprite sheet and its TexturePacker "JSON (Hash)" data file.
    public struct Sheet: Codable, Equatable, Sendable {
        /// The scale of every frame on it.
        public var scale: Double
        /// The PNG's file name in the locale folder, e.g. `atlas-0@2x.png`.
        public var image: String
        /// The data file's name, e.g. `atlas-0@2x.json`.
        public var data: String
        /// Its width in pixels.
        public var width: Int
        /// Its height in pixels.
        public var height: Int
        /// A content hash of the PNG's bytes.
        public var hash: String
    }

    /// The labels of this locale a run without `--shard` would list, summed up.
    public struct Inputs: Codable, Equatable, Sendable {
        /// A hash over the style's name and every selected key of the locale with its
        /// label's input hash (or that it is not drawn), in key order.
        public var hash: String
        /// How many labels the manifest of a run without `--shard` lists: the selected
        /// keys of the locale, less those not drawn for a placeholder without a sample.
        public var labels: Int
    }

    /// A width and height in pixels at scale 1.
    public struct Size: Codable, Equatable, Sendable {
        /// The width.
        public var width: Double
        /// The height.
        public var height: Double
    }

    /// A font file the labels use.
    public struct Font: Codable, Hashable, Sendable {
        /// The file's name, e.g. `NotoSans-Bold.ttf`.
        public var file: String
        /// Its family, e.g. `Noto Sans`.
        public var family: String
        /// A content hash of the file.
        public var hash: String
    }

    /// The manifest a previous run left in `folder`, or nil when there is none or it
    /// cannot be read (then every label is drawn again and nothing is deleted).
    static func previous(in folder: URL) -> Manifest? {
        guard let data = try? Data(contentsOf: folder.appendingPathComponent("manifest.json")) else { return nil }
        return ManifestReader.decode(data)
    }
}

extension Double {
    /// Rounded to 1/1000 px: enough for any consumer, and free of binary noise in JSON.
    var manifestRounded: Double { (self * 1000).rounded() / 1000 }
}
