import Foundation
import LabelCore

/// `OUT/<locale>/manifest.json`: what a game reads to place the labels of one locale. It
/// is also what the next run reads to tell which labels are unchanged and which images
/// are stale.
package struct Manifest: Codable, Equatable, Sendable {
    /// The generator, e.g. `labelgen 0.3.0`.
    package var tool: String
    /// The locale of every label listed, e.g. `de`.
    package var locale: String
    /// The style file's name, e.g. `score.json`.
    package var style: String
    /// How the images are written: format, PNG compression and alpha. nil in manifests
    /// of versions before it was recorded, whose images are all straight-alpha PNG.
    package var output: Output?
    /// The font files the labels of this locale used, with a content hash each, so a
    /// changed font shows up in a diff of the manifest.
    package var fonts: [Font]?
    /// What the whole run was, whichever shard wrote this manifest, so that the folders
    /// of shards run apart can be checked to come from the same inputs and to be all
    /// there before they are merged (``ShardMerge``). nil when the run was limited to
    /// some keys, which does not know the whole selection.
    package var inputs: Inputs?
    /// One entry per key, sorted by key.
    package var labels: [Label]
    /// The sprite sheets of this locale when the run packed atlases (``BatchRun/atlas``);
    /// nil otherwise.
    package var atlas: Atlas? = nil

    /// One label: its text as laid out and its image at every scale.
    package struct Label: Codable, Equatable, Sendable {
        /// The string key, e.g. `hud.score`.
        package var key: String
        /// The text drawn: the table's string with its placeholders filled.
        package var text: String
        /// The font size used, px at scale 1.
        package var fontSize: Double
        /// The font size the style asked for, px at scale 1.
        package var requestedFontSize: Double
        /// How the text met its box: `fits`, `shrunk`, `truncated` or `overflows`.
        package var fit: String
        /// Whether the text was cut and ends in an ellipsis.
        package var truncated: Bool
        /// Each line's text in logical order as drawn: ellipsis included, and a line
        /// broken at a hyphenation point ending in its hyphen.
        package var lines: [String]
        /// For each line, whether it ends in a hyphen the text does not have there; nil
        /// when none does. Joining ``lines`` after dropping those hyphens gives the words
        /// back; ``text`` is the whole text for accessibility.
        package var hyphenated: [Bool]?
        /// The label's box, px at scale 1.
        package var box: Size
        /// Characters no font covers, as code points like `U+0E3F`; nil when there are none.
        package var missingCharacters: [String]?
        /// Families of fallback fonts the text needed; nil when it needed none.
        package var fallbackFonts: [String]?
        /// The image at each scale, in the order of the scales.
        package var images: [Image]
        /// The font files the glyphs come from (names as in ``Manifest/fonts``).
        package var fontFiles: [String]?
        /// A hash of everything the images depend on: text, merged style, scales, font
        /// files, pictures and tool version. Equal hashes mean the images need not be
        /// drawn again.
        package var inputHash: String?
        /// The locale whose text is drawn because the table has none for this one
        /// (`--fallback-locale`); nil for the locale's own text.
        package var fallback: String? = nil
        /// The width limit the table sets (an XLIFF unit's pixel `maxwidth` or size
        /// restriction) and the width drawn; nil when it sets none.
        package var limit: WidthLimit? = nil
    }

    /// A string's width limit and the label's drawn width, px at scale 1.
    package struct WidthLimit: Codable, Equatable, Sendable {
        /// The widest the table allows.
        package var width: Int
        /// How wide the text was drawn: its ink and the outline around it, rounded up.
        package var drawn: Int

        /// Whether the label is wider than its table allows.
        package var isExceeded: Bool { drawn > width }
    }

    /// One image file of a label.
    package struct Image: Codable, Equatable, Sendable {
        /// The scale it was drawn at: 1, 2, 3, …
        package var scale: Double
        /// Its file name in the locale folder, e.g. `hud.score@2x.png` or `hud.score@2x.webp`.
        package var file: String
        /// Its width in pixels.
        package var width: Int
        /// Its height in pixels.
        package var height: Int
        /// Where the box's top left corner lies in the image, in pixels: `[x, y]`.
        package var boxOrigin: [Int]
        /// Baselines in image pixels from the top, one per line.
        package var baselines: [Int]
        /// A content hash of the file's bytes.
        package var hash: String
        /// Where the image lies in this locale's sprite sheets; nil without atlases.
        package var atlas: AtlasFrame? = nil
    }

    /// An image's frame in a sprite sheet, as the sheet's TexturePacker data gives it.
    package struct AtlasFrame: Codable, Equatable, Sendable {
        /// The sheet's file name in the locale folder, e.g. `atlas-0@2x.png`.
        package var sheet: String
        /// The frame's pixels on the sheet, without the extruded edge: `[x, y, width,
        /// height]`. They are the image's pixels inside its transparent margin.
        package var frame: [Int]
        /// Where the frame's top left pixel lies in the image, `[x, y]`; the image's
        /// ``Image/width`` and ``Image/height`` are its untrimmed size.
        package var offset: [Int]
    }

    /// The sprite sheets of one locale: at every scale, as few sheets as hold its labels.
    package struct Atlas: Codable, Equatable, Sendable {
        /// The widest and tallest a sheet may be, in pixels.
        package var maximumSide: Int
        /// Transparent pixels between the extruded edges of neighbouring frames.
        package var padding: Int
        /// How many times each frame's edge pixels are repeated around it.
        package var extrusion: Int
        /// Every sheet, by scale, then by number.
        package var sheets: [Sheet]
    }

    /// One sprite sheet and its TexturePacker "JSON (Hash)" data file.
    package struct Sheet: Codable, Equatable, Sendable {
        /// The scale of every frame on it.
        package var scale: Double
        /// The PNG's file name in the locale folder, e.g. `atlas-0@2x.png`.
        package var image: String
        /// The data file's name, e.g. `atlas-0@2x.json`.
        package var data: String
        /// Its width in pixels.
        package var width: Int
        /// Its height in pixels.
        package var height: Int
        /// A content hash of the PNG's bytes.
        package var hash: String
    }

    /// How a run wrote its images (``BatchRun/imageEncoding``), as a style file's
    /// `"output"` says it.
    package struct Output: Codable, Equatable, Sendable {
        /// `png` or `webp`.
        package var format: String
        /// `fast` or `small`; nil for WebP.
        package var png: String?
        /// `straight` or `premultiplied`.
        package var alpha: String

        package init(_ encoding: ImageEncoding) {
            format = encoding.format.rawValue
            png = encoding.format == .png ? encoding.png.rawValue : nil
            alpha = encoding.alpha.rawValue
        }

        package init(format: String, png: String?, alpha: String) {
            self.format = format
            self.png = png
            self.alpha = alpha
        }
    }

    /// The labels of this locale a run without `--shard` would list, summed up.
    package struct Inputs: Codable, Equatable, Sendable {
        /// A hash over the style's name and every selected key of the locale with its
        /// label's input hash (or that it is not drawn), in key order.
        package var hash: String
        /// How many labels the manifest of a run without `--shard` lists: the selected
        /// keys of the locale, less those not drawn for a placeholder without a sample.
        package var labels: Int
    }

    /// A width and height in pixels at scale 1.
    package struct Size: Codable, Equatable, Sendable {
        /// The width.
        package var width: Double
        /// The height.
        package var height: Double
    }

    /// A font file the labels use.
    package struct Font: Codable, Hashable, Sendable {
        /// The file's name, e.g. `NotoSans-Bold.ttf`.
        package var file: String
        /// Its family, e.g. `Noto Sans`.
        package var family: String
        /// A content hash of the file.
        package var hash: String
    }
}

extension Double {
    /// Rounded to 1/1000 px: enough for any consumer, and free of binary noise in JSON.
    var manifestRounded: Double { (self * 1000).rounded() / 1000 }
}
