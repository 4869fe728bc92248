import ArgumentParser
import Foundation
import StyledText

/// `--style style.json`: the style file of the commands that draw or lay out labels.
struct StyleOption: ParsableArguments {
    @Option(help: ArgumentHelp("The style file (JSON).", valueName: "style.json"), completion: .file(extensions: ["json"]))
    var style: String

    var url: URL { URL(fileURLWithPath: style) }

    /// The folder the style file is in, where its font files and pictures are looked up.
    var folder: String { url.deletingLastPathComponent().path }

    /// Reads and checks the style file.
    /// - Throws: A bad-input ``Failure`` naming the file and the place in it.
    func sheet() throws -> StyleSheet {
        do { return try StyleSheet(contentsOf: url) } catch { throw Failure.badInput(error.description) }
    }
}
