import ArgumentParser
import Dispatch
import Foundation
import LabelLayout
import StyledText
import TextRender

struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Render localized strings as styled label PNGs.",
        discussion: """
            Reads string tables and a style file and writes one PNG per string key and \
            locale, at every scale the style asks for. Writes OUT/<locale>/<key>.png (and <key>@2x.png, <key>@3x.png for other scales) \
            and OUT/<locale>/manifest.json. Files are written atomically; a file whose \
            bytes would not change is left untouched.

            The locale of a table comes from its path (de.json, de.lproj/, values-de-rDE/) \
            unless --locale is given.

            Exit status: 0 done, 1 labels failed --strict, 2 bad input or usage.

            Examples:
              labelgen Localizations/strings/de.json --style Localizations/styles/score.json
              labelgen Localizations/strings/*.json --style button.json --keys 'menu.*' --out build/labels
            """,
        version: Labelgen.version)

    @Argument(help: ArgumentHelp("String tables (JSON, flat or nested).", valueName: "strings-file"))
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

    @Option(help: ArgumentHelp("Folder of bundled fonts (default: $LABELGEN_FONTS, else the Fonts/ folder found next to the tool or above the current folder).", valueName: "dir"))
    var fonts: String?

    @Flag(help: "Exit 1 when a label is truncated, overflows its box, or has characters no font covers.")
    var strict = false

    @Flag(help: "Print nothing but errors.")
    var quiet = false

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1, got \(jobs)") }
        _ = try parsedScales()
    }

    private func parsedScales() throws -> [Double]? {
        guard let scales else { return nil }
        let values = scales.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard !values.isEmpty, values.allSatisfy({ $0 != nil && $0! > 0 && $0! <= 8 }) else {
            throw ValidationError("--scales expects numbers between 0 and 8 separated by commas, like 1,2,3; got \"\(scales)\"")
        }
        return values.map { $0! }
    }

    func run() throws {
        let styleURL = URL(fileURLWithPath: style)
        let sheet: StyleSheet
        do { sheet = try StyleSheet(contentsOf: styleURL) } catch { throw Failure.badInput(error.description) }

        var loaded: [StringTable] = []
        for path in tables {
            do {
                // A String Catalog holds every locale; without --locale, each becomes a table.
                loaded += try StringTable.loadAll(contentsOf: URL(fileURLWithPath: path), locale: locale)
            } catch {
                throw Failure.badInput(error.description)
            }
        }
        let plan = try LabelPlan(tables: loaded, sheet: sheet, patterns: keys, scaleOverride: try parsedScales())

        let fontFolders = fonts.map { [$0] } ?? FontSources.locateBundledFonts()
        let engine = LayoutEngine(fonts: FontSources(
            bundledDirectories: fontFolders,
            fileSearchDirectories: [styleURL.deletingLastPathComponent().path]))
        let outFolder = URL(fileURLWithPath: out)
        let progress = Progress(total: plan.labels.count, quiet: quiet)
        let results = Results<Result<Rendered, any Error>>(count: plan.labels.count)
        let next = Counter()

        DispatchQueue.concurrentPerform(iterations: min(jobs, max(1, plan.labels.count))) { _ in
            let renderer = Renderer()
            let encoder = PNGEncoder()
            while let index = next.take(below: plan.labels.count) {
                let label = plan.labels[index]
                do {
                    results.set(index, .success(try Self.render(label, engine: engine, renderer: renderer, encoder: encoder)))
                } catch {
                    results.set(index, .failure(error))
                }
                progress.advance()
            }
        }

        // Every label is rendered before any file is written: a run that fails on bad
        // input leaves the previous run's outputs exactly as they were.
        var rendered: [Rendered] = []
        for (label, result) in zip(plan.labels, results.values) {
            switch result {
            case .failure(let error as LayoutError):
                throw Failure.badInput("\(styleURL.lastPathComponent): key \"\(label.key)\" (locale \(label.locale), \(label.source)): \(error)")
            case .failure(let error):
                throw Failure.badInput("\(label.source): key \"\(label.key)\": \(error)")
            case .success(let value):
                rendered.append(value)
            }
        }

        var manifests: [String: Manifest] = [:]
        var written = 0
        var failedStrict: [String] = []
        for (label, rendered) in zip(plan.labels, rendered) {
            for file in rendered.files {
                let url = outFolder.appendingPathComponent(label.locale).appendingPathComponent(file.name)
                if try Self.write(file.data, to: url) { written += 1 }
            }
            manifests[label.locale, default: Manifest(tool: "labelgen \(Labelgen.version)", locale: label.locale,
                                                      style: styleURL.lastPathComponent, labels: [])]
                .labels.append(rendered.manifest)
            if rendered.manifest.truncated || rendered.manifest.fit == FitOutcome.overflows.rawValue
                || rendered.manifest.missingCharacters != nil {
                failedStrict.append("\(label.locale)/\(label.key)")
            }
        }
        for (locale, manifest) in manifests.sorted(by: { $0.key < $1.key }) {
            let url = outFolder.appendingPathComponent(locale).appendingPathComponent("manifest.json")
            if try Self.write(try manifest.encoded(), to: url) { written += 1 }
            let shrunk = manifest.labels.filter { $0.fit == FitOutcome.shrunk.rawValue }.count
            let truncated = manifest.labels.filter(\.truncated).count
            progress.note("\(locale): \(manifest.labels.count) labels, \(shrunk) shrunk, \(truncated) truncated")
        }
        progress.note("\(written) files written to \(outFolder.path)")
        if strict && !failedStrict.isEmpty {
            throw Failure(message: "--strict: \(failedStrict.count) labels truncated or missing glyphs: "
                          + failedStrict.prefix(10).joined(separator: ", "), status: .labelsFailed)
        }
    }

    fileprivate struct Rendered {
        var manifest: Manifest.Label
        var files: [(name: String, data: Data)]
    }

    /// Writes a file atomically, turning a failure into an error naming the file.
    private static func write(_ data: Data, to url: URL) throws -> Bool {
        do {
            return try AtomicWriter.write(data, to: url)
        } catch {
            let reason = (error as NSError).userInfo[NSUnderlyingErrorKey].map { "\($0)" } ?? error.localizedDescription
            throw Failure.badInput("\(url.path): cannot write: \(reason)")
        }
    }

    private static func render(_ label: PlannedLabel, engine: LayoutEngine, renderer: Renderer,
                               encoder: PNGEncoder) throws -> Rendered {
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
        let manifest = Manifest.Label(
            key: label.key, text: label.text, fontSize: layout.fontSize.manifestRounded,
            requestedFontSize: layout.requestedFontSize, fit: layout.fitOutcome.rawValue,
            truncated: layout.isTruncated, lines: layout.lineTexts,
            box: Manifest.Size(width: layout.bounds.width.manifestRounded, height: layout.bounds.height.manifestRounded),
            missingCharacters: layout.missingCharacters.isEmpty ? nil
                : layout.missingCharacters.map { String(format: "U+%04X", $0.value) },
            fallbackFonts: layout.fallbackFaces.isEmpty ? nil : layout.fallbackFaces.map(\.family),
            images: images)
        return Rendered(manifest: manifest, files: files)
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
