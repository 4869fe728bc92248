import Captions
import Foundation
import Testing
import TextRender

@Suite("Photo decoding and encoding")
struct PhotoCodecTests {
    @Test("the fixture photo decodes at full resolution, opaque")
    func decodesFixture() throws {
        let photo = try ImageDecoder().decode(contentsOf: coffeeURL)
        #expect(photo.width == 600 && photo.height == 400)
        #expect(stride(from: 3, to: photo.pixels.count, by: 4).allSatisfy { photo.pixels[$0] == 255 })
        // A photo, not a flat colour: the dark wood and the bright cup are both there.
        let lightness = stride(from: 0, to: photo.pixels.count, by: 4).map { Int(photo.pixels[$0]) }
        #expect(lightness.min()! < 40 && lightness.max()! > 220)
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

    @Test("a folder is refused, naming it")
    func folder() {
        let error = #expect(throws: ImageError.self) { try ImageDecoder().decode(contentsOf: fixtures) }
        #expect(error == .file(fixtures.path, .isFolder))
        #expect(error?.description == "\(fixtures.path): is a folder; expected a PNG or JPEG image")
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
