import Foundation
import LabelBatch
import LabelLayout
import StringTables
import StyledText
import TextRender

/// What one run draws, from `generate`'s options or from a group of a labels.json: both
/// make their ``BatchRun`` here, so the same inputs give the same bytes.
struct RunInputs {
    var tables: [String]
    var locale: String?
    /// How the tables are read: `--locales`, `--fallback-locale`, `--table-format`, …
    var tableOptions = TableReadOptions()
    var style: URL
    var keys: [KeyPattern] = []
    var scales: [Double]?
    var shard: Shard?
    var atlas: AtlasSettings?
    /// How the images are written, where it differs from the style's `"output"`.
    var encoding = EncodingOverrides()
    /// `--fonts`: nil for `$LABELGEN_FONTS`, else the fonts installed with labelgen.
    var fontFolder: String?
    var hostFonts = false
    var force = false
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    /// The run into `outputFolder`, with the style and the tables read afresh.
    /// - Throws: A bad-input ``Failure`` naming the file at fault.
    func makeRun(outputFolder: URL) throws -> BatchRun {
        var run = try makeRun(outputFolder: outputFolder, tables: [])
        run.tables = try loadTables(tables, keeping: BatchRun.keysToLoad(matching: keys, outputFolder: outputFolder))
        try checkRequestedLocales(found: Set(run.tables.map(\.locale)))
        return run
    }

    /// The run into `outputFolder` drawn a locale at a time, each locale's tables read
    /// when its turn comes, so that a run of many locales holds one locale's labels at
    /// once; nil when the run is better made whole (``localeParts()``).
    /// - Throws: A bad-input ``Failure`` naming the file at fault.
    func makeLocaleByLocaleRun(outputFolder: URL) throws -> LocaleByLocaleRun? {
        guard let parts = localeParts() else { return nil }
        try checkRequestedLocales(found: Set(tables.compactMap(StringTable.localeFromPath)))
        let run = try makeRun(outputFolder: outputFolder, tables: [])
        let keeping = BatchRun.keysToLoad(matching: keys, outputFolder: outputFolder)
        let inputs = self
        return LocaleByLocaleRun(run: run, parts: parts.map { paths in
            LocaleByLocaleRun.Part { try inputs.loadTables(paths, keeping: keeping) }
        })
    }

    /// The table paths in parts, each the consecutive paths of one locale; nil for one
    /// locale, a locale whose paths are not next to each other (its labels would be
    /// reported in another order), or a path whose locale only its contents tell (a
    /// String Catalog, a spreadsheet, an XLIFF file, a file named by no tag). Paths of
    /// locales `--locales` leaves out are in no part.
    func localeParts() -> [[String]]? {
        guard locale == nil, tables.count > 1 else { return nil }
        var parts: [(locale: String, paths: [String])] = []
        for path in tables {
            guard let format = tableOptions.format ?? StringTableFormat(fileExtension: URL(fileURLWithPath: path).pathExtension),
                  !format.localesFromContents,
                  let tableLocale = StringTable.localeFromPath(path) else { return nil }
            if let wanted = tableOptions.locales, !wanted.contains(tableLocale) { continue }
            if parts.last?.locale == tableLocale {
                parts[parts.count - 1].paths.append(path)
            } else if parts.contains(where: { $0.locale == tableLocale }) {
                return nil
            } else {
                parts.append((tableLocale, [path]))
            }
        }
        return parts.count > 1 ? parts.map(\.paths) : nil
    }

    /// The run's settings into `outputFolder`, with the style read afresh and `tables`.
    private func makeRun(outputFolder: URL, tables: [StringTable]) throws -> BatchRun {
        let sheet: StyleSheet
        do { sheet = try StyleSheet(contentsOf: style) } catch { throw Failure.badInput(error.description) }
        let styleFolder = style.deletingLastPathComponent().path
        let encoding = encoding.applied(to: sheet.output)
        if encoding.format == .webp, let atlas, atlas.maximumSide > WebPEncoder.maximumSide {
            throw Failure.badInput("--atlas \(atlas.maximumSide): WebP sheets hold at most \(WebPEncoder.maximumSide) pixels on a side")
        }
        return BatchRun(
            tables: tables, styleSheet: sheet, outputFolder: outputFolder,
            fonts: try FontOptions.sources(folder: fontFolder, hostFonts: hostFonts, styleFolder: styleFolder),
            imageFolders: imageFolders(styleFolder: styleFolder),
            scales: scales, keys: keys, shard: shard, force: force, jobs: jobs, atlas: atlas,
            encoding: encoding)
    }

    /// The tables at `paths`, each keeping the keys `keeping` accepts (all without it). A String
    /// Catalog holds every locale; without a locale, each becomes a table.
    private func loadTables(_ paths: [String], keeping: ((String) -> Bool)?) throws -> [StringTable] {
        var loaded: [StringTable] = []
        for path in paths {
            do {
                loaded += try StringTable.loadAll(contentsOf: URL(fileURLWithPath: path), locale: locale, keeping: keeping,
                                                  options: tableOptions)
            } catch {
                throw Failure.badInput(error.description)
            }
        }
        return loaded
    }

    /// Fails when `--locales` names a locale no table has, which is a misspelling more
    /// often than a locale left for later.
    private func checkRequestedLocales(found: Set<String>) throws {
        guard let wanted = tableOptions.locales else { return }
        let missing = wanted.filter { !found.contains($0) }
        guard missing.isEmpty else {
            throw Failure.badInput("--locales \(missing.joined(separator: ",")): no table has strings for "
                                   + (missing.count == 1 ? "it" : "them") + "; the tables have "
                                   + (found.isEmpty ? "none of the locales asked for" : found.sorted().joined(separator: ", ")))
        }
    }

    /// Where inline images are looked up: beside the style, then beside the string tables.
    private func imageFolders(styleFolder: String) -> [String] {
        var folders = [styleFolder]
        for path in tables {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
            if !folders.contains(folder) { folders.append(folder) }
        }
        return folders
    }
}

extension BatchRun {
    /// Locks the output folder, waiting for another run's lock if `waiting`, then plans,
    /// draws, commits and reports the run.
    func execute(checks: Checks, waitingForLock waiting: Bool,
                 progress: TerminalProgress) throws -> (RunReport, CommittedBatch) {
        do throws(BatchError) {
            let lock = try Self.lock(outputFolder, waiting: waiting, progress: progress)
            let rendered = try render(try plan(holding: lock), progress: progress.update)
            let committed = try commit(rendered)
            return (try report(committed, checks: checks), committed)
        } catch {
            throw Failure(error)
        }
    }

    /// Locks `outputFolder`, noting it when the lock is waited for.
    static func lock(_ outputFolder: URL, waiting: Bool, progress: TerminalProgress) throws(BatchError) -> OutputFolderLock {
        try OutputFolderLock(folder: outputFolder, waiting: waiting) { holder in
            progress.note("waiting for another run\(holder.map { " (pid \($0))" } ?? "") "
                          + "to finish writing \(outputFolder.path)")
        }
    }
}

extension TerminalProgress {
    /// What a run did: its report's summary, then the files it wrote and removed.
    func noteSummary(of report: RunReport, _ committed: CommittedBatch, in outputFolder: URL) {
        for line in report.summary() { note(line) }
        note("\(committed.filesWritten) files written, \(committed.filesRemoved) removed, in \(outputFolder.path)")
    }
}
