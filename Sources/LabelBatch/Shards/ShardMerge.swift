import Foundation

/// Joins the output folders of shards run apart (`--shard K/N` on N machines, each into
/// its own folder) into one folder whose bytes are those of a run without shards.
///
/// Every shard's manifest records what the whole run was (``Manifest/Inputs``), so the
/// folders are checked before anything is written: every manifest of a locale names the
/// same tool and the same inputs (else the folders came from different tables, styles
/// or fonts), no key has two different entries, every image a manifest lists is there
/// with the bytes its hash says, and each locale has as many labels as a full run lists
/// (else a shard is missing). Then, holding the output folder's ``OutputFolderLock``,
/// the images are copied (files whose bytes are already there are left untouched), the
/// manifests written and the images the output folder's earlier manifests listed that
/// the merged ones do not are removed: the folder can be kept between builds.
///
/// ```swift
/// let merge = ShardMerge(shardFolders: (1...3).map { URL(fileURLWithPath: "shard-\($0)") },
///                        outputFolder: URL(fileURLWithPath: "labels"))
/// let merged = try merge.run()
/// print("\(merged.filesWritten) files written")
/// ```
package struct ShardMerge: Sendable {
    /// The shards' output folders, each holding `<locale>/manifest.json` and images.
    package var shardFolders: [URL]
    /// Where the merged `<locale>/` folders go.
    package var outputFolder: URL
    /// Whether to wait while another run writes ``outputFolder``, rather than failing at
    /// once.
    package var waitsForLock: Bool

    /// A merge of `shardFolders` into `outputFolder`.
    package init(shardFolders: [URL], outputFolder: URL, waitsForLock: Bool = false) {
        self.shardFolders = shardFolders
        self.outputFolder = outputFolder
        self.waitsForLock = waitsForLock
    }

    /// What a merge wrote.
    package struct Result: Sendable, Equatable {
        /// How many labels each locale has, by locale.
        package var labels: [String: Int]
        /// How many files were written: images whose bytes changed, and manifests.
        package var filesWritten: Int
        /// How many images that earlier manifests in the output folder listed, and the
        /// merged ones do not, were removed.
        package var filesRemoved: Int
    }

    /// Checks the shard folders, then writes the merged folder.
    ///
    /// - Throws: ``ShardMergeError``; nothing in ``outputFolder`` changes unless every
    ///   check passed and every image could be staged.
    package func run() throws(ShardMergeError) -> Result {
        let locales = try mergedLocales()
        let lock: OutputFolderLock
        do { lock = try OutputFolderLock(folder: outputFolder, waiting: waitsForLock) } catch { throw .output(error) }
        defer { lock.release() }
        return try write(locales)
    }

    // MARK: - Reading and checking

    /// One locale's manifest in one shard folder.
    struct ShardManifest {
        let folder: URL
        let manifest: Manifest
    }

    /// One locale merged from every shard folder that has it.
    struct MergedLocale {
        let locale: String
        let manifest: Manifest
        /// Where each image's bytes come from, by file name.
        let sources: [String: URL]
    }

    /// Every locale of the shard folders, merged and checked.
    func mergedLocales() throws(ShardMergeError) -> [MergedLocale] {
        guard !shardFolders.isEmpty else { throw .noShardFolders }
        var byLocale: [String: [ShardManifest]] = [:]
        for folder in shardFolders {
            let found = try Self.manifests(in: folder)
            guard !found.isEmpty else { throw .noManifests(folder: folder.path) }
            for manifest in found { byLocale[manifest.manifest.locale, default: []].append(manifest) }
        }
        try Self.checkSameTool(byLocale.values.flatMap { $0 })
        // Every shard writes the manifest of every locale of the run, even one it drew
        // no label of; a folder without one was run on other tables.
        for (locale, shards) in byLocale where shards.count < shardFolders.count {
            let lacking = shardFolders.first { folder in !shards.contains { $0.folder == folder } }!
            throw .differentInputs(locale: locale, first: shards[0].folder.path, second: lacking.path)
        }
        var merged: [MergedLocale] = []
        for locale in byLocale.keys.sorted() {
            merged.append(try Self.merge(locale, byLocale[locale]!))
        }
        return merged
    }

    /// The manifests of `folder`'s locale folders, each checked to say where it comes from.
    private static func manifests(in folder: URL) throws(ShardMergeError) -> [ShardManifest] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw .notAFolder(path: folder.path)
        }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        var found: [ShardManifest] = []
        for name in names where LabelPlan.isSafeLocale(name) {
            let url = folder.appendingPathComponent(name).appendingPathComponent("manifest.json")
            guard let data = FileManager.default.contents(atPath: url.path) else { continue }
            let manifest: Manifest
            do {
                manifest = try JSONDecoder().decode(Manifest.self, from: data)
            } catch {
                throw .unreadableManifest(path: url.path, reason: "not a labelgen manifest: \(error)")
            }
            guard manifest.locale == name else {
                throw .unreadableManifest(path: url.path, reason: "lists locale \(manifest.locale), not \(name)")
            }
            guard manifest.inputs != nil else { throw .noInputs(path: url.path) }
            found.append(ShardManifest(folder: folder, manifest: manifest))
        }
        return found
    }

    /// Throws unless every manifest names one tool version.
    private static func checkSameTool(_ manifests: [ShardManifest]) throws(ShardMergeError) {
        guard let first = manifests.first else { return }
        if let other = manifests.first(where: { $0.manifest.tool != first.manifest.tool }) {
            throw .differentTools(first: first.folder.path, firstTool: first.manifest.tool,
                                  second: other.folder.path, secondTool: other.manifest.tool)
        }
    }

    /// One locale's manifests joined into one, checked to come from one run and to be whole.
    private static func merge(_ locale: String, _ shards: [ShardManifest]) throws(ShardMergeError) -> MergedLocale {
        let first = shards[0]
        let inputs = first.manifest.inputs!
        if let other = shards.first(where: {
            $0.manifest.inputs != inputs || $0.manifest.style != first.manifest.style || $0.manifest.output != first.manifest.output
        }) {
            throw .differentInputs(locale: locale, first: first.folder.path, second: other.folder.path)
        }
        var labels: [String: (label: Manifest.Label, folder: URL)] = [:]
        var fonts: [String: Manifest.Font] = [:]
        var sources: [String: URL] = [:]
        for shard in shards {
            let localeFolder = shard.folder.appendingPathComponent(locale)
            for label in shard.manifest.labels {
                if let earlier = labels[label.key] {
                    guard earlier.label == label else {
                        throw .conflictingEntries(locale: locale, key: label.key, first: earlier.folder.path,
                                                  second: shard.folder.path)
                    }
                    continue
                }
                labels[label.key] = (label, shard.folder)
                for image in label.images {
                    sources[image.file] = try checkedImage(image, in: localeFolder)
                }
            }
            for font in shard.manifest.fonts ?? [] {
                if let known = fonts[font.file], known != font {
                    throw .differentInputs(locale: locale, first: first.folder.path, second: shard.folder.path)
                }
                fonts[font.file] = font
            }
        }
        guard labels.count == inputs.labels else {
            throw .labelCount(locale: locale, merged: labels.count, expected: inputs.labels)
        }
        let sorted = labels.values.map(\.label).sorted { $0.key < $1.key }
        let used = Set(sorted.flatMap { $0.fontFiles ?? [] })
        let manifest = Manifest(tool: first.manifest.tool, locale: locale, style: first.manifest.style, output: first.manifest.output,
                                fonts: fonts.values.filter { used.contains($0.file) }.sorted { ($0.file, $0.hash) < ($1.file, $1.hash) },
                                inputs: inputs, labels: sorted)
        return MergedLocale(locale: locale, manifest: manifest, sources: sources)
    }

    /// The image's file in `folder`, checked to be a plain name that is there with the
    /// bytes the manifest's hash says.
    private static func checkedImage(_ image: Manifest.Image, in folder: URL) throws(ShardMergeError) -> URL {
        let url = folder.appendingPathComponent(image.file)
        guard FileNames.isPlainFileName(image.file) else {
            throw .missingImage(path: url.path, reason: "is not a plain file name inside the locale folder")
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw .missingImage(path: url.path, reason: "is listed in the manifest but missing")
        }
        guard ContentHash.fileHex(of: data) == image.hash else {
            throw .missingImage(path: url.path, reason: "does not have the bytes its manifest's hash says")
        }
        return url
    }

    // MARK: - Writing

    /// Stages every image, then puts them in place, writes the manifests and removes the
    /// images no merged manifest lists. `locales` were checked; the output folder is locked.
    private func write(_ locales: [MergedLocale]) throws(ShardMergeError) -> Result {
        var staged: [AtomicWriter.Staged] = []
        var old: [String: Manifest] = [:]
        do throws(ShardMergeError) {
            for merged in locales {
                let folder = outputFolder.appendingPathComponent(merged.locale)
                do { try OutputFolder.checkLocaleFolder(folder) } catch { throw ShardMergeError.output(error) }
                old[merged.locale] = Manifest.previous(in: folder)
                for (file, source) in merged.sources.sorted(by: { $0.key < $1.key }) {
                    let target = folder.appendingPathComponent(file)
                    let data: Data
                    do { data = try Data(contentsOf: source) } catch {
                        throw ShardMergeError.missingImage(path: source.path, reason: AtomicWriter.reason(error))
                    }
                    do {
                        if let file = try AtomicWriter.stage(data, for: target) { staged.append(file) }
                    } catch {
                        throw ShardMergeError.output(.cannotWrite(target, error))
                    }
                }
            }
        } catch {
            // Nothing staged may stay behind as a temporary file, and no output has changed.
            staged.forEach(AtomicWriter.discard)
            throw error
        }
        do { try AtomicWriter.flush(staged) } catch {
            staged.forEach(AtomicWriter.discard)
            throw .output(.cannotWrite(path: staged.first?.target ?? "", reason: AtomicWriter.reason(error)))
        }
        var written = 0
        for (position, file) in staged.enumerated() {
            do {
                try AtomicWriter.commit(file)
            } catch {
                staged.dropFirst(position + 1).forEach(AtomicWriter.discard)
                throw .output(.cannotWrite(path: file.target, reason: AtomicWriter.reason(error)))
            }
            written += 1
        }
        var removed = 0
        var counts: [String: Int] = [:]
        for merged in locales {
            let folder = outputFolder.appendingPathComponent(merged.locale)
            let url = folder.appendingPathComponent("manifest.json")
            do {
                if try AtomicWriter.write(try JSONFile.encode(merged.manifest), to: url) { written += 1 }
            } catch {
                throw .output(.cannotWrite(url, error))
            }
            removed += ManifestUpdate.removeStaleFiles(in: folder, listedBy: old[merged.locale], keeping: merged.manifest)
            counts[merged.locale] = merged.manifest.labels.count
        }
        return Result(labels: counts, filesWritten: written, filesRemoved: removed)
    }
}
