import Foundation
import LabelLayout
import StringTables

/// A run of several locales that holds one part of them at a time: each part's tables
/// are read, planned, drawn and staged, manifests included, before the next part's tables
/// are read. What a part leaves until the end is the names of its staged files and its
/// report entries, on disk; so ten locales of twenty thousand labels take the memory of
/// one.
///
/// Outputs change only when every part has been drawn, as with ``BatchRun``'s four
/// phases: a part that fails removes every part's staged files. The outputs, manifests
/// and report are those the four phases give for all the parts' tables in one run,
/// byte for byte.
///
/// No two parts may share a locale: a locale's manifest is written from its part alone.
/// Golden checks are not run here (``BatchRun/report(_:checks:)`` compares the images
/// once they are in place).
package struct LocaleByLocaleRun {
    /// The run's settings; its ``BatchRun/tables`` are those of the part being drawn.
    package var run: BatchRun
    /// The parts, in the order their labels are reported.
    package var parts: [Part]

    /// The tables of one or more locales, read when the part's turn comes.
    package struct Part {
        /// Reads the tables.
        package var load: () throws -> [StringTable]

        package init(load: @escaping () throws -> [StringTable]) {
            self.load = load
        }
    }

    /// What the run did.
    package struct Outcome {
        /// How many files were written: images whose bytes changed, sheets and manifests.
        package var filesWritten: Int
        /// How many images of keys or scales no longer drawn were removed.
        package var filesRemoved: Int
        /// Every part's report entries, for the `--report` file, when it was asked for.
        package var report: RunReportFile?
    }

    package init(run: BatchRun, parts: [Part]) {
        self.run = run
        self.parts = parts
    }

    /// Draws every part into the output folder `lock` holds, then puts them all in place.
    ///
    /// - Parameters:
    ///   - checks: The checks each label's report entry is given; without golden images.
    ///   - keepsReport: Whether to keep every label's report entry, for a `--report` file.
    ///   - progress: Each part's progress, counted within the part.
    ///   - partDone: Each part's report, as soon as the part is staged.
    /// - Throws: What a part's tables' loader throws, or ``BatchError`` as the four
    ///   phases throw it; then no output has changed and nothing staged is left.
    package func execute(holding lock: OutputFolderLock, checks: BatchRun.Checks, keepsReport: Bool,
                         progress: @escaping @Sendable (BatchProgress) -> Void,
                         partDone: (RunReport) -> Void) throws -> Outcome {
        precondition(checks.goldenFolder == nil, "golden images are compared once the run is in place")
        var staged: [StagedBatch] = []
        let report: RunReportFile?
        do { report = keepsReport ? try RunReportFile(in: run.outputFolder) : nil } catch {
            throw BatchError.cannotWrite(run.outputFolder, error)
        }
        var drawnLocales: Set<String> = []
        // Otherwise each part would load the fonts again (the glyph mask cache keeping
        // every part's) and hash every font file again.
        let shared = SharedPlanning(engine: LayoutEngine(fonts: run.fonts, imageDirectories: run.imageFolders))
        do {
            for part in parts {
                var partRun = run
                partRun.tables = try part.load()
                let locales = Set(partRun.tables.map(\.locale))
                precondition(locales.isDisjoint(with: drawnLocales), "two parts of a run share a locale")
                drawnLocales.formUnion(locales)
                let plan = try partRun.plan(holding: lock, sharing: shared)
                let rendered = try partRun.render(plan, progress: progress)
                staged.append(try partRun.stage(rendered))
                let partReport = try partRun.report(of: plan, drawn: rendered.drawn, checks: checks)
                do { try report?.append(partReport) } catch { throw BatchError.cannotWrite(run.outputFolder, error) }
                partDone(partReport)
            }
            try StagedBatch.flush(staged)
        } catch {
            staged.forEach { $0.discard() }
            throw error
        }
        var outcome = Outcome(filesWritten: 0, filesRemoved: 0, report: report)
        for (index, batch) in staged.enumerated() {
            do {
                let (written, removed) = try batch.commit()
                outcome.filesWritten += written
                outcome.filesRemoved += removed
            } catch {
                staged.dropFirst(index + 1).forEach { $0.discard() }
                throw error
            }
        }
        return outcome
    }
}
