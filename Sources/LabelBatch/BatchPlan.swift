import Foundation
import LabelLayout
import StyledText

/// What a run will do, decided before any pixel is drawn: made by ``BatchRun/plan()``,
/// drawn by ``BatchRun/render(_:progress:)``.
public struct BatchPlan: Sendable {
    /// Every label of the run (of its shard, and matching its keys), in table order, each
    /// with its ``PlannedLabel/status``.
    public let labels: [PlannedLabel]
    /// The manifest the previous run left in each locale folder this run writes.
    let previous: [String: Manifest]
    /// The engine that lays out the labels; it found the inline images for the hashes.
    let engine: LayoutEngine
    /// Font file hashes read so far, shared with the later phases.
    let fingerprints: FontFingerprints

    /// The labels ``BatchRun/render(_:progress:)`` will draw.
    public var labelsToRender: [PlannedLabel] { labels.filter { $0.inputHashToRender != nil } }

    /// The locales of the labels, each once, sorted.
    public var locales: [String] { Set(labels.map(\.locale)).sorted() }
}

extension BatchRun {
    /// Checks every input and decides what becomes of each label. Nothing is written.
    ///
    /// A label is drawn unless its text has a placeholder without a sample, or the
    /// manifest in its locale folder has an entry for its key with the same input hash
    /// (text, merged style, scales, font files, inline images, ``Labelgen/version``)
    /// whose images all exist; then they are kept, unless ``force`` is set.
    ///
    /// - Throws: ``BatchError`` for a bad locale or key, a style or markup error, or a
    ///   locale folder that is a link or a file.
    public func plan() throws(BatchError) -> BatchPlan {
        let labels = try LabelPlan(tables: tables, sheet: styleSheet, patterns: keys, scaleOverride: scales).labels
            .filter { shard?.contains(locale: $0.locale, key: $0.key) ?? true }
        var previous: [String: Manifest] = [:]
        for locale in Set(labels.map(\.locale)) {
            let folder = outputFolder.appendingPathComponent(locale)
            try OutputFolder.checkLocaleFolder(folder)
            previous[locale] = Manifest.previous(in: folder)
        }
        let engine = LayoutEngine(fonts: fonts, imageDirectories: imageFolders)
        let hasher = InputHasher(run: self, engine: engine, usesFontFiles: labels.contains { !$0.style.font.files.isEmpty })
        let earlier = previous.mapValues { manifest in
            Dictionary(manifest.labels.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        }
        let decided = labels.map { label in
            var label = label
            label.status = status(of: label, inputHash: hasher.inputHash(of: label), earlier: earlier[label.locale]?[label.key])
            return label
        }
        return BatchPlan(labels: decided, previous: previous, engine: engine, fingerprints: hasher.fingerprints)
    }

    /// Whether the label is drawn, kept as `earlier` recorded it, or skipped.
    private func status(of label: PlannedLabel, inputHash: String, earlier: Manifest.Label?) -> PlannedLabel.Status {
        guard label.unfilledPlaceholders.isEmpty else { return .notRendered }
        let folder = outputFolder.appendingPathComponent(label.locale)
        if !force, let earlier, earlier.inputHash == inputHash, earlier.images.allSatisfy({
            FileNames.isPlainFileName($0.file)
                && FileManager.default.fileExists(atPath: folder.appendingPathComponent($0.file).path)
        }) {
            return .unchanged(earlier)
        }
        return .render(inputHash: inputHash)
    }
}
