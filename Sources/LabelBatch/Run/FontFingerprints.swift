import Foundation

/// Content hashes of font files, each read once per run: the manifest lists the fonts a
/// locale used with their hashes, and a label's input hash covers every font it could
/// fall back to, so replacing a font file redraws the labels that may use it.
final class FontFingerprints: Sendable {
    /// Hashed under the lock, so that no file is read twice.
    private let hashes = LockedCache<String, String>()

    /// The hash of one font file's bytes ("unreadable" if it cannot be read).
    func hash(ofFile path: String) -> String {
        hashes.withLock { hashes in
            if let known = hashes[path] { return known }
            let hash = (try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped))
                .map { ContentHash.fileHex(of: $0) } ?? "unreadable"
            hashes[path] = hash
            return hash
        }
    }

    /// One hash over every font file in the folders (names and contents), in a fixed order.
    func hash(ofFolders folders: [String]) -> String {
        let fontExtensions: Set<String> = ["ttf", "otf", "ttc", "otc", "woff", "woff2"]
        var fields: [String] = []
        for folder in folders {
            let root = URL(fileURLWithPath: folder)
            guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { continue }
            var files: [String] = []
            for case let url as URL in walker where fontExtensions.contains(url.pathExtension.lowercased()) {
                files.append(url.path)
            }
            for path in files.sorted() {
                fields.append(String(path.dropFirst(root.path.count)))
                fields.append(hash(ofFile: path))
            }
        }
        return ContentHash.hex(ofFields: fields)
    }
}
