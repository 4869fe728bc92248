import Foundation

/// Everything a drawn batch will change, on disk under temporary names: its images, its
/// sprite sheets and its manifests, with the files its manifests no longer list. Made by
/// ``BatchRun/stage(_:)``; nothing in place has changed until ``commit()``.
///
/// It holds no label, only file names, so a run drawn a locale at a time
/// (``LocaleByLocaleRun``) keeps one per locale until every locale has been drawn.
struct StagedBatch: Sendable {
    /// The drawn labels' images, in plan order, listed on disk.
    var images: StagedFileList
    /// The atlases' sheets and data files, locale by locale.
    var sheets: [AtomicWriter.Staged]
    /// The manifests whose bytes change, locale by locale.
    var manifests: [AtomicWriter.Staged]
    /// What each locale folder's new manifest no longer lists.
    var stale: [StaleFiles]
    /// Locale folders the drawing created, removed again if the batch is discarded.
    var createdFolders: [URL]

    /// Calls `body` with every staged file, in the order they are put in place.
    private func forEach(_ body: (AtomicWriter.Staged) throws -> Void) throws {
        try images.forEach(body)
        try (sheets + manifests).forEach(body)
    }

    /// Removes every staged file, and the locale folders the drawing created if they are
    /// empty again.
    func discard() {
        // Images of a list that cannot be read back are left for the next run to remove,
        // as a killed run's are; the other files are still removed.
        try? images.forEach(AtomicWriter.discard)
        (sheets + manifests).forEach(AtomicWriter.discard)
        for folder in createdFolders { rmdir(folder.path) }  // only if still empty
    }

    /// Waits until the bytes of every staged file of `batches` are on disk
    /// (``AtomicWriter/flush(_:)``: one `syncfs` per file system on Linux).
    ///
    /// - Throws: ``BatchError/cannotWrite(path:reason:)``; the staged files stay, for the
    ///   caller to discard.
    static func flush(_ batches: [StagedBatch]) throws(BatchError) {
        do {
            try AtomicWriter.flush { body in
                for batch in batches { try batch.forEach(body) }
            }
        } catch {
            throw .cannotWrite(path: batches.first?.images.allFolders.first ?? "", reason: AtomicWriter.reason(error))
        }
    }

    /// Renames every staged file over its target, images first and manifests last, then
    /// removes the files the manifests no longer list. Call ``flush(_:)`` first.
    ///
    /// - Returns: How many files were renamed, and how many removed.
    /// - Throws: ``BatchError/cannotWrite(path:reason:)`` when a rename fails; the files
    ///   renamed before it stay (whole), the staged ones after it are removed.
    func commit() throws(BatchError) -> (written: Int, removed: Int) {
        var failure: BatchError?
        var written = 0
        do {
            try forEach { file in
                // After a failure, nothing staged may stay behind as a temporary file.
                guard failure == nil else { return AtomicWriter.discard(file) }
                do {
                    try AtomicWriter.commit(file)
                    written += 1
                } catch {
                    failure = .cannotWrite(path: file.target, reason: AtomicWriter.reason(error))
                }
            }
        } catch {
            throw failure ?? .cannotWrite(path: images.allFolders.first ?? "", reason: AtomicWriter.reason(error))
        }
        if let failure { throw failure }
        return (written, stale.reduce(0) { $0 + $1.remove() })
    }
}

extension BatchRun {
    /// Stages the manifests of a drawn batch beside its staged images and sheets, and
    /// finds the files they no longer list: ``commit(_:)`` up to its renames.
    ///
    /// - Throws: ``BatchError/cannotWrite(path:reason:)`` when a manifest cannot be
    ///   written; then every staged file of the batch is removed.
    func stage(_ rendered: RenderedBatch) throws(BatchError) -> StagedBatch {
        let images: StagedFileList
        do {
            images = try StagedFileList(in: outputFolder)
            try images.append(rendered.drawn.all.lazy.flatMap(\.staged))
        } catch {
            rendered.drawn.all.forEach { $0.discard() }
            rendered.atlases.values.forEach { $0.discard() }
            throw .cannotWrite(outputFolder, error)
        }
        var batch = StagedBatch(images: images,
                                sheets: rendered.atlases.keys.sorted().flatMap { rendered.atlases[$0]!.staged },
                                manifests: [], stale: [], createdFolders: rendered.createdFolders)
        let plan = rendered.plan
        let tableKeys = keysStillInTables(listedIn: plan.previous)
        do throws(BatchError) {
            for locale in plan.manifestLocales {
                let update = ManifestUpdate(run: self, rendered: rendered, locale: locale, tableKeys: tableKeys,
                                            atlas: rendered.atlases[locale])
                if let manifest = try update.stageManifest() { batch.manifests.append(manifest) }
                batch.stale.append(update.staleFiles)
            }
        } catch {
            batch.discard()
            throw error
        }
        return batch
    }
}
