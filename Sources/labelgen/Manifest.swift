import Foundation

/// What a game reads to place the labels: one per locale folder. It is also what the
/// next run reads to tell which labels are unchanged and which outputs are stale.
struct Manifest: Codable, Equatable {
    var tool: String
    var locale: String
    var style: String
    /// The font files the labels of this locale used, with a content hash each, so a
    /// changed font shows up in a diff of the manifest.
    var fonts: [Font]?
    var labels: [Label]

    struct Label: Codable, Equatable {
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
        /// The font files the glyphs come from (names as in `fonts`).
        var fontFiles: [String]?
        /// A hash of everything the images depend on: text, merged style, scales, font
        /// files and tool version. Equal hashes mean the images need not be drawn again.
        var inputHash: String?
    }

    struct Image: Codable, Equatable {
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

    struct Size: Codable, Equatable {
        var width: Double
        var height: Double
    }

    struct Font: Codable, Hashable {
        var file: String
        var family: String
        var hash: String
    }

    /// The manifest a previous run left in `folder`, or nil when there is none or it
    /// cannot be read (then every label is drawn again and nothing is deleted).
    static func previous(in folder: URL) -> Manifest? {
        guard let data = try? Data(contentsOf: folder.appendingPathComponent("manifest.json")) else { return nil }
        return try? JSONDecoder().decode(Manifest.self, from: data)
    }
}

extension Double {
    /// Rounded to 1/1000 px: enough for any consumer, and free of binary noise in JSON.
    var manifestRounded: Double { (self * 1000).rounded() / 1000 }
}

extension Encodable {
    /// The JSON files labelgen writes: sorted keys and a final newline, so the same
    /// content gives the same bytes and diffs stay small.
    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(self)
        data.append(0x0A)
        return data
    }
}
