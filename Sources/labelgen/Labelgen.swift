import ArgumentParser
import Foundation
import LabelBatch

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

extension Failure {
    /// A run's error, as bad input; the output folder is named by its option.
    init(_ error: BatchError) {
        switch error {
        case .outputNotAFolder(let path):
            self = .badInput("\(path): exists and is not a folder; --out must name a folder")
        case .outputFolderLocked(let path, let holder):
            self = .badInput("\(path): another labelgen\(holder.map { " (pid \($0))" } ?? "") is writing this "
                             + "folder; run again when it is done, or pass --wait-for-lock to wait for it")
        case .localeFolderIsLink(let path, let target):
            self = .badInput("\(path): is a symbolic link (to \(target)); labelgen writes only inside the "
                             + "output folder and does not follow links in it; remove the link or choose another --out")
        default:
            self = .badInput(error.description)
        }
    }
}

/// Every command writes its files as a run writes its images: whole or not at all.
typealias AtomicWriter = LabelBatch.AtomicWriter

/// The `labelgen` command: `generate` (the default, so `labelgen strings/de.json
/// --style s.json` works without naming it) and `caption`.
@main
struct LabelgenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "labelgen",
        abstract: "Render localized strings as styled label PNGs, or burn captions onto photos.",
        version: Labelgen.version,
        subcommands: [Generate.self, CaptionCommand.self, LayoutDump.self, PseudoCommand.self, MergeCommand.self,
                      SchemaCommand.self, ConfigCommand.self],
        defaultSubcommand: Generate.self)

    /// Runs the command and maps every failure to the design's exit statuses: usage
    /// errors exit 2 (swift-argument-parser would exit 64 on Linux), and so does any
    /// error that is not a label failing `--strict`.
    static func main() {
        // Before anything else: from here on an interrupt is either held until its
        // handler runs or handled, never left to end the process mid-write.
        AtomicWriter.removeTemporaryFilesOnInterrupt()
        // `labelgen --help` documents the default command, which is what nearly every
        // run uses, and then lists the subcommands.
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.count == 1, ["-h", "--help", "help"].contains(arguments[0]) {
            print(helpMessage(for: Generate.self)
                .replacingOccurrences(of: "USAGE: labelgen generate ", with: "USAGE: labelgen [generate] "))
            print(subcommandList)
            Foundation.exit(ExitStatus.done.rawValue)
        }
        do {
            var command = try parseAsRoot(arguments)
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

    private static var subcommandList: String {
        let rows = configuration.subcommands.map { command in
            let name = (command.configuration.commandName ?? "\(command)")
                + (command == configuration.defaultSubcommand ? " (default)" : "")
            return "  " + name.padding(toLength: 20, withPad: " ", startingAt: 0) + command.configuration.abstract
        }
        return "SUBCOMMANDS:\n" + rows.joined(separator: "\n")
            + "\n\n  See 'labelgen help <subcommand>' for detailed help.\n"
    }
}
