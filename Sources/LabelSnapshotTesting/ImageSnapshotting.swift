import Foundation
import SnapshotTesting
import TextRender

extension Diffing where Value == RGBAImage {
    /// Compares images pixel by pixel, stored as PNG.
    ///
    /// On a mismatch it writes `expected.png`, `actual.png` and `diff.png` (differing
    /// pixels in red over a faded copy of the reference) to a fresh folder under
    /// `$SNAPSHOT_ARTIFACTS` (else the temporary folder), prints their paths, and names
    /// them in the failure message together with how many pixels differ and by how much.
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
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1) -> Diffing {
        let tolerance = ImageComparison(precision: precision, perceptualPrecision: perceptualPrecision)
        return Diffing.diff(
            // The best compression: references are committed, and written rarely.
            toData: { image in (try? PNGEncoder(compressionLevel: 9).encode(image)) ?? Data() },
            // An unreadable reference becomes an empty image, so the comparison fails
            // with a size mismatch instead of crashing the test run.
            fromData: { data in (try? ImageDecoder().decode(data)) ?? RGBAImage(width: 0, height: 0) },
            diffV2: { expected, actual in
                guard let failure = tolerance.compare(expected: expected, actual: actual) else { return nil }
                var message = failure.summary
                if let folder = try? ImageComparison.writeArtifacts(expected: expected, actual: actual, diff: failure.diff) {
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
    /// Exact image snapshots, stored as PNG; see ``SnapshotTesting/Diffing/image(precision:perceptualPrecision:)``.
    public static var image: Snapshotting { .image() }

    /// Image snapshots compared with a tolerance, stored as PNG.
    ///
    /// - Parameters:
    ///   - precision: The share of pixels that must match (1: every one).
    ///   - perceptualPrecision: How alike a pixel must be to match (1: identical).
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .image(precision: precision, perceptualPrecision: perceptualPrecision))
    }
}

extension Snapshotting where Value == RenderedLabel, Format == RGBAImage {
    /// A rendered label's pixels, compared exactly and stored as PNG.
    ///
    /// ```swift
    /// let label = try Renderer().render(layout, scale: 2)
    /// assertSnapshot(of: label, as: .image)
    /// ```
    public static var image: Snapshotting { .image() }

    /// A rendered label's pixels, compared with a tolerance and stored as PNG.
    ///
    /// - Parameters:
    ///   - precision: The share of pixels that must match (1: every one).
    ///   - perceptualPrecision: How alike a pixel must be to match (1: identical).
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1) -> Snapshotting {
        Snapshotting<RGBAImage, RGBAImage>.image(precision: precision, perceptualPrecision: perceptualPrecision)
            .pullback(\.image)
    }
}

/// How two images are compared, and what a mismatch reports.
struct ImageComparison {
    var precision: Float
    var perceptualPrecision: Float

    struct Failure {
        var summary: String
        var diff: RGBAImage
    }

    /// Nil when the images match within the tolerance.
    func compare(expected: RGBAImage, actual: RGBAImage) -> Failure? {
        if expected == actual { return nil }
        guard expected.width == actual.width, expected.height == actual.height else {
            return Failure(summary: "image size \(actual.width)x\(actual.height) differs from the reference's "
                           + "\(expected.width)x\(expected.height)",
                           diff: Self.diffImage(expected: expected, actual: actual) { _, _ in true })
        }
        let limit = Double(1 - perceptualPrecision) * 100
        var differing = 0
        var largest = (delta: 0.0, x: 0, y: 0)
        var differs = [Bool](repeating: false, count: expected.width * expected.height)
        for y in 0..<expected.height {
            for x in 0..<expected.width {
                let a = expected[x, y], b = actual[x, y]
                if a == b { continue }
                let delta = Self.deltaE(a, b)
                if delta > largest.delta { largest = (delta, x, y) }
                // With perceptualPrecision 1 any change of a byte fails, even one whose ΔE
                // rounds to 0.
                if perceptualPrecision >= 1 || delta > limit {
                    differing += 1
                    differs[y * expected.width + x] = true
                }
            }
        }
        let total = expected.width * expected.height
        let allowed = Int((Double(1 - precision) * Double(total)).rounded(.down))
        guard differing > allowed else { return nil }
        let share = String(format: "%.2f", Double(differing) / Double(max(total, 1)) * 100)
        var summary = "\(differing) of \(total) pixels (\(share)%) differ"
        summary += precision >= 1 ? " (precision 1: all must match)" : " (precision \(precision) allows \(allowed))"
        summary += String(format: "; largest difference ΔE %.1f at (%d, %d)", largest.delta, largest.x, largest.y)
        if perceptualPrecision < 1 { summary += String(format: ", perceptualPrecision %g allows ΔE %.1f", perceptualPrecision, limit) }
        let width = expected.width
        return Failure(summary: summary,
                       diff: Self.diffImage(expected: expected, actual: actual) { x, y in differs[y * width + x] })
    }

    /// Differing pixels in opaque red over a faded grey copy of the reference, at the
    /// larger of the two sizes.
    static func diffImage(expected: RGBAImage, actual: RGBAImage, differs: (Int, Int) -> Bool) -> RGBAImage {
        let width = max(expected.width, actual.width), height = max(expected.height, actual.height)
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let inside = x < expected.width && y < expected.height && x < actual.width && y < actual.height
                let offset = (y * width + x) * 4
                if !inside || differs(x, y) {
                    pixels[offset] = 255; pixels[offset + 1] = 0; pixels[offset + 2] = 0
                    continue
                }
                let p = expected[x, y]
                let alpha = Double(p.a) / 255
                let luma: Double = Double(p.r) * 0.3 + Double(p.g) * 0.59 + Double(p.b) * 0.11
                let grey: Double = luma * alpha + 255 * (1 - alpha)
                let faded = UInt8((255 - (255 - grey) * 0.3).rounded())
                pixels[offset] = faded; pixels[offset + 1] = faded; pixels[offset + 2] = faded
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// CIE76 ΔE of two straight-alpha pixels, the larger of the values over black and over
    /// white, so a change of colour under low alpha and a change of alpha both count.
    static func deltaE(_ a: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ b: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Double {
        func lab(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), over background: Double) -> (Double, Double, Double) {
            let alpha = Double(p.a) / 255
            func linear(_ channel: UInt8) -> Double {
                let c = (Double(channel) / 255) * alpha + background * (1 - alpha)
                return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
            }
            let r = linear(p.r), g = linear(p.g), bl = linear(p.b)
            let x = (0.4124 * r + 0.3576 * g + 0.1805 * bl) / 0.95047
            let y = 0.2126 * r + 0.7152 * g + 0.0722 * bl
            let z = (0.0193 * r + 0.1192 * g + 0.9505 * bl) / 1.08883
            func f(_ t: Double) -> Double { t > 0.008856 ? cbrt(t) : 7.787 * t + 16 / 116 }
            return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))
        }
        var largest = 0.0
        for background in [0.0, 1.0] {
            let p = lab(a, over: background), q = lab(b, over: background)
            largest = max(largest, ((p.0 - q.0) * (p.0 - q.0) + (p.1 - q.1) * (p.1 - q.1) + (p.2 - q.2) * (p.2 - q.2)).squareRoot())
        }
        return largest
    }

    /// Writes the three images to a new folder and returns it.
    static func writeArtifacts(expected: RGBAImage, actual: RGBAImage, diff: RGBAImage) throws -> URL {
        let base = ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory
        let folder = base.appendingPathComponent("label-snapshots")
            .appendingPathComponent(UUID().uuidString.prefix(8).lowercased())
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let encoder = PNGEncoder()
        for (name, image) in [("expected", expected), ("actual", actual), ("diff", diff)] where image.width > 0 && image.height > 0 {
            try encoder.encode(image).write(to: folder.appendingPathComponent("\(name).png"))
        }
        return folder
    }
}
