import Foundation
import PackagePlugin

/// Draws a target's labels during `swift build` and adds them to its resources.
///
/// The target's `labels.json` (see `labelgen help config`) names the style and string
/// tables of each group. One build command runs `labelgen config labels.json` into the
/// plugin's work directory; SwiftPM copies each group's folder, `<locale>/` subfolders
/// and manifests included, into the target's bundle, where `Bundle.module` finds it.
/// docs/build-plugin.md tells why it is done this way.
@main
struct LabelgenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let configFile = target.directoryURL.appendingPathComponent("labels.json")
        guard FileManager.default.fileExists(atPath: configFile.path) else {
            throw PluginFailure("target '\(target.name)' uses LabelgenPlugin but has no labels.json in "
                                + "\(target.directoryURL.path); add one naming the style and the string tables")
        }
        let labelgen = try context.tool(named: "labelgen").url
        let outputFolder = context.pluginWorkDirectoryURL
        // The folders and inputs come from labelgen itself, the one reader of labels.json,
        // so the plugin can never disagree with the run about them.
        let plan = try Self.plan(labelgen: labelgen, configFile: configFile, outputFolder: outputFolder)
        // One command for every group: it reads labels.json when it runs, so an edit of
        // the file takes effect at once, even though SwiftPM plans again (and so calls
        // this plugin) only when the package's files or manifest change.
        return [.buildCommand(
            // No "/" in the name: SwiftPM's build log cuts a name at one.
            displayName: "Generating labels for \(target.name) from labels.json",
            executable: labelgen,
            arguments: ["config", configFile.path, "--out", outputFolder.path, "--quiet"],
            inputFiles: plan.inputs.map { URL(fileURLWithPath: $0) },
            outputFiles: plan.outputs.map { URL(fileURLWithPath: $0) })]
    }

    /// `labelgen config --print-plan`, as labelgen prints it.
    struct Plan: Decodable {
        var outputs: [String]
        var inputs: [String]
    }

    /// Runs `labelgen config --print-plan`; a bad labels.json becomes a build error
    /// naming the file and the JSON path, as labelgen words it.
    static func plan(labelgen: URL, configFile: URL, outputFolder: URL) throws -> Plan {
        let process = Process()
        process.executableURL = labelgen
        process.arguments = ["config", configFile.path, "--out", outputFolder.path, "--print-plan"]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Both pipes are read while labelgen runs, the errors on another thread: whichever
        // it filled first would otherwise block it, and this plugin with it, for ever.
        let drained = DrainedPipe(errors)
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: drained.wait(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let text = message.trimmingCharacters(in: .whitespacesAndNewlines)
            Diagnostics.error(text, file: configFile.path, line: nil)
            throw PluginFailure(text)
        }
        do {
            return try JSONDecoder().decode(Plan.self, from: printed)
        } catch {
            throw PluginFailure("labelgen config --print-plan printed no plan: \(String(decoding: printed, as: UTF8.self))")
        }
    }
}

/// A pipe read to its end on a thread of its own.
private final class DrainedPipe: @unchecked Sendable {
    // @unchecked: `data` is written once, on the reading thread, before `done` is
    // signalled, and read only after waiting for it.
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ pipe: Pipe) {
        let handle = pipe.fileHandleForReading
        DispatchQueue.global().async { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    /// Everything written to the pipe, once its writer has closed it.
    func wait() -> Data {
        done.wait()
        return data
    }
}

/// Why the plugin could not plan a target's labels; SwiftPM shows it as a build error.
struct PluginFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
