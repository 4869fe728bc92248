import Foundation
import LabelCore

/// Turns string keys into file names that cannot leave the output folder: no path
/// separators, no leading dot, nothing but a safe set of characters; everything else is
/// written as `%XX` of its UTF-8 bytes, so distinct keys get distinct names.
enum FileNames {
    static let maximumLength = 200

    static func safeName(forKey key: String) -> String {
        var name = ""
        for byte in key.utf8 {
            let isSafe = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
                || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2D || byte == 0x5F
                || (byte == 0x2E && !name.isEmpty)
            name += isSafe ? String(UnicodeScalar(byte)) : String(format: "%%%02X", byte)
        }
        if name.isEmpty { name = "%00" }
        if name.utf8.count > maximumLength {
            // Long keys keep a readable start and a hash of the whole key, so they stay distinct.
            name = String(name.prefix(maximumLength - 17)) + "~" + ContentHash.hex(of: Array(key.utf8))
        }
        return name
    }

    /// `hud.score.png`, `hud.score@2x.png`, `hud.score@1.5x.webp`.
    static func fileName(forKey key: String, scale: Double, extension suffix: String) -> String {
        let base = safeName(forKey: key)
        if scale == 1 { return "\(base).\(suffix)" }
        return "\(base)@\(scaleText(scale))x.\(suffix)"
    }

    /// The extensions of the image files runs write, whatever their encoding.
    static let imageExtensions = ImageEncoding.Format.allCases.map(\.rawValue)

    /// `atlas-0`, `atlas-0@2x`, … with `suffix` (`png`, `json`): the sheets of one scale.
    /// A key can only give such a name if it is `atlas-` and digits, which a run with
    /// atlases refuses (``isSheetName(_:)``).
    static func sheetName(number: Int, scale: Double, suffix: String) -> String {
        "atlas-\(number)\(scale == 1 ? "" : "@\(scaleText(scale))x").\(suffix)"
    }

    /// Whether a key's file name would be taken by a sheet: `atlas-` and digits, in any
    /// case, as case-insensitive disks do not tell `Atlas-0.png` from `atlas-0.png`.
    static func isSheetName(_ safeName: String) -> Bool {
        guard safeName.lowercased().hasPrefix("atlas-") else { return false }
        let number = safeName.dropFirst(6)
        return !number.isEmpty && number.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// Whether a manifest may name `name` as an atlas file: a name ``sheetName(number:scale:suffix:)``
    /// gives, with `suffix`. Only such names are removed with an atlas no longer made, so
    /// an edited manifest cannot have a run delete `manifest.json` or another data file.
    static func isSheetFile(_ name: String, suffix: String) -> Bool {
        guard name.hasPrefix("atlas-"), name.hasSuffix("." + suffix) else { return false }
        let parts = name.dropFirst(6).dropLast(suffix.count + 1).split(separator: "@", maxSplits: 1)
        guard let number = parts.first.flatMap({ Int($0) }), number >= 0 else { return false }
        let scale = parts.count == 2 ? Double(parts[1].dropLast()) : 1
        guard let scale, scale.isFinite, scale > 0 else { return false }
        // Read back, the name must be the one a sheet of that number and scale gets.
        return name == sheetName(number: number, scale: scale, suffix: suffix)
    }

    /// `2`, `1.5`: a scale as file names and TexturePacker's `meta.scale` write it.
    static func scaleText(_ scale: Double) -> String {
        scale == scale.rounded() ? String(Int(scale)) : String(scale)
    }

    /// Whether a manifest may name `name` as an image: one plain PNG or WebP file inside
    /// its locale folder. A manifest is input like any other; one that names `../x.png`
    /// must not make a run keep, or delete, a file outside the folder.
    static func isPlainFileName(_ name: String, suffixes: [String] = imageExtensions.map { "." + $0 }) -> Bool {
        // Bytes, not Foundation's substring search: a re-run asks this of every image.
        !name.isEmpty && !name.hasPrefix(".") && !name.utf8.contains { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") }
            && suffixes.contains { name.hasSuffix($0) }
    }
}
