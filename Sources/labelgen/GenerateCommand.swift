import ArgumentParser
import Foundation
import LabelBatch
import StringTables
import StyledText

/// `labelgen generate`, the default command: a ``BatchRun`` from the command line.
struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Render localized strings as styled label PNGs.",
        discussion: """
            Reads string tables and a style file and writes one PNG per string key and \
            locale, at every scale the style asks for: OUT/<locale>/<key>.png, \
            <key>@2x.png, <key>@3x.png, and OUT/<locale>/manifest.json, which tells a game \
            each image's size, box origin, baselines, font size and lines.

            String tables: JSON (flat or nested), Apple .strings, Xcode .xcstrings \
            (every locale of the catalog unless --locale is given), Android strings.xml, \
            gettext .po, spreadsheet .csv and .tsv (Godot's and Unity's tables and \
            spreadsheet exports: a key column, then one column per locale, each drawn \
            into its own locale folder), XLIFF 1.2 and 2.x .xliff/.xlf and Xcode .xcloc \
            bundles (the target language's strings). A table's locale comes from its \
            path (de.json, de.lproj/, values-de-rDE/, de.po) unless --locale is given; \
            spreadsheets, catalogs and XLIFF files say their own. --locales picks \
            locales of a table of several; empty cells and untranslated units are \
            counted as untranslated and not drawn, unless --fallback-locale draws another \
            locale's text for them. Placeholders (%@, %d, %1$s, \
            {0}, {name}) are filled from the style's "samples"; a label with a placeholder \
            that has no sample is not drawn and is listed in the summary and report.

            Strings may use markup: <b>, <i>, <u>, <s>, <color=#FFD700>, <size=120%>, \
            <font="Noto Sans Arabic">, <stroke=3 #000000>, <br/>, <img src="a.png"/> \
            (a PNG found beside the style or the table) and &lt; &amp; &#x263A;. Bad \
            markup stops the run, naming the key and the column; "markup": false in \
            the style draws strings as written.

            Runs are incremental and safe: a label whose text, merged style, scales, font \
            files, pictures and tool version are unchanged since the last run into OUT \
            is not drawn again; images of keys that no longer exist are removed (only \
            files the previous manifest lists, only inside OUT); every file is written \
            atomically, and no output changes unless every label could be drawn. \
            Only one run writes OUT at a time: a run into a folder another run is \
            writing fails at once, naming that run's process id where the system \
            tells it, unless --wait-for-lock makes it wait (the claim is a lock on \
            the folder itself, so no file is left in OUT for it; a run that was \
            killed leaves no claim behind).

            With --atlas SIZE, each locale's labels are also packed, per scale, into \
            sprite sheets of at most SIZE x SIZE pixels (MaxRects, frames trimmed of \
            their transparent margin, 2 pixels of padding, edges extruded by 1 pixel) \
            with TexturePacker JSON (Hash) data that Phaser, PixiJS, Cocos Creator and \
            Godot importers read: OUT/<locale>/atlas-0.png and atlas-0.json, \
            atlas-0@2x.png and atlas-0@2x.json, and so on. The manifest gives each \
            image's sheet and frame. The single PNGs stay: unchanged labels are packed \
            again from them without being drawn. A label larger than a sheet is an error.

            Exit status: 0 done; 1 labels failed --strict, --max-shrink or --check; \
            2 bad input or usage (the message names the file and the place in it), or \
            OUT is being written by another run; \
            130 or 143 interrupted by SIGINT or SIGTERM (files being written are removed, \
            earlier outputs stay whole).

            Examples:
              labelgen strings/de.json --style styles/score.json
              labelgen strings/*.json --style button.json --keys 'menu.*' --out labels
              labelgen *.lproj/Localizable.strings --style hud.json --strict
              labelgen res/values-*/strings.xml --style hud.json --max-shrink 75%
              labelgen strings/*.po --style s.json --shard 2/4 --report r2.json
              labelgen translations.csv --style hud.json --locales de,ja --fallback-locale en
              labelgen de.xcloc fr.xliff --style hud.json --strict
              labelgen strings/*.json --style hud.json --atlas 2048
              labelgen strings/*.json --style hud.json --contact-sheet sheet.html --watch
            """,
        version: Labelgen.version)

    @Argument(help: ArgumentHelp("String tables: .json, .strings, .xcstrings, strings.xml, .po, .csv, .tsv, .xliff/.xlf or an .xcloc folder.", valueName: "strings-file"),
              completion: .file(extensions: StringTableFormat.allExtensions))
    var tables: [String]

    @OptionGroup var styleFile: StyleOption

    @OptionGroup var tableOptions: TableOptions

    @Option(help: ArgumentHelp("Output folder.", valueName: "dir"), completion: .directory)
    var out: String = "out"

    @Option(help: ArgumentHelp("Scales to render, overriding the style's (e.g. 1,2,3).", valueName: "list"))
    var scales: Parsed<ScaleList>?

    @Option(help: ArgumentHelp("Only keys matching this pattern (`*` matches any text); repeatable.", valueName: "pattern"))
    var keys: [String] = []

    @Option(help: ArgumentHelp("The locale of every table, instead of reading it from the path.", valueName: "tag"))
    var locale: String?

    @Option(help: ArgumentHelp("Parallel jobs (default: every core).", valueName: "n"))
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: ArgumentHelp("Render only shard K of N (1-based), a fixed slice by locale and key; the shards' manifests merge in a shared output folder.", valueName: "K/N"))
    var shard: Parsed<Shard>?

    @Option(help: ArgumentHelp("Also pack each locale's labels, per scale, into as few sprite sheets of at most SIZE x SIZE pixels as hold them: OUT/<locale>/atlas-0.png, atlas-0@2x.png, …, each with TexturePacker JSON (Hash) data beside it (atlas-0.json). Not with --shard.", valueName: "size"))
    var atlas: Int?

    @OptionGroup var encoding: EncodingOptions

    @OptionGroup var fontOptions: FontOptions

    @Flag(help: "Exit 1 when a label is truncated, overflows its box, has characters no font covers, or is wider than its table's pixel limit, or when a table leaves a key untranslated.")
    var strict = false

    @Option(name: .customLong("max-shrink"),
            help: ArgumentHelp("Exit 1 when a label's font is shrunk below this share of the style's size, e.g. 80%.", valueName: "percent"))
    var maxShrink: Parsed<ShrinkLimit>?

    @Option(help: ArgumentHelp("Compare every image with GOLDEN_DIR/<locale>/<file>; differing or missing goldens fail the run, and diff images go to OUT/_diff/<locale>/.", valueName: "golden-dir"),
            completion: .directory)
    var check: String?

    @Option(help: ArgumentHelp(GoldenCheck.Tolerance.help, valueName: "delta[,share%]"))
    var tolerance = Parsed<GoldenCheck.Tolerance>(argument: GoldenCheck.Tolerance.default.description)

    @Option(help: ArgumentHelp("Write a JSON report: per locale and key, the size used and its share, lines, truncation, fallback fonts, missing characters, time.", valueName: "file"),
            completion: .file(extensions: ["json"]))
    var report: String?

    @Option(name: .customLong("contact-sheet"),
            help: ArgumentHelp("Write one self-contained HTML page showing every label of the run by locale and by key, with badges for shrunk, truncated and fallback-font labels. A run of over 1,000 labels gets pages instead (file, file-2.html, …), whose images load from the output folder.", valueName: "file"),
            completion: .file(extensions: ["html"]))
    var contactSheet: String?

    @Flag(help: "Redraw every label, even those whose inputs are unchanged.")
    var force = false

    @Flag(name: .customLong("wait-for-lock"),
          help: "Wait while another run holds the output folder locked, instead of failing at once with exit status 2.")
    var waitForLock = false

    @Flag(help: "Keep running after the first run: redraw the labels whose tables, style, pictures or fonts change, each time they are saved, and rewrite --report and --contact-sheet (whose page, while open, reloads itself). Errors are printed and the watch goes on. Stop with Ctrl-C. Not with --shard or --check.")
    var watch = false

    @Flag(help: "Print nothing but errors.")
    var quiet = false

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1, got \(jobs)") }
        _ = try scales?.get()
        _ = try shard?.get()
        _ = try maxShrink?.get()
        _ = try tolerance.get()
        if watch, let shard {
            throw ValidationError("--watch redraws every label whose inputs change and cannot be used with --shard \(shard.text)")
        }
        if watch, check != nil {
            throw ValidationError("--watch cannot be used with --check: compare with golden images in a run of its own")
        }
        if let atlas {
            guard (Self.atlasSides).contains(atlas) else {
                throw ValidationError("--atlas must be \(Self.atlasSides.lowerBound) to \(Self.atlasSides.upperBound) pixels, got \(atlas)")
            }
            if let shard {
                throw ValidationError("--atlas packs every label of a locale and cannot be used with --shard \(shard.text): "
                                      + "draw the shards without --atlas, then run once more with --atlas and no --shard, "
                                      + "which packs the labels without drawing them again")
            }
        }
    }

    func run() throws {
        let outputFolder = URL(fileURLWithPath: out)
        let progress = TerminalProgress(quiet: quiet)
        let checks = BatchRun.Checks(strict: strict, minimumSizeShare: try maxShrink?.get().share,
                                     goldenFolder: check.map { URL(fileURLWithPath: $0) }, tolerance: try tolerance.get())
        if watch {
            try runWatching(outputFolder: outputFolder, checks: checks, progress: progress)
        }
        // --check compares the images once they are in place, and a contact sheet puts
        // every locale of a key on one page: both need the whole run at once.
        if check == nil, contactSheet == nil, let byLocale = try runInputs.makeLocaleByLocaleRun(outputFolder: outputFolder) {
            return try run(byLocale, outputFolder: outputFolder, checks: checks, progress: progress)
        }
        let batch = try makeRun(outputFolder: outputFolder)
        let (report, committed) = try batch.execute(checks: checks, waitingForLock: waitForLock, progress: progress)
        try writeReports(report, outputFolder: outputFolder)
        progress.noteSummary(of: report, committed, in: outputFolder)
        if check != nil, FileManager.default.fileExists(atPath: batch.diffFolder.path) {
            progress.note("diff images of labels that differ from their golden images: \(batch.diffFolder.path)")
        }
        var summary = RunSummary()
        summary.add(report)
        try failIfAny(summary)
    }

    /// A run of several locales drawn a locale at a time, which holds one locale's labels
    /// at once (``LocaleByLocaleRun``): the same outputs, report and summary as the whole
    /// run's.
    private func run(_ byLocale: LocaleByLocaleRun, outputFolder: URL, checks: BatchRun.Checks,
                     progress: TerminalProgress) throws {
        var summary = RunSummary()
        let outcome: LocaleByLocaleRun.Outcome
        do {
            let lock = try BatchRun.lock(outputFolder, waiting: waitForLock, progress: progress)
            outcome = try byLocale.execute(holding: lock, checks: checks, keepsReport: report != nil,
                                           progress: progress.updateLocale) { summary.add($0) }
        } catch let error as BatchError {
            throw Failure(error)
        }
        if let report, let entries = outcome.report {
            let url = URL(fileURLWithPath: report)
            do { try entries.write(to: url) } catch {
                throw Failure.badInput("\(url.path): cannot write: \(AtomicWriter.reason(error))")
            }
        }
        for line in summary.lines() { progress.note(line) }
        progress.note("\(outcome.filesWritten) files written, \(outcome.filesRemoved) removed, in \(outputFolder.path)")
        try failIfAny(summary)
    }

    /// What the options ask to draw.
    private var runInputs: RunInputs {
        get throws {
            RunInputs(tables: tables, locale: locale, tableOptions: try tableOptions.readOptions,
                      style: styleFile.url, keys: keys.map(KeyPattern.init),
                      scales: try scales?.get().values, shard: try shard?.get(),
                      atlas: atlas.map { AtlasSettings(maximumSide: $0) }, encoding: try encoding.overrides,
                      fontFolder: fontOptions.fonts, hostFonts: fontOptions.hostFonts, force: force, jobs: jobs)
        }
    }

    /// The run the options ask for, with the tables and the style read afresh.
    private func makeRun(outputFolder: URL) throws -> BatchRun {
        try runInputs.makeRun(outputFolder: outputFolder)
    }

    /// `--watch`: a ``WatchSession`` holding the output folder until Ctrl-C ends the
    /// process. Failed runs are reported as errors are, and the watch goes on.
    private func runWatching(outputFolder: URL, checks: BatchRun.Checks, progress: TerminalProgress) throws -> Never {
        let lock: OutputFolderLock
        do { lock = try BatchRun.lock(outputFolder, waiting: waitForLock, progress: progress) } catch { throw Failure(error) }
        let session = WatchSession(inputFiles: tables.flatMap { StringTable.filesRead(at: URL(fileURLWithPath: $0)).map(\.path) } + [styleFile.style], checks: checks) {
            try makeRun(outputFolder: outputFolder)
        }
        session.run(holding: lock, progress: progress.update, finished: { pass in
            try writeReports(pass.report, outputFolder: outputFolder, reloading: true)
            if pass.isFirst { for line in pass.report.summary() { progress.note(line) } }
        }, note: { line in
            progress.note("labelgen: \(line)")
        }, failed: { error in
            let message = (error as? Failure)?.message ?? (error as? BatchError).map { Failure($0).message } ?? "\(error)"
            FileHandle.standardError.write(Data("labelgen: \(message)\n".utf8))
        })
    }

    /// The sheet sides `--atlas` takes: room for a frame, and no larger than a label image.
    static let atlasSides = 8...16384

    /// Writes `--report` and `--contact-sheet`, if asked for; `reloading` writes the
    /// page that reloads itself, and its script.
    private func writeReports(_ runReport: RunReport, outputFolder: URL, reloading: Bool = false) throws {
        if let report {
            let url = URL(fileURLWithPath: report)
            do { try runReport.write(to: url) } catch {
                throw Failure.badInput("\(url.path): cannot write: \(AtomicWriter.reason(error))")
            }
        }
        if let contactSheet {
            let first = URL(fileURLWithPath: contactSheet)
            let sheet = ContactSheet(report: runReport, outputFolder: outputFolder)
            // A page at a time: the sheet of a large run is many megabytes.
            let count: Int
            if reloading {
                let (pages, script) = try sheet.eachReloadingPage(first: first) { try Self.write($1, to: $0) }
                count = pages
                try Self.write(script, to: ContactSheet.reloadScriptURL(forPage: first))
            } else {
                count = try sheet.eachPage(first: first) { try Self.write($1, to: $0) }
            }
            for stale in ContactSheet.stalePages(first: first, count: count) { try? FileManager.default.removeItem(at: stale) }
        }
    }

    /// Ends the run with status 1, naming up to ten labels, if any failed its checks, or
    /// with `--strict` naming up to ten keys the tables leave untranslated.
    private func failIfAny(_ summary: RunSummary) throws {
        if strict, summary.failedCount == 0, summary.untranslatedCount > 0 {
            throw Failure(message: "\(summary.untranslatedCount) keys are untranslated (fails --strict): "
                          + summary.untranslatedNames.joined(separator: ", ")
                          + (summary.untranslatedCount > summary.untranslatedNames.count ? ", …" : "")
                          + "; --fallback-locale draws another locale's text for them", status: .labelsFailed)
        }
        guard summary.failedCount > 0 else { return }
        let names = summary.failed.map { "\($0.locale)/\($0.key)" }.joined(separator: ", ")
        throw Failure(message: "\(summary.failedCount) labels failed their checks: \(names)"
                      + (summary.failedCount > summary.failed.count ? ", …" : ""), status: .labelsFailed)
    }

    /// Writes a file atomically, turning a failure into an error naming the file.
    private static func write(_ data: Data, to url: URL) throws {
        do {
            try AtomicWriter.write(data, to: url)
        } catch {
            throw Failure.badInput("\(url.path): cannot write: \(AtomicWriter.reason(error))")
        }
    }
}
