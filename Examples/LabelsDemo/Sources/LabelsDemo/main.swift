import Foundation

// The labels LabelgenPlugin drew during `swift build`, read back from this target's
// resource bundle: each locale's manifest, and every image it lists.

/// The part of a labelgen manifest this program reads.
struct Manifest: Decodable {
    struct Label: Decodable {
        var key: String
        var images: [Image]
    }
    struct Image: Decodable {
        var file: String
        var width: Int
        var height: Int
        var scale: Int
    }
    var labels: [Label]
}

guard let labels = Bundle.module.url(forResource: "Labels", withExtension: nil) else {
    FileHandle.standardError.write(Data("LabelsDemo: no Labels folder in \(Bundle.module.bundlePath)\n".utf8))
    exit(1)
}
var missing = 0
for locale in ["de", "en"] {
    let folder = labels.appendingPathComponent(locale)
    let manifest = try JSONDecoder().decode(
        Manifest.self, from: try Data(contentsOf: folder.appendingPathComponent("manifest.json")))
    for label in manifest.labels {
        for image in label.images {
            let exists = FileManager.default.fileExists(atPath: folder.appendingPathComponent(image.file).path)
            if !exists { missing += 1 }
            print("\(locale)/\(image.file) \(image.width)x\(image.height)\(exists ? "" : " MISSING")")
        }
    }
}
// One image looked up by name, as a game would.
let score = Bundle.module.url(forResource: "hud.score@2x", withExtension: "png", subdirectory: "Labels/de")
print("hud.score@2x in German: \(score?.lastPathComponent ?? "MISSING")")
exit(missing == 0 && score != nil ? 0 : 1)
