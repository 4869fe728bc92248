import ArgumentParser
import LabelBatch

/// `--shard K/N`.
extension Shard: ArgumentSyntax {
    init(argumentText text: String) throws(ValidationError) {
        guard let shard = Shard(parsing: text) else {
            throw ValidationError("--shard expects K/N with 1 <= K <= N, like 2/4; got \"\(text)\"")
        }
        self = shard
    }
}

/// `--tolerance DELTA[,SHARE%]`.
extension GoldenCheck.Tolerance: ArgumentSyntax {
    init(argumentText text: String) throws(ValidationError) {
        do { self = try GoldenCheck.Tolerance(parsing: text) } catch {
            throw ValidationError("--tolerance: \(error.message)")
        }
    }

    /// What `--help` says about the syntax.
    static let help = "Per-channel difference (0-255) a pixel may have, optionally with the share of pixels allowed to exceed it: DELTA[,SHARE%], e.g. 2 or 16,0.5%."
}
