import Dispatch
import Foundation
import LabelLayout

/// The labels of a plan, drawn, with their images staged beside their targets under
/// temporary names: made by ``BatchRun/render(_:progress:)``, put in place by
/// ``BatchRun/commit(_:)``.
///
/// Commit it once, or ``discard()`` it: until then the staged files are on disk.
public struct RenderedBatch: Sendable {
    /// The plan that was drawn.
    package let plan: BatchPlan
    /// The drawn labels, by their index in the plan's labels.
    let drawn: [Int: DrawnLabel]
    /// Locale folders the drawing created, removed again if it is discarded.
    let createdFolders: [URL]
    /// Each locale's sprite sheets, staged, when the run packs atlases.
    var atlases: [String: PackedAtlas] = [:]

    /// How many labels were drawn.
    package var renderedCount: Int { drawn.count }

    /// Removes the staged images, and the locale folders the drawing created if they are
    /// empty again: the output folder is left as the previous run left it. The run is
    /// over: the output folder's lock, if ``BatchRun/plan()`` took it, is released.
    public func discard() {
        for label in drawn.values { label.discard() }
        for atlas in atlases.values { atlas.discard() }
        for folder in createdFolders { rmdir(folder.path) }  // only if still empty
        plan.endRun()
    }
}

extension BatchRun {
    /// Draws the labels the plan marks ``PlannedLabel/Status/render(inputHash:)``, on
    /// ``jobs`` threads, and stages each one's images on disk as soon as it is drawn, so no
    /// image waits in memory for the others. An image whose file already holds its bytes
    /// is not staged, and will not be rewritten.
    ///
    /// Every label is drawn before any output changes: if one fails, every staged file is
    /// removed and the previous run's outputs are exactly as they were.
    ///
    /// With ``atlas`` set, every locale's labels, those drawn now and those kept, are
    /// then packed into sprite sheets, which are staged like the images. A label too
    /// large for a sheet fails the run the same way, before any output changes.
    ///
    /// - Parameters:
    ///   - plan: A plan ``plan()`` made for this run.
    ///   - progress: Called after each label, drawn or failed, from the drawing threads;
    ///     never two calls at once, and with `done` counting up by one.
    /// - Throws: ``BatchError`` for the first label, in plan order, that could not be
    ///   laid out, drawn or staged; for atlases,
    ///   ``BatchError/atlasFrameTooLarge(locale:key:scale:width:height:settings:)``, or a
    ///   kept image that cannot be read or is not the one its manifest entry describes.
    public func render(_ plan: BatchPlan,
                       progress: @escaping @Sendable (BatchProgress) -> Void = { _ in }) throws(BatchError) -> RenderedBatch {
        let work = plan.labels.indices.filter { plan.labels[$0].inputHashToRender != nil }
        let createdFolders = Set(work.map { plan.labels[$0].locale }).sorted().map { outputFolder.appendingPathComponent($0) }
            .filter { !FileManager.default.fileExists(atPath: $0.path) }
        let results = drawInParallel(work.map { plan.labels[$0] }, engine: plan.engine,
                                     progress: ProgressCounter(total: work.count, report: progress))
        var drawn: [Int: DrawnLabel] = [:]
        var failure: BatchError?
        for (slot, result) in results.enumerated() {
            switch result {
            case .success(let label): drawn[work[slot]] = label
            case .failure(let error): failure = failure ?? error
            }
        }
        var batch = RenderedBatch(plan: plan, drawn: drawn, createdFolders: createdFolders)
        if let failure {
            batch.discard()
            throw failure
        }
        if let atlas {
            do {
                batch.atlases = try packAtlases(plan, drawn: drawn, settings: atlas)
            } catch {
                batch.discard()
                throw error
            }
        }
        return batch
    }

    /// Draws and stages `labels`, each result in its label's slot whatever thread drew
    /// it, so the outcome never depends on the number of jobs.
    private func drawInParallel(_ labels: [PlannedLabel], engine: LayoutEngine,
                                progress: ProgressCounter) -> [Result<DrawnLabel, BatchError>] {
        let outputFolder = outputFolder
        let styleName = styleSheet.source
        let encoding = imageEncoding
        return labels.concurrentMap(jobs: jobs, worker: { LabelRenderer(engine: engine, styleName: styleName, encoding: encoding) }) { renderer, label in
            let result = Result { () throws(BatchError) in
                var drawn = try renderer.render(label, inputHash: label.inputHashToRender ?? "")
                try drawn.stage(in: outputFolder.appendingPathComponent(label.locale))
                return drawn
            }
            progress.labelDone(label)
            return result
        }
    }
}

/// Counts finished labels for the progress callback, one call at a time.
private final class ProgressCounter: Sendable {
    private let total: Int
    private let report: @Sendable (BatchProgress) -> Void
    /// Also held while `report` runs, so that reports come one at a time and in order.
    private let done = Locked(0)

    init(total: Int, report: @escaping @Sendable (BatchProgress) -> Void) {
        self.total = total
        self.report = report
    }

    func labelDone(_ label: PlannedLabel) {
        done.withLock { done in
            done += 1
            report(BatchProgress(done: done, total: total, locale: label.locale, key: label.key))
        }
    }
}
