import Foundation
import LabelBatch
import LabelLayout
import StringTables
import StyledText
import Testing

/// The package root: this file is `<root>/Tests/LabelBatchTests/Support.swift`.
let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The bundled fonts, and no host font.
let bundledFonts = FontSources(bundledDirectories: [packageRoot.appendingPathComponent("Fonts").path])

/// A fresh temporary folder for one test; `remove()` it in a `defer`.
struct Scratch {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("LabelBatchTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: url) }

    /// `url/relative`.
    func callAsFunction(_ relative: String) -> URL { url.appendingPathComponent(relative) }

    /// Every regular file below `relative`, hidden ones included, as relative paths.
    func files(in relative: String) throws -> [String] {
        let folder = self(relative)
        guard FileManager.default.fileExists(atPath: folder.path) else { return [] }
        return try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &isFolder)
                && !isFolder.boolValue
        }.sorted()
    }

    /// The bytes of every file below `relative`, by relative path.
    func contents(of relative: String) throws -> [String: Data] {
        var contents: [String: Data] = [:]
        for file in try files(in: relative) {
            contents[file] = try Data(contentsOf: self(relative).appendingPathComponent(file))
        }
        return contents
    }
}

/// Noto Sans 24 px in a 200×80 box, up to two lines, drawn at @1x and @2x; `extra`
/// fields are added to the style's top level (JSON text, without the outer braces).
func styleSheet(fill: String = "#202020", extra: String = "") throws -> StyleSheet {
    let json = """
        {"font": {"family": "Noto Sans", "size": 24, "minSize": 12}, "fill": "\(fill)",
         "box": {"width": 200, "height": 80}, "maxLines": 2, "canvas": "box", "scales": [1, 2]\(extra.isEmpty ? "" : ", " + extra)}
        """
    return try StyleSheet(json: Data(json.utf8), source: "test-style.json")
}

/// A table of `locale` with `strings` as its entries, in key order.
func table(_ locale: String, _ strings: [String: String]) -> StringTable {
    StringTable(locale: locale, source: "\(locale).json",
                entries: strings.keys.sorted().map { StringTable.Entry(key: $0, value: strings[$0]!) })
}

/// A run over `tables` into `scratch(folder)` with the bundled fonts, on two threads.
func batchRun(_ tables: [StringTable], into scratch: Scratch, folder: String = "out", sheet: StyleSheet? = nil,
              shard: Shard? = nil, keys: [String] = []) throws -> BatchRun {
    BatchRun(tables: tables, styleSheet: try sheet ?? styleSheet(), outputFolder: scratch(folder),
             fonts: bundledFonts, keys: keys.map(KeyPattern.init), shard: shard, jobs: 2)
}

/// Runs every phase; returns what was committed and the report.
@discardableResult
func runAll(_ run: BatchRun, checks: BatchRun.Checks = .init()) throws -> (CommittedBatch, RunReport) {
    let committed = try run.commit(try run.render(try run.plan()))
    return (committed, try run.report(committed, checks: checks))
}

/// The manifest `run` wrote for `locale` in `scratch(folder)`.
func manifest(_ locale: String, in scratch: Scratch, folder: String = "out") throws -> Manifest {
    try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: scratch("\(folder)/\(locale)/manifest.json")))
}

/// The statuses of a plan's labels, by "locale/key", as short words.
func statuses(_ plan: BatchPlan) -> [String: String] {
    var statuses: [String: String] = [:]
    for label in plan.labels {
        let word: String
        switch label.status {
        case .render: word = "render"
        case .unchanged: word = "unchanged"
        case .notRendered: word = "not rendered"
        }
        statuses["\(label.locale)/\(label.key)"] = word
    }
    return statuses
}
