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

@Suite("PNG decoding")
struct ImageCodecTests {
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
        let decoded = try PNGDecoder().decode(try PNGEncoder().encode(image))
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

    @Test("a truncated PNG is refused as corrupt, not half decoded")
    func truncated() throws {
        let png = try PNGEncoder().encode(makeImage(40, 30) { x, y in [UInt8(x), UInt8(y), 7, 255] })
        let error = #expect(throws: ImageError.self) { try PNGDecoder().decode(png.prefix(png.count / 2)) }
        #expect(error == .truncated(.png))
        #expect(error?.description.contains("corrupt PNG") == true)
    }

    @Test("data that is not a PNG is refused, saying what it is instead", arguments: [
        ("JPEG", "coffee.jpg", "expected a PNG image, got a JPEG image"),
        ("GIF", "GIF89a\u{1}\u{0}\u{1}\u{0}", "expected a PNG image, got a GIF image"),
        ("empty", "", "expected a PNG image, got an empty file"),
        ("text", "hello, world", "expected a PNG image, got data starting 68 65 6C 6C 6F 2C 20 77"),
    ])
    func notPNG(_ name: String, _ content: String, _ message: String) throws {
        let data = name == "JPEG" ? try Data(contentsOf: fixtures.appendingPathComponent(content)) : Data(content.utf8)
        let error = #expect(throws: ImageError.self) { try PNGDecoder().decode(data) }
        #expect(error?.description == message, "\(name)")
    }

    @Test("a folder or a missing file is refused, naming the path")
    func notAFile() {
        let folder = #expect(throws: ImageError.self) { try PNGDecoder().decode(contentsOf: fixtures) }
        #expect(folder == .file(fixtures.path, .notPNG(found: "a folder")))
        #expect(folder?.description == "\(fixtures.path): expected a PNG image, got a folder")
        let missing = fixtures.appendingPathComponent("no-such-golden.png")
        let error = #expect(throws: ImageError.self) { try PNGDecoder().decode(contentsOf: missing) }
        #expect(error?.description.hasPrefix("\(missing.path): cannot read the image") == true, "\(String(describing: error))")
    }
}

@Suite("Scaling")
struct ImageScalingTests {
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
