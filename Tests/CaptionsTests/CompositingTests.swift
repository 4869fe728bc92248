import Captions
import Testing
import TextRender

@Suite("Compositing and cropping")
struct CompositingTests {
    @Test("over: opaque covers, clear leaves, half-white over black is mid grey")
    func overOnOpaque() {
        var base = makeImage(3, 1) { _, _ in [0, 0, 0, 255] }
        let top = RGBAImage(width: 3, height: 1, pixels: [255, 0, 0, 255, 9, 9, 9, 0, 255, 255, 255, 128])
        base.composite(top, atX: 0, y: 0)
        #expect(base[0, 0] == (255, 0, 0, 255))
        #expect(base[1, 0] == (0, 0, 0, 255))
        #expect(base[2, 0] == (128, 128, 128, 255))
    }

    @Test("over: translucent over translucent follows Porter-Duff in straight alpha")
    func overOnTranslucent() {
        var base = RGBAImage(width: 1, height: 1, pixels: [0, 0, 255, 128])
        base.composite(RGBAImage(width: 1, height: 1, pixels: [255, 0, 0, 128]), atX: 0, y: 0)
        // a = 0.502 + 0.502 × 0.498 = 0.752; red = 0.502 / 0.752 of full, blue the rest.
        #expect(base[0, 0] == (170, 0, 85, 192))
        var clear = RGBAImage(width: 1, height: 1)
        clear.composite(RGBAImage(width: 1, height: 1, pixels: [10, 20, 30, 77]), atX: 0, y: 0)
        #expect(clear[0, 0] == (10, 20, 30, 77))
    }

    @Test("an overlay partly outside the image is cut off")
    func overlayClipped() {
        var base = makeImage(4, 4) { _, _ in [0, 0, 0, 255] }
        base.composite(makeImage(3, 3) { _, _ in [255, 255, 255, 255] }, atX: -1, y: 2)
        let white = (0..<4).flatMap { y in (0..<4).map { x in (x, y) } }.filter { base[$0.0, $0.1].r == 255 }
        #expect(white.map { "\($0.0),\($0.1)" } == ["0,2", "1,2", "0,3", "1,3"])
    }

    @Test("a centred square crop of a landscape and a portrait image")
    func squareCrop() {
        let landscape = makeImage(10, 4) { x, y in [UInt8(x), UInt8(y), 0, 255] }
        let square = landscape.croppedToSquare()
        #expect(square.width == 4 && square.height == 4)
        #expect(square[0, 0] == (3, 0, 0, 255) && square[3, 3] == (6, 3, 0, 255))
        let portrait = makeImage(3, 8) { x, y in [UInt8(x), UInt8(y), 0, 255] }.croppedToSquare()
        #expect(portrait.width == 3 && portrait[0, 0] == (0, 2, 0, 255))
    }
}
