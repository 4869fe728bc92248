import ArgumentParser
import Foundation
import LabelBatch

/// `labelgen merge`: joins the output folders of shards run apart into one, as a
/// ``ShardMerge``.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Join the output folders of shards (--shard K/N) run apart into one.",
        discussion: """
            Reads SHARD_DIR/<locale>/manifest.json of each folder and writes \
            OUT/<locale>/ with every image and one manifest per locale: the same bytes \
            as one run without --shard. The folders are checked first: every manifest \
            must name the same labelgen version and the same inputs (string tables, \
            style, scales, fonts), no key may have two different entries, every image a \
            manifest lists must be there, and each locale must have every label of the \
            run (else a shard is missing). Nothing in OUT changes unless all checks \
            pass. OUT may hold an earlier merge: files whose bytes are unchanged are left \
            untouched, and images the earlier manifests listed that the new ones do not \
            are removed.

            Exit status: 0 done; 2 the folders do not belong together, one is missing \
            or unreadable, or OUT is being written by another run.

            Examples:
              labelgen merge shard-1 shard-2 shard-3 --out labels
              labelgen merge artifacts/labels-* --out build/labels
            """)

    @Argument(help: ArgumentHelp("The shards' output folders.", valueName: "shard-dir"), completion: .directory)
    var shardFolders: [String]

    @Option(help: ArgumentHelp("Output folder.", valueName: "dir"), completion: .directory)
    var out: String = "out"

    @Flag(name: .customLong("wait-for-lock"),
          help: "Wait while another run holds the output folder locked, instead of failing at once with exit status 2.")
    var waitForLock = false

    @Flag(help: "Print nothing but errors.")
    var quiet = false

    func run() throws {
        let outputFolder = URL(fileURLWithPath: out)
        let merge = ShardMerge(shardFolders: shardFolders.map { URL(fileURLWithPath: $0) }, outputFolder: outputFolder,
                               waitsForLock: waitForLock)
        let result: ShardMerge.Result
        do throws(ShardMergeError) {
            result = try merge.run()
        } catch {
            if case .output(let batchError) = error { throw Failure(batchError) }
            throw Failure.badInput(error.description)
        }
        // On standard error, as a run's summary.
        let progress = TerminalProgress(quiet: quiet)
        for (locale, count) in result.labels.sorted(by: { $0.key < $1.key }) {
            progress.note("\(locale): \(count) labels")
        }
        progress.note("\(result.filesWritten) files written, \(result.filesRemoved) removed, in \(outputFolder.path)")
    }
}
