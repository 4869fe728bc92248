import Foundation
import LabelLayout
import TextRender

let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let engine = LayoutEngine(fonts: FontSources(
    bundledDirectories: [packageRoot.appendingPathComponent("Fonts").path], useHostFonts: false))

let fixtures = packageRoot.appendingPathComponent("Tests/Fixtures")
let coffeeURL = fixtures.appendingPathComponent("coffee.jpg")

/// An image of `width`×`height` whose every pixel is `color(x, y)`.
func makeImage(_ width: Int, _ height: Int, _ color: (Int, Int) -> [UInt8]) -> RGBAImage {
    var pixels: [UInt8] = []
    pixels.reserveCapacity(width * height * 4)
    for y in 0..<height { for x in 0..<width { pixels += color(x, y) } }
    return RGBAImage(width: width, height: height, pixels: pixels)
}

/// The mean absolute difference per channel of two images of the same size.
func meanDifference(_ a: RGBAImage, _ b: RGBAImage) -> Double {
    precondition(a.width == b.width && a.height == b.height)
    let total = zip(a.pixels, b.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
    return a.pixels.isEmpty ? 0 : Double(total) / Double(a.pixels.count)
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
