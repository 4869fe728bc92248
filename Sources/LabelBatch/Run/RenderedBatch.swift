import Dispatch
import LabelCore
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
    let drawn: DrawnLabels
    /// Their manifest entries.
    let entries: EntryStore
    /// Per locale, path to family of every font file the labels drawn now use.
    let fontsUsed: [String: [String: String]]
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
        for label in drawn.all { label.discard() }
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
        let entries: EntryStore
        do { entries = try EntryStore(in: outputFolder) } catch { throw .cannotWrite(outputFolder, error) }
        let folders = Set(work.map { plan.labels[$0].locale }).sorted().map { outputFolder.appendingPathComponent($0) }
        let createdFolders = folders.filter { !FileManager.default.fileExists(atPath: $0.path) }
        for folder in createdFolders {
            do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
                createdFolders.forEach { rmdir($0.path) }
                throw .cannotWrite(folder, error)
            }
        }
        let fontsUsed = Locked<[String: [String: String]]>([:])
        let failures = Locked<[Int: BatchError]>([:])
        let results = drawInParallel(work, of: plan, entries: entries, fontsUsed: fontsUsed, failures: failures,
                                     folders: Dictionary(uniqueKeysWithValues: folders.map { ($0.lastPathComponent, $0.path + "/") }),
                                     progress: ProgressCounter(total: work.count, report: progress))
        let drawnSlots = results.indices.filter { results[$0] != nil }
        var batch = RenderedBatch(plan: plan, drawn: DrawnLabels(indices: drawnSlots.map { work[$0] }, labels: drawnSlots.map { results[$0]! }),
                                  entries: entries, fontsUsed: fontsUsed.withLock { $0 }, createdFolders: createdFolders)
        // The first failure in plan order, so the error never depends on the number of jobs.
        if let failure = failures.withLock({ $0.min { $0.key < $1.key }?.value }) {
            batch.discard()
            throw failure
        }
        if let atlas {
            do {
                batch.atlases = try packAtlases(batch, settings: atlas)
            } catch {
                batch.discard()
                throw error
            }
        }
        return batch
    }

    /// Draws and stages the plan's labels at `work`, each result in its label's slot
    /// whatever thread drew it, so the outcome never depends on the number of jobs; a
    /// label that fails has nil there, and its error in `failures`, by slot. Each label's
    /// manifest entry goes to `entries`, and the font files it uses to `fontsUsed`, as it
    /// is done. `folders` are the locale folders' paths, each ending in `/`, by locale.
    private func drawInParallel(_ work: [Int], of plan: BatchPlan, entries: EntryStore,
                                fontsUsed: Locked<[String: [String: String]]>, failures: Locked<[Int: BatchError]>,
                                folders: [String: String], progress: ProgressCounter) -> [DrawnLabel?] {
        let engine = plan.engine
        let styleName = styleSheet.source
        let encoding = imageEncoding
        return work.indices.concurrentMap(jobs: jobs, worker: { LabelRenderer(engine: engine, styleName: styleName, encoding: encoding) }) { renderer, slot in
            let label = plan.labels[work[slot]]
            let result = Result { () throws(BatchError) in
                let drawing = try renderer.render(label, inputHash: label.inputHashToRender ?? "")
                let folder = folders[label.locale]!
                let staged = try drawing.stage(in: folder)
                let entry: EntryStore.Entry
                do {
                    entry = try entries.append(try JSONFileLayout.element(drawing.manifest, encoder: renderer.entryEncoder))
                } catch {
                    staged.forEach(AtomicWriter.discard)
                    throw .cannotWrite(URL(fileURLWithPath: folder + "manifest.json"), error)
                }
                fontsUsed.withLock { $0[label.locale, default: [:]].merge(drawing.fontFiles) { first, _ in first } }
                return DrawnLabel(entry: entry, staged: staged, seconds: drawing.seconds, outcome: LabelOutcome(drawing.manifest))
            }
            progress.labelDone(label)
            switch result {
            case .success(let drawn): return drawn
            case .failure(let error):
                failures.withLock { $0[slot] = error }
                return nil
            }
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
