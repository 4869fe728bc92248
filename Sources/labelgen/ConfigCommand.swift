import ArgumentParser
import Foundation
import LabelBatch
import LabelCore

/// `labelgen config labels.json --out DIR`: every group of a `labels.json`, each a
/// `generate` run into `DIR/<folder>`. The SwiftPM build plugin runs it, so that the
/// file is read when the build runs, not only when SwiftPM plans the build.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Run every group of a labels.json, each into its own folder.",
        discussion: """
            A labels.json names, per group, a style and the string tables to draw with \
            it; paths are relative to the file:

              {"style": "styles/score.json", "tables": ["strings/en.json", "strings/de.json"],
               "keys": ["hud.*"], "scales": [1, 2], "atlas": 1024, "folder": "Score",
               "format": "png", "png": "small", "alpha": "premultiplied"}

            or a list of such groups. "style" and "tables" are required; "format", \
            "png" and "alpha" are generate's --format, --png and --alpha. Each group is \
            one generate run into OUT/<folder>, by default OUT/<style name>. Unknown \
            or repeated fields, wrong values, missing files and two groups with one \
            folder are errors naming the file, the line and column, and the JSON path.

            With --print-plan nothing is drawn: labelgen prints, as JSON, the folders the \
            run would write ("outputs") and the files it reads ("inputs"), which is what \
            LabelgenPlugin declares to SwiftPM.

            Examples:
              labelgen config Sources/Game/labels.json --out build/labels
            """)

    @Argument(help: ArgumentHelp("The labels.json file.", valueName: "labels.json"),
              completion: .file(extensions: ["json"]))
    var file: String

    @Option(help: ArgumentHelp("Output folder; each group writes into a folder inside it.", valueName: "dir"),
            completion: .directory)
    var out: String = "out"

    @Flag(name: .customLong("print-plan"), help: "Print the folders a run would write and the files it reads, as JSON, and draw nothing.")
    var printPlan = false

    @Flag(help: "Print nothing but errors.")
    var quiet = false

    func run() throws {
        let config: LabelsConfig
        do {
            config = try LabelsConfig(contentsOf: URL(fileURLWithPath: file).standardizedFileURL)
        } catch {
            throw Failure.badInput(error.description)
        }
        let outputFolder = URL(fileURLWithPath: out).standardizedFileURL
        if printPlan {
            try printPlan(of: config, outputFolder: outputFolder)
            return
        }
        for group in config.groups {
            let output = URL(fileURLWithPath: outputFolder.appendingPathComponent(group.folder).path)
            let progress = TerminalProgress(quiet: quiet)
            let run = try group.runInputs.makeRun(outputFolder: output)
            let (report, committed) = try run.execute(checks: BatchRun.Checks(), waitingForLock: false, progress: progress)
            progress.noteSummary(of: report, committed, in: output)
        }
    }

    /// What `--print-plan` prints.
    struct Plan: Codable {
        /// Every group's output folder.
        var outputs: [String]
        /// The labels.json, then every file a group reads, each once.
        var inputs: [String]
    }

    private func printPlan(of config: LabelsConfig, outputFolder: URL) throws {
        var inputs = [URL(fileURLWithPath: file).standardizedFileURL.path]
        for group in config.groups {
            for input in group.inputs.map(\.path) where !inputs.contains(input) { inputs.append(input) }
        }
        let plan = Plan(outputs: config.groups.map { outputFolder.appendingPathComponent($0.folder).path }, inputs: inputs)
        print(String(decoding: try JSONFile.encode(plan), as: UTF8.self), terminator: "")
    }
}
