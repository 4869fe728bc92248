/// How label images are written to files: their format, what the PNG encoder spends its
/// time on, and whether colour is stored premultiplied by alpha.
///
/// A style file sets it in `"output"`, `labels.json` and the command line (`--format`,
/// `--png`, `--alpha`) override it field by field, and every manifest names it.
///
/// ```swift
/// var encoding = ImageEncoding()          // PNG, fast, straight alpha
/// encoding.png = .small                   // a release build: fewer bytes, more time
/// encoding.alpha = .premultiplied         // for engines that upload premultiplied textures
/// ```
public struct ImageEncoding: Sendable, Hashable {
    /// The file format.
    public enum Format: String, Sendable, Hashable, CaseIterable {
        /// PNG, 8-bit RGBA; every engine reads it.
        case png
        /// Lossless WebP (VP8L): the same pixels in about three quarters of the bytes of a
        /// small PNG, read by Godot, Phaser, PixiJS, Cocos Creator and every browser.
        case webp
    }

    /// What the PNG encoder spends its time on. Both give the same pixels.
    public enum PNGCompression: String, Sendable, Hashable, CaseIterable {
        /// Labelgen's own run-length deflate: a few times faster than zlib, for builds that
        /// iterate.
        case fast
        /// libdeflate at a high level with a filter chosen per row: about a third fewer
        /// bytes for many times the time, for release builds.
        case small
    }

    /// How colour relates to alpha in the stored pixels.
    public enum Alpha: String, Sendable, Hashable, CaseIterable {
        /// Colour as it is, whatever the alpha (what PNG's specification means).
        case straight
        /// Colour multiplied by alpha and rounded; a fully transparent pixel is all zero.
        /// What Cocos and many GPU upload paths expect.
        case premultiplied
    }

    /// The file format; PNG by default.
    public var format: Format
    /// How PNG files are compressed; ignored for WebP, which is always lossless.
    public var png: PNGCompression
    /// Straight or premultiplied colour; straight by default.
    public var alpha: Alpha

    /// An encoding with every field at its default unless given.
    public init(format: Format = .png, png: PNGCompression = .fast, alpha: Alpha = .straight) {
        self.format = format
        self.png = png
        self.alpha = alpha
    }

    /// The extension of the files written, without the dot: `png` or `webp`.
    public var fileExtension: String { format.rawValue }

    /// The settings as a style file, `labels.json` and a manifest write them, in this
    /// order; `png` only for PNG files.
    public var fields: [(name: String, value: String)] {
        var fields = [("format", format.rawValue)]
        if format == .png { fields.append(("png", png.rawValue)) }
        fields.append(("alpha", alpha.rawValue))
        return fields
    }
}
