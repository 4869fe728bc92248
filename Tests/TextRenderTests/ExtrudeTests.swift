import Foundation
import LabelLayout
import StyledText
import Testing
import TextRender

/// The extrusion measured on pixels: where it reaches, what it leaves alone and how a
/// gradient runs along it.
@Suite("Extrusion measured on pixels")
struct ExtrudeTests {
    static let red = Color(red: 1, green: 0, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1)

    private func render(scale: Double, _ configure: (inout LabelStyle) -> Void = { _ in }) throws -> RenderedLabel {
        let layout = try label("Hob", size: 60, box: nil) {
            $0.canvas = .tight
            $0.fill = .color(.white)
            $0.stroke = Stroke(width: 3, color: .black)
            configure(&$0)
        }
        return try Renderer().render(layout, scale: scale)
    }

    private func edgeInk(_ image: RGBAImage) -> Int {
        var touching = 0
        for x in 0..<image.width { touching += (image[x, 0].a > 0 ? 1 : 0) + (image[x, image.height - 1].a > 0 ? 1 : 0) }
        for y in 0..<image.height { touching += (image[0, y].a > 0 ? 1 : 0) + (image[image.width - 1, y].a > 0 ? 1 : 0) }
        return touching
    }

    @Test("the sweep grows a tight canvas by its depth on its own side, so none of it is clipped", arguments: [1.0, 2])
    func tightCanvasHoldsTheSweep(scale: Double) throws {
        let plain = try render(scale: scale)
        let down = try render(scale: scale) { $0.extrude = Extrude(depth: 20, color: Self.red) }
        let right = try render(scale: scale) { $0.extrude = Extrude(depth: 20, angle: 0, color: Self.red) }
        #expect(edgeInk(down.image) == 0, "\(edgeInk(down.image)) pixels of the canvas's edge hold ink")
        #expect(edgeInk(right.image) == 0, "\(edgeInk(right.image)) pixels of the canvas's edge hold ink")
        // 20 px at @1x, the @1x edges rounded to whole pixels.
        let grown = Double(down.image.height - plain.image.height) / scale
        #expect((19...21).contains(grown), "the canvas grew by \(grown) px down, not the sweep's 20")
        #expect(down.image.width == plain.image.width && down.boxOriginY == plain.boxOriginY)
        let wider = Double(right.image.width - plain.image.width) / scale
        #expect((19...21).contains(wider), "the canvas grew by \(wider) px to the right, not the sweep's 20")
        #expect(right.image.height == plain.image.height && right.boxOriginX == plain.boxOriginX)
        // The sides reach to the end of the sweep: red ink 19 px below the outlined ink's bottom.
        let plainInk = try #require(plain.image.inkBounds(threshold: 0))
        let sweptInk = try #require(down.image.inkBounds(threshold: 128))
        #expect(Double(sweptInk.maxY - plainInk.maxY) >= 19 * scale, "the sides end \(sweptInk.maxY - plainInk.maxY) px below the text")
    }

    @Test("the extrusion lies under the outlines and the fill: they keep every pixel")
    func underTheText() throws {
        let plain = try render(scale: 1).image
        let swept = try render(scale: 1) { $0.extrude = Extrude(depth: 12, angle: 45, color: Self.red) }.image
        var changed = 0, sides = 0
        for y in 0..<plain.height {
            for x in 0..<plain.width {
                if plain[x, y].a == 255, swept[x, y] != plain[x, y] { changed += 1 }
                if plain[x, y].a == 0, swept[x, y].a == 255 { sides += 1 }
            }
        }
        #expect(changed == 0, "\(changed) opaque pixels of the text changed")
        #expect(sides > 400, "the sides cover only \(sides) pixels")
    }

    @Test("a gradient runs along the sweep: the front takes its first colour, the back its last")
    func gradientAlongTheSweep() throws {
        let depth = 24.0
        let plain = try render(scale: 1).image
        let swept = try render(scale: 1) {
            $0.extrude = Extrude(depth: depth, gradient: Gradient(colors: [Self.red, Self.blue]))
        }.image
        // Under each column's lowest ink, two pixels into the sweep and two short of its end.
        var columns = 0, frontRed = 0, backBlue = 0
        for x in 0..<plain.width {
            guard let bottom = (0..<plain.height).last(where: { plain[x, $0].a > 0 }),
                  bottom + Int(depth) - 2 < swept.height else { continue }
            let front = swept[x, bottom + 2], back = swept[x, bottom + Int(depth) - 2]
            guard front.a == 255, back.a == 255 else { continue }
            columns += 1
            if front.r > 3 * Int(front.b) { frontRed += 1 }
            if back.b > 3 * Int(back.r) { backBlue += 1 }
        }
        #expect(columns > 50, "only \(columns) columns hold the whole sweep")
        #expect(frontRed == columns, "the front is red in \(frontRed) of \(columns) columns")
        #expect(backBlue == columns, "the back is blue in \(backBlue) of \(columns) columns")
    }
}
