import Foundation

/// A run whose outputs are in place: made by ``BatchRun/commit(_:)``, described by
/// ``BatchRun/report(_:checks:)``.
public struct CommittedBatch: Sendable {
    /// The plan that was drawn and committed.
    package let plan: BatchPlan
    /// The drawn labels, by their index in the plan's labels.
    let drawn: DrawnLabels
    /// How many files were written: images whose bytes changed, and manifests.
    public let filesWritten: Int
    /// How many images of keys or scales no longer drawn were removed.
    public let filesRemoved: Int
}

extension BatchRun {
    /// Puts a drawn run in place: renames every staged image, then every staged atlas
    /// sheet and data file, over its target, then writes each locale's manifest and
    /// removes the images the previous manifest listed that the new one does not (keys
    /// gone from the tables, scales no longer drawn), and sheets no longer made.
    ///
    /// A locale's manifest lists this run's labels and keeps the entries of keys the run
    /// left out (other shards, other ``keys`` patterns) that the tables still have, sorted
    /// by key, so shards and partial runs merge into the bytes of a full run. A manifest
    /// whose content is unchanged is not rewritten, and only files a manifest lists, by
    /// plain names inside their locale folder, are ever removed.
    ///
    /// - Throws: ``BatchError/cannotWrite(path:reason:)`` when a file cannot be written.
    ///   Images already renamed stay (whole); the staged ones not yet renamed are removed.
    public func commit(_ rendered: RenderedBatch) throws(BatchError) -> CommittedBatch {
        var written: Int
        do throws(BatchError) {
            let staged = rendered.drawn.all.flatMap(\.staged) + rendered.atlases.values.flatMap(\.staged)
            do { try AtomicWriter.flush(staged) } catch {
                for label in rendered.drawn.all { label.discard() }
                throw BatchError.cannotWrite(path: staged.first?.target ?? "", reason: AtomicWriter.reason(error))
            }
            written = try moveStagedImages(of: rendered)
        } catch {
            rendered.atlases.values.forEach { $0.discard() }
            throw error
        }
        written += try moveStagedSheets(of: rendered)
        var removed = 0
        let plan = rendered.plan
        let tableKeys = keysStillInTables(listedIn: plan.previous)
        for locale in plan.manifestLocales {
            let update = ManifestUpdate(run: self, rendered: rendered, locale: locale, tableKeys: tableKeys,
                                        atlas: rendered.atlases[locale])
            if try update.writeManifest() { written += 1 }
            removed += update.removeStaleImages()
        }
        return CommittedBatch(plan: plan, drawn: rendered.drawn, filesWritten: written, filesRemoved: removed)
    }

    /// Renames the staged images into place, in plan order.
    /// - Returns: How many were renamed.
    private func moveStagedImages(of rendered: RenderedBatch) throws(BatchError) -> Int {
        var moved = 0
        for (index, label) in rendered.drawn.byIndex {
            let staged = label.staged
            for (position, file) in staged.enumerated() {
                do {
                    try AtomicWriter.commit(file)
                } catch {
                    // Nothing staged may stay behind as a temporary file.
                    for (later, label) in rendered.drawn.byIndex where later > index { label.discard() }
                    staged.dropFirst(position + 1).forEach(AtomicWriter.discard)
                    throw .cannotWrite(path: file.target, reason: AtomicWriter.reason(error))
                }
                moved += 1
            }
        }
        return moved
    }

    /// Renames the staged atlas sheets and data files into place, locale by locale.
    /// - Returns: How many were renamed.
    private func moveStagedSheets(of rendered: RenderedBatch) throws(BatchError) -> Int {
        let staged = rendered.atlases.keys.sorted().flatMap { rendered.atlases[$0]!.staged }
        for (position, file) in staged.enumerated() {
            do {
                try AtomicWriter.commit(file)
            } catch {
                staged.dropFirst(position + 1).forEach(AtomicWriter.discard)
                throw .cannotWrite(path: file.target, reason: AtomicWriter.reason(error))
            }
        }
        return staged.count
    }

    /// The keys of each locale that `previous` lists and the tables still have. Only
    /// those matter for carrying entries over, so only those are collected: a set of
    /// every key would cost as much as a million-key table's strings.
    func keysStillInTables(listedIn previous: [String: PreviousManifest]) -> [String: Set<String>] {
        let listedBefore = previous.mapValues { Set($0.entries.map(\.key)) }
        var tableKeys: [String: Set<String>] = [:]
        for table in tables {
            guard let listed = listedBefore[table.locale], !listed.isEmpty else { continue }
            for entry in table.entries where listed.contains(entry.key) {
                tableKeys[table.locale, default: []].insert(entry.key)
            }
        }
        return tableKeys
    }
}
