import Foundation
import LabelLayout
import StyledText
import Testing
import TextRender

/// Layer styles measured on pixels: stacked outlines, an outline's gradient, inner
/// shadows and the bevel. Each is compared with the same label drawn without it, laid out
/// in the same box, so glyphs sit on the same pixels.
@Suite("Layer styles measured on pixels")
struct LayerStyleTests {
    static let red = Color(red: 1, green: 0, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1)
    static let grey = Color(red: 0.5, green: 0.5, blue: 0.5)

    /// "Hob" large in a box with room for every effect, centred so that effects which
    /// inset the text by equal amounts on each side leave the glyphs where they were.
    private func draw(scale: Double = 1, _ configure: (inout LabelStyle) -> Void) throws -> RGBAImage {
        let layout = try label("Hob", size: 80, box: Box(width: 320, height: 160)) {
            $0.verticalAlign = .middle
            configure(&$0)
        }
        return try Renderer().render(layout, scale: scale).image
    }

    private func pixels(_ image: RGBAImage) -> [(x: Int, y: Int)] {
        (0..<image.height).flatMap { y in (0..<image.width).map { x in (x, y) } }
    }

    @Test("a second outline lies wholly outside the first, with no gap or seam between them", arguments: [1.0, 2])
    func stackedOutlines(scale: Double) throws {
        let inner = try draw(scale: scale) { $0.stroke = Stroke(width: 3, color: Self.red, join: .round) }
        let stacked = try draw(scale: scale) {
            $0.stroke = Stroke(width: 3, color: Self.red, join: .round)
            $0.outerStrokes = [Stroke(width: 4, color: Self.blue, join: .round)]
        }
        var blue = 0, changedInside = 0, gaps = 0, notBlue = 0
        for (x, y) in pixels(inner) {
            let before = inner[x, y], after = stacked[x, y]
            if before.a == 255, after != before { changedInside += 1 }
            // Whatever the first outline touches, even at its anti-aliased edge, lies at
            // least three pixels inside the second's outer edge: it must be fully covered.
            if before.a > 0, after.a != 255 { gaps += 1 }
            if before.a == 0, after.a > 0 {
                blue += 1
                if after.r != 0 || after.g != 0 || after.b != 255 { notBlue += 1 }
            }
        }
        #expect(changedInside == 0, "\(changedInside) pixels inside the first outline changed")
        #expect(gaps == 0, "\(gaps) pixels between the outlines are not fully covered")
        #expect(notBlue == 0, "\(notBlue) pixels outside the first outline are not the second's colour")
        #expect(Double(blue) > 1000 * scale * scale, "the second outline drew only \(blue) pixels")
    }

    @Test("a stacked outline turns corners with its own join: bevel, round and miter differ, and miter reaches furthest")
    func stackedOutlineJoins() throws {
        // The inner outline is round in every case; only the outer one's join changes.
        func outerRing(_ join: LineJoin) throws -> (image: RGBAImage, coverage: Int) {
            let layout = try label("V", size: 120, box: Box(width: 260, height: 240)) {
                $0.fill = .color(.white)
                $0.stroke = Stroke(width: 3, color: Self.red, join: .round)
                $0.outerStrokes = [Stroke(width: 10, color: Self.blue, join: join)]
            }
            let image = try Renderer().render(layout).image
            var coverage = 0
            for (x, y) in pixels(image) where image[x, y].b > 0 { coverage += Int(image[x, y].a) }
            return (image, coverage / 255)
        }
        let bevel = try outerRing(.bevel), round = try outerRing(.round), miter = try outerRing(.miter)
        #expect(bevel.coverage < round.coverage && round.coverage < miter.coverage,
                "outer ring coverage: bevel \(bevel.coverage), round \(round.coverage), miter \(miter.coverage)")
        // At the V's sharp top corners the miter's point reaches past the bevel's cut.
        let bevelInk = try #require(bevel.image.inkBounds(threshold: 0))
        let miterInk = try #require(miter.image.inkBounds(threshold: 0))
        #expect(miterInk.minX <= bevelInk.minX - 3 && miterInk.maxX >= bevelInk.maxX + 3, "miter \(miterInk), bevel \(bevelInk)")
    }

    @Test("three outlines stack outward in order, each wider than the one inside")
    func threeOutlines() throws {
        let colors = [Self.red, Color(red: 0, green: 1, blue: 0), Self.blue]
        let image = try draw {
            $0.fill = .color(.white)
            $0.stroke = Stroke(width: 2, color: colors[0], join: .round)
            $0.outerStrokes = [Stroke(width: 3, color: colors[1], join: .round), Stroke(width: 4, color: colors[2], join: .round)]
        }
        // Along the middle row, walking left from the first glyph's left stem, full
        // pixels of one colour pass from white to red to green to blue, in that order,
        // then to nothing. (A full pixel on the line between two outlines holds both.)
        let row = image.height / 2
        let stem = try #require((0..<image.width).first { image[$0, row] == (255, 255, 255, 255) })
        var seen: [String] = []
        for x in stride(from: stem, through: 0, by: -1) {
            let p = image[x, row]
            guard p.a == 255 || p.a == 0 else { continue }
            let name = p.a == 0 ? "none" : p == (255, 255, 255, 255) ? "fill" : p.r == 255 ? "red" : p.g == 255 ? "green" : p.b == 255 ? "blue" : "mixed"
            if name != "mixed", seen.last != name { seen.append(name) }
        }
        #expect(seen == ["fill", "red", "green", "blue", "none"])
    }

    @Test("a gradient on an outline runs across the outline, and leaves the fill alone")
    func outlineGradient() throws {
        let image = try draw {
            $0.fill = .color(.white)
            $0.stroke = Stroke(width: 6, color: .black, join: .round,
                               gradient: Gradient(colors: [Self.red, Self.blue], scope: .label, angle: 90))
        }
        let glyphs = try draw { $0.fill = .color(.white) }
        let ink = try #require(image.inkBounds(threshold: 254))
        let quarter = (ink.maxY - ink.minY) / 4
        var top = (red: 0, blue: 0), bottom = (red: 0, blue: 0), blackOrGrey = 0, fillChanged = 0
        for (x, y) in pixels(image) {
            let p = image[x, y]
            if glyphs[x, y].a == 255 {
                if p != (255, 255, 255, 255) { fillChanged += 1 }
                continue
            }
            guard glyphs[x, y].a == 0, p.a == 255 else { continue }
            if p.r == p.g && p.g == p.b { blackOrGrey += 1 }
            if y < ink.minY + quarter { top.red += Int(p.r); top.blue += Int(p.b) }
            if y > ink.maxY - quarter { bottom.red += Int(p.r); bottom.blue += Int(p.b) }
        }
        #expect(top.red > 3 * top.blue, "the top of the outline is not red: \(top)")
        #expect(bottom.blue > 3 * bottom.red, "the bottom of the outline is not blue: \(bottom)")
        #expect(blackOrGrey == 0, "\(blackOrGrey) outline pixels took the stroke's colour instead of the gradient")
        #expect(fillChanged == 0, "\(fillChanged) pixels of the glyphs' interior are not the fill")
    }

    @Test("an inner shadow never leaves the glyphs, and falls on the side away from its offset", arguments: [1.0, 3])
    func innerShadow(scale: Double) throws {
        func style(_ style: inout LabelStyle) {
            style.fill = .color(.white)
            style.stroke = Stroke(width: 3, color: Self.blue, join: .round)
        }
        let plain = try draw(scale: scale, style)
        let glyphs = try draw(scale: scale) { $0.fill = .color(.white) }
        let shadowed = try draw(scale: scale) {
            style(&$0)
            $0.innerShadows = [Shadow(color: .black, offsetX: 0, offsetY: 4, blur: 4)]
        }
        var outside = 0
        var near = (top: [Double](), bottom: [Double]())
        let reach = Int(3 * scale)
        for (x, y) in pixels(plain) {
            if glyphs[x, y].a == 0, shadowed[x, y] != plain[x, y] { outside += 1 }
            guard glyphs[x, y].a == 255, y >= reach, y + reach < plain.height else { continue }
            let darkening = Double(plain[x, y].r) - Double(shadowed[x, y].r)
            if glyphs[x, y - reach].a == 0 { near.top.append(darkening) }
            if glyphs[x, y + reach].a == 0 { near.bottom.append(darkening) }
        }
        #expect(outside == 0, "the inner shadow changed \(outside) pixels outside the glyphs")
        let top = near.top.reduce(0, +) / Double(max(1, near.top.count))
        let bottom = near.bottom.reduce(0, +) / Double(max(1, near.bottom.count))
        #expect(top > 60, "under the glyphs' top edges the shadow darkens by \(top) levels only")
        #expect(top > 4 * bottom, "a shadow cast downward darkens top edges (\(top)) no more than bottom edges (\(bottom))")
    }

    @Test("a bevel's lit side is brighter than its shaded side, wherever the light comes from",
          arguments: [(angle: 90.0, lit: "top"), (270, "bottom"), (0, "right"), (180, "left")])
    func bevelLighting(angle: Double, lit: String) throws {
        let flat = try draw { $0.fill = .color(Self.grey) }
        let bevelled = try draw {
            $0.fill = .color(Self.grey)
            $0.bevel = Bevel(size: 6, depth: 1, angle: angle, altitude: 30)
        }
        var sides: [String: [Double]] = [:]
        var outside = 0
        for (x, y) in pixels(flat) {
            if flat[x, y].a == 0, bevelled[x, y] != flat[x, y] { outside += 1 }
            guard flat[x, y].a == 255, (3..<flat.width - 3).contains(x), (3..<flat.height - 3).contains(y) else { continue }
            let level = Double(bevelled[x, y].r)
            if flat[x, y - 3].a == 0 { sides["top", default: []].append(level) }
            if flat[x, y + 3].a == 0 { sides["bottom", default: []].append(level) }
            if flat[x - 3, y].a == 0 { sides["left", default: []].append(level) }
            if flat[x + 3, y].a == 0 { sides["right", default: []].append(level) }
        }
        let mean = sides.mapValues { $0.reduce(0, +) / Double(max(1, $0.count)) }
        let opposite = ["top": "bottom", "bottom": "top", "left": "right", "right": "left"][lit]!
        let litLevel = try #require(mean[lit]), shadedLevel = try #require(mean[opposite])
        #expect(litLevel > 150, "the \(lit) side facing the light is at \(litLevel), not brighter than the grey fill")
        #expect(shadedLevel < 100, "the \(opposite) side away from the light is at \(shadedLevel), not darker than the fill")
        #expect(outside == 0, "the bevel changed \(outside) pixels outside the glyphs")
    }

    @Test("stacked outlines grow a tight canvas, so none is clipped")
    func tightCanvasHoldsOutlines() throws {
        let layout = try label("Hob", size: 60, box: nil) {
            $0.canvas = .tight
            $0.stroke = Stroke(width: 3, color: Self.red)
            $0.outerStrokes = [Stroke(width: 5, color: Self.blue), Stroke(width: 4, color: .black)]
        }
        let image = try Renderer().render(layout, scale: 2).image
        var touching = 0
        for x in 0..<image.width { touching += (image[x, 0].a > 0 ? 1 : 0) + (image[x, image.height - 1].a > 0 ? 1 : 0) }
        for y in 0..<image.height { touching += (image[0, y].a > 0 ? 1 : 0) + (image[image.width - 1, y].a > 0 ? 1 : 0) }
        #expect(touching == 0, "\(touching) pixels of the canvas's edge hold ink")
        let plain = try Renderer().render(try label("Hob", size: 60, box: nil) {
            $0.canvas = .tight
            $0.stroke = Stroke(width: 3, color: Self.red)
        }, scale: 2).image
        // 9 px a side at @1x, doubled; the @1x edges round to whole pixels.
        #expect((34...38).contains(image.width - plain.width), "the canvas grew by \(image.width - plain.width) px, not the outlines' 18 px at @2x")
    }
}
