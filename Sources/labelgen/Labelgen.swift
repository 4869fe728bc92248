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

@main
struct Labelgen: ParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "labelgen",
        abstract: "Render localized strings as styled label PNGs.",
        discussion: """
            Reads string tables and a style file and writes one PNG per string key and \
            locale, at every scale the style asks for, with a manifest per locale.

            Examples:
              labelgen Localizations/strings/de.json --style Localizations/styles/score.json
              labelgen Localizations/strings/*.json --style button.json --keys 'menu.*' --out build/labels
            """,
        version: version,
        subcommands: [Generate.self],
        defaultSubcommand: Generate.self)

    /// Runs the command and maps every failure to the design's exit statuses: usage
    /// errors exit 2 (swift-argument-parser would exit 64 on Linux).
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let failure as Failure {
            FileHandle.standardError.write(Data("labelgen: \(failure.message)\n".utf8))
            Foundation.exit(failure.status.rawValue)
        } catch {
            let code = exitCode(for: error)
            if code == .success || code.rawValue == ExitStatus.labelsFailed.rawValue {
                exit(withError: error)
            }
            FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
            Foundation.exit(ExitStatus.badInput.rawValue)
        }
    }
}
