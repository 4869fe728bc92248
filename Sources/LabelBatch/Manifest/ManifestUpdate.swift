import Foundation

/// The new manifest of one locale folder, and the images it no longer lists.
struct ManifestUpdate {
    let folder: URL
    /// The manifest the previous run left, if any.
    let old: Manifest?
    let manifest: Manifest

    /// The manifest of `locale` after the run; with `atlas`, its images point at their
    /// frames, and without it they point at none.
    init(run: BatchRun, plan: BatchPlan, drawn: [Int: DrawnLabel], locale: String, tableKeys: [String: Set<String>],
         atlas: PackedAtlas? = nil) {
        folder = run.outputFolder.appendingPathComponent(locale)
        old = plan.previous[locale]
        var (labels, fontsUsed) = Self.entries(run: run, plan: plan, drawn: drawn, locale: locale, tableKeys: tableKeys)
        for index in labels.indices {
            for image in labels[index].images.indices {
                labels[index].images[image].atlas = atlas?.frames[labels[index].images[image].file]
            }
        }
        manifest = Manifest(tool: Labelgen.tool, locale: locale, style: run.styleSheet.source,
                            output: Manifest.Output(run.imageEncoding),
                            fonts: Self.fonts(of: labels, used: fontsUsed, old: old, fingerprints: plan.fingerprints),
                            inputs: plan.inputs[locale], labels: labels, atlas: atlas?.record)
    }

    /// The entries the manifest of `locale` lists after the run, sorted by key, and the
    /// font files (path to family) of the labels drawn now.
    static func entries(run: BatchRun, plan: BatchPlan, drawn: [Int: DrawnLabel], locale: String,
                        tableKeys: [String: Set<String>]) -> (labels: [Manifest.Label], fontsUsed: [String: String]) {
        var labels: [Manifest.Label] = []
        var fontsUsed: [String: String] = [:]
        var ours: Set<String> = []
        for (index, label) in plan.labels.enumerated() where label.locale == locale {
            ours.insert(label.key)
            if let drawn = drawn[index] {
                labels.append(drawn.manifest)
                fontsUsed.merge(drawn.fontFiles) { first, _ in first }
            } else if label.status == .unchanged, let kept = label.kept {
                labels.append(kept)
            }
        }
        // Entries of keys this run left out that the tables still have carry over; keys
        // gone from the tables drop out, and their images are removed.
        labels += plan.previous[locale]?.labels.filter { !ours.contains($0.key) && tableKeys[locale]?.contains($0.key) == true } ?? []
        labels.sort { $0.key < $1.key }
        return (labels, fontsUsed)
    }

    /// Every font file a listed label uses: hashed now if drawn now, else as recorded.
    private static func fonts(of labels: [Manifest.Label], used: [String: String], old: Manifest?,
                              fingerprints: FontFingerprints) -> [Manifest.Font] {
        var known: [String: Manifest.Font] = [:]
        for font in old?.fonts ?? [] { known[font.file] = font }
        for (path, family) in used {
            let file = URL(fileURLWithPath: path).lastPathComponent
            known[file] = Manifest.Font(file: file, family: family, hash: fingerprints.hash(ofFile: path))
        }
        let fonts = Set(labels.flatMap { $0.fontFiles ?? [] }).compactMap { known[$0] }
        return fonts.sorted { ($0.file, $0.hash) < ($1.file, $1.hash) }
    }

    /// Writes the manifest unless it reads back as the one there: encoding ten thousand
    /// entries costs more than the rest of a run with nothing to draw.
    /// - Returns: Whether the file was written.
    func writeManifest() throws(BatchError) -> Bool {
        guard manifest != old else { return false }
        let url = folder.appendingPathComponent("manifest.json")
        do {
            return try AtomicWriter.write(try JSONFile.encode(manifest), to: url)
        } catch {
            throw .cannotWrite(url, error)
        }
    }

    /// Removes the images the previous manifest listed that the new one does not: keys
    /// that no longer exist, scales no longer drawn; and the sheets and data files of
    /// atlases no longer made.
    /// - Returns: How many were removed.
    func removeStaleImages() -> Int {
        Self.removeStaleFiles(in: folder, listedBy: old, keeping: manifest)
    }

    /// Removes the files `old` lists and `new` does not, in `folder`: only plain PNG names
    /// for labels, and only sheet names for atlases (``FileNames/isSheetFile(_:suffix:)``).
    /// Runs and merges both call this, so neither leaves the other's files behind.
    static func removeStaleFiles(in folder: URL, listedBy old: Manifest?, keeping new: Manifest) -> Int {
        let kept = Set(new.labels.flatMap { $0.images.map(\.file) })
            .union(new.atlas?.sheets.flatMap { [$0.image, $0.data] } ?? [])
        var stale = (old?.labels.flatMap { $0.images.map(\.file) } ?? []).filter { FileNames.isPlainFileName($0) }
        for sheet in old?.atlas?.sheets ?? [] {
            stale += [sheet.image].filter { image in FileNames.imageExtensions.contains { FileNames.isSheetFile(image, suffix: $0) } }
                + [sheet.data].filter { FileNames.isSheetFile($0, suffix: "json") }
        }
        var removed = 0
        for file in Set(stale).sorted() where !kept.contains(file) {
            if (try? FileManager.default.removeItem(at: folder.appendingPathComponent(file))) != nil { removed += 1 }
        }
        return removed
    }
}
