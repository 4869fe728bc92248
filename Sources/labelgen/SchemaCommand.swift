import ArgumentParser
import Foundation
import StyledText

/// `labelgen schema`: the JSON Schema of style files, made from the table of fields the
/// style decoder itself checks, for editors to validate and complete styles with.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema of style files, for editors.",
        discussion: """
            The schema lists every style field with its type, range and meaning, made \
            from the same table the style decoder checks files against. Point a style \
            at a saved copy with a "$schema" field (labelgen ignores it), e.g. \
            "$schema": "../style.schema.json"; editors such as VS Code then check and \
            complete the file as you type. Two rules are checked only by labelgen: \
            gradient locations must not decrease, and font.minSize must not exceed font.size.

            Examples:
              labelgen schema --out style.schema.json
            """)

    @Option(help: ArgumentHelp("Write the schema to this file instead of printing it.", valueName: "file"),
            completion: .file(extensions: ["json"]))
    var out: String?

    func run() throws {
        let text = StyleSchema.jsonSchema().prettyText() + "\n"
        guard let out else {
            print(text, terminator: "")
            return
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: out), options: .atomic)
        } catch {
            throw Failure.badInput("\(out): cannot write the schema: \(error.localizedDescription)")
        }
    }
}
