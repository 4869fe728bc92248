import Foundation
import LabelLayout
import StringTables
import StyledText

/// A whole run: every key of some string tables drawn in one style, at every scale, into
/// `OUT/<locale>/` with a manifest per locale. It runs in four phases, each a method
/// whose result the next one takes, so a build tool can stop after any of them and a
/// test can look at each:
///
/// 1. ``plan()`` checks every input, locks the output folder (a `flock(2)` lock on the
///    folder itself, so no lock file is left in it) and decides, per label, whether it
///    is drawn, kept (its inputs are unchanged since the last run into the folder) or
///    skipped. The plan holds the lock until it and the batches made from it are gone,
///    so two runs into one folder never interleave.
/// 2. ``render(_:progress:)`` draws the labels to draw, on every core, and stages their
///    images beside their targets under temporary names. If any label fails, nothing is
///    left behind and no output has changed.
/// 3. ``commit(_:)`` renames the staged images into place, writes the manifests and
///    removes images of keys that no longer exist.
/// 4. ``report(_:checks:)`` tells what happened to each label and which fail the checks
///    (``Checks``): `strict`, a shrink limit, golden images.
///
/// ```swift
/// let run = BatchRun(tables: [try StringTable.load(contentsOf: deURL)],
///                    styleSheet: try StyleSheet(contentsOf: styleURL),
///                    outputFolder: URL(fileURLWithPath: "labels"))
/// let plan = try run.plan()
/// let rendered = try run.render(plan) { print("\($0.done)/\($0.total)") }
/// let committed = try run.commit(rendered)
/// let report = try run.report(committed, checks: .init(strict: true))
/// if !report.failedLabels.isEmpty { … }
/// ```
public struct BatchRun: Sendable {
    /// The string tables; each one's locale names its output folder.
    public var tables: [StringTable]
    /// The styles of every key and locale.
    public var styleSheet: StyleSheet
    /// Where `<locale>/<key>.png` and `<locale>/manifest.json` go.
    public var outputFolder: URL
    /// Where fonts come from. Its folders' font files are part of every label's input
    /// hash, so replacing a font redraws the labels.
    public var fonts: FontSources
    /// Folders in which inline images (`<img src>`) are looked up, in order.
    public var imageFolders: [String]
    /// Scales to draw instead of each style's `scales`; nil keeps the styles'.
    public var scales: [Double]?
    /// Only keys matching one of these are drawn; empty draws every key. Manifest entries
    /// of other keys the tables still have are kept.
    public var keys: [KeyPattern]
    /// Only the labels of this shard are drawn; nil draws all of them.
    public var shard: Shard?
    /// Whether every label is drawn again, even those whose inputs are unchanged. Files
    /// whose bytes come out the same are still left untouched.
    public var force: Bool
    /// How many labels are drawn at once, at least 1.
    public var jobs: Int
    /// Whether ``plan()`` waits while another run writes ``outputFolder``, rather than
    /// failing at once with ``BatchError/outputFolderLocked(path:holder:)``.
    public var waitsForLock: Bool
    /// Whether, and how, each locale's labels are also packed into sprite sheets
    /// (`<locale>/atlas-0.png`, `atlas-0.json`, `atlas-0@2x.png`, …) with TexturePacker
    /// data; nil packs none. The single images stay: an unchanged label is packed again
    /// from its image, not drawn again. A run with atlases cannot have a ``shard``.
    public var atlas: AtlasSettings?
    /// How the images are written; nil writes them as the style sheet's ``StyleSheet/output``
    /// says. Every manifest names it, and a label whose files were written otherwise is
    /// written again.
    public var encoding: ImageEncoding?

    /// A run of `tables` in `styleSheet` into `outputFolder`; the other settings default
    /// to the bundled fonts, every key, the styles' scales, incremental drawing, one job
    /// per core, failing at once if another run is writing the folder, no atlases, and
    /// the images written as the style sheet says.
    public init(tables: [StringTable], styleSheet: StyleSheet, outputFolder: URL,
                fonts: FontSources = FontSources(), imageFolders: [String] = [],
                scales: [Double]? = nil, keys: [KeyPattern] = [], shard: Shard? = nil,
                force: Bool = false, jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
                waitsForLock: Bool = false, atlas: AtlasSettings? = nil, encoding: ImageEncoding? = nil) {
        precondition(jobs >= 1, "a run needs at least one job")
        self.tables = tables
        self.styleSheet = styleSheet
        self.outputFolder = outputFolder
        self.fonts = fonts
        self.imageFolders = imageFolders
        self.scales = scales
        self.keys = keys
        self.shard = shard
        self.force = force
        self.jobs = jobs
        self.waitsForLock = waitsForLock
        self.atlas = atlas
        self.encoding = encoding
    }

    /// How this run writes its images: ``encoding``, else the style sheet's.
    package var imageEncoding: ImageEncoding { encoding ?? styleSheet.output }

    /// Where ``report(_:checks:)`` writes the diff images of labels that differ from
    /// their golden images: `OUT/_diff/<locale>/<file>.diff.png`.
    package var diffFolder: URL { outputFolder.appendingPathComponent("_diff") }

    /// The keys a table must keep when it is loaded for a run into `outputFolder` limited
    /// to `patterns`: those the patterns match, and those an earlier manifest there lists
    /// (their entries are carried over while the tables still have their keys). Pass it
    /// to `StringTable.loadAll(contentsOf:locale:keeping:)`, so that a huge table costs
    /// only the strings the run needs.
    ///
    /// - Returns: nil when `patterns` is empty: every key is needed.
    package static func keysToLoad(matching patterns: [KeyPattern], outputFolder: URL) -> ((String) -> Bool)? {
        guard !patterns.isEmpty else { return nil }
        let listed = keysListed(in: outputFolder)
        return { key in listed.contains(key) || patterns.contains { $0.matches(key) } }
    }

    /// Every key the manifests in `outFolder`'s locale folders list.
    static func keysListed(in outFolder: URL) -> Set<String> {
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: outFolder.path)) ?? []
        var keys: Set<String> = []
        for folder in folders where LabelPlan.isSafeLocale(folder) {
            for entry in PreviousManifest.read(in: outFolder.appendingPathComponent(folder))?.entries ?? [] { keys.insert(entry.key) }
        }
        return keys
    }
}
