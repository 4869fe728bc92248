import Foundation
import LabelCore

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
        lock.removeLeftovers(inLocales: locales.map(\.locale))
        return try write(locales)
    }

    // MARK: - Reading and checking

    /// One locale's manifest in one shard folder, indexed: its entries' bytes stay in the
    /// file, so merging a hundred thousand labels never holds their manifests decoded.
    struct ShardManifest {
        let folder: URL
        let manifest: PreviousManifest
    }

    /// One label of a merged locale, and the shard manifest its entry and images come from.
    struct MergedEntry {
        let shard: ShardManifest
        let entry: PreviousManifest.Entry
    }

    /// One locale merged from every shard folder that has it.
    struct MergedLocale {
        let locale: String
        /// The merged manifest's fields; its entries are ``listed``.
        let header: Manifest
        /// Every label, sorted by key.
        let listed: [MergedEntry]
    }

    /// Every locale of the shard folders, merged and checked.
    func mergedLocales() throws(ShardMergeError) -> [MergedLocale] {
        guard !shardFolders.isEmpty else { throw .noShardFolders }
        var byLocale: [String: [ShardManifest]] = [:]
        for folder in shardFolders {
            let found = try Self.manifests(in: folder)
            guard !found.isEmpty else { throw .noManifests(folder: folder.path) }
            for manifest in found { byLocale[manifest.manifest.header.locale, default: []].append(manifest) }
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
            let manifest: PreviousManifest
            do {
                manifest = try PreviousManifest.load(url)
            } catch let error as JSONSyntaxError {
                throw .unreadableManifest(path: url.path, reason: "not a labelgen manifest: \(error)")
            } catch {
                continue  // no manifest: a folder of something else
            }
            guard manifest.header.locale == name else {
                throw .unreadableManifest(path: url.path, reason: "lists locale \(manifest.header.locale), not \(name)")
            }
            guard manifest.header.inputs != nil else { throw .noInputs(path: url.path) }
            found.append(ShardManifest(folder: folder, manifest: manifest))
        }
        return found
    }

    /// Throws unless every manifest names one tool version.
    private static func checkSameTool(_ manifests: [ShardManifest]) throws(ShardMergeError) {
        guard let first = manifests.first else { return }
        if let other = manifests.first(where: { $0.manifest.header.tool != first.manifest.header.tool }) {
            throw .differentTools(first: first.folder.path, firstTool: first.manifest.header.tool,
                                  second: other.folder.path, secondTool: other.manifest.header.tool)
        }
    }

    /// One locale's manifests joined into one, checked to come from one run and to be
    /// whole, with every image checked against its hash. One entry at a time is decoded.
    private static func merge(_ locale: String, _ shards: [ShardManifest]) throws(ShardMergeError) -> MergedLocale {
        let first = shards[0].manifest.header
        let inputs = first.inputs!
        if let other = shards.first(where: {
            $0.manifest.header.inputs != inputs || $0.manifest.header.style != first.style || $0.manifest.header.output != first.output
        }) {
            throw .differentInputs(locale: locale, first: shards[0].folder.path, second: other.folder.path)
        }
        var byKey: [String: MergedEntry] = [:]
        var fonts: [String: Manifest.Font] = [:]
        for shard in shards {
            let localeFolder = shard.folder.appendingPathComponent(locale)
            for entry in shard.manifest.entries {
                let merged = MergedEntry(shard: shard, entry: entry)
                if let earlier = byKey[entry.key] {
                    guard try same(earlier, merged) else {
                        throw .conflictingEntries(locale: locale, key: entry.key, first: earlier.shard.folder.path,
                                                  second: shard.folder.path)
                    }
                    continue
                }
                byKey[entry.key] = merged
                for image in try label(merged).images {
                    try checkImage(image, in: localeFolder)
                }
            }
            for font in shard.manifest.header.fonts ?? [] {
                if let known = fonts[font.file], known != font {
                    throw .differentInputs(locale: locale, first: shards[0].folder.path, second: shard.folder.path)
                }
                fonts[font.file] = font
            }
        }
        guard byKey.count == inputs.labels else {
            throw .labelCount(locale: locale, merged: byKey.count, expected: inputs.labels)
        }
        let listed = byKey.values.sorted { $0.entry.key < $1.entry.key }
        let used = Set(listed.flatMap { $0.entry.fontFiles ?? [] })
        let header = Manifest(tool: first.tool, locale: locale, style: first.style, output: first.output,
                              fonts: fonts.values.filter { used.contains($0.file) }.sorted { ($0.file, $0.hash) < ($1.file, $1.hash) },
                              inputs: inputs, labels: [])
        return MergedLocale(locale: locale, header: header, listed: listed)
    }

    /// `merged`'s entry decoded.
    private static func label(_ merged: MergedEntry) throws(ShardMergeError) -> Manifest.Label {
        do { return try merged.shard.manifest.label(merged.entry) } catch {
            let url = merged.shard.folder.appendingPathComponent(merged.shard.manifest.header.locale)
                .appendingPathComponent("manifest.json")
            throw .unreadableManifest(path: url.path, reason: "cannot be read again: \(error)")
        }
    }

    /// Whether two shards' entries of one key are the same label: the same bytes, as one
    /// labelgen writes them, or else the same when decoded.
    private static func same(_ first: MergedEntry, _ second: MergedEntry) throws(ShardMergeError) -> Bool {
        if let a = try? first.shard.manifest.bytes(of: first.entry), let b = try? second.shard.manifest.bytes(of: second.entry), a == b {
            return true
        }
        return try label(first) == label(second)
    }

    /// Checks that the image is a plain file name in `folder`, there with the bytes the
    /// manifest's hash says.
    private static func checkImage(_ image: Manifest.Image, in folder: URL) throws(ShardMergeError) {
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
    }

    // MARK: - Writing

    /// Stages every image, then puts them in place, writes the manifests and removes the
    /// images no merged manifest lists. `locales` were checked; the output folder is locked.
    private func write(_ locales: [MergedLocale]) throws(ShardMergeError) -> Result {
        var staged: [AtomicWriter.Staged] = []
        var old: [String: PreviousManifest] = [:]
        do throws(ShardMergeError) {
            for merged in locales {
                let folder = outputFolder.appendingPathComponent(merged.locale)
                do { try OutputFolder.checkLocaleFolder(folder) } catch { throw ShardMergeError.output(error) }
                old[merged.locale] = PreviousManifest.read(in: folder)
                for item in merged.listed {
                    let sourceFolder = item.shard.folder.appendingPathComponent(merged.locale)
                    for file in item.entry.files {
                        let source = sourceFolder.appendingPathComponent(file)
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
            if try writeManifest(of: merged, in: folder) { written += 1 }
            let previous = old[merged.locale]
            removed += ManifestUpdate.removeStaleFiles(in: folder, listed: previous?.entries.flatMap(\.files) ?? [],
                                                       sheets: previous?.header.atlas?.sheets ?? [],
                                                       keeping: Set(merged.listed.flatMap(\.entry.files)))
            counts[merged.locale] = merged.listed.count
        }
        return Result(labels: counts, filesWritten: written, filesRemoved: removed)
    }

    /// Writes the merged manifest of a locale an entry at a time, unless the file already
    /// holds those bytes. Each entry is decoded from its shard's file and encoded again,
    /// not copied: a shard's manifest that was reformatted still merges into the bytes a
    /// run writes.
    /// - Returns: Whether the file was written.
    private func writeManifest(of merged: MergedLocale, in folder: URL) throws(ShardMergeError) -> Bool {
        let url = folder.appendingPathComponent("manifest.json")
        do {
            let layout = try JSONFileLayout(merged.header, arrayKey: "labels", hasElements: !merged.listed.isEmpty)
            let encoder = JSONFile.encoder()
            return try AtomicWriter.write(to: url) { pieces in
                try pieces.append(layout.head)
                for (index, item) in merged.listed.enumerated() {
                    if index > 0 { try pieces.append(JSONFileLayout.separator) }
                    try pieces.append(try JSONFileLayout.element(try Self.label(item), encoder: encoder))
                }
                try pieces.append(layout.tail)
            }
        } catch {
            throw .output(.cannotWrite(url, error))
        }
    }
}
