import Foundation
import LabelLayout
import StyledText
import Testing
import TextRender

/// Where effects land and in which order they are painted, measured on pixels against
/// the same label drawn without them. Every check compares positions or colours that do
/// not depend on the version of FreeType or Cairo that draws the edges.
@Suite("Effects placed and ordered, measured on pixels")
struct EffectPlacementTests {
    static let red = Color(red: 1, green: 0, blue: 0)
    static let green = Color(red: 0, green: 1, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1)
    static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    typealias Pixel = (r: UInt8, g: UInt8, b: UInt8, a: UInt8)

    /// Rows holding a fully opaque pixel, as runs of consecutive rows.
    private func opaqueBands(_ image: RGBAImage, where chosen: (Pixel) -> Bool = { _ in true }) -> [ClosedRange<Int>] {
        var bands: [ClosedRange<Int>] = []
        for y in 0..<image.height where (0..<image.width).contains(where: { image[$0, y].a == 255 && chosen(image[$0, y]) }) {
            if let last = bands.last, last.upperBound == y - 1 {
                bands[bands.count - 1] = last.lowerBound...y
            } else {
                bands.append(y...y)
            }
        }
        return bands
    }

    private func firstOpaque(_ image: RGBAImage, row: Int) throws -> Pixel {
        try #require((0..<image.width).map { image[$0, row] }.first { $0.a == 255 }, "row \(row) has no opaque pixel")
    }

    private func isRed(_ p: Pixel) -> Bool { p.r > 220 && p.g < 35 && p.b < 35 }
    private func isBlue(_ p: Pixel) -> Bool { p.b > 220 && p.r < 35 && p.g < 35 }

    // MARK: - Shadows

    @Test("a shadow's offset is in points: 6 and 4 pixels at @1x, twice that at @2x, three times at @3x",
          arguments: [1.0, 2, 3])
    func shadowOffsetScales(scale: Double) throws {
        func draw(shadow: Bool) throws -> RGBAImage {
            let layout = try label("Hi", size: 50, box: Box(width: 160, height: 100)) {
                // Only the shadow shows in one image, only the fill in the other; both
                // have the shadow, so the text leaves it the same room.
                $0.fill = .color(shadow ? Self.clear : .black)
                $0.shadows = [Shadow(color: shadow ? .black : Self.clear, offsetX: 6, offsetY: 4)]
            }
            return try Renderer().render(layout, scale: scale).image
        }
        let shadowInk = try #require(try draw(shadow: true).inkBounds(threshold: 128))
        let fillInk = try #require(try draw(shadow: false).inkBounds(threshold: 128))
        let (dx, dy) = (6 * Int(scale), 4 * Int(scale))
        // A hard shadow is the silhouette moved: every edge by the same offset.
        #expect(abs(shadowInk.minX - fillInk.minX - dx) <= 1 && abs(shadowInk.maxX - fillInk.maxX - dx) <= 1,
                "@\(scale)x: shadow x \(shadowInk.minX)...\(shadowInk.maxX), text x \(fillInk.minX)...\(fillInk.maxX)")
        #expect(abs(shadowInk.minY - fillInk.minY - dy) <= 1 && abs(shadowInk.maxY - fillInk.maxY - dy) <= 1,
                "@\(scale)x: shadow y \(shadowInk.minY)...\(shadowInk.maxY), text y \(fillInk.minY)...\(fillInk.maxY)")
    }

    @Test("of two shadows the first is painted on top, as in CSS")
    func shadowOrder() throws {
        // Every image has both shadows, one made transparent or not, so the text leaves
        // them the same room and lies on the same pixels.
        func draw(red: Bool, blue: Bool) throws -> RGBAImage {
            let layout = try label("O", size: 80, box: Box(width: 180, height: 140)) {
                $0.fill = .color(Self.clear)
                $0.shadows = [Shadow(color: red ? Self.red : Self.clear, offsetX: 8, offsetY: 0),
                              Shadow(color: blue ? Self.blue : Self.clear, offsetX: 14, offsetY: 0)]
            }
            return try Renderer().render(layout).image
        }
        let redOnly = try draw(red: true, blue: false), blueOnly = try draw(red: false, blue: true)
        let both = try draw(red: true, blue: true)
        var overlap = 0, wrong = 0, blueShows = 0
        for y in 0..<both.height {
            for x in 0..<both.width where redOnly[x, y].a == 255 && blueOnly[x, y].a == 255 {
                overlap += 1
                if !isRed(both[x, y]) { wrong += 1 }
            }
            for x in 0..<both.width where redOnly[x, y].a == 0 && blueOnly[x, y].a == 255 {
                if isBlue(both[x, y]) { blueShows += 1 }
            }
        }
        #expect(overlap > 500, "the shadows overlap on only \(overlap) pixels")
        #expect(wrong == 0, "\(wrong) of \(overlap) pixels where both shadows lie are not the first shadow's red")
        #expect(blueShows > 100, "the second shadow shows where the first does not: \(blueShows) pixels")
    }

    // MARK: - Gradients

    @Test("an outline's line-scoped gradient starts over on each of three lines; label scope spans them")
    func strokeGradientPerLine() throws {
        func draw(_ scope: GradientScope) throws -> (layout: TextLayout, image: RGBAImage) {
            let layout = try label("HOME HOME HOME", size: 40, box: Box(width: 170, height: 220)) {
                $0.fill = .color(Self.clear)
                $0.stroke = Stroke(width: 4, color: .black, gradient: Gradient(colors: [Self.red, Self.blue], scope: scope))
            }
            return (layout, try Renderer().render(layout).image)
        }
        let perLine = try draw(.line)
        try #require(perLine.layout.lineTexts == ["HOME", "HOME", "HOME"])
        let bands = opaqueBands(perLine.image)
        try #require(bands.count == 3, "outline bands \(bands)")
        for (index, band) in bands.enumerated() {
            let top = try firstOpaque(perLine.image, row: band.lowerBound)
            let bottom = try firstOpaque(perLine.image, row: band.upperBound)
            #expect(isRed(top), "line \(index): the outline's top \(top)")
            #expect(isBlue(bottom), "line \(index): the outline's bottom \(bottom)")
        }

        let whole = try draw(.label)
        let spanned = opaqueBands(whole.image)
        try #require(spanned.count == 3)
        let middleTop = try firstOpaque(whole.image, row: spanned[1].lowerBound)
        let middleBottom = try firstOpaque(whole.image, row: spanned[1].upperBound)
        #expect(!isRed(middleTop) && !isBlue(middleBottom), "label scope, middle line: \(middleTop) ... \(middleBottom)")
        #expect(isRed(try firstOpaque(whole.image, row: spanned[0].lowerBound)))
        #expect(isBlue(try firstOpaque(whole.image, row: spanned[2].upperBound)))
    }

    @Test("uneven gradient stops: green at 20% of the way down lies at a fifth of the ink, not halfway")
    func unevenStops() throws {
        let layout = try label("I", size: 120, box: Box(width: 120, height: 180)) {
            $0.fill = .gradient(Gradient(colors: [Self.red, Self.green, Self.blue], locations: [0, 0.2, 1], scope: .label))
        }
        let image = try Renderer().render(layout).image
        let ink = try #require(image.inkBounds(threshold: 254))
        let column = (ink.minX + ink.maxX) / 2
        let rows = Array(ink.minY...ink.maxY)
        let greenest = try #require(rows.max { image[column, $0].g < image[column, $1].g })
        let share = Double(greenest - ink.minY) / Double(ink.maxY - ink.minY)
        #expect(abs(share - 0.2) < 0.04, "the purest green is \(Int(share * 100))% of the way down the stem")
        #expect(image[column, greenest].g > 240)
        // Between the stops the colour runs evenly: halfway from green to blue is an even mix.
        let halfway = ink.minY + Int((0.6 * Double(ink.maxY - ink.minY)).rounded())
        let mix = image[column, halfway]
        #expect(abs(Int(mix.g) - Int(mix.b)) < 30 && mix.r < 20, "at 60%: \(mix)")
    }

    // MARK: - Tight canvas

    @Test("on a tight canvas the reported baselines are where the ink stands, at @1x, @2x and @3x",
          arguments: [1.0, 2, 3])
    func tightBaselines(scale: Double) throws {
        // Flat-bottomed capitals on two lines, low in a tall box, so the canvas's origin
        // lies far from the box's.
        let layout = try label("HEH\nHEH", size: 40, box: Box(width: 300, height: 300)) {
            $0.canvas = .tight
            $0.verticalAlign = .bottom
            $0.stroke = Stroke(width: 2, color: .black)
        }
        let rendered = try Renderer().render(layout, scale: scale)
        #expect(rendered.boxOriginY < -100 * Int(scale), "box origin \(rendered.boxOriginY)")
        try #require(rendered.baselines.count == 2)
        // The white fill, inside the black outline, stands on the baseline.
        let bands = opaqueBands(rendered.image) { $0.r > 250 && $0.g > 250 && $0.b > 250 }
        try #require(bands.count == 2, "white bands \(bands)")
        for (band, baseline) in zip(bands, rendered.baselines) {
            #expect(abs(band.upperBound + 1 - baseline) <= 1, "@\(scale)x: ink ends above row \(band.upperBound + 1), baseline reported at \(baseline)")
        }
    }
}
