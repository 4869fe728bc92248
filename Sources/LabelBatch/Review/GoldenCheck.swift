import Foundation
import TextRender

/// Compares freshly rendered labels with golden images (``BatchRun/Checks/goldenFolder``).
///
/// ```swift
/// let check = GoldenCheck(tolerance: try GoldenCheck.Tolerance(parsing: "2,0.1%"))
/// switch try check.compare(rendered: image, goldenFile: golden) {
/// case .match: break
/// case let outcome: print(outcome.summary); if let diff = outcome.diff { … write it … }
/// }
/// ```
///
/// A pixel's difference is the largest change in any of its four channels, on the
/// 0…255 scale, with colour weighted by coverage: the colour channels are compared
/// premultiplied by alpha, as the renderer produced them. So a fully transparent pixel's
/// colour counts for nothing, and the colour of a faint edge pixel counts as little as
/// it shows: unpremultiplying a one-level rounding difference at alpha 3 would turn it
/// into 85 levels of straight-alpha colour. Images stored premultiplied are compared
/// as they are.
package struct GoldenCheck: Sendable {
    /// How far an image may stray from its golden image and still match.
    package var tolerance: Tolerance
    /// How the images compared store colour.
    package var alpha: ImageEncoding.Alpha

    /// A check with `tolerance`, by default ``Tolerance/default``, of images whose colour
    /// is stored as `alpha` says.
    package init(tolerance: Tolerance = .default, alpha: ImageEncoding.Alpha = .straight) {
        self.tolerance = tolerance
        self.alpha = alpha
    }

    /// Compares `rendered` with the golden image in `goldenFile`.
    ///
    /// - Returns: `.missingGolden` when there is no file at that path.
    /// - Throws: An `ImageError` naming the file when it exists but cannot be read as
    ///   a PNG or WebP image.
    package func compare(rendered: RGBAImage, goldenFile: URL) throws(ImageError) -> Outcome {
        // A dangling symbolic link counts as missing too: there is nothing to compare with.
        guard FileManager.default.fileExists(atPath: goldenFile.path) else { return .missingGolden }
        return compare(rendered: rendered, golden: try LabelFileDecoder.decode(contentsOf: goldenFile))
    }

    /// Compares two images in memory; never `.missingGolden`.
    package func compare(rendered: RGBAImage, golden: RGBAImage) -> Outcome {
        let expected = PixelSize(width: golden.width, height: golden.height)
        let actual = PixelSize(width: rendered.width, height: rendered.height)
        guard expected == actual else {
            return .sizeDiffers(expected: expected, actual: actual, diff: DiffPicture.sideBySide(golden, rendered))
        }

        let total = golden.width * golden.height
        var deltas = [UInt8](repeating: 0, count: total)
        var differing = 0
        var largest = 0
        let premultiplied = alpha == .premultiplied
        golden.pixels.withUnsafeBufferPointer { g in
            rendered.pixels.withUnsafeBufferPointer { r in
                for index in 0..<total {
                    let o = index * 4
                    let delta = Self.delta((g[o], g[o + 1], g[o + 2], g[o + 3]), (r[o], r[o + 1], r[o + 2], r[o + 3]),
                                           premultiplied: premultiplied)
                    deltas[index] = UInt8(delta)
                    largest = max(largest, delta)
                    if delta > tolerance.delta { differing += 1 }
                }
            }
        }
        if differing <= tolerance.allowedPixels(outOf: total) { return .match }
        return .differs(pixels: differing, share: Double(differing) / Double(total), maxDelta: largest,
                        diff: DiffPicture.overlay(golden: golden, deltas: deltas, threshold: tolerance.delta))
    }

    /// The difference between two pixels, 0…255, as described on ``GoldenCheck``.
    static func delta(_ p: (UInt8, UInt8, UInt8, UInt8), _ q: (UInt8, UInt8, UInt8, UInt8), premultiplied: Bool = false) -> Int {
        let pa = Int(p.3), qa = Int(q.3)
        if premultiplied {
            return max(abs(pa - qa), abs(Int(p.0) - Int(q.0)), abs(Int(p.1) - Int(q.1)), abs(Int(p.2) - Int(q.2)))
        }
        // Premultiplied values scaled by 255 keep the comparison in integers; the
        // rounding division brings them back to levels only once.
        let colour = max(abs(Int(p.0) * pa - Int(q.0) * qa),
                         abs(Int(p.1) * pa - Int(q.1) * qa),
                         abs(Int(p.2) * pa - Int(q.2) * qa))
        return max(abs(pa - qa), (colour + 127) / 255)
    }
}

// MARK: - Outcome

extension GoldenCheck {
    /// A width and height in pixels.
    package struct PixelSize: Sendable, Hashable, CustomStringConvertible {
        /// The width.
        package var width: Int
        /// The height.
        package var height: Int
        /// `WIDTHxHEIGHT`, e.g. `200x80`.
        package var description: String { "\(width)x\(height)" }

        /// A size of `width` by `height` pixels.
        package init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
    }

    /// What comparing one image with its golden image found.
    package enum Outcome: Sendable, Hashable {
        /// Equal within the tolerance.
        case match
        /// There is no golden image to compare with.
        case missingGolden
        /// The images have different sizes; `diff` shows both side by side.
        case sizeDiffers(expected: PixelSize, actual: PixelSize, diff: RGBAImage)
        /// More pixels than the tolerance allows differ by more than its delta.
        ///
        /// - Parameters:
        ///   - pixels: How many pixels differ by more than the tolerance's delta.
        ///   - share: `pixels` as a share of all pixels, 0…1.
        ///   - maxDelta: The largest difference of any pixel, 0…255.
        ///   - diff: The golden image as a grey ghost with the differing pixels in magenta.
        case differs(pixels: Int, share: Double, maxDelta: Int, diff: RGBAImage)

        /// The picture to write next to the output, if the comparison made one.
        package var diff: RGBAImage? {
            switch self {
            case .match, .missingGolden: return nil
            case .sizeDiffers(_, _, let diff), .differs(_, _, _, let diff): return diff
            }
        }

        /// One line for a person, without the file's name, e.g. "37 pixels (0.12%)
        /// differ from the golden image, by up to 255 of 255".
        package var summary: String {
            switch self {
            case .match:
                return "matches the golden image"
            case .missingGolden:
                return "has no golden image"
            case .sizeDiffers(let expected, let actual, _):
                return "is \(actual) pixels, the golden image \(expected)"
            case .differs(let pixels, let share, let maxDelta, _):
                let percent = String(format: share * 100 < 0.01 ? "%.2g%%" : "%.2f%%", share * 100)
                return "\(pixels) pixel\(pixels == 1 ? "" : "s") (\(percent)) differ\(pixels == 1 ? "s" : "") from the golden image, by up to \(maxDelta) of 255"
            }
        }
    }
}

// MARK: - Tolerance

extension GoldenCheck {
    /// The tolerance lives with the checks that carry it; this name is the comparison's own.
    package typealias Tolerance = BatchRun.Checks.Tolerance

    /// Why the text of a tolerance could not be read.
    package struct ToleranceSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
        /// What is wrong and what was expected, e.g. "the share of pixels must end in %, as in 2,0.1%; got \"0.1\"".
        package var message: String
        init(_ message: String) { self.message = message }
        /// The message.
        package var description: String { message }
    }
}

// MARK: - Diff pictures

extension GoldenCheck {
    /// Pictures of a failed comparison, made to be looked at: opaque, so every viewer shows
    /// them alike whatever it does with transparency.
    enum DiffPicture {
        /// How much of each level of the ghost's darkness survives the fading.
        private static let ghostContrast = 0.3
        /// The grey the ghost is composited on: white ink shows lighter than it and dark
        /// ink darker, so neither vanishes, and transparency is told apart from white.
        private static let ghostBackground = 128.0
        /// Magenta's share in a pixel that differs by just over the tolerance, so the
        /// faintest failing pixel still stands out from the grey.
        private static let weakestMark = 0.35
        /// The difference at which a pixel turns full magenta. Well below 255, because a
        /// moved edge or a wrong colour differs by tens of levels while a blurred shadow
        /// that shifted slightly differs by a few: the first must stand out from the second.
        private static let strongestDelta = 96.0

        /// The golden image as a light grey ghost, with every pixel whose delta exceeds
        /// `threshold` painted magenta, stronger the larger its delta.
        static func overlay(golden: RGBAImage, deltas: [UInt8], threshold: Int) -> RGBAImage {
            var out = [UInt8](repeating: 255, count: golden.pixels.count)
            for index in 0..<deltas.count {
                let o = index * 4
                let ghost = ghostLevel(golden.pixels[o], golden.pixels[o + 1], golden.pixels[o + 2], golden.pixels[o + 3])
                let delta = Int(deltas[index])
                guard delta > threshold else {
                    out[o] = ghost; out[o + 1] = ghost; out[o + 2] = ghost
                    continue
                }
                let strength = weakestMark + (1 - weakestMark) * min(1, Double(delta) / strongestDelta)
                let level = Double(ghost)
                let redBlue = UInt8((level + (255 - level) * strength).rounded())
                out[o] = redBlue
                out[o + 1] = UInt8((level * (1 - strength)).rounded())
                out[o + 2] = redBlue
            }
            return RGBAImage(width: golden.width, height: golden.height, pixels: out)
        }

        /// The golden image on the left and the rendered one on the right, both at full
        /// colour over a checkerboard that shows each one's exact extent and transparency,
        /// on a dark ground.
        static func sideBySide(_ golden: RGBAImage, _ rendered: RGBAImage) -> RGBAImage {
            let margin = 4, gap = 8
            let width = margin + golden.width + gap + rendered.width + margin
            let height = margin + max(golden.height, rendered.height) + margin
            var out = [UInt8](repeating: 255, count: width * height * 4)
            for i in stride(from: 0, to: out.count, by: 4) {
                out[i] = 48; out[i + 1] = 48; out[i + 2] = 48
            }
            func place(_ image: RGBAImage, atX left: Int) {
                for y in 0..<image.height {
                    for x in 0..<image.width {
                        let p = image[x, y]
                        let square: Double = (x / 8 + y / 8) % 2 == 0 ? 255 : 214
                        let alpha = Double(p.a) / 255
                        let o = ((margin + y) * width + left + x) * 4
                        out[o] = UInt8((Double(p.r) * alpha + square * (1 - alpha)).rounded())
                        out[o + 1] = UInt8((Double(p.g) * alpha + square * (1 - alpha)).rounded())
                        out[o + 2] = UInt8((Double(p.b) * alpha + square * (1 - alpha)).rounded())
                    }
                }
            }
            place(golden, atX: margin)
            place(rendered, atX: margin + golden.width + gap)
            return RGBAImage(width: width, height: height, pixels: out)
        }

        /// A straight-alpha pixel over the ghost's grey, as luma, faded towards white.
        private static func ghostLevel(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) -> UInt8 {
            let alpha = Double(a) / 255
            // Rec. 709 weights on the sRGB values: exact enough for a ghost.
            let luma = 0.2126 * Double(r) + 0.7152 * Double(g) + 0.0722 * Double(b)
            let seen = luma * alpha + ghostBackground * (1 - alpha)
            return UInt8((255 - (255 - seen) * ghostContrast).rounded())
        }
    }
}
