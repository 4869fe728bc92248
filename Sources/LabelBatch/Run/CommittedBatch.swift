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
    /// Puts a drawn run in place: stages each locale's manifest beside the staged images,
    /// waits for all of them to reach the disk, renames every staged image, then every
    /// staged atlas sheet and data file, then every manifest over its target, and removes
    /// the images the previous manifest listed that the new one does not (keys gone from
    /// the tables, scales no longer drawn), and sheets no longer made.
    ///
    /// A locale's manifest lists this run's labels and keeps the entries of keys the run
    /// left out (other shards, other ``keys`` patterns) that the tables still have, sorted
    /// by key, so shards and partial runs merge into the bytes of a full run. A manifest
    /// whose content is unchanged is not rewritten, and only files a manifest lists, by
    /// plain names inside their locale folder, are ever removed.
    ///
    /// - Throws: ``BatchError/cannotWrite(path:reason:)`` when a file cannot be written.
    ///   Files already renamed stay (whole); the staged ones not yet renamed are removed.
    public func commit(_ rendered: RenderedBatch) throws(BatchError) -> CommittedBatch {
        let staged = try stage(rendered)
        do { try StagedBatch.flush([staged]) } catch {
            staged.discard()
            throw error
        }
        let (written, removed) = try staged.commit()
        return CommittedBatch(plan: rendered.plan, drawn: rendered.drawn, filesWritten: written, filesRemoved: removed)
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
