import Captions
import Foundation
import LabelLayout
import StyledText
import Testing
import TextRender

/// The demo meme style: white bold text with a black outline.
func memeStyle() throws -> LabelStyle {
    try StyleSheet(contentsOf: packageRoot.appendingPathComponent("Localizations/styles/meme.json"))
        .style(forKey: "caption", locale: "en")
}

/// The smallest rectangle of pixels that differ between two images of one size.
func changedBounds(_ a: RGBAImage, _ b: RGBAImage) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
    var minX = a.width, minY = a.height, maxX = -1, maxY = -1
    for y in 0..<a.height {
        for x in 0..<a.width where a[x, y] != b[x, y] {
            minX = min(minX, x); maxX = max(maxX, x)
            minY = min(minY, y); maxY = max(maxY, y)
        }
    }
    return maxX < 0 ? nil : (minX, minY, maxX, maxY)
}

@Suite("Captions on photos")
struct CaptionTests {
    let photo: RGBAImage
    let style: LabelStyle
    let captioner = Captioner(engine: engine)

    init() throws {
        photo = try ImageDecoder().decode(contentsOf: coffeeURL)
        style = try memeStyle()
    }

    @Test("a top caption keeps the photo's size and changes only pixels in the top band")
    func topBand() throws {
        let result = try captioner.caption(photo, text: "WHEN THE ESPRESSO HITS", at: .top, style: style)
        #expect(result.image.width == 600 && result.image.height == 400)
        let band = try #require(result.captions.first?.band)
        // Margin: 4% of the 400 px side; band: a third of the height less the margin.
        #expect(band.x == 16 && band.y == 16 && band.width == 568 && band.height == 117 && band.scale == 0.6)
        let changed = try #require(changedBounds(result.image, photo))
        #expect(changed.minY >= band.y && changed.maxY < band.y + band.height, "\(changed)")
        #expect(changed.minX >= band.x && changed.maxX < band.x + band.width, "\(changed)")
        // Aligned against the top edge: the first line's box starts at the band's top, so
        // the outline starts where the layout puts the ink, in photo pixels.
        let layout = try #require(result.captions.first?.layout)
        let inkTop = Double(band.y) + (layout.inkBounds.minY - style.stroke!.width) * band.scale
        #expect(abs(Double(changed.minY) - inkTop) <= 2, "\(changed), expected from \(inkTop)")
        // At the top, give or take the snap of the baseline to a whole pixel.
        #expect(abs(layout.lines.first!.top - layout.textRect.minY) <= 0.5 + 1e-9)
        // Centred.
        #expect(abs((changed.minX + changed.maxX) / 2 - 300) <= 3, "\(changed)")
    }

    @Test("a bottom caption changes only pixels in the bottom band, against its bottom")
    func bottomBand() throws {
        let result = try captioner.caption(photo, text: "AND YOU REALIZE IT'S MONDAY", at: .bottom, style: style)
        let band = try #require(result.captions.first?.band)
        #expect(band.y + band.height == 400 - 16)
        let changed = try #require(changedBounds(result.image, photo))
        #expect(changed.minY >= band.y && changed.maxY < band.y + band.height, "\(changed)")
        // The last line's descent and outline reach down to the band's bottom; "Y"
        // and "," have no descender here, so allow for the font's descent.
        #expect(400 - 16 - changed.maxY < Int(result.captions[0].layout.fontSize * 0.6 * 0.4), "\(changed)")
    }

    @Test("the caption is white with a black outline: both colours appear where it is")
    func outlineAndFill() throws {
        let result = try captioner.caption(photo, text: "HELLO", style: style)
        let ink = try #require(changedBounds(result.image, photo))
        var white = 0, black = 0
        for y in ink.minY...ink.maxY {
            for x in ink.minX...ink.maxX {
                let p = result.image[x, y]
                if p.r == 255 && p.g == 255 && p.b == 255 { white += 1 }
                if p.r == 0 && p.g == 0 && p.b == 0 { black += 1 }
            }
        }
        #expect(white > 200 && black > 200, "white \(white), black \(black)")
    }

    @Test("top and bottom captions together, each in its band")
    func topAndBottom() throws {
        let result = try captioner.caption(
            photo, with: [Caption("TOP TEXT"), Caption("BOTTOM TEXT", at: .bottom)], style: style)
        let top = result.captions[0].band, bottom = result.captions[1].band
        #expect(top.y + top.height <= bottom.y)
        let upper = try #require(changedBounds(result.image.cropped(x: 0, y: 0, width: 600, height: 200),
                                               photo.cropped(x: 0, y: 0, width: 600, height: 200)))
        let lower = try #require(changedBounds(result.image.cropped(x: 0, y: 200, width: 600, height: 200),
                                               photo.cropped(x: 0, y: 200, width: 600, height: 200)))
        #expect(upper.maxY < top.y + top.height)
        #expect(lower.minY + 200 >= bottom.y)
        #expect(throws: CaptionError.positionTaken(.top)) {
            try captioner.caption(photo, with: [Caption("A"), Caption("B")], style: style)
        }
    }

    @Test("a long caption shrinks to fit the width: nothing in the margins, font smaller")
    func longCaptionShrinks() throws {
        let text = "This is a very long caption that goes on and on about coffee, the morning, "
            + "and everything that follows it until lunch"
        let result = try captioner.caption(photo, text: text, style: style)
        let layout = result.captions[0].layout
        #expect(layout.fontSize < style.font.size)
        #expect(layout.fitOutcome == .shrunk)
        #expect(layout.lines.count > 1 && layout.lines.count <= style.maxLines)
        let changed = try #require(changedBounds(result.image, photo))
        #expect(changed.minX >= 16 && changed.maxX < 600 - 16, "\(changed)")
        // It does fill the width: a shrunk caption is as wide as the band allows, nearly.
        #expect(changed.maxX - changed.minX > 500, "\(changed)")
    }

    @Test("style sizes are for a 1000 px wide photo: twice the photo, twice the text")
    func scalesWithPhotoWidth() throws {
        let big = try photo.scaled(toWidth: 1200, height: 800)
        let small = try captioner.caption(photo, text: "HELLO", style: style)
        let large = try captioner.caption(big, text: "HELLO", style: style)
        #expect(large.captions[0].band.scale == 1.2)
        #expect(small.captions[0].layout.fontSize == style.font.size)
        let a = try #require(changedBounds(small.image, photo))
        let b = try #require(changedBounds(large.image, big))
        let ratio = Double(b.maxX - b.minX + 1) / Double(a.maxX - a.minX + 1)
        #expect(abs(ratio - 2) < 0.05, "\(a) vs \(b)")
        let heightRatio = Double(b.maxY - b.minY + 1) / Double(a.maxY - a.minY + 1)
        #expect(abs(heightRatio - 2) < 0.08, "\(a) vs \(b)")
    }

    @Test("a style without minSize still shrinks, to a quarter of its size at most")
    func defaultMinimumSize() throws {
        var plain = style
        plain.font.minSize = nil
        let band = captioner.band(at: .top, photoWidth: 600, photoHeight: 400)
        #expect(captioner.captionStyle(plain, in: band, at: .top).font.minSize == plain.font.size / 4)
        let result = try captioner.caption(photo, text: String(repeating: "coffee ", count: 12), style: plain)
        #expect(result.captions[0].layout.fontSize < plain.font.size)
    }

    @Test("a photo too small for a caption is refused")
    func tooSmall() {
        let tiny = makeImage(12, 40) { _, _ in [0, 0, 0, 255] }
        #expect {
            try captioner.caption(tiny, text: "HI", style: style)
        } throws: { error in
            "\(error)".contains("12x40")
        }
    }

    @Test("the same inputs give the same pixels")
    func deterministic() throws {
        let a = try captioner.caption(photo, text: "SAME", style: style).image
        let b = try Captioner(engine: engine).caption(photo, text: "SAME", style: style).image
        #expect(a == b)
    }
}
