import Foundation
import SnapshotTesting
import TextRender

extension Diffing where Value == RGBAImage {
    /// Compares images pixel by pixel, stored as PNG.
    ///
    /// On a mismatch it writes `expected.png`, `actual.png` and `diff.png` (differing
    /// pixels in red over a faded grey copy of the reference) to a folder named after the
    /// test and the snapshot, `<TestFile>/<test>.<snapshot>/`, under `$SNAPSHOT_ARTIFACTS`
    /// or else the temporary folder: beside the `<test>.<snapshot>.png` SnapshotTesting
    /// writes there. It prints their paths and names them in the failure message,
    /// together with how many pixels differ and by how much. A second failure under the
    /// same folder name in one test run gets `-2`, `-3`, … appended.
    ///
    /// The test's and the snapshot's names come from `assertSnapshots(tables:…)` and from
    /// this library's `assertSnapshot(of:as:…)` and `verifySnapshot(of:as:…)` for
    /// `RenderedLabel` and `RGBAImage` (an unnamed snapshot is named after its line,
    /// `<test>.line-42`). A comparison run any other way, such as calling `diffV2`
    /// directly, is filed under the running Swift Testing test's name alone.
    ///
    /// ```swift
    /// assertSnapshot(of: rendered.image, as: .image(precision: 1, perceptualPrecision: 0.98))
    /// ```
    ///
    /// - Parameters:
    ///   - precision: The share of pixels that must match, 0...1 (1: every one).
    ///   - perceptualPrecision: How alike a pixel must be to match, 0...1 (1: identical;
    ///     0.98 accepts differences the eye cannot see, a CIE ΔE of up to 2 with the
    ///     pixels composited over both black and white).
    ///   - alpha: How the images store colour, so that they are composited as they are
    ///     meant: ``ImageEncoding/Alpha/premultiplied`` for images a run writes with
    ///     `--alpha premultiplied`.
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1,
                             alpha: ImageEncoding.Alpha = .straight) -> Diffing {
        let tolerance = ImageComparison(precision: precision, perceptualPrecision: perceptualPrecision, alpha: alpha)
        return Diffing.diff(
            // The best compression: references are committed, and written rarely.
            toData: { image in (try? PNGEncoder(zlibLevel: 9).encode(image)) ?? Data() },
            // An unreadable reference becomes an empty image, so the comparison fails
            // with a size mismatch instead of crashing the test run.
            // References are this library's own PNGs, read byte for byte: Cairo's reader
            // would premultiply a premultiplied reference a second time.
            fromData: { data in ExactPNGReader.decode(data) ?? (try? PNGDecoder().decode(data)) ?? RGBAImage(width: 0, height: 0) },
            diffV2: { expected, actual in
                guard let failure = tolerance.compare(expected: expected, actual: actual) else { return nil }
                var message = failure.summary
                let artifacts = FailureArtifacts.current ?? .unattributed
                if let folder = try? artifacts.write(expected: expected, actual: actual, diff: failure.diff) {
                    let paths = ["expected", "actual", "diff"].map { folder.appendingPathComponent("\($0).png").path }
                    message += "\nexpected: \(paths[0])\nactual:   \(paths[1])\ndiff:     \(paths[2])"
                    print("Snapshot images differ; expected, actual and diff images:\n  " + paths.joined(separator: "\n  "))
                }
                let encoder = PNGEncoder()
                let attachments: [DiffAttachment] = [("expected", expected), ("actual", actual), ("diff", failure.diff)]
                    .compactMap { name, image in (try? encoder.encode(image)).map { .data($0, name: "\(name).png") } }
                return (message, attachments)
            })
    }
}

extension Snapshotting where Value == RGBAImage, Format == RGBAImage {
    /// Images compared exactly and stored as PNG. A mismatch writes expected, actual and
    /// diff images; see ``SnapshotTesting/Diffing/image(precision:perceptualPrecision:alpha:)``.
    ///
    /// ```swift
    /// assertSnapshot(of: label.image, as: .image)
    /// ```
    public static var image: Snapshotting { .image() }

    /// Images compared with a tolerance and stored as PNG. A mismatch writes expected,
    /// actual and diff images; see ``SnapshotTesting/Diffing/image(precision:perceptualPrecision:alpha:)``.
    ///
    /// - Parameters:
    ///   - precision: The share of pixels that must match (1: every one).
    ///   - perceptualPrecision: How alike a pixel must be to match (1: identical).
    ///   - alpha: How the images store colour: straight, or premultiplied as a run with
    ///     `--alpha premultiplied` writes them.
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1,
                             alpha: ImageEncoding.Alpha = .straight) -> Snapshotting {
        Snapshotting(pathExtension: "png",
                     diffing: .image(precision: precision, perceptualPrecision: perceptualPrecision, alpha: alpha))
    }
}

extension Snapshotting where Value == RenderedLabel, Format == RGBAImage {
    /// A rendered label's pixels, compared exactly and stored as PNG. A mismatch writes
    /// expected, actual and diff images; see ``SnapshotTesting/Diffing/image(precision:perceptualPrecision:alpha:)``.
    ///
    /// ```swift
    /// let label = try Renderer().render(layout, scale: 2)
    /// assertSnapshot(of: label, as: .image)
    /// ```
    public static var image: Snapshotting { .image() }

    /// A rendered label's pixels, compared with a tolerance and stored as PNG. A mismatch
    /// writes expected, actual and diff images; see ``SnapshotTesting/Diffing/image(precision:perceptualPrecision:alpha:)``.
    ///
    /// ```swift
    /// assertSnapshot(of: label, as: .image(perceptualPrecision: 0.98))
    /// assertSnapshot(of: label, as: .image(alpha: .premultiplied))   // the pixels a Cocos build ships
    /// ```
    ///
    /// - Parameters:
    ///   - precision: The share of pixels that must match (1: every one).
    ///   - perceptualPrecision: How alike a pixel must be to match (1: identical).
    ///   - alpha: How the reference stores colour: straight, or premultiplied as a run
    ///     with `--alpha premultiplied` writes it; the label is compared in that form.
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1,
                             alpha: ImageEncoding.Alpha = .straight) -> Snapshotting {
        Snapshotting<RGBAImage, RGBAImage>.image(precision: precision, perceptualPrecision: perceptualPrecision, alpha: alpha)
            .pullback { label in alpha == .premultiplied ? label.image.premultiplied() : label.image }
    }
}
