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
    let previous: [String: PreviousManifest]
    /// What the whole selection is, per locale, whichever shard this run draws; empty
    /// when the run is limited to some keys.
    let inputs: [String: Manifest.Inputs]
    /// The engine that lays out the labels; it found the inline images for the hashes.
    let engine: LayoutEngine
    /// Font file hashes read so far, shared with the later phases.
    let fingerprints: FontFingerprints
    /// The claim on the output folder: no other run writes the folder between planning
    /// and reporting.
    package let lock: OutputFolderLock
    /// Whether ``BatchRun/plan()`` took ``lock``, and so releases it when the run ends;
    /// a lock passed to ``BatchRun/plan(holding:)`` stays the caller's.
    let ownsLock: Bool

    /// Releases ``lock`` if the run took it itself: the run is over.
    func endRun() { if ownsLock { lock.release() } }

    /// The labels ``BatchRun/render(_:progress:)`` will draw.
    public var labelsToRender: [PlannedLabel] { labels.filter { $0.inputHashToRender != nil } }

    /// The locales of the labels, each once, sorted.
    package var locales: [String] { Set(labels.map(\.locale)).sorted() }

    /// The locales whose manifests the run writes: those of every shard's labels, so a
    /// shard left with no label of a locale still updates that locale's manifest.
    var manifestLocales: [String] { Set(previous.keys).union(inputs.keys).union(labels.map(\.locale)).sorted() }
}

extension BatchRun {
    /// Checks every input, locks the output folder and decides what becomes of each
    /// label. Nothing is written; the output folder is made if it does not exist.
    ///
    /// The lock, on the folder itself, keeps other runs out of the folder until
    /// ``report(_:checks:)`` returns, the rendered batch is discarded, or the plan and
    /// the batches made from it are all gone, whichever comes first; a plan made only to
    /// be looked at should be let go. When another run holds the folder, this waits for
    /// it if ``waitsForLock`` is set, and fails at once otherwise. Inputs are checked
    /// before the folder is touched.
    ///
    /// A label is drawn unless its text has a placeholder without a sample, or the
    /// manifest in its locale folder has an entry for its key with the same input hash
    /// (text, merged style, scales, font files, inline images, the version of labelgen)
    /// whose images all exist; then they are kept, unless ``force`` is set.
    ///
    /// - Throws: ``BatchError`` for a bad locale or key, a style or markup error, a
    ///   locale folder that is a link or a file, or an output folder another run holds
    ///   (``BatchError/outputFolderLocked(path:holder:)``); with ``atlas``, a ``shard``
    ///   or a key named like a sheet.
    public func plan() throws(BatchError) -> BatchPlan {
        let labels = try selectedLabels()
        return try plan(labels, holding: try OutputFolderLock(folder: outputFolder, waiting: waitsForLock), owned: true)
    }

    /// ``plan()`` with the output folder already locked by the caller, who took `lock`
    /// before reading anything in it. The lock stays the caller's: the run does not
    /// release it, so the caller can write more into the folder after the report.
    ///
    /// - Precondition: `lock` holds this run's ``outputFolder``.
    package func plan(holding lock: OutputFolderLock) throws(BatchError) -> BatchPlan {
        try plan(holding: lock, sharing: nil)
    }

    /// ``plan(holding:)`` with the layout engine and the font files' hashes `shared`
    /// holds, rather than new ones: runs made one after another share them.
    ///
    /// - Precondition: `shared` was made for this run's ``fonts`` and ``imageFolders``.
    func plan(holding lock: OutputFolderLock, sharing shared: SharedPlanning?) throws(BatchError) -> BatchPlan {
        precondition(lock.folder.standardizedFileURL == outputFolder.standardizedFileURL,
                     "the lock holds \(lock.folder.path), not the output folder \(outputFolder.path)")
        return try plan(try selectedLabels(), holding: lock, owned: false, shared: shared)
    }

    /// The labels of the run's keys, of every shard, with their inputs checked.
    private func selectedLabels() throws(BatchError) -> [PlannedLabel] {
        if atlas != nil, let shard { throw .atlasWithShard(shard) }
        let labels = try LabelPlan(tables: tables, sheet: styleSheet, patterns: keys, scaleOverride: scales).labels
        if atlas != nil, let taken = labels.first(where: { FileNames.isSheetName(FileNames.safeName(forKey: $0.key)) }) {
            throw .atlasNameTaken(table: taken.source, key: taken.key)
        }
        return labels
    }

    /// Decides what becomes of the labels of the run's shard among `selected`, reading
    /// the folder `lock` holds.
    private func plan(_ selected: [PlannedLabel], holding lock: OutputFolderLock, owned: Bool,
                      shared: SharedPlanning? = nil) throws(BatchError) -> BatchPlan {
        let locales = Set(selected.map(\.locale)).sorted()
        for locale in locales { try OutputFolder.checkLocaleFolder(outputFolder.appendingPathComponent(locale)) }
        lock.removeLeftovers(inLocales: locales)
        let engine = shared?.engine ?? LayoutEngine(fonts: fonts, imageDirectories: imageFolders)
        let fingerprints = shared?.fingerprints ?? FontFingerprints()
        let usesFontFiles = selected.contains { !$0.style.font.files.isEmpty }
        // Reading the earlier manifests and hashing the font files are most of a re-run
        // with nothing to draw, so with more than one job they are shared out: the hash
        // first, the manifests one each as threads come free.
        let run = self
        let parts = jobs <= 1 ? [] : (0..<locales.count + 1).concurrentMap(jobs: jobs) { part -> SharedPart in
            if part == 0 {
                // Over the whole selection, so a shard's input hashes are those a full run has.
                return .hasher(InputHasher(run: run, engine: engine, usesFontFiles: usesFontFiles, fingerprints: fingerprints))
            }
            let locale = locales[part - 1]
            return .manifest(locale, PreviousManifest.read(in: run.outputFolder.appendingPathComponent(locale)))
        }
        var previous: [String: PreviousManifest] = [:]
        var sharedHasher: InputHasher?
        for part in parts {
            switch part {
            case .hasher(let hasher): sharedHasher = hasher
            case let .manifest(locale, manifest): previous[locale] = manifest
            }
        }
        if jobs <= 1 {
            for locale in locales { previous[locale] = PreviousManifest.read(in: outputFolder.appendingPathComponent(locale)) }
        }
        let hasher = sharedHasher ?? InputHasher(run: self, engine: engine, usesFontFiles: usesFontFiles, fingerprints: fingerprints)
        for locale in locales {
            // An entry carried over from a run without atlases may hold a sheet's name.
            if atlas != nil, let taken = previous[locale]?.entries.first(where: {
                FileNames.isSheetName(FileNames.safeName(forKey: $0.key))
            }) {
                let folder = outputFolder.appendingPathComponent(locale)
                throw .atlasNameTaken(table: folder.appendingPathComponent("manifest.json").path, key: taken.key)
            }
        }
        let earlier = previous.mapValues { manifest in
            Dictionary(manifest.entries.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        }
        var tally = InputsTally()
        var decided: [PlannedLabel] = []
        // `access` on a path string costs a fraction of building a URL for every label.
        let folderPaths = Dictionary(uniqueKeysWithValues: locales.map { locale in
            (locale, outputFolder.appendingPathComponent(locale).path + "/")
        })
        for var label in selected {
            let inputHash = hasher.inputHash(of: label)
            tally.add(label, inputHash: inputHash)
            guard shard?.contains(locale: label.locale, key: label.key) ?? true else { continue }
            let entry = earlier[label.locale]?[label.key]
            label.status = status(of: label, inputHash: inputHash, earlier: entry, folder: folderPaths[label.locale]!)
            if label.status == .unchanged { label.kept = entry }
            decided.append(label)
        }
        let inputs = keys.isEmpty ? tally.inputs(style: styleSheet.source)
            : Self.inputsKept(by: decided, previous: previous)
        return BatchPlan(labels: decided, previous: previous, inputs: inputs, engine: engine,
                         fingerprints: hasher.fingerprints, lock: lock, ownsLock: owned)
    }

    /// The records of the whole selection a run limited to some keys keeps: such a run
    /// does not know the whole selection, so a record stays only while each of the run's
    /// labels has the inputs its earlier entry records.
    private static func inputsKept(by labels: [PlannedLabel], previous: [String: PreviousManifest]) -> [String: Manifest.Inputs] {
        var kept = previous.compactMapValues(\.header.inputs)
        let earlier = previous.mapValues { manifest in Dictionary(manifest.entries.map { ($0.key, $0.inputHash) }, uniquingKeysWith: { a, _ in a }) }
        for label in labels where kept[label.locale] != nil {
            let same: Bool
            switch label.status {
            case .unchanged: same = true
            case .render(let inputHash): same = earlier[label.locale]?[label.key] == inputHash
            case .notRendered: same = earlier[label.locale]?[label.key] == nil
            }
            if !same { kept[label.locale] = nil }
        }
        return kept
    }

    /// Whether the label is drawn, kept as `earlier` recorded it, or skipped.
    /// `folder` is the label's locale folder's path, ending in a slash.
    private func status(of label: PlannedLabel, inputHash: String, earlier: PreviousManifest.Entry?,
                        folder: String) -> PlannedLabel.Status {
        guard label.unfilledPlaceholders.isEmpty else { return .notRendered }
        // A re-run with nothing changed asks this of every image.
        if !force, let earlier, earlier.inputHash == inputHash, earlier.files.allSatisfy({
            FileNames.isPlainFileName($0) && access(folder + $0, F_OK) == 0
        }) {
            return .unchanged
        }
        return .render(inputHash: inputHash)
    }
}

/// What runs planned one after another into one folder share (``LocaleByLocaleRun``):
/// the layout engine, with its fonts and the glyph masks cached for them (which hold the
/// fonts), and the font files' hashes, each file read once.
struct SharedPlanning: Sendable {
    let engine: LayoutEngine
    let fingerprints = FontFingerprints()
}

/// What one of the planning threads read: the hash of the inputs, or one locale's
/// earlier manifest.
private enum SharedPart {
    case hasher(InputHasher)
    case manifest(String, PreviousManifest?)
}
