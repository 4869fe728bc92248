import LabelLayout
import StyledText

/// A label's input hash: one hash over everything its images depend on. A run keeps a
/// label's images when the hash its manifest entry records is the one the label has now.
struct InputHasher {
    let sheet: StyleSheet
    let engine: LayoutEngine
    let fingerprints: FontFingerprints
    /// The font files every label may use: the bundled folders, the style's own files if
    /// any label names some, and whether host fonts are allowed at all.
    let fontSetHash: String
    /// How the images are written: the same pixels in other bytes are other files.
    let encoding: String

    /// `fingerprints` holds the font files' hashes read so far, and takes those read now.
    init(run: BatchRun, engine: LayoutEngine, usesFontFiles: Bool, fingerprints: FontFingerprints) {
        sheet = run.styleSheet
        self.engine = engine
        self.fingerprints = fingerprints
        let folders = run.fonts.bundledDirectories + (usesFontFiles ? run.fonts.fileSearchDirectories : [])
        // Host fonts can change under a run's feet; allowing them redraws every label.
        fontSetHash = fingerprints.hash(ofFolders: folders) + (run.fonts.useHostFonts ? " with host fonts" : "")
        encoding = run.imageEncoding.fields.map { "\($0.name)=\($0.value)" }.joined(separator: ",")
    }

    /// What the manifest entry records of the table beyond the text: whose text it is and
    /// the limit it is measured against. Only present where the table says them, so the
    /// hashes of every other label stay as they were.
    private static func tableFields(of label: PlannedLabel) -> [String] {
        var fields: [String] = []
        if let fallback = label.details?.fallbackLocale { fields.append("fallback \(fallback)") }
        if let width = label.details?.limit?.width { fields.append("limit width \(width)") }
        return fields
    }

    func inputHash(of label: PlannedLabel) -> String {
        ContentHash.hex(ofFields: [
            Labelgen.version, label.text, sheet.fingerprint(forKey: label.key, locale: label.locale),
            label.scales.map { String($0) }.joined(separator: ","), fontSetHash, encoding,
        ] + Self.tableFields(of: label) + label.images.map { source in
            // A changed picture redraws its labels; a missing one fails when drawn.
            (try? engine.locateImage(source)).map { fingerprints.hash(ofFile: $0) } ?? "missing \(source)"
        })
    }
}
