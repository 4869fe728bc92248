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
    /// The claim on the output folder: no other run writes the folder between planning
    /// and reporting.
    public let lock: OutputFolderLock
    /// Whether ``BatchRun/plan()`` took ``lock``, and so releases it when the run ends;
    /// a lock passed to ``BatchRun/plan(holding:)`` stays the caller's.
    let ownsLock: Bool

    /// Releases ``lock`` if the run took it itself: the run is over.
    func endRun() { if ownsLock { lock.release() } }

    /// The labels ``BatchRun/render(_:progress:)`` will draw.
    public var labelsToRender: [PlannedLabel] { labels.filter { $0.inputHashToRender != nil } }

    /// The locales of the labels, each once, sorted.
    public var locales: [String] { Set(labels.map(\.locale)).sorted() }
}

extension BatchRun {
    /// Checks every input, locks the output folder and decides what becomes of each
    /// label. Nothing is written but the lock file.
    ///
    /// The lock (``OutputFolderLock``) keeps other runs out of the folder until
    /// ``report(_:checks:)`` returns, the rendered batch is discarded, or the plan and
    /// the batches made from it are all gone, whichever comes first; a plan made only to
    /// be looked at should be let go, or its ``BatchPlan/lock`` released. When another
    /// run holds the folder, this waits for it if ``waitsForLock`` is set, and fails at
    /// once otherwise. Inputs are checked before the folder is touched.
    ///
    /// A label is drawn unless its text has a placeholder without a sample, or the
    /// manifest in its locale folder has an entry for its key with the same input hash
    /// (text, merged style, scales, font files, inline images, ``Labelgen/version``)
    /// whose images all exist; then they are kept, unless ``force`` is set.
    ///
    /// - Throws: ``BatchError`` for a bad locale or key, a style or markup error, a
    ///   locale folder that is a link or a file, or an output folder another run holds
    ///   (``BatchError/outputFolderLocked(path:holder:)``).
    public func plan() throws(BatchError) -> BatchPlan {
        let labels = try plannedLabels()
        return try plan(labels, holding: try OutputFolderLock(folder: outputFolder, waiting: waitsForLock), owned: true)
    }

    /// ``plan()`` with the output folder already locked by the caller, who took `lock`
    /// before reading anything in it. The lock stays the caller's: the run does not
    /// release it, so the caller can write more into the folder after the report.
    ///
    /// - Precondition: `lock` holds this run's ``outputFolder``.
    public func plan(holding lock: OutputFolderLock) throws(BatchError) -> BatchPlan {
        precondition(lock.folder.standardizedFileURL == outputFolder.standardizedFileURL,
                     "the lock holds \(lock.folder.path), not the output folder \(outputFolder.path)")
        return try plan(try plannedLabels(), holding: lock, owned: false)
    }

    /// The labels of the run's shard and keys, with their inputs checked.
    private func plannedLabels() throws(BatchError) -> [PlannedLabel] {
        try LabelPlan(tables: tables, sheet: styleSheet, patterns: keys, scaleOverride: scales).labels
            .filter { shard?.contains(locale: $0.locale, key: $0.key) ?? true }
    }

    /// Decides what becomes of `labels`, reading the folder `lock` holds.
    private func plan(_ labels: [PlannedLabel], holding lock: OutputFolderLock, owned: Bool) throws(BatchError) -> BatchPlan {
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
        return BatchPlan(labels: decided, previous: previous, engine: engine, fingerprints: hasher.fingerprints, lock: lock,
                         ownsLock: owned)
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
