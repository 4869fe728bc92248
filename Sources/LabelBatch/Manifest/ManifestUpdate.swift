import Foundation
import LabelCore

/// The new manifest of one locale folder, and the images it no longer lists.
///
/// The manifest is written an entry at a time, each from where it waits: the run's
/// ``EntryStore`` for labels drawn now, the earlier manifest's file for labels kept or
/// carried over. No more than one entry is in memory at once.
struct ManifestUpdate {
    let folder: URL
    /// The manifest the previous run left, if any.
    let old: PreviousManifest?
    /// The manifest's fields; its entries are ``listed``.
    let header: Manifest
    /// The labels the manifest lists, sorted by key.
    let listed: [Listed]
    /// Where the entries of labels drawn now are.
    let store: EntryStore
    /// Where each image lies on the sprite sheets, by file name, when the run packs atlases.
    let frames: [String: Manifest.AtlasFrame]?

    /// One label the manifest lists, and where its entry comes from.
    struct Listed {
        let key: String
        let source: Source
        /// Its image files.
        let files: [String]
    }

    enum Source {
        /// Drawn in this run.
        case drawn(EntryStore.Entry)
        /// Kept from, or carried over from, the earlier manifest.
        case previous(PreviousManifest.Entry)
    }

    /// The manifest of `locale` after the run; with `atlas`, its images point at their
    /// frames, and without it they point at none.
    init(run: BatchRun, rendered: RenderedBatch, locale: String, tableKeys: [String: Set<String>], atlas: PackedAtlas? = nil) {
        let plan = rendered.plan
        folder = run.outputFolder.appendingPathComponent(locale)
        old = plan.previous[locale]
        store = rendered.entries
        frames = atlas?.frames
        listed = Self.listed(run: run, plan: plan, drawn: rendered.drawn, locale: locale, tableKeys: tableKeys)
        let fontsUsed = rendered.fontsUsed[locale] ?? [:]
        header = Manifest(tool: Labelgen.tool, locale: locale, style: run.styleSheet.source,
                          output: Manifest.Output(run.imageEncoding),
                          fonts: Self.fonts(of: listed, used: fontsUsed, old: old, fingerprints: plan.fingerprints),
                          inputs: plan.inputs[locale], labels: [], atlas: atlas?.record)
    }

    /// The labels the manifest of `locale` lists after the run, sorted by key.
    private static func listed(run: BatchRun, plan: BatchPlan, drawn: DrawnLabels, locale: String,
                               tableKeys: [String: Set<String>]) -> [Listed] {
        var listed: [Listed] = []
        var ours: Set<String> = []
        let fileExtension = run.imageEncoding.fileExtension
        for (index, label) in plan.labels.enumerated() where label.locale == locale {
            ours.insert(label.key)
            if let drawn = drawn[index] {
                let files = label.scales.map { FileNames.fileName(forKey: label.key, scale: $0, extension: fileExtension) }
                listed.append(Listed(key: label.key, source: .drawn(drawn.entry), files: files))
            } else if label.status == .unchanged, let kept = label.kept {
                listed.append(Listed(key: label.key, source: .previous(kept), files: kept.files))
            }
        }
        // Entries of keys this run left out that the tables still have carry over; keys
        // gone from the tables drop out, and their images are removed.
        for entry in plan.previous[locale]?.entries ?? [] where !ours.contains(entry.key) && tableKeys[locale]?.contains(entry.key) == true {
            listed.append(Listed(key: entry.key, source: .previous(entry), files: entry.files))
        }
        listed.sort { $0.key < $1.key }
        return listed
    }

    /// Every font file a listed label uses: hashed now if drawn now, else as recorded.
    private static func fonts(of listed: [Listed], used: [String: String], old: PreviousManifest?,
                              fingerprints: FontFingerprints) -> [Manifest.Font] {
        var known: [String: Manifest.Font] = [:]
        for font in old?.header.fonts ?? [] { known[font.file] = font }
        var names: Set<String> = []
        for (path, family) in used {
            let file = URL(fileURLWithPath: path).lastPathComponent
            known[file] = Manifest.Font(file: file, family: family, hash: fingerprints.hash(ofFile: path))
            names.insert(file)
        }
        for label in listed {
            if case .previous(let entry) = label.source { names.formUnion(entry.fontFiles ?? []) }
        }
        let fonts = names.compactMap { known[$0] }
        return fonts.sorted { ($0.file, $0.hash) < ($1.file, $1.hash) }
    }

    /// Whether entries are decoded and encoded again on their way into the manifest:
    /// when sheets are packed, or were, their images' frames change; otherwise every
    /// entry goes in as it is.
    private var rewritesEntries: Bool { frames != nil || old?.header.atlas != nil }

    /// The entry of `label` as it stands in the manifest.
    private func entryBytes(_ label: Listed, encoder: JSONEncoder) throws -> Data {
        if rewritesEntries {
            var decoded = try self.label(label)
            for image in decoded.images.indices {
                decoded.images[image].atlas = frames?[decoded.images[image].file]
            }
            return try JSONFileLayout.element(decoded, encoder: encoder)
        }
        switch label.source {
        case .drawn(let entry): return try store.bytes(of: entry)
        case .previous(let entry): return try JSONFileLayout.indent + old!.bytes(of: entry)
        }
    }

    /// `label`'s entry decoded, as its source has it.
    func label(_ label: Listed) throws -> Manifest.Label {
        switch label.source {
        case .drawn(let entry): return try ManifestReader.label(in: store.bytes(of: entry))
        case .previous(let entry): return try old!.label(entry)
        }
    }

    /// Stages the manifest beside its target unless the file already holds its bytes.
    /// - Returns: The staged file, to be renamed into place with the images; nil when the
    ///   manifest is unchanged.
    func stageManifest() throws(BatchError) -> AtomicWriter.Staged? {
        let url = folder.appendingPathComponent("manifest.json")
        do {
            let layout = try JSONFileLayout(header, arrayKey: "labels", hasElements: !listed.isEmpty)
            let encoder = JSONFile.encoder()
            return try AtomicWriter.stage(to: url) { pieces in
                try pieces.append(layout.head)
                for (index, label) in listed.enumerated() {
                    if index > 0 { try pieces.append(JSONFileLayout.separator) }
                    try pieces.append(try entryBytes(label, encoder: encoder))
                }
                try pieces.append(layout.tail)
            }
        } catch {
            throw .cannotWrite(url, error)
        }
    }

    /// The images the previous manifest listed that the new one does not: keys that no
    /// longer exist, scales no longer drawn; and the sheets and data files of atlases no
    /// longer made.
    var staleFiles: StaleFiles {
        StaleFiles(folder: folder, names: Self.staleFiles(
            listed: old?.entries.flatMap(\.files) ?? [], sheets: old?.header.atlas?.sheets ?? [],
            keeping: Set(listed.flatMap(\.files)).union(header.atlas?.sheets.flatMap { [$0.image, $0.data] } ?? [])))
    }

    /// Removes from `folder` the label images `listed` and the sheets' files an earlier
    /// manifest named that `kept` does not hold (``staleFiles(listed:sheets:keeping:)``).
    /// Runs and merges both call this, so neither leaves the other's files behind.
    /// - Returns: How many were removed.
    static func removeStaleFiles(in folder: URL, listed: [String], sheets: [Manifest.Sheet], keeping kept: Set<String>) -> Int {
        StaleFiles(folder: folder, names: staleFiles(listed: listed, sheets: sheets, keeping: kept)).remove()
    }

    /// The label images `listed` and the sheets' files an earlier manifest named that
    /// `kept` does not hold: only plain image names for labels, and only sheet names for
    /// atlases (``FileNames/isSheetFile(_:suffix:)``), sorted.
    static func staleFiles(listed: [String], sheets: [Manifest.Sheet], keeping kept: Set<String>) -> [String] {
        var stale = listed.filter { FileNames.isPlainFileName($0) }
        for sheet in sheets {
            stale += [sheet.image].filter { image in FileNames.imageExtensions.contains { FileNames.isSheetFile(image, suffix: $0) } }
                + [sheet.data].filter { FileNames.isSheetFile($0, suffix: "json") }
        }
        return Set(stale).subtracting(kept).sorted()
    }
}

/// Files of one locale folder that its new manifest no longer lists, to be removed once
/// the manifest is in place.
struct StaleFiles: Sendable {
    let folder: URL
    let names: [String]

    /// Removes them.
    /// - Returns: How many were removed.
    func remove() -> Int {
        var removed = 0
        for name in names where (try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))) != nil {
            removed += 1
        }
        return removed
    }
}
