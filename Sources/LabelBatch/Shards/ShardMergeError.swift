/// Why ``ShardMerge/run()`` stopped. Nothing in the output folder changes when the shard
/// folders fail a check. Each case's `description` names the folders or file at fault.
package enum ShardMergeError: Error, Sendable, CustomStringConvertible {
    /// No shard folder was given.
    case noShardFolders
    /// A shard folder does not exist or is a file.
    case notAFolder(path: String)
    /// A shard folder has no `<locale>/manifest.json`: it is not a run's output folder.
    case noManifests(folder: String)
    /// A manifest cannot be read as one, or lists another locale than its folder's.
    case unreadableManifest(path: String, reason: String)
    /// A manifest does not record its run's ``Manifest/Inputs``: it was written by a run
    /// limited to some keys, or by an older labelgen.
    case noInputs(path: String)
    /// Two shard folders were written by different labelgen versions.
    case differentTools(first: String, firstTool: String, second: String, secondTool: String)
    /// Two shard folders' manifests of a locale record different inputs (tables, style,
    /// scales or fonts) or different style files.
    case differentInputs(locale: String, first: String, second: String)
    /// A key has different entries in two shard folders.
    case conflictingEntries(locale: String, key: String, first: String, second: String)
    /// A locale has fewer (a shard is missing) or more labels than its run lists.
    case labelCount(locale: String, merged: Int, expected: Int)
    /// An image a manifest lists is missing, misnamed or not the one it lists.
    case missingImage(path: String, reason: String)
    /// The output folder cannot be locked or written.
    case output(BatchError)

    /// The message for a person.
    package var description: String {
        switch self {
        case .noShardFolders:
            return "no shard folders to merge"
        case .notAFolder(let path):
            return "\(path): is not a folder; expected the output folder of a shard"
        case .noManifests(let folder):
            return "\(folder): has no <locale>/manifest.json; expected the output folder of a labelgen run"
        case .unreadableManifest(let path, let reason):
            return "\(path): \(reason)"
        case .noInputs(let path):
            return "\(path): does not record its run's inputs; run the shards with this labelgen "
                + "and without --keys"
        case .differentTools(let first, let firstTool, let second, let secondTool):
            return "\(first) was written by \(firstTool) and \(second) by \(secondTool); "
                + "run every shard with one labelgen"
        case .differentInputs(let locale, let first, let second):
            return "\(locale): \(first) and \(second) came from different inputs (string tables, style, "
                + "scales or fonts); run every shard on the same inputs"
        case .conflictingEntries(let locale, let key, let first, let second):
            return "\(locale): key \"\(key)\" has different entries in \(first) and \(second)"
        case .labelCount(let locale, let merged, let expected) where merged < expected:
            return "\(locale): \(merged) of \(expected) labels: a shard is missing"
        case .labelCount(let locale, let merged, let expected):
            return "\(locale): \(merged) labels where the run lists \(expected): a folder holds labels of another run"
        case .missingImage(let path, let reason):
            return "\(path): \(reason)"
        case .output(let error):
            return error.description
        }
    }
}
