/// The data file beside a sheet, in TexturePacker's "JSON (Hash)" layout, which Phaser,
/// PixiJS, Cocos Creator, Godot importers and many other engines read: one entry per
/// frame, named by its key, and a `meta` naming the sheet's image, size and scale.
///
/// ```json
/// {"frames": {"menu.play": {"frame": {"x": 1, "y": 1, "w": 88, "h": 30}, "rotated": false,
///             "trimmed": true, "spriteSourceSize": {"x": 56, "y": 25, "w": 88, "h": 30},
///             "sourceSize": {"w": 200, "h": 80}}},
///  "meta": {"app": "labelgen", "version": "0.3.0", "image": "atlas-0.png",
///           "format": "RGBA8888", "size": {"w": 512, "h": 300}, "scale": "1",
///           "premultiplyAlpha": false}}
/// ```
struct TexturePackerJSON: Codable, Equatable {
    var frames: [String: Frame]
    var meta: Meta

    /// One frame: where it lies on the sheet, and where in its untrimmed image.
    struct Frame: Codable, Equatable {
        /// The frame's pixels on the sheet, without the extruded edge.
        var frame: Rect
        /// Always false: frames are never rotated, so no engine needs to turn them back.
        var rotated: Bool
        /// Whether a transparent margin was cut off.
        var trimmed: Bool
        /// Where the frame lies in the untrimmed image, and its size.
        var spriteSourceSize: Rect
        /// The untrimmed image's size: the single PNG's.
        var sourceSize: Size
    }

    /// The sheet.
    struct Meta: Codable, Equatable {
        var app: String
        var version: String
        /// The sheet's file name, beside this file.
        var image: String
        var format: String
        var size: Size
        /// The scale as text, as TexturePacker writes it: "1", "2", "1.5".
        var scale: String
        /// Whether the sheet's colour is premultiplied by alpha, as TexturePacker says it.
        var premultiplyAlpha: Bool
    }

    struct Rect: Codable, Equatable {
        var x: Int
        var y: Int
        var w: Int
        var h: Int
    }

    struct Size: Codable, Equatable {
        var w: Int
        var h: Int
    }
}
