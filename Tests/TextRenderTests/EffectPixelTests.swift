import Foundation
import LabelLayout
import StyledText
import Testing
import TextRender

/// Alpha channel as 0...1 values, row by row.
private func alpha(_ image: RGBAImage) -> [Double] {
    (0..<(image.width * image.height)).map { Double(image.pixels[$0 * 4 + 3]) / 255 }
}

/// A true Gaussian blur (sampled kernel out to 4 sigma, clamped edges), for reference.
private func gaussianBlur(_ values: [Double], width: Int, height: Int, sigma: Double) -> [Double] {
    let radius = Int((4 * sigma).rounded(.up))
    var kernel = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
    let total = kernel.reduce(0, +)
    kernel = kernel.map { $0 / total }
    func pass(_ input: [Double], horizontal: Bool) -> [Double] {
        var output = [Double](repeating: 0, count: input.count)
        for y in 0..<height {
            for x in 0..<width {
                var sum = 0.0
                for k in -radius...radius {
                    let sx = horizontal ? min(max(x + k, 0), width - 1) : x
                    let sy = horizontal ? y : min(max(y + k, 0), height - 1)
                    sum += input[sy * width + sx] * kernel[k + radius]
                }
                output[y * width + x] = sum
            }
        }
        return output
    }
    return pass(pass(values, horizontal: true), horizontal: false)
}

/// Widths of the anti-aliased transitions (pixels neither empty nor full) along a row.
private func edgeWidths(_ image: RGBAImage, row: Int) -> [Int] {
    var widths: [Int] = []
    var run = 0
    for x in 0..<image.width {
        let a = image[x, row].a
        if a > 8 && a < 247 { run += 1 } else if run > 0 { widths.append(run); run = 0 }
    }
    if run > 0 { widths.append(run) }
    return widths
}

/// How many runs of opaque pixels (alpha at least 247) cross row `row`.
private func opaqueRuns(_ image: RGBAImage, row: Int) -> Int {
    var runs = 0
    var inside = false
    for x in 0..<image.width {
        let opaque = image[x, row].a >= 247
        if opaque && !inside { runs += 1 }
        inside = opaque
    }
    return runs
}

@Suite("Effects measured on pixels")
struct EffectPixelTests {
    /// A label whose only visible part is its shadow, and the same label with only its fill.
    private func shadowAndFill(blur: Double, scale: Double) throws -> (shadow: RGBAImage, fill: RGBAImage) {
        func make(shadowAlpha: Double, fillAlpha: Double) throws -> RGBAImage {
            let layout = try label("Hi", size: 60, box: Box(width: 200, height: 120)) {
                $0.fill = .color(Color(red: 0, green: 0, blue: 0, alpha: fillAlpha))
                $0.shadows = [Shadow(color: Color(red: 0, green: 0, blue: 0, alpha: shadowAlpha), blur: blur)]
            }
            return try Renderer().render(layout, scale: scale).image
        }
        return (try make(shadowAlpha: 1, fillAlpha: 0), try make(shadowAlpha: 0, fillAlpha: 1))
    }

    @Test("a shadow is the silhouette blurred by a Gaussian of sigma = blur / 2, at every scale",
          arguments: [(blur: 8.0, scale: 1.0), (blur: 12, scale: 1), (blur: 8, scale: 2)])
    func gaussianProfile(blur: Double, scale: Double) throws {
        let (shadow, fill) = try shadowAndFill(blur: blur, scale: scale)
        let sigma = blur / 2 * scale
        let expected = gaussianBlur(alpha(fill), width: fill.width, height: fill.height, sigma: sigma)
        let measured = alpha(shadow)
        let worst = zip(expected, measured).map { abs($0 - $1) }.max() ?? 1
        #expect(worst < 0.03, "largest difference from a Gaussian of sigma \(sigma): \(worst)")
        // A blur of the wrong width would miss by much more: the check has teeth.
        let wrong = gaussianBlur(alpha(fill), width: fill.width, height: fill.height, sigma: sigma * 1.5)
        #expect((zip(wrong, measured).map { abs($0 - $1) }.max() ?? 0) > 0.05)
    }

    @Test("@2x and @3x are drawn at their scale: edges stay one pixel wide")
    func sharpAtScale() throws {
        let layout = try label("lll", size: 40, box: Box(width: 120, height: 60))
        let base = try Renderer().render(layout, scale: 1).image
        let baseInk = try #require(base.inkBounds(threshold: 128))
        for scale in [2, 3] {
            let image = try Renderer().render(layout, scale: Double(scale)).image
            let ink = try #require(image.inkBounds(threshold: 128))
            // The same glyphs, scale times as large.
            #expect(abs((ink.maxX - ink.minX) - (baseInk.maxX - baseInk.minX) * scale) <= scale + 1)
            // Through the middle of the stems, every edge is a crisp transition, as sharp
            // as at @1x; an enlarged @1x image would have edges `scale` pixels wide.
            // (An edge that falls on a pixel boundary has no partial pixel at all.)
            let row = (ink.minY + ink.maxY) / 2
            let widths = edgeWidths(image, row: row)
            #expect(opaqueRuns(image, row: row) == 3, "three stems")
            #expect(widths.count >= 4, "three stems, two edges each, most of them between pixels: \(widths)")
            #expect(widths.allSatisfy { $0 <= 1 }, "edge widths at @\(scale)x: \(widths)")
        }
    }

    @Test("colour emoji keep their colours, and the outline follows their shape")
    func colorEmoji() throws {
        let layout = try label("🔥", size: 60, box: Box(width: 120, height: 120)) {
            $0.fill = .color(Color(red: 0, green: 0, blue: 1))
            $0.stroke = Stroke(width: 4, color: Color(red: 0, green: 1, blue: 0))
        }
        let run = try #require(layout.lines.first?.runs.first)
        #expect(run.face.hasColorBitmaps)
        let image = try Renderer().render(layout, scale: 2).image
        var fiery = 0, blue = 0, green = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image[x, y]
                guard p.a == 255 else { continue }
                if p.r > 200 && p.b < 80 && p.g < 200 { fiery += 1 }
                if p.b > 200 && p.r < 40 && p.g < 40 { blue += 1 }
                if p.g > 200 && p.r < 40 && p.b < 40 { green += 1 }
            }
        }
        #expect(fiery > 1000, "the flame's own reds and oranges are drawn")
        #expect(blue == 0, "the style's fill does not paint over a colour glyph")
        #expect(green > 500, "the outline runs around the picture")
        // The outline hugs the flame, not the picture's square: the box's corners stay empty.
        let ink = try #require(image.inkBounds(threshold: 1))
        let corners = [(ink.minX, ink.minY), (ink.maxX, ink.minY)]
        #expect(corners.allSatisfy { image[$0.0, $0.1].a < 64 }, "the top corners of the ink box are clear")
    }
}
