import ArgumentParser
import Foundation

/// The command line's exit statuses, as the design fixes them.
enum ExitStatus: Int32 {
    case done = 0
    /// Labels failed `--strict` (or, later, `--check`).
    case labelsFailed = 1
    /// Bad input or usage.
    case badInput = 2
}

/// A failure that ends the run with a message and an exit status.
struct Failure: Error, CustomStringConvertible {
    var message: String
    var status: ExitStatus
    var description: String { message }

    static func badInput(_ message: String) -> Failure { Failure(message: message, status: .badInput) }
}

/// The tool's name and version, as the manifest records them.
enum Labelgen {
    static let version = "0.1.0"
}

extension Generate {
    /// Runs the command and maps every failure to the design's exit statuses: usage
    /// errors exit 2 (swift-argument-parser would exit 64 on Linux), and so does any
    /// error that is not a label failing `--strict`.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let failure as Failure {
            FileHandle.standardError.write(Data("labelgen: \(failure.message)\n".utf8))
            Foundation.exit(failure.status.rawValue)
        } catch {
            // Help and --version are "errors" that exit 0; swift-argument-parser prints them.
            if exitCode(for: error) == .success { exit(withError: error) }
            let message = error is ExitCode ? "" : fullMessage(for: error)
            if !message.isEmpty { FileHandle.standardError.write(Data((message + "\n").utf8)) }
            Foundation.exit(ExitStatus.badInput.rawValue)
        }
    }
}
