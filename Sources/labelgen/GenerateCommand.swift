import ArgumentParser
import Dispatch
import Foundation
import LabelLayout
import StringTables
import StyledText
import TextRender

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
            gettext .po. A table's locale comes from its path (de.json, de.lproj/, \
            values-de-rDE/, de.po) unless --locale is given. Placeholders (%@, %d, %1$s, \
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
            atomically, and no output changes unless every label could be drawn.

            Exit status: 0 done; 1 labels failed --strict, --max-shrink or --check; \
            2 bad input or usage (the message names the file and the place in it); \
            130 or 143 interrupted by SIGINT or SIGTERM (files being written are removed, \
            earlier outputs stay whole).

            Examples:
              labelgen strings/de.json --style styles/score.json
              labelgen strings/*.json --style button.json --keys 'menu.*' --out labels
              labelgen *.lproj/Localizable.strings --style hud.json --strict
              labelgen res/values-*/strings.xml --style hud.json --max-shrink 75%
              labelgen strings/*.po --style s.json --shard 2/4 --report r2.json
            """,
        version: Labelgen.version)

    @Argument(help: ArgumentHelp("String tables: .json, .strings, .xcstrings, strings.xml or .po.", valueName: "strings-file"))
    var tables: [String]

    @Option(help: ArgumentHelp("The style file (JSON).", valueName: "style.json"))
    var style: String

    @Option(help: ArgumentHelp("Output folder.", valueName: "dir"))
    var out: String = "out"

    @Option(help: ArgumentHelp("Scales to render, overriding the style's (e.g. 1,2,3).", valueName: "list"))
    var scales: String?

    @Option(help: ArgumentHelp("Only keys matching this pattern (`*` matches any text); repeatable.", valueName: "pattern"))
    var keys: [String] = []

    @Option(help: ArgumentHelp("The locale of every table, instead of reading it from the path.", valueName: "tag"))
    var locale: String?

    @Option(help: ArgumentHelp("Parallel jobs (default: every core).", valueName: "n"))
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: ArgumentHelp("Render only shard K of N (1-based), a fixed slice by locale and key; the shards' manifests merge in a shared output folder.", valueName: "K/N"))
    var shard: String?

    @Option(help: ArgumentHelp("Folder of bundled fonts (default: $LABELGEN_FONTS, else the fonts installed with labelgen).", valueName: "dir"))
    var fonts: String?

    @Flag(name: .customLong("host-fonts"),
          help: "Let characters that no bundled font covers use the fonts installed on this machine (the output then depends on the machine).")
    var hostFonts = false

    @Flag(help: "Exit 1 when a label is truncated, overflows its box, or has characters no font covers.")
    var strict = false

    @Option(name: .customLong("max-shrink"),
            help: ArgumentHelp("Exit 1 when a label's font is shrunk below this share of the style's size, e.g. 80%.", valueName: "percent"))
    var maxShrink: String?

    @Option(help: ArgumentHelp("Compare every image with GOLDEN_DIR/<locale>/<file>; differing or missing goldens fail the run, and diff images go to OUT/_diff/<locale>/.", valueName: "golden-dir"))
    var check: String?

    @Option(help: ArgumentHelp(GoldenCheck.Tolerance.help, valueName: "delta[,share%]"))
    var tolerance: String = GoldenCheck.Tolerance.default.description

    @Option(help: ArgumentHelp("Write a JSON report: per locale and key, the size used and its share, lines, truncation, fallback fonts, missing characters, time.", valueName: "file"))
    var report: String?

    @Option(name: .customLong("contact-sheet"),
            help: ArgumentHelp("Write one self-contained HTML page showing every label of the run by locale and by key, with badges for shrunk, truncated and fallback-font labels.", valueName: "file"))
    var contactSheet: String?

    @Flag(help: "Redraw every label, even those whose inputs are unchanged.")
    var force = false

    @Flag(help: "Print nothing but errors.")
    var quiet = false

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1, got \(jobs)") }
        _ = try parsedScales()
        _ = try parsedShard()
        _ = try parsedMaxShrink()
        _ = try parsedTolerance()
    }

    private func parsedTolerance() throws -> GoldenCheck.Tolerance {
        do { return try GoldenCheck.Tolerance(parsing: tolerance) } catch {
            throw ValidationError("--tolerance: \(error.message)")
        }
    }

    private func parsedScales() throws -> [Double]? {
        guard let scales else { return nil }
        let values = scales.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard !values.isEmpty, values.allSatisfy({ $0 != nil && $0! > 0 && $0! <= 8 }) else {
            throw ValidationError("--scales expects numbers between 0 and 8 separated by commas, like 1,2,3; got \"\(scales)\"")
        }
        return values.map { $0! }
    }

    private func parsedShard() throws -> Shard? {
        guard let shard else { return nil }
        guard let parsed = Shard(parsing: shard) else {
            throw ValidationError("--shard expects K/N with 1 <= K <= N, like 2/4; got \"\(shard)\"")
        }
        return parsed
    }

    /// `--max-shrink 80%` (or `80`, or `0.8`) as a share of 1.
    private func parsedMaxShrink() throws -> Double? {
        guard let maxShrink else { return nil }
        let text = maxShrink.trimmingCharacters(in: .whitespaces)
        let number = Double(text.hasSuffix("%") ? String(text.dropLast()) : text)
        guard let number, number > 0 else {
            throw ValidationError("--max-shrink expects a percentage like 80%; got \"\(maxShrink)\"")
        }
        let share = text.hasSuffix("%") || number > 1 ? number / 100 : number
        guard share <= 1 else { throw ValidationError("--max-shrink cannot exceed 100%; got \"\(maxShrink)\"") }
        return share
    }

    /// Every key the manifests in `outFolder`'s locale folders list.
    static func keysListedBefore(in outFolder: URL) -> Set<String> {
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: outFolder.path)) ?? []
        var keys: Set<String> = []
        for folder in folders where LabelPlan.isSafeLocale(folder) {
            for label in Manifest.previous(in: outFolder.appendingPathComponent(folder))?.labels ?? [] { keys.insert(label.key) }
        }
        return keys
    }

    func run() throws {
        let styleURL = URL(fileURLWithPath: style)
        let sheet: StyleSheet
        do { sheet = try StyleSheet(contentsOf: styleURL) } catch { throw Failure.badInput(error.description) }

        // With --keys, a table keeps the keys this run draws and those an earlier
        // manifest lists (whose entries are carried over while their keys exist).
        var keeping: ((String) -> Bool)?
        if !keys.isEmpty {
            let patterns = keys.map(KeyPattern.init)
            let listed = Self.keysListedBefore(in: URL(fileURLWithPath: out))
            keeping = { key in listed.contains(key) || patterns.contains { $0.matches(key) } }
        }
        var loaded: [StringTable] = []
        for path in tables {
            do {
                // A String Catalog holds every locale; without --locale, each becomes a table.
                loaded += try StringTable.loadAll(contentsOf: URL(fileURLWithPath: path), locale: locale, keeping: keeping)
            } catch {
                throw Failure.badInput(error.description)
            }
        }
        let fullPlan = try LabelPlan(tables: loaded, sheet: sheet, patterns: keys.map(KeyPattern.init), scaleOverride: try parsedScales())
        let shard = try parsedShard()
        let planned = fullPlan.labels.filter { shard?.contains(locale: $0.locale, key: $0.key) ?? true }

        let fontFolders = try FontFolders.resolve(fonts)
        let styleFolder = styleURL.deletingLastPathComponent().path
        // Inline images are looked up beside the style, then beside the string tables.
        var imageFolders = [styleFolder]
        for path in tables {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
            if !imageFolders.contains(folder) { imageFolders.append(folder) }
        }
        let engine = LayoutEngine(fonts: FontSources(bundledDirectories: fontFolders, useHostFonts: hostFonts,
                                                         fileSearchDirectories: [styleFolder]),
                                  imageDirectories: imageFolders)
        let outFolder = URL(fileURLWithPath: out)
        let fingerprints = FontFingerprints()
        // Host fonts can change under a run's feet; allowing them redraws every label.
        let fontSetHash = fingerprints.hash(ofFolders: fontFolders + [styleFolder].filter { _ in
            planned.contains { !$0.style.font.files.isEmpty }
        }) + (hostFonts ? " with host fonts" : "")

        // What the previous run into this folder left, per locale.
        var previous: [String: Manifest] = [:]
        for locale in Set(planned.map(\.locale)) {
            try OutputFolder.checkLocaleFolder(outFolder.appendingPathComponent(locale))
            previous[locale] = Manifest.previous(in: outFolder.appendingPathComponent(locale))
        }

        // Labels whose inputs are unchanged keep their images; the rest are drawn.
        var earlier: [String: [String: Manifest.Label]] = [:]
        for (locale, manifest) in previous {
            earlier[locale] = Dictionary(manifest.labels.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        }
        var work: [Int] = []
        var outcomes: [Outcome?] = Array(repeating: nil, count: planned.count)
        for (index, label) in planned.enumerated() {
            let inputHash = ContentHash.hex(ofFields: [
                Labelgen.version, label.text, sheet.fingerprint(forKey: label.key, locale: label.locale),
                label.scales.map { String($0) }.joined(separator: ","), fontSetHash,
            ] + label.images.map { source in
                // A changed picture redraws its labels; a missing one fails when drawn.
                (try? engine.locateImage(source)).map { fingerprints.hash(ofFile: $0) } ?? "missing \(source)"
            })
            if !label.unfilledPlaceholders.isEmpty {
                outcomes[index] = .notRendered
            } else if !force, let old = earlier[label.locale]?[label.key],
                      old.inputHash == inputHash,
                      old.images.allSatisfy({ Self.isPlainFileName($0.file) && FileManager.default.fileExists(
                          atPath: outFolder.appendingPathComponent(label.locale).appendingPathComponent($0.file).path) }) {
                outcomes[index] = .unchanged(old)
            } else {
                outcomes[index] = .pending(inputHash: inputHash)
                work.append(index)
            }
        }

        let pending: [(index: Int, inputHash: String)] = work.compactMap { index in
            if case .pending(let inputHash) = outcomes[index] { return (index, inputHash) } else { return nil }
        }
        // Locale folders this run creates, removed again if it fails.
        let createdFolders = Set(work.map { planned[$0].locale }).map { outFolder.appendingPathComponent($0) }
            .filter { !FileManager.default.fileExists(atPath: $0.path) }
        let progress = Progress(total: work.count, quiet: quiet)
        let results = Results<Result<Rendered, any Error>>(count: work.count)
        let next = Counter()
        DispatchQueue.concurrentPerform(iterations: min(jobs, max(1, work.count))) { _ in
            let renderer = Renderer()
            let encoder = PNGEncoder()
            while let slot = next.take(below: pending.count) {
                let label = planned[pending[slot].index]
                do {
                    var rendered = try Self.render(label, inputHash: pending[slot].inputHash, engine: engine,
                                                   renderer: renderer, encoder: encoder)
                    // Each thread puts its images on disk under temporary names as it goes,
                    // so no image waits in memory for the others.
                    try Self.stage(&rendered, in: outFolder.appendingPathComponent(label.locale))
                    results.set(slot, .success(rendered))
                } catch {
                    results.set(slot, .failure(error))
                }
                progress.advance()
            }
        }

        // Every label is drawn before any output changes: a run that fails on bad input
        // removes what it staged and leaves the previous run's outputs exactly as they were.
        var drawn: [Int: Rendered] = [:]
        var failure: (any Error)?
        for (slot, result) in results.values.enumerated() {
            let label = planned[work[slot]]
            switch result {
            case .failure(let error as LayoutError):
                failure = failure ?? Failure.badInput(
                    "\(styleURL.lastPathComponent): key \"\(label.key)\" (locale \(label.locale), \(label.source)): \(error)")
            case .failure(let error as Failure):
                failure = failure ?? error
            case .failure(let error):
                failure = failure ?? Failure.badInput("\(label.source): key \"\(label.key)\": \(error)")
            case .success(let value):
                drawn[work[slot]] = value
            }
        }
        if let failure {
            for rendered in drawn.values { rendered.staged.forEach(AtomicWriter.discard) }
            for folder in createdFolders { rmdir(folder.path) }  // only if still empty
            throw failure
        }

        var written = 0
        var removed = 0
        var entries: [String: [Manifest.Label]] = [:]
        var fontsUsed: [String: [String: String]] = [:]
        for (index, label) in planned.enumerated() {
            if let rendered = drawn[index] {
                for (position, staged) in rendered.staged.enumerated() {
                    do {
                        try AtomicWriter.commit(staged)
                    } catch {
                        // Nothing staged may stay behind as a temporary file.
                        for later in drawn.filter({ $0.key > index }).values { later.staged.forEach(AtomicWriter.discard) }
                        rendered.staged.dropFirst(position + 1).forEach(AtomicWriter.discard)
                        throw Failure.badInput("\(staged.target): cannot write: \(AtomicWriter.reason(error))")
                    }
                    written += 1
                }
                entries[label.locale, default: []].append(rendered.manifest)
                fontsUsed[label.locale, default: [:]].merge(rendered.fontFiles) { first, _ in first }
            } else if case .unchanged(let old) = outcomes[index] {
                entries[label.locale, default: []].append(old)
            }
        }

        // Manifests: this run's labels, plus earlier entries of keys this run left out
        // (other shards, other --keys patterns) that the tables still have. Keys gone
        // from the tables drop out, and their images are removed below.
        // Only keys an earlier manifest lists matter here, so only those are collected
        // (a set of every key would cost as much as a million-key table's strings).
        var listedBefore: [String: Set<String>] = [:]
        for (locale, manifest) in previous { listedBefore[locale] = Set(manifest.labels.map(\.key)) }
        var tableKeys: [String: Set<String>] = [:]
        for table in loaded {
            guard let listed = listedBefore[table.locale], !listed.isEmpty else { continue }
            for entry in table.entries where listed.contains(entry.key) {
                tableKeys[table.locale, default: []].insert(entry.key)
            }
        }
        for locale in Set(planned.map(\.locale)).sorted() {
            let folder = outFolder.appendingPathComponent(locale)
            var labels = entries[locale] ?? []
            let old = previous[locale]
            let ours = Set(planned.filter { $0.locale == locale }.map(\.key))
            let carried = old?.labels.filter { !ours.contains($0.key) && tableKeys[locale]?.contains($0.key) == true } ?? []
            // Sorted by key, so shards and partial runs merge into the same bytes.
            labels += carried
            labels.sort { $0.key < $1.key }
            // Every font file a listed label uses, hashed now if drawn now, else as recorded.
            var known: [String: Manifest.Font] = [:]
            for font in old?.fonts ?? [] { known[font.file] = font }
            for (path, family) in fontsUsed[locale] ?? [:] {
                let file = URL(fileURLWithPath: path).lastPathComponent
                known[file] = Manifest.Font(file: file, family: family, hash: fingerprints.hash(ofFile: path))
            }
            let fonts = Set(labels.flatMap { $0.fontFiles ?? [] }).compactMap { known[$0] }
            let manifest = Manifest(tool: "labelgen \(Labelgen.version)", locale: locale, style: styleURL.lastPathComponent,
                                    fonts: fonts.sorted { ($0.file, $0.hash) < ($1.file, $1.hash) }, labels: labels)
            // A manifest that reads back as the one there is left as it is: encoding ten
            // thousand entries costs more than the rest of a run with nothing to draw.
            if manifest != old, try Self.write(try manifest.encoded(), to: folder.appendingPathComponent("manifest.json")) {
                written += 1
            }

            // Images the previous manifest listed that the new one does not: keys that no
            // longer exist, scales no longer rendered. Only plain names inside the folder.
            let kept = Set(labels.flatMap { $0.images.map(\.file) })
            for file in old?.labels.flatMap({ $0.images.map(\.file) }) ?? [] where !kept.contains(file) && Self.isPlainFileName(file) {
                if (try? FileManager.default.removeItem(at: folder.appendingPathComponent(file))) != nil { removed += 1 }
            }
        }

        // The report, the summary and the checks that make the run fail.
        let share = try parsedMaxShrink()
        let golden = try check.map { (folder: URL(fileURLWithPath: $0), checker: GoldenCheck(tolerance: try parsedTolerance())) }
        let diffFolder = outFolder.appendingPathComponent("_diff")
        if golden != nil { try? FileManager.default.removeItem(at: diffFolder) }
        var reportEntries: [RunReport.Entry] = []
        for (index, label) in planned.enumerated() {
            var entry = RunReport.Entry(
                locale: label.locale, key: label.key, status: .notRendered, fontSize: nil,
                requestedFontSize: label.style.font.size, sizeShare: nil, lines: nil, fit: nil, truncated: nil,
                fallbackFonts: [], missingCharacters: [], unfilledPlaceholders: label.unfilledPlaceholders,
                milliseconds: 0, failures: [])
            let manifest: Manifest.Label?
            switch outcomes[index] {
            case .unchanged(let old)?: manifest = old; entry.status = .unchanged
            case .pending?: manifest = drawn[index]?.manifest; entry.status = .rendered
                entry.milliseconds = drawn[index].map { ($0.seconds * 1000_000).rounded() / 1000 } ?? 0
            default: manifest = nil
            }
            if let manifest {
                entry.fontSize = manifest.fontSize
                entry.sizeShare = (manifest.fontSize / manifest.requestedFontSize * 1000).rounded() / 1000
                entry.lines = manifest.lines.count
                entry.fit = manifest.fit
                entry.truncated = manifest.truncated
                entry.fallbackFonts = manifest.fallbackFonts ?? []
                entry.missingCharacters = manifest.missingCharacters ?? []
                if strict && (manifest.truncated || manifest.fit == FitOutcome.overflows.rawValue || manifest.missingCharacters != nil) {
                    entry.failures.append("fails --strict")
                }
                if let share, manifest.fontSize < manifest.requestedFontSize * share - 1e-9 {
                    entry.failures.append("fails --max-shrink \(Int((share * 100).rounded()))%")
                }
                if let golden {
                    let folder = outFolder.appendingPathComponent(label.locale)
                    for image in manifest.images {
                        let pixels: RGBAImage
                        do { pixels = try ImageDecoder().decode(contentsOf: folder.appendingPathComponent(image.file)) } catch {
                            throw Failure.badInput(error.description)
                        }
                        let goldenFile = golden.folder.appendingPathComponent(label.locale).appendingPathComponent(image.file)
                        let outcome: GoldenCheck.Outcome
                        do { outcome = try golden.checker.compare(rendered: pixels, goldenFile: goldenFile) } catch {
                            throw Failure.badInput(error.description)
                        }
                        switch outcome {
                        case .match: continue
                        case .missingGolden: entry.failures.append("--check: no golden \(label.locale)/\(image.file)")
                        default: entry.failures.append("--check: \(image.file): \(outcome.summary)")
                        }
                        if let diff = outcome.diff {
                            let name = String(image.file.dropLast(4)) + ".diff.png"
                            _ = try Self.write(try PNGEncoder().encode(diff),
                                               to: diffFolder.appendingPathComponent(label.locale).appendingPathComponent(name))
                        }
                    }
                }
            }
            reportEntries.append(entry)
        }
        var untranslated: [String: [String]] = [:]
        for table in loaded where !table.untranslatedKeys.isEmpty {
            untranslated[table.locale, default: []] += table.untranslatedKeys
        }
        let runReport = RunReport(tool: "labelgen \(Labelgen.version)", style: styleURL.lastPathComponent,
                                  labels: reportEntries, untranslated: untranslated)
        if let report {
            _ = try Self.write(try runReport.encoded(), to: URL(fileURLWithPath: report))
        }
        if let contactSheet {
            _ = try Self.write(try ContactSheet(report: runReport, outFolder: outFolder).html(), to: URL(fileURLWithPath: contactSheet))
        }
        for line in runReport.summary() { progress.note(line) }
        progress.note("\(written) files written, \(removed) removed, in \(outFolder.path)")
        if golden != nil, FileManager.default.fileExists(atPath: diffFolder.path) {
            progress.note("diff images of labels that differ from their golden images: \(diffFolder.path)")
        }

        let failed = reportEntries.filter { !$0.failures.isEmpty }
        if !failed.isEmpty {
            let names = failed.prefix(10).map { "\($0.locale)/\($0.key)" }.joined(separator: ", ")
            throw Failure(message: "\(failed.count) labels failed their checks: \(names)"
                          + (failed.count > 10 ? ", …" : ""), status: .labelsFailed)
        }
    }

    /// What happens to one planned label in this run.
    private enum Outcome {
        case pending(inputHash: String)
        case unchanged(Manifest.Label)
        case notRendered
    }

    fileprivate struct Rendered {
        var manifest: Manifest.Label
        /// The images' bytes until they are staged, then empty.
        var files: [(name: String, data: Data)]
        /// Images written under temporary names, to be renamed into place; an image whose
        /// file already holds its bytes has none.
        var staged: [AtomicWriter.Staged] = []
        /// Path to family of every font file the label's glyphs come from.
        var fontFiles: [String: String]
        var seconds: Double
    }

    /// A name a manifest may list: one plain file inside its locale folder.
    private static func isPlainFileName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".") && !name.contains("/") && !name.contains("\\") && name.hasSuffix(".png")
    }

    /// Writes a file atomically, turning a failure into an error naming the file.
    private static func write(_ data: Data, to url: URL) throws -> Bool {
        do {
            return try AtomicWriter.write(data, to: url)
        } catch {
            throw Failure.badInput("\(url.path): cannot write: \(AtomicWriter.reason(error))")
        }
    }

    private static func stage(_ rendered: inout Rendered, in folder: URL) throws {
        for file in rendered.files {
            let url = folder.appendingPathComponent(file.name)
            do {
                if let staged = try AtomicWriter.stage(file.data, for: url) { rendered.staged.append(staged) }
            } catch {
                rendered.staged.forEach(AtomicWriter.discard)
                throw Failure.badInput("\(url.path): cannot write: \(AtomicWriter.reason(error))")
            }
        }
        rendered.files = []
    }

    private static func render(_ label: PlannedLabel, inputHash: String, engine: LayoutEngine, renderer: Renderer,
                               encoder: PNGEncoder) throws -> Rendered {
        let start = DispatchTime.now()
        let layout = try engine.layout(label.text, style: label.style, locale: label.locale)
        var images: [Manifest.Image] = []
        var files: [(name: String, data: Data)] = []
        for scale in label.scales {
            let rendered = try renderer.render(layout, scale: scale)
            let png = try encoder.encode(rendered.image)
            let file = FileNames.fileName(forKey: label.key, scale: scale)
            files.append((file, png))
            images.append(Manifest.Image(
                scale: scale, file: file, width: rendered.image.width, height: rendered.image.height,
                boxOrigin: [rendered.boxOriginX, rendered.boxOriginY], baselines: rendered.baselines,
                hash: ContentHash.hex(of: png)))
        }
        var fontFiles: [String: String] = [:]
        for run in layout.lines.flatMap(\.runs) { fontFiles[run.face.path] = run.face.family }
        let manifest = Manifest.Label(
            key: label.key, text: label.text, fontSize: layout.fontSize.manifestRounded,
            requestedFontSize: layout.requestedFontSize, fit: layout.fitOutcome.rawValue,
            truncated: layout.isTruncated, lines: layout.lineTexts,
            box: Manifest.Size(width: layout.bounds.width.manifestRounded, height: layout.bounds.height.manifestRounded),
            missingCharacters: layout.missingCharacters.isEmpty ? nil
                : layout.missingCharacters.map { String(format: "U+%04X", $0.value) },
            fallbackFonts: layout.fallbackFaces.isEmpty ? nil : layout.fallbackFaces.map(\.family),
            images: images, fontFiles: fontFiles.keys.map { URL(fileURLWithPath: $0).lastPathComponent }.sorted(),
            inputHash: inputHash)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        return Rendered(manifest: manifest, files: files, fontFiles: fontFiles, seconds: seconds)
    }
}

/// Hands out work indices to the worker threads.
private final class Counter: @unchecked Sendable {
    // @unchecked: `value` is only touched under `lock`.
    private var value = 0
    private let lock = NSLock()

    func take(below limit: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard value < limit else { return nil }
        defer { value += 1 }
        return value
    }
}

/// One slot per label, filled by whichever thread rendered it: output order never
/// depends on the number of jobs.
private final class Results<Value>: @unchecked Sendable {
    // @unchecked: `slots` is only touched under `lock`.
    private var slots: [Value?]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: Value) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    var values: [Value] { lock.lock(); defer { lock.unlock() }; return slots.map { $0! } }
}
