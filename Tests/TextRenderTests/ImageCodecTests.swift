import Foundation
import Testing
import TextRender

let fixtures = packageRoot.appendingPathComponent("Tests/Fixtures")
let coffeeURL = fixtures.appendingPathComponent("coffee.jpg")

/// An image of `width`×`height` whose every pixel is `color(x, y)`.
func makeImage(_ width: Int, _ height: Int, _ color: (Int, Int) -> [UInt8]) -> RGBAImage {
    var pixels: [UInt8] = []
    pixels.reserveCapacity(width * height * 4)
    for y in 0..<height { for x in 0..<width { pixels += color(x, y) } }
    return RGBAImage(width: width, height: height, pixels: pixels)
}

/// The mean absolute difference per channel of two images of the same size, over the
/// pixels `include` accepts.
func meanDifference(_ a: RGBAImage, _ b: RGBAImage, where include: (Int, Int) -> Bool = { _, _ in true }) -> Double {
    precondition(a.width == b.width && a.height == b.height)
    var total = 0, count = 0
    for y in 0..<a.height {
        for x in 0..<a.width where include(x, y) {
            let i = (y * a.width + x) * 4
            for c in 0..<4 { total += abs(Int(a.pixels[i + c]) - Int(b.pixels[i + c])) }
            count += 4
        }
    }
    return count == 0 ? 0 : Double(total) / Double(count)
}

/// `jpeg` with an EXIF block holding `orientation` right after the start-of-image marker.
func withExifOrientation(_ jpeg: Data, _ orientation: UInt8) -> Data {
    // Big-endian TIFF: header, IFD0 at offset 8 with one SHORT entry (0x0112), no next IFD.
    let tiff: [UInt8] = [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1,
                         0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0,
                         0, 0, 0, 0]
    let body = Array("Exif".utf8) + [0, 0] + tiff
    var out = Data(jpeg.prefix(2))
    out.append(contentsOf: [0xFF, 0xE1, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body)
    out.append(jpeg.dropFirst(2))
    return out
}

@Suite("Image decoding and encoding")
struct ImageCodecTests {
    @Test("the fixture photo decodes at full resolution, opaque")
    func decodesFixture() throws {
        let photo = try ImageDecoder().decode(contentsOf: coffeeURL)
        #expect(photo.width == 600 && photo.height == 400)
        #expect(stride(from: 3, to: photo.pixels.count, by: 4).allSatisfy { photo.pixels[$0] == 255 })
        // A photo, not a flat colour: the dark wood and the bright cup are both there.
        let lightness = stride(from: 0, to: photo.pixels.count, by: 4).map { Int(photo.pixels[$0]) }
        #expect(lightness.min()! < 40 && lightness.max()! > 220)
    }

    @Test("the format comes from the first bytes, not the name")
    func sniffsFormat() throws {
        let jpeg = try Data(contentsOf: coffeeURL)
        #expect(ImageFormat(sniffing: jpeg) == .jpeg)
        let png = try PNGEncoder().encode(makeImage(2, 2) { _, _ in [1, 2, 3, 255] })
        #expect(ImageFormat(sniffing: png) == .png)
        #expect(ImageFormat(sniffing: Data("GIF89a".utf8)) == nil)
    }

    @Test("PNG round trip is lossless for opaque pixels and close for translucent ones")
    func pngRoundTrip() throws {
        let image = makeImage(37, 23) { x, y in
            [UInt8(x * 6), UInt8(y * 11), UInt8((x * y) % 256), y < 12 ? 255 : UInt8(40 + x * 5)]
        }
        let decoded = try ImageDecoder().decode(try PNGEncoder().encode(image))
        #expect(decoded.width == 37 && decoded.height == 23)
        #expect(meanDifference(decoded, image) { _, y in y < 12 } == 0)
        // Cairo keeps pixels premultiplied, which rounds colours of translucent pixels.
        for y in 12..<23 {
            for x in 0..<37 {
                let (a, b) = (decoded[x, y], image[x, y])
                #expect(a.a == b.a)
                #expect(abs(Int(a.r) - Int(b.r)) <= 255 / Int(b.a) + 1)
            }
        }
    }

    @Test("JPEG round trip keeps the size and stays close to the pixels")
    func jpegRoundTrip() throws {
        let photo = try ImageDecoder().decode(contentsOf: coffeeURL)
        let data = try JPEGEncoder(quality: 92).encode(photo)
        #expect(Array(data.prefix(3)) == [0xFF, 0xD8, 0xFF])
        let decoded = try ImageDecoder().decode(data)
        #expect(decoded.width == photo.width && decoded.height == photo.height)
        #expect(meanDifference(decoded, photo) < 3)
        #expect(try JPEGEncoder(quality: 40).encode(photo).count < data.count)
    }

    @Test("JPEG output lays translucent pixels over white")
    func jpegFlattensOverWhite() throws {
        let clear = makeImage(16, 16) { _, _ in [0, 0, 0, 0] }
        let decoded = try ImageDecoder().decode(try JPEGEncoder().encode(clear))
        #expect(decoded[8, 8].r > 250 && decoded[8, 8].g > 250 && decoded[8, 8].b > 250)
    }

    @Test("EXIF orientation 6 (a phone held upright) is turned a quarter clockwise")
    func exifOrientation() throws {
        // Stored sideways: 64×32, red in the top-left quarter, blue elsewhere.
        let stored = makeImage(64, 32) { x, y in x < 32 && y < 16 ? [255, 0, 0, 255] : [0, 0, 255, 255] }
        let jpeg = try JPEGEncoder(quality: 95).encode(stored)
        #expect(try ImageDecoder().decode(jpeg).width == 64)

        let upright = try ImageDecoder().decode(withExifOrientation(jpeg, 6))
        #expect(upright.width == 32 && upright.height == 64)
        // The stored top-left corner is now the top-right one.
        #expect(upright[28, 4].r > 200 && upright[28, 4].b < 60)
        #expect(upright[4, 4].b > 200 && upright[4, 4].r < 60)
        #expect(upright[28, 40].b > 200)
    }

    @Test("each EXIF orientation moves the stored top-left pixel where the standard says",
          arguments: ExifOrientation.allCases)
    func orientations(_ orientation: ExifOrientation) {
        let (w, h) = (5, 3)
        let stored = makeImage(w, h) { x, y in x == 0 && y == 0 ? [255, 255, 255, 255] : [0, 0, 0, 255] }
        let shown = stored.oriented(orientation)
        let expected: (Int, Int)
        switch orientation {
        case .up: expected = (0, 0)
        case .upMirrored: expected = (w - 1, 0)
        case .down: expected = (w - 1, h - 1)
        case .downMirrored: expected = (0, h - 1)
        case .leftMirrored: expected = (0, 0)
        case .right: expected = (h - 1, 0)
        case .rightMirrored: expected = (h - 1, w - 1)
        case .left: expected = (0, w - 1)
        }
        #expect(shown.width == (orientation.swapsSides ? h : w))
        #expect(shown[expected.0, expected.1].r == 255)
        #expect(shown.pixels.filter { $0 == 255 }.count == 3 + w * h)  // one white pixel, alpha everywhere
    }

    @Test("unreadable data fails with a reason", arguments: [
        ("empty", Data(), "empty"),
        ("GIF", Data("GIF89a\u{1}\u{0}\u{1}\u{0}".utf8), "GIF images are not supported"),
        ("WebP", Data("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8), "WebP images are not supported"),
        ("text", Data("hello, world".utf8), "not a PNG or JPEG"),
    ])
    func unreadable(_ name: String, _ data: Data, _ reason: String) {
        #expect {
            try ImageDecoder().decode(data)
        } throws: { error in
            "\(error)".contains(reason)
        }
    }

    @Test("a truncated JPEG or PNG is refused as corrupt, not half decoded")
    func truncated() throws {
        let jpeg = try Data(contentsOf: coffeeURL)
        #expect {
            try ImageDecoder().decode(jpeg.prefix(jpeg.count / 2))
        } throws: { error in
            "\(error)".contains("corrupt JPEG")
        }
        let png = try PNGEncoder().encode(try ImageDecoder().decode(jpeg))
        let error = #expect(throws: ImageError.self) { try ImageDecoder().decode(png.prefix(png.count / 2)) }
        #expect(error == .truncated(.png))
        #expect(error?.description.contains("corrupt PNG") == true)
    }

    @Test("a file that cannot be read is named in the message")
    func missingFile() {
        let url = fixtures.appendingPathComponent("no-such-photo.jpg")
        #expect {
            try ImageDecoder().decode(contentsOf: url)
        } throws: { error in
            "\(error)".contains("no-such-photo.jpg")
        }
    }
}

@Suite("Compositing, cropping and scaling")
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

    @Test("scaling keeps flat colours and a frame's border at the edges")
    func scaling() throws {
        let frame = makeImage(30, 20) { x, y in
            x < 3 || y < 3 || x >= 27 || y >= 17 ? [200, 20, 20, 255] : [0, 0, 0, 0]
        }
        let big = try frame.scaled(toWidth: 90, height: 40)
        #expect(big.width == 90 && big.height == 40)
        #expect(big[1, 20] == (200, 20, 20, 255) && big[88, 39] == (200, 20, 20, 255))
        #expect(big[45, 20].a == 0)
        let small = try frame.scaled(toWidth: 15, height: 10)
        #expect(small[0, 5].r > 150 && small[7, 5].a == 0)
    }
}
