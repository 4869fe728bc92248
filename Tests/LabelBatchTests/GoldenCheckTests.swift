import Foundation
import Testing
import TextRender
@testable import LabelBatch

/// Comparing rendered labels with golden images for `--check`.
@Suite("--check: golden image comparison")
struct GoldenCheckTests {
    /// A 10x10 opaque image (100 pixels, so one pixel is 1%) with a horizontal gradient,
    /// so no two columns are alike.
    private static func sample(width: Int = 10, height: Int = 10) -> RGBAImage {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                pixels += [UInt8(20 + x * 20), UInt8(200 - y * 10), 90, 255]
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    private static func setting(_ image: RGBAImage, x: Int, y: Int, to pixel: [UInt8]) -> RGBAImage {
        var copy = image
        let o = (y * image.width + x) * 4
        copy.pixels.replaceSubrange(o..<o + 4, with: pixel)
        return copy
    }

    @Test("identical images match, even with no tolerance")
    func identicalImagesMatch() {
        let image = Self.sample()
        #expect(GoldenCheck().compare(rendered: image, golden: image) == .match)
        #expect(GoldenCheck(tolerance: .init(delta: 0)).compare(rendered: image, golden: image) == .match)
    }

    @Test("one level of noise on every pixel is within the default tolerance, and fails an exact check")
    func noiseWithinToleranceMatches() throws {
        let golden = Self.sample()
        var noisy = golden
        for pixel in 0..<100 {
            let channel = pixel * 4 + pixel % 3
            noisy.pixels[channel] = pixel % 2 == 0 ? noisy.pixels[channel] + 1 : noisy.pixels[channel] - 1
        }
        #expect(GoldenCheck().compare(rendered: noisy, golden: golden) == .match)

        let exact = GoldenCheck(tolerance: .init(delta: 0)).compare(rendered: noisy, golden: golden)
        guard case .differs(let pixels, let share, let maxDelta, _) = exact else {
            Issue.record("expected .differs, got \(exact)")
            return
        }
        #expect(pixels == 100)
        #expect(share == 1)
        #expect(maxDelta == 1)
    }

    @Test("a pixel changed beyond the tolerance is counted, with its share and the largest delta")
    func changedPixelIsCounted() {
        let golden = Self.sample()
        var rendered = Self.setting(golden, x: 3, y: 4, to: [80, 160 - 40, 90, 255])
        rendered = Self.setting(rendered, x: 7, y: 1, to: [160, 190, 90 + 3, 255])  // just beyond 2
        rendered = Self.setting(rendered, x: 0, y: 0, to: [20 + 2, 200, 90, 255])   // within 2

        let outcome = GoldenCheck().compare(rendered: rendered, golden: golden)
        guard case .differs(let pixels, let share, let maxDelta, let diff) = outcome else {
            Issue.record("expected .differs, got \(outcome)")
            return
        }
        #expect(pixels == 2)
        #expect(share == 0.02)
        #expect(maxDelta == 40)
        #expect(diff.width == 10 && diff.height == 10)
        #expect(outcome.summary == "2 pixels (2.00%) differ from the golden image, by up to 40 of 255")

        // The share in the tolerance forgives up to that many pixels, and no more.
        #expect(GoldenCheck(tolerance: .init(delta: 2, share: 0.02)).compare(rendered: rendered, golden: golden) == .match)
        #expect(GoldenCheck(tolerance: .init(delta: 2, share: 0.019)).compare(rendered: rendered, golden: golden) != .match)
        // An alpha change is a difference like any other.
        let faded = Self.setting(golden, x: 5, y: 5, to: [120, 150, 90, 200])
        guard case .differs(1, _, 55, _) = GoldenCheck().compare(rendered: faded, golden: golden) else {
            Issue.record("an alpha change of 55 was not reported as one pixel differing by 55")
            return
        }
    }

    @Test("transparent pixels match whatever their colour; faint pixels' colour counts by coverage")
    func transparentPixelsMatch() {
        let clear = RGBAImage(width: 3, height: 1, pixels: [0, 0, 0, 0, 255, 255, 255, 0, 12, 34, 56, 0])
        let other = RGBAImage(width: 3, height: 1, pixels: [255, 0, 255, 0, 0, 0, 0, 0, 99, 1, 200, 0])
        #expect(GoldenCheck(tolerance: .init(delta: 0)).compare(rendered: other, golden: clear) == .match)

        // Unpremultiplying a one-level rounding difference at alpha 3 gives 255 against 170;
        // as coverage, that is the one level it was.
        #expect(GoldenCheck.delta((255, 255, 255, 3), (170, 170, 170, 3)) == 1)
        #expect(GoldenCheck.delta((255, 255, 255, 255), (170, 170, 170, 255)) == 85)
        #expect(GoldenCheck.delta((10, 20, 30, 0), (10, 20, 30, 255)) == 255)
    }

    @Test("a size mismatch is reported with both sizes and a side-by-side picture")
    func sizeMismatchIsReported() throws {
        let golden = Self.sample(width: 10, height: 6)
        let rendered = Self.sample(width: 12, height: 5)
        let outcome = GoldenCheck().compare(rendered: rendered, golden: golden)
        guard case .sizeDiffers(let expected, let actual, let diff) = outcome else {
            Issue.record("expected .sizeDiffers, got \(outcome)")
            return
        }
        #expect(expected == .init(width: 10, height: 6))
        #expect(actual == .init(width: 12, height: 5))
        #expect(outcome.summary == "is 12x5 pixels, the golden image 10x6")

        // Golden on the left, rendered on the right, 4 pixels of margin and 8 between.
        #expect(diff.width == 4 + 10 + 8 + 12 + 4 && diff.height == 4 + 6 + 4)
        func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] {
            let p = image[x, y]
            return [p.r, p.g, p.b, p.a]
        }
        #expect(pixel(diff, 4 + 3, 4 + 2) == pixel(golden, 3, 2))
        #expect(pixel(diff, 4 + 10 + 8 + 11, 4 + 4) == pixel(rendered, 11, 4))
        // Below the shorter image is background, not image.
        #expect(pixel(diff, 4 + 10 + 8, 4 + 5) == pixel(diff, 0, 0))
    }

    @Test("a missing golden file is reported; an existing one is read; a broken one is an error naming it")
    func goldenFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("golden-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = Self.sample()
        let check = GoldenCheck()

        let missing = folder.appendingPathComponent("play.png")
        #expect(try check.compare(rendered: image, goldenFile: missing) == .missingGolden)
        #expect(GoldenCheck.Outcome.missingGolden.diff == nil)

        try PNGEncoder().encode(image).write(to: missing)
        #expect(try check.compare(rendered: image, goldenFile: missing) == .match)
        let changed = Self.setting(image, x: 9, y: 9, to: [0, 0, 0, 255])
        #expect(try check.compare(rendered: changed, goldenFile: missing).diff != nil)

        let broken = folder.appendingPathComponent("broken.png")
        try Data("not a picture".utf8).write(to: broken)
        let error = #expect(throws: ImageError.self) {
            try check.compare(rendered: image, goldenFile: broken)
        }
        #expect(error?.description.hasPrefix(broken.path) == true, "\(String(describing: error))")
    }

    @Test("the diff picture is magenta exactly where pixels differ, stronger for larger differences, over a grey ghost")
    func diffIsMagentaWhereDifferent() {
        var golden = Self.sample()
        // Transparent and white areas must stay apart in the ghost.
        golden = Self.setting(golden, x: 0, y: 9, to: [0, 0, 0, 0])
        golden = Self.setting(golden, x: 1, y: 9, to: [255, 255, 255, 255])
        golden = Self.setting(golden, x: 4, y: 9, to: [70, 80, 90, 0])
        var rendered = golden
        let changes: [(x: Int, y: Int, pixel: [UInt8])] = [
            (2, 2, [255, 0, 0, 255]),              // large
            (5, 7, [120, 130 + 3, 90, 255]),        // just beyond the tolerance
            (4, 9, [0, 0, 0, 255]),                 // ink where the golden has none
        ]
        for change in changes { rendered = Self.setting(rendered, x: change.x, y: change.y, to: change.pixel) }
        rendered = Self.setting(rendered, x: 8, y: 8, to: [180 + 1, 120, 90, 255])  // noise within tolerance

        guard case .differs(3, _, _, let diff) = GoldenCheck().compare(rendered: rendered, golden: golden) else {
            Issue.record("expected three differing pixels")
            return
        }
        for y in 0..<10 {
            for x in 0..<10 {
                let p = diff[x, y]
                #expect(p.a == 255, "the picture is opaque")
                let marked = changes.contains { $0.x == x && $0.y == y }
                if marked {
                    #expect(p.r == p.b && Int(p.r) - Int(p.g) > 80, "(\(x), \(y)) should be magenta, is \(p)")
                } else {
                    #expect(p.r == p.g && p.g == p.b && p.r >= 170, "(\(x), \(y)) should be light grey, is \(p)")
                }
            }
        }
        #expect(diff[2, 2].g < diff[5, 7].g, "a larger difference is a stronger magenta")
        #expect(diff[1, 9].r > diff[0, 9].r, "white ink shows lighter than the transparent ground")
    }

    @Test("tolerance syntax: accepted forms", arguments: [
        ("0", 0, 0.0), ("2", 2, 0), ("255", 255, 0), (" 3 ", 3, 0),
        ("2,0.1%", 2, 0.001), ("16,1%", 16, 0.01), ("4, 0.5 %", 4, 0.005), ("2,100%", 2, 1), ("2,0%", 2, 0),
    ])
    func toleranceAccepts(text: String, delta: Int, share: Double) throws {
        let tolerance = try GoldenCheck.Tolerance(parsing: text)
        #expect(tolerance.delta == delta)
        #expect(abs(tolerance.share - share) < 1e-12)
        #expect(try GoldenCheck.Tolerance(parsing: tolerance.description) == tolerance)
    }

    @Test("tolerance syntax: rejected forms say what is expected", arguments: [
        ("", "expected DELTA or DELTA,SHARE%"),
        ("2,1%,3", "expected DELTA or DELTA,SHARE%"),
        ("-1", "whole number from 0 to 255, got \"-1\""),
        ("256", "whole number from 0 to 255, got \"256\""),
        ("2.5", "whole number from 0 to 255, got \"2.5\""),
        ("abc", "whole number from 0 to 255, got \"abc\""),
        (",1%", "whole number from 0 to 255, got \"\""),
        ("2,0.1", "must end in %, as in 2,0.1%; got \"0.1\""),
        ("2,", "must end in %"),
        ("2,%", "number from 0% to 100%, got \"%\""),
        ("2,150%", "number from 0% to 100%, got \"150%\""),
        ("2,nan%", "number from 0% to 100%, got \"nan%\""),
        ("2,-1%", "number from 0% to 100%, got \"-1%\""),
    ])
    func toleranceRejects(text: String, message: String) {
        let error = #expect(throws: GoldenCheck.ToleranceSyntaxError.self) {
            try GoldenCheck.Tolerance(parsing: text)
        }
        #expect(error?.message.contains(message) == true, "\(String(describing: error))")
    }

    @Test("the default tolerance is two levels and no pixels beyond them; its share counts whole pixels")
    func toleranceDefaults() throws {
        #expect(GoldenCheck().tolerance == GoldenCheck.Tolerance(delta: 2, share: 0))
        #expect(GoldenCheck.Tolerance.default.description == "2")
        #expect(try GoldenCheck.Tolerance(parsing: "2,0.1%").description == "2,0.1%")
        #expect(try GoldenCheck.Tolerance(parsing: "2,0.1%").allowedPixels(outOf: 1000) == 1)
        #expect(try GoldenCheck.Tolerance(parsing: "2,0.1%").allowedPixels(outOf: 999) == 0)
        #expect(GoldenCheck.Tolerance.default.allowedPixels(outOf: 1_000_000) == 0)
    }
}
