import Foundation
import LabelLayout
import StyledText
import Testing
import TextRender

/// Style fields whose effect is only visible in the result: forced direction, line height,
/// stroke joins, gradient angle and scope, and clipping without an ellipsis.
@Suite("Style promises")
struct StylePromiseTests {
    typealias Pixel = (r: UInt8, g: UInt8, b: UInt8, a: UInt8)

    static let red = Color(red: 1, green: 0, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1)

    // MARK: - Direction

    @Test("Latin forced right to left: closing punctuation goes to the left and natural alignment to the right")
    func latinForcedRTL() throws {
        let box = Box(width: 240, height: 80)
        let auto = try label("Play!", size: 40, box: box) { $0.align = .natural }
        let forced = try label("Play!", size: 40, box: box) { $0.align = .natural; $0.direction = .rtl }
        let (autoRTL, forcedRTL) = (auto.lines[0].isRightToLeft, forced.lines[0].isRightToLeft)
        #expect(!autoRTL)
        #expect(forcedRTL)

        // "!" is neutral: it takes the paragraph's direction, so it stands left of the word
        // in a right-to-left paragraph and right of it otherwise.
        let bang = 4
        func bangIsLeftmost(_ layout: TextLayout) throws -> Bool {
            let glyphs = layout.lines[0].runs.flatMap(\.glyphs)
            let mark = try #require(glyphs.first { $0.cluster == bang })
            return glyphs.allSatisfy { $0.cluster == bang || $0.x > mark.x }
        }
        #expect(try bangIsLeftmost(auto) == false)
        #expect(try bangIsLeftmost(forced))

        // Natural alignment follows the forced direction on the pixels too.
        let autoInk = try #require(try Renderer().render(auto).image.inkBounds(threshold: 32))
        let forcedInk = try #require(try Renderer().render(forced).image.inkBounds(threshold: 32))
        #expect(autoInk.minX <= 3 && autoInk.maxX < 200, "auto ink \(autoInk)")
        #expect(forcedInk.maxX >= 236 && forcedInk.minX > 40, "forced ink \(forcedInk)")
    }

    @Test("Arabic forced left to right: the Arabic run comes first from the left and natural alignment goes left")
    func arabicForcedLTR() throws {
        // Logically the Arabic word comes first; in the Arabic locale the paragraph is right
        // to left by default, so the Latin word is drawn on the left.
        let text = "سلام Hello"
        let box = Box(width: 300, height: 80)
        let auto = try label(text, size: 32, box: box, locale: "ar") { $0.align = .natural }
        let forced = try label(text, size: 32, box: box, locale: "ar") { $0.align = .natural; $0.direction = .ltr }
        let (autoRTL, forcedRTL) = (auto.lines[0].isRightToLeft, forced.lines[0].isRightToLeft)
        #expect(autoRTL)
        #expect(!forcedRTL)

        func arabicLeftOfLatin(_ layout: TextLayout) throws -> Bool {
            let runs = layout.lines[0].runs
            let arabic = runs.filter(\.isRightToLeft).flatMap(\.glyphs).map(\.x)
            let latin = runs.filter { !$0.isRightToLeft }.flatMap(\.glyphs).map(\.x)
            try #require(!arabic.isEmpty && !latin.isEmpty)
            return arabic.max()! < latin.min()!
        }
        #expect(try arabicLeftOfLatin(auto) == false)
        #expect(try arabicLeftOfLatin(forced))
        // Within the Arabic run the letters still read right to left: its first letter is
        // its rightmost glyph.
        let arabicGlyphs = forced.lines[0].runs.filter(\.isRightToLeft).flatMap(\.glyphs)
        let first = try #require(arabicGlyphs.first { $0.cluster == 0 })
        #expect(arabicGlyphs.allSatisfy { $0.cluster == 0 || $0.x < first.x })

        let autoInk = try #require(try Renderer().render(auto).image.inkBounds(threshold: 32))
        let forcedInk = try #require(try Renderer().render(forced).image.inkBounds(threshold: 32))
        #expect(autoInk.maxX >= 296, "auto ink \(autoInk)")
        #expect(forcedInk.minX <= 3 && forcedInk.maxX < 260, "forced ink \(forcedInk)")
    }

    // MARK: - Line height

    /// The first ink row of each band of inked rows, top to bottom.
    private func bandTops(_ image: RGBAImage) -> [Int] {
        var tops: [Int] = []
        var previousInked = false
        for y in 0..<image.height {
            let inked = (0..<image.width).contains { image[$0, y].a > 64 }
            if inked && !previousInked { tops.append(y) }
            previousInked = inked
        }
        return tops
    }

    @Test("lineHeight multiplies the distance between baselines, and the second line's ink moves with it",
          arguments: [0.8, 1.5, 2.0])
    func lineHeight(factor: Double) throws {
        let box = Box(width: 240, height: 300)
        let natural = try label("HOME\nHOME", size: 40, box: box) { $0.verticalAlign = .top }
        let scaled = try label("HOME\nHOME", size: 40, box: box) { $0.verticalAlign = .top; $0.lineHeight = factor }
        #expect(natural.fontSize == 40 && scaled.fontSize == 40)

        let face = natural.primaryFace
        let naturalHeight = (face.ascender + face.descender + face.lineGap) * 40
        let naturalGap = natural.baselines[1] - natural.baselines[0]
        let scaledGap = scaled.baselines[1] - scaled.baselines[0]
        // Baselines are snapped to whole pixels.
        #expect(abs(naturalGap - naturalHeight) <= 1, "natural gap \(naturalGap), line height \(naturalHeight)")
        #expect(abs(scaledGap - factor * naturalHeight) <= 1, "gap \(scaledGap) for \(factor) × \(naturalHeight)")

        let naturalTops = bandTops(try Renderer().render(natural).image)
        let scaledTops = bandTops(try Renderer().render(scaled).image)
        try #require(naturalTops.count == 2 && scaledTops.count == 2, "\(naturalTops) \(scaledTops)")
        let naturalDistance = Double(naturalTops[1] - naturalTops[0])
        let scaledDistance = Double(scaledTops[1] - scaledTops[0])
        #expect(abs(scaledDistance - factor * naturalDistance) <= 2,
                "ink line distance \(scaledDistance) for \(factor) × \(naturalDistance)")
    }

    // MARK: - Stroke joins

    @Test("bevel, round and miter joins differ at a sharp corner, and miter reaches furthest")
    func strokeJoins() throws {
        func render(_ join: LineJoin) throws -> RGBAImage {
            let layout = try label("V", size: 120, box: Box(width: 240, height: 240)) {
                $0.fill = .color(.white)
                $0.stroke = Stroke(width: 12, color: .black, join: join)
            }
            return try Renderer().render(layout).image
        }
        let bevel = try render(.bevel), round = try render(.round), miter = try render(.miter)
        #expect(bevel != round && round != miter && bevel != miter)

        // Coverage of the grown silhouette: a round join adds an arc to the bevel's cut, a
        // miter the whole point beyond it.
        func coverage(_ image: RGBAImage) -> Int {
            var sum = 0
            for y in 0..<image.height { for x in 0..<image.width { sum += Int(image[x, y].a) } }
            return sum / 255
        }
        let (b, r, m) = (coverage(bevel), coverage(round), coverage(miter))
        #expect(b < r && r < m, "coverage bevel \(b), round \(r), miter \(m)")

        let bevelInk = try #require(bevel.inkBounds(threshold: 0))
        let miterInk = try #require(miter.inkBounds(threshold: 0))
        // The V's top corners are its sharpest outer corners: the miter's point reaches
        // further out there than the bevel's cut.
        #expect(miterInk.minX <= bevelInk.minX - 3 && miterInk.maxX >= bevelInk.maxX + 3,
                "miter \(miterInk), bevel \(bevelInk)")
    }

    // MARK: - Gradient angle

    /// Fully opaque pixels of a row or a column, in order.
    private func opaqueRow(_ image: RGBAImage, _ y: Int) -> [Pixel] {
        (0..<image.width).map { image[$0, y] }.filter { $0.a == 255 }
    }

    private func opaqueColumn(_ image: RGBAImage, _ x: Int) -> [Pixel] {
        (0..<image.height).map { image[x, $0] }.filter { $0.a == 255 }
    }

    private func isFirst(_ p: Pixel) -> Bool { p.r > 230 && p.b < 25 }
    private func isLast(_ p: Pixel) -> Bool { p.b > 230 && p.r < 25 }

    @Test("gradient angle 0 runs left to right, 90 top to bottom")
    func gradientAngle() throws {
        func render(angle: Double) throws -> RGBAImage {
            let layout = try label("HH", size: 80, box: Box(width: 240, height: 120)) {
                $0.fill = .gradient(Gradient(colors: [Self.red, Self.blue], angle: angle))
            }
            return try Renderer().render(layout).image
        }
        // "H" has straight full-height stems at both ends of the word.
        let horizontal = try render(angle: 0)
        let hInk = try #require(horizontal.inkBounds(threshold: 254))
        let middleRow = opaqueRow(horizontal, (hInk.minY + hInk.maxY) / 2)
        let left = try #require(middleRow.first), right = try #require(middleRow.last)
        #expect(isFirst(left), "angle 0, left \(left)")
        #expect(isLast(right), "angle 0, right \(right)")
        // Along a column the colour does not change.
        let stem = opaqueColumn(horizontal, hInk.minX + 3)
        let stemTop = try #require(stem.first), stemBottom = try #require(stem.last)
        #expect(abs(Int(stemTop.r) - Int(stemBottom.r)) <= 3 && abs(Int(stemTop.b) - Int(stemBottom.b)) <= 3,
                "angle 0, column top \(stemTop) bottom \(stemBottom)")

        let vertical = try render(angle: 90)
        let vInk = try #require(vertical.inkBounds(threshold: 254))
        let column = opaqueColumn(vertical, vInk.minX + 3)
        let top = try #require(column.first), bottom = try #require(column.last)
        #expect(isFirst(top), "angle 90, top \(top)")
        #expect(isLast(bottom), "angle 90, bottom \(bottom)")
        let row = opaqueRow(vertical, (vInk.minY + vInk.maxY) / 2)
        let rowLeft = try #require(row.first), rowRight = try #require(row.last)
        #expect(abs(Int(rowLeft.r) - Int(rowRight.r)) <= 3 && abs(Int(rowLeft.b) - Int(rowRight.b)) <= 3,
                "angle 90, row left \(rowLeft) right \(rowRight)")
    }

    // MARK: - Gradient scope

    /// Rows holding a fully opaque pixel, split into bands of consecutive rows.
    private func opaqueBands(_ image: RGBAImage) -> [[Int]] {
        var bands: [[Int]] = []
        for y in 0..<image.height where (0..<image.width).contains(where: { image[$0, y].a == 255 }) {
            if let last = bands.last?.last, last == y - 1 { bands[bands.count - 1].append(y) } else { bands.append([y]) }
        }
        return bands
    }

    @Test("a label-scoped gradient spans the block; a line-scoped one starts over on each line")
    func gradientScope() throws {
        func render(_ scope: GradientScope) throws -> (RGBAImage, [[Int]]) {
            let layout = try label("HOME\nHOME", size: 40, box: Box(width: 200, height: 140)) {
                $0.fill = .gradient(Gradient(colors: [Self.red, Self.blue], scope: scope))
            }
            let image = try Renderer().render(layout).image
            return (image, opaqueBands(image))
        }
        func firstOpaque(_ image: RGBAImage, row: Int) throws -> Pixel {
            try #require(opaqueRow(image, row).first)
        }

        let (whole, wholeBands) = try render(.label)
        try #require(wholeBands.count == 2, "bands \(wholeBands.map { ($0.first!, $0.last!) })")
        let firstTop = try firstOpaque(whole, row: wholeBands[0].first!)
        let firstBottom = try firstOpaque(whole, row: wholeBands[0].last!)
        let secondTop = try firstOpaque(whole, row: wholeBands[1].first!)
        let secondBottom = try firstOpaque(whole, row: wholeBands[1].last!)
        #expect(isFirst(firstTop), "label: first line's top \(firstTop)")
        #expect(isLast(secondBottom), "label: second line's bottom \(secondBottom)")
        // Midway through the block: neither end colour, and further on below the gap.
        #expect(!isFirst(firstBottom) && !isLast(firstBottom), "label: first line's bottom \(firstBottom)")
        #expect(!isFirst(secondTop) && !isLast(secondTop), "label: second line's top \(secondTop)")
        #expect(Int(secondTop.b) - Int(firstBottom.b) >= 10 && Int(firstBottom.r) - Int(secondTop.r) >= 10,
                "label: first line's bottom \(firstBottom), second line's top \(secondTop)")

        let (perLine, lineBands) = try render(.line)
        try #require(lineBands.count == 2)
        for band in lineBands {
            let top = try firstOpaque(perLine, row: band.first!)
            let bottom = try firstOpaque(perLine, row: band.last!)
            #expect(isFirst(top), "line: top \(top)")
            #expect(isLast(bottom), "line: bottom \(bottom)")
        }
    }

    // MARK: - Clip

    @Test("truncate clip keeps the lines that fit, whole, with no ellipsis, and draws nothing past the box")
    func clipKeepsWholeLines() throws {
        let text = "Defeat fifty enemies without taking damage to earn the golden medal"
        let width = 200.0
        let unlimited = try label(text, size: 20, box: Box(width: width)) { $0.align = .left }
        try #require(unlimited.lines.count >= 4)
        let clipped = try label(text, size: 20, box: Box(width: width, height: 60)) {
            $0.align = .left
            $0.truncate = .clip
        }
        // As many lines as the band height holds, each the same as without the height limit.
        let band = unlimited.lines[0].height
        let fitting = Int(60 / band)
        try #require(fitting >= 1 && fitting < unlimited.lines.count)
        #expect(clipped.lineTexts == Array(unlimited.lineTexts.prefix(fitting)))
        #expect(clipped.isTruncated)
        #expect(clipped.fitOutcome == .truncated)
        #expect(!clipped.lineTexts.joined().unicodeScalars.contains("\u{2026}"))
        #expect(!clipped.laidOutText.unicodeScalars.contains("\u{2026}"))
        #expect(clipped.lines.allSatisfy { $0.runs.allSatisfy { !$0.isEllipsis } })

        // Every glyph's ink lies inside the box, clear of its outermost pixel ring.
        for line in clipped.lines {
            for run in line.runs {
                for glyph in run.glyphs {
                    guard let box = run.inkBox(glyph.id) else { continue }
                    let minX = glyph.x + box.minX * run.fontSize, maxX = glyph.x + box.maxX * run.fontSize
                    let minY = glyph.y - box.maxY * run.fontSize, maxY = glyph.y - box.minY * run.fontSize
                    #expect(minX >= 1 - 1e-6 && maxX <= width - 1 + 1e-6 && minY >= 1 - 1e-6 && maxY <= 59 + 1e-6,
                            "glyph \(glyph.id) of \(line.text): \(minX)...\(maxX), \(minY)...\(maxY)")
                }
            }
        }

        // On the pixels: exactly the kept lines, nothing on the outermost ring (no line
        // cut at the bottom edge), and the image is the box.
        let image = try Renderer().render(clipped).image
        #expect(image.width == Int(width) && image.height == 60)
        #expect(opaqueBands(image).count == fitting)
        for x in 0..<image.width { #expect(image[x, 0].a == 0 && image[x, image.height - 1].a == 0) }
        for y in 0..<image.height { #expect(image[0, y].a == 0 && image[image.width - 1, y].a == 0) }
        // The ink is the kept lines' ink and nothing else.
        let ink = try #require(image.inkBounds(threshold: 32))
        #expect(abs(Double(ink.maxY + 1) - clipped.inkBounds.maxY) <= 2, "ink \(ink), layout \(clipped.inkBounds)")
    }

    @Test("truncate clip on one line wider than the box keeps its alignment: the start in view, the far end cut")
    func clipOneWideLine() throws {
        let width = 100.0, height = 60.0
        for align in [HorizontalAlignment.left, .right] {
            let layout = try label("Continue the game", size: 30, box: Box(width: width, height: height)) {
                $0.align = align
                $0.wrap = .none
                $0.truncate = .clip
            }
            #expect(layout.lines.count == 1)
            #expect(!layout.laidOutText.unicodeScalars.contains("\u{2026}"))
            let glyphs = layout.lines[0].runs.flatMap { run in
                run.glyphs.compactMap { glyph in
                    run.inkBox(glyph.id).map { (cluster: glyph.cluster, minX: glyph.x + $0.minX * run.fontSize,
                                                maxX: glyph.x + $0.maxX * run.fontSize) }
                }
            }
            let first = try #require(glyphs.min { $0.cluster < $1.cluster })
            let last = try #require(glyphs.max { $0.cluster < $1.cluster })
            let image = try Renderer().render(layout).image
            func inked(column x: Int) -> Bool { (0..<image.height).contains { image[x, $0].a > 0 } }
            if align == .left {
                // "C" starts one pixel in, clear of the left ring; the cut is on the right.
                #expect(abs(first.minX - 1) < 1e-6, "left: the first glyph's ink starts at \(first.minX)")
                #expect(!inked(column: 0) && last.maxX > width, "left: the line ends at \(last.maxX)")
            } else {
                #expect(abs(last.maxX - (width - 1)) < 1e-6, "right: the last glyph's ink ends at \(last.maxX)")
                #expect(!inked(column: image.width - 1) && first.minX < 0, "right: the line starts at \(first.minX)")
            }
        }
    }
}

@Suite("Line gradients on overlapping lines")
struct OverlappingLineGradientTests {
    /// With a tight line height two lines' ink shares rows, so the renderer cannot mask
    /// each line's rows apart and fills line by line instead: that path must restart the
    /// gradient on each line too.
    @Test("a line gradient restarts on each line also when the lines' ink shares rows")
    func gradientPerOverlappingLine() throws {
        let layout = try label("HH\nHHHHHH", size: 40, box: Box(width: 260, height: 120)) {
            $0.fill = .gradient(Gradient(colors: [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1)], scope: .line))
            $0.lineHeight = 0.45
            $0.align = .left
        }
        func ink(_ line: TextLayout.Line) -> (minX: Double, maxX: Double, top: Double, bottom: Double) {
            var result = (minX: Double.infinity, maxX: -Double.infinity, top: Double.infinity, bottom: -Double.infinity)
            for run in line.runs {
                for glyph in run.glyphs {
                    guard let box = run.inkBox(glyph.id) else { continue }
                    result.minX = min(result.minX, glyph.x + box.minX * run.fontSize)
                    result.maxX = max(result.maxX, glyph.x + box.maxX * run.fontSize)
                    result.top = min(result.top, glyph.y - box.maxY * run.fontSize)
                    result.bottom = max(result.bottom, glyph.y - box.minY * run.fontSize)
                }
            }
            return result
        }
        try #require(layout.lines.count == 2)
        let upper = ink(layout.lines[0]), lower = ink(layout.lines[1])
        try #require(lower.top < upper.bottom, "the lines' ink does not share rows: \(upper), \(lower)")

        // Columns only the second line reaches: its topmost opaque pixel is the first
        // colour and its bottommost the last.
        let image = try Renderer().render(layout).image
        let columns = Int(upper.maxX.rounded(.up)) + 6..<Int(lower.maxX.rounded(.down)) - 6
        var top: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)?, bottom: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)?
        for y in 0..<image.height {
            for x in columns where image[x, y].a == 255 {
                if top == nil { top = image[x, y] }
                bottom = image[x, y]
            }
        }
        let first = try #require(top), last = try #require(bottom)
        #expect(first.r > 230 && first.b < 25, "the second line's top is \(first)")
        #expect(last.b > 230 && last.r < 25, "the second line's bottom is \(last)")
    }

    /// Runs with their own colour take another drawing path; the style's line gradient
    /// must still restart on each line there.
    @Test("a line gradient restarts on each line when markup colours some runs")
    func gradientPerLineWithColouredRuns() throws {
        let layout = try label("HHHH <color=#00FF00>H</color>\nHHHH <color=#00FF00>H</color>", size: 40,
                               box: Box(width: 260, height: 140)) {
            $0.fill = .gradient(Gradient(colors: [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1)], scope: .line))
            $0.align = .left
        }
        try #require(layout.lines.count == 2)
        let image = try Renderer().render(layout).image
        // The first "H" of the second line: its stem's top is the first colour, its bottom the last.
        let run = try #require(layout.lines[1].runs.first)
        let glyph = try #require(run.glyphs.first)
        let box = try #require(run.inkBox(glyph.id))
        // A column through the left stem (the middle would only cross the bar).
        let x = Int((glyph.x + box.minX * run.fontSize).rounded()) + 3
        let column = (0..<image.height).filter { image[x, $0].a == 255 && Double($0) > layout.lines[1].top }
        let top = image[x, try #require(column.first)], bottom = image[x, try #require(column.last)]
        #expect(top.r > 230 && top.b < 25, "the second line's top is \(top)")
        #expect(bottom.b > 230 && bottom.r < 25, "the second line's bottom is \(bottom)")
    }
}
