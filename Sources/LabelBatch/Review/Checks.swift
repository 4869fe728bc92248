import Foundation
import LabelCore
import LabelLayout
import StyledText
import TextRender

extension BatchRun {
    /// What makes a label fail a run, checked by ``BatchRun/report(_:checks:)``. By
    /// default nothing does.
    public struct Checks: Sendable {
        /// Whether a label fails when it is truncated, overflows its box, has characters
        /// no font covers, or is wider than its table's width limit; and whether the run
        /// fails when a table leaves keys untranslated.
        public var strict: Bool
        /// The smallest share of the style's font size, 0…1, a label may be drawn at;
        /// nil allows any. 0.8 fails a label shrunk below 80%.
        public var minimumSizeShare: Double?
        /// A folder of golden images, `<locale>/<file>` as in the output folder, that
        /// every image of the run must match; nil compares nothing. A missing golden
        /// image fails its label too.
        public var goldenFolder: URL?
        /// How far an image may stray from its golden image.
        public var tolerance: Tolerance

        /// Checks with the given settings; the defaults check nothing.
        public init(strict: Bool = false, minimumSizeShare: Double? = nil, goldenFolder: URL? = nil,
                    tolerance: Tolerance = .default) {
            self.strict = strict
            self.minimumSizeShare = minimumSizeShare
            self.goldenFolder = goldenFolder
            self.tolerance = tolerance
        }

        /// Why the label `entry` records fails the checks other than the golden images.
        func failures(of entry: LabelOutcome) -> [String] {
            var failures: [String] = []
            if strict && (entry.truncated || entry.fit == FitOutcome.overflows.rawValue || entry.missingCharacters != nil) {
                failures.append("fails --strict")
            }
            if strict, let limit = entry.limit, limit.isExceeded {
                failures.append("fails --strict: \(limit.drawn) px wide, its table allows \(limit.width)")
            }
            if let share = minimumSizeShare, entry.fontSize < entry.requestedFontSize * share - 1e-9 {
                failures.append("fails --max-shrink \(Int((share * 100).rounded()))%")
            }
            return failures
        }
    }
}

/// Compares the images of one run with golden images, writing a diff image for each one
/// that differs.
struct GoldenComparison: Sendable {
    let outputFolder: URL
    let goldenFolder: URL
    let diffFolder: URL
    let check: GoldenCheck
    /// Held while a diff image is written: labels are compared on several threads, and
    /// two of them could make one locale's diff folder at once.
    private let writing = Lock()

    init(outputFolder: URL, goldenFolder: URL, diffFolder: URL, check: GoldenCheck) {
        self.outputFolder = outputFolder
        self.goldenFolder = goldenFolder
        self.diffFolder = diffFolder
        self.check = check
    }

    /// Why the image `files` of a label in `locale` fail: one line per image that differs
    /// from its golden image or has none.
    func failures(of files: [String], locale: String) throws(BatchError) -> [String] {
        var failures: [String] = []
        for file in files {
            let outcome = try compare(file, locale: locale)
            switch outcome {
            case .match: continue
            case .missingGolden: failures.append("--check: no golden \(locale)/\(file)")
            default: failures.append("--check: \(file): \(outcome.summary)")
            }
            if let diff = outcome.diff {
                try write(diff, named: URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent + ".diff.png",
                          locale: locale)
            }
        }
        return failures
    }

    private func compare(_ file: String, locale: String) throws(BatchError) -> GoldenCheck.Outcome {
        let output = outputFolder.appendingPathComponent(locale).appendingPathComponent(file)
        let golden = goldenFolder.appendingPathComponent(locale).appendingPathComponent(file)
        // The same bytes are the same pixels. Most labels a check sees are unchanged, and
        // comparing their files spares decoding both (5 ms a label at 544x184).
        if let bytes = FileManager.default.contents(atPath: output.path), bytes == FileManager.default.contents(atPath: golden.path) {
            return .match
        }
        do {
            let pixels = try LabelFileDecoder.decode(contentsOf: output)
            return try check.compare(rendered: pixels, goldenFile: golden)
        } catch {
            throw .unreadableImage(error)
        }
    }

    private func write(_ diff: RGBAImage, named name: String, locale: String) throws(BatchError) {
        let url = diffFolder.appendingPathComponent(locale).appendingPathComponent(name)
        let png: Data
        do { png = try PNGEncoder().encode(diff) } catch { throw .cannotWrite(path: url.path, reason: "\(error)") }
        do { _ = try writing.withLock { try AtomicWriter.write(png, to: url) } } catch { throw .cannotWrite(url, error) }
    }
}
