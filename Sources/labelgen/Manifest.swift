import Foundation

/// What a game reads to place the labels: one per locale folder.
struct Manifest: Encodable {
    var tool: String
    var locale: String
    var style: String
    var labels: [Label]

    struct Label: Encodable {
        var key: String
        var text: String
        /// The font size used and the one the style asked for, px at scale 1.
        var fontSize: Double
        var requestedFontSize: Double
        var fit: String
        var truncated: Bool
        /// Each line's text in logical order, ellipsis included.
        var lines: [String]
        var box: Size
        var missingCharacters: [String]?
        var fallbackFonts: [String]?
        var images: [Image]
    }

    struct Image: Encodable {
        var scale: Double
        var file: String
        var width: Int
        var height: Int
        /// Where the box's top left corner lies in the image, in pixels.
        var boxOrigin: [Int]
        /// Baselines in image pixels from the top.
        var baselines: [Int]
        var hash: String
    }

    struct Size: Encodable {
        var width: Double
        var height: Double
    }

    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(self)
        data.append(0x0A)
        return data
    }
}

extension Double {
    /// Rounded to 1/1000 px: enough for any consumer, and free of binary noise in JSON.
    var manifestRounded: Double { (self * 1000).rounded() / 1000 }
}
