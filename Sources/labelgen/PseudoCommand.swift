import ArgumentParser
import Foundation
import LabelBatch
import StringTables
import StyledText

/// `labelgen pseudo`: writes pseudo-locale string tables from a source table, so layout
/// problems (long text, accents, truncation, right to left) show before translators start.
struct PseudoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pseudo",
        abstract: "Write pseudo-localized tables (en-XA accented and longer, ar-XB right to left).",
        discussion: """
            Reads one string table (usually English; of a spreadsheet, String Catalog or \
            XLIFF file, its source language unless --locale names another) and writes \
            OUT/en-XA.json, with \
            accented letters, text about 40% longer and brackets around each string \
            (a missing bracket means the label was cut), and OUT/ar-XB.json, with every \
            word displayed right to left in a right-to-left paragraph. Placeholders \
            (%d, %1$@, {name}), %% and inline tags are kept as they are. The tables are \
            flat JSON in the source's key order and render like any other locale.

            Examples:
              labelgen pseudo strings/en.json --out pseudo
              labelgen strings/en.json pseudo/*.json --style button.json --keys 'menu.*'
            """)

    @Argument(help: ArgumentHelp("The source string table: .json, .strings, .xcstrings, strings.xml, .po, .csv, .tsv, .xliff/.xlf or .xcloc.", valueName: "strings-file"),
              completion: .file(extensions: StringTableFormat.allExtensions))
    var table: String

    @Option(help: ArgumentHelp("Output folder.", valueName: "dir"), completion: .directory)
    var out: String = "pseudo"

    @Option(help: ArgumentHelp("The source table's locale, instead of reading it from the path (needed for a catalog of several locales).", valueName: "tag"))
    var locale: String?

    @Option(help: ArgumentHelp("How much longer en-XA text gets, e.g. 40% (default) or 100%.", valueName: "percent"))
    var expansion = Parsed<Expansion>(argument: "40%")

    @Option(help: ArgumentHelp("Pseudo-locales to write (default: both).", valueName: "en-XA,ar-XB"))
    var locales = Parsed<PseudoLocaleList>(argument: "en-XA,ar-XB")

    @Flag(help: "Print nothing but errors.")
    var quiet = false

    func validate() throws {
        _ = try expansion.get()
        _ = try locales.get()
    }

    func run() throws {
        let source: StringTable
        let url = URL(fileURLWithPath: table)
        do {
            // A table of several locales is pseudo-localized from its source language.
            if locale == nil, StringTableFormat(fileExtension: url.pathExtension)?.localesFromContents == true {
                source = try StringTable.loadSource(contentsOf: url)
            } else {
                source = try StringTable.load(contentsOf: url, locale: locale)
            }
        } catch {
            throw Failure.badInput(error.description)
        }
        let expansion = try expansion.get().share
        let folder = URL(fileURLWithPath: out)
        for mode in try locales.get().modes {
            let pseudo = PseudoLocalizer(mode: mode, expansion: expansion).transform(source)
            let file = folder.appendingPathComponent("\(pseudo.locale).json")
            do { try AtomicWriter.write(try Self.flatJSON(pseudo), to: file) } catch {
                throw Failure.badInput("\(file.path): cannot write: \(AtomicWriter.reason(error))")
            }
            if !quiet { print("\(pseudo.entries.count) strings -> \(file.path)") }
        }
    }

    /// A flat JSON object in the table's order (JSONEncoder would sort or shuffle keys,
    /// and the order is what a reviewer compares with the source file).
    static func flatJSON(_ table: StringTable) throws -> Data {
        // Pretty printing and sorting change nothing in a lone string.
        let encoder = JSONFile.encoder()
        func quoted(_ text: String) throws -> String { String(decoding: try encoder.encode(text), as: UTF8.self) }
        var lines: [String] = []
        for entry in table.entries { lines.append("  \(try quoted(entry.key)): \(try quoted(entry.value))") }
        return Data(("{\n" + lines.joined(separator: ",\n") + (lines.isEmpty ? "}\n" : "\n}\n")).utf8)
    }
}
