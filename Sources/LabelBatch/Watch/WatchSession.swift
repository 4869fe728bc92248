import Foundation

/// A run that keeps going (`labelgen --watch`): it draws its labels once, then waits for
/// its inputs to change (the tables and style it was given, the pictures the markup
/// names, the font files) and runs again as they are saved. Each run is incremental, so
/// only the labels whose inputs changed are drawn again.
///
/// A run that fails (a table saved half-edited, a style with a typo) is reported and
/// changes nothing in the output folder; the session goes on watching, and the next save
/// runs again. The session holds the output folder's lock for its whole life, and ends
/// only with the process: SIGINT and SIGTERM, handled as in any run
/// (``AtomicWriter/removeTemporaryFilesOnInterrupt()``), leave every output whole.
///
/// ```swift
/// let lock = try OutputFolderLock(folder: out)
/// let session = WatchSession(inputFiles: ["strings/de.json", "style.json"]) {
///     BatchRun(tables: [try StringTable.load(contentsOf: deURL)],
///              styleSheet: try StyleSheet(contentsOf: styleURL), outputFolder: out)
/// }
/// session.run(holding: lock, finished: { pass in print(pass.report.labels.count) },
///             note: { print($0) }, failed: { print($0) })
/// ```
package struct WatchSession: Sendable {
    /// The files the runs read that the run itself cannot name (the tables and the style
    /// file), watched even while they cannot be read.
    package var inputFiles: [String]
    /// The checks each run's report applies; labels failing them are listed, and the
    /// session goes on.
    package var checks: BatchRun.Checks
    /// How long the inputs must stay unchanged after a change before a run starts, so a
    /// save made of several writes starts one run.
    package var quietPeriod: Duration
    /// Reads the inputs afresh and makes the next run. ``BatchRun/force`` is honoured in
    /// the first run only.
    package var load: @Sendable () throws -> BatchRun

    /// A session that makes each run with `load`, watching `inputFiles` and what each
    /// run's plan reads.
    package init(inputFiles: [String], checks: BatchRun.Checks = BatchRun.Checks(),
                quietPeriod: Duration = .milliseconds(150), load: @escaping @Sendable () throws -> BatchRun) {
        self.inputFiles = inputFiles
        self.checks = checks
        self.quietPeriod = quietPeriod
        self.load = load
    }

    /// One finished run of a session.
    package struct Pass: Sendable {
        /// The inputs whose change started it, by path; empty for the first run.
        package var changed: [String]
        /// What the run did.
        package var report: RunReport
        /// The run's outputs, in place.
        package var committed: CommittedBatch
        /// Whether it is the session's first run.
        package var isFirst: Bool { changed.isEmpty }
    }

    /// Runs, then runs again whenever an input changes, until the process ends.
    ///
    /// - Parameters:
    ///   - lock: The output folder's lock, held until the process ends.
    ///   - progress: Called as labels are drawn, as by ``BatchRun/render(_:progress:)``.
    ///   - finished: Called after each run that succeeded, to write more files (a report,
    ///     a contact sheet) under the lock; an error it throws is reported as `failed`.
    ///   - note: A line saying what a run did, or what the session watches.
    ///   - failed: Why a run failed; nothing in the output folder changed.
    package func run(holding lock: OutputFolderLock,
                    progress: @escaping @Sendable (BatchProgress) -> Void = { _ in },
                    finished: (Pass) throws -> Void = { _ in },
                    note: (String) -> Void, failed: (any Error) -> Void) -> Never {
        // Watching starts before the first run, so a save made during it starts another.
        var watched = WatchedInputs(files: inputFiles)
        let watcher = InputWatcher(watching: watched)
        if let reason = watcher.fallbackReason {
            note("\(reason); looking for changes twice a second instead")
        }
        var changed: [String] = []
        while true {
            let start = ContinuousClock.now
            do {
                var run = try load()
                if !changed.isEmpty { run.force = false }
                let plan = try run.plan(holding: lock)
                watched.formUnion(Self.inputs(of: plan, in: run))
                let rendered = try run.render(plan, progress: progress)
                let committed = try run.commit(rendered)
                let pass = Pass(changed: changed, report: try run.report(committed, checks: checks), committed: committed)
                try finished(pass)
                note(Self.describe(pass, took: ContinuousClock.now - start, watching: changed.isEmpty ? watched : nil))
            } catch {
                failed(error)
                if changed.isEmpty { note(Self.watchingLine(watched)) }
            }
            watcher.update(watched)
            changed = watcher.waitForChanges(quiet: quietPeriod)
        }
    }

    /// The pictures and fonts a plan's labels read. A picture is watched in every
    /// folder it is looked up in, so that adding one where it is looked for first is
    /// seen too.
    static func inputs(of plan: BatchPlan, in run: BatchRun) -> WatchedInputs {
        var pictures: [String] = []
        let folders = run.imageFolders + [FileManager.default.currentDirectoryPath]
        for source in Set(plan.labels.flatMap(\.images)) where !source.isEmpty {
            if source.hasPrefix("/") {
                pictures.append(source)
            } else {
                pictures += folders.map { URL(fileURLWithPath: $0).appendingPathComponent(source).path }
            }
        }
        // The folders whose font files the input hashes cover (InputHasher).
        let usesFontFiles = plan.labels.contains { !$0.style.font.files.isEmpty }
        let fontFolders = run.fonts.bundledDirectories + (usesFontFiles ? run.fonts.fileSearchDirectories : [])
        return WatchedInputs(files: pictures, fontFolders: fontFolders)
    }

    /// "en.json changed; 3 labels redrawn in 41 ms", and for the first run what it drew
    /// and what the session watches.
    static func describe(_ pass: Pass, took duration: Duration, watching: WatchedInputs?) -> String {
        let labels = pass.report.labels
        let drawn = labels.filter { $0.status == .rendered }.count
        let milliseconds = Int((duration / .milliseconds(1)).rounded())
        var line: String
        if pass.isFirst {
            line = "\(count(drawn, "label")) drawn, \(labels.filter { $0.status == .unchanged }.count) unchanged "
                + "in \(milliseconds) ms"
        } else {
            line = "\(names(pass.changed)) changed; \(count(drawn, "label")) redrawn in \(milliseconds) ms"
        }
        let failing = pass.report.failedLabels
        if !failing.isEmpty {
            line += "; \(count(failing.count, "label")) \(failing.count == 1 ? "fails its" : "fail their") checks: "
                + failing.prefix(5).map { "\($0.locale)/\($0.key)" }.joined(separator: ", ")
                + (failing.count > 5 ? ", …" : "")
        }
        if let watching { line += "; " + watchingLine(watching) }
        return line
    }

    private static func watchingLine(_ watched: WatchedInputs) -> String {
        let fonts = watched.fontFolders.isEmpty ? "" : " and \(count(watched.fontFolders.count, "font folder"))"
        return "watching \(count(watched.files.count, "file"))\(fonts) for changes (Ctrl-C to stop)"
    }

    /// File names, the first three of them.
    private static func names(_ paths: [String]) -> String {
        let names = paths.map { ($0 as NSString).lastPathComponent }
        return names.prefix(3).joined(separator: ", ") + (names.count > 3 ? " and \(names.count - 3) more" : "")
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
