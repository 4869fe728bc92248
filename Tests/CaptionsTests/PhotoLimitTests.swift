import Captions
import Foundation
import LabelLayout
import StyledText
import Testing
import TextRender

/// The signature and header (IHDR, RGBA, 8 bits) of a PNG of the given size, with no
/// image data after them.
private func pngHeader(width: Int, height: Int) -> Data {
    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
    for side in [width, height] { png += [UInt8(side >> 24), UInt8(side >> 16 & 0xFF), UInt8(side >> 8 & 0xFF), UInt8(side & 0xFF)] }
    png += [8, 6, 0, 0, 0]
    return Data(png)
}

/// `jpeg` with the size in its frame header (SOF0 or SOF2) replaced: a header that claims
/// another size over the same data.
private func withFrameSize(_ jpeg: Data, width: Int, height: Int) -> Data {
    var bytes = [UInt8](jpeg)
    var offset = 2
    while offset + 9 < bytes.count, bytes[offset] == 0xFF, bytes[offset + 1] != 0xC0, bytes[offset + 1] != 0xC2 {
        offset += 2 + (Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3]))
    }
    precondition(offset + 9 < bytes.count && bytes[offset] == 0xFF, "no frame header")
    // Marker, length, precision, then height and width, big-endian.
    bytes[offset + 5] = UInt8(height >> 8); bytes[offset + 6] = UInt8(height & 0xFF)
    bytes[offset + 7] = UInt8(width >> 8); bytes[offset + 8] = UInt8(width & 0xFF)
    return Data(bytes)
}

@Suite("Photo limits")
struct PhotoLimitTests {
    @Test("a photo over the limits is refused from its header, before its pixels are decoded")
    func photoHeader() throws {
        // A header claiming 30000x30000 pixels, and no image data at all: refused for its
        // size, not as corrupt, so nothing was read past the header.
        let huge = #expect(throws: ImageError.self) { try ImageDecoder().decode(pngHeader(width: 30000, height: 30000)) }
        #expect(huge == .tooLarge(.png, width: 30000, height: 30000, limit: .pixels(128 << 20)))
        #expect(huge?.description == "the PNG image is 30000x30000 pixels (858.3 Mpixel); at most 128 Mpixel is allowed")
        let small = try PNGEncoder().encode(makeImage(20, 10) { _, _ in [1, 2, 3, 255] })
        let wide = #expect(throws: ImageError.self) { try ImageDecoder(limits: PhotoLimits(side: 16)).decode(small) }
        #expect(wide == .tooLarge(.png, width: 20, height: 10, limit: .side(16)))
        #expect(wide?.description == "the PNG image is 20x10 pixels; at most 16 on a side can be read")
        let many = #expect(throws: ImageError.self) { try ImageDecoder(limits: PhotoLimits(pixels: 199)).decode(small) }
        #expect(many == .tooLarge(.png, width: 20, height: 10, limit: .pixels(199)))
        #expect(many?.description == "the PNG image is 20x10 pixels (200 pixels); at most 199 pixels is allowed")
    }

    @Test("a JPEG over the limits is refused from its header")
    func jpegHeader() throws {
        let jpeg = try Data(contentsOf: coffeeURL)
        let many = #expect(throws: ImageError.self) { try ImageDecoder(limits: PhotoLimits(pixels: 1000)).decode(jpeg) }
        #expect(many == .tooLarge(.jpeg, width: 600, height: 400, limit: .pixels(1000)))
        let wide = #expect(throws: ImageError.self) { try ImageDecoder(limits: PhotoLimits(side: 599)).decode(jpeg) }
        #expect(wide?.description == "the JPEG image is 600x400 pixels; at most 599 on a side can be read")
        #expect(try ImageDecoder(limits: PhotoLimits(side: 600, pixels: 600 * 400)).decode(jpeg).width == 600)
        // Cairo's limit holds whatever the limits say.
        let beyondCairo = #expect(throws: ImageError.self) {
            try ImageDecoder(limits: PhotoLimits(side: 40000)).decode(withFrameSize(jpeg, width: 32768, height: 400))
        }
        #expect(beyondCairo == .tooLarge(.jpeg, width: 32768, height: 400, limit: .side(32767)))
    }

    @Test("captions refuse photos over the limits, and draw on photos wider than the label canvas limit")
    func captionPhotos() throws {
        let photo = makeImage(300, 200) { _, _ in [90, 90, 90, 255] }
        var style = LabelStyle(font: FontSpec(weight: 700, size: 60))
        style.stroke = Stroke(width: 4, color: .black)
        var captioner = Captioner(engine: engine)
        captioner.photoLimits = PhotoLimits(pixels: 50_000)
        let error = #expect(throws: CaptionError.self) { try captioner.caption(photo, text: "TOP", style: style) }
        #expect(error == .photoTooLarge(width: 300, height: 200, limit: .pixels(50_000)))
        #expect(error?.description == "the photo is 300x200 pixels (60000 pixels); at most 50000 pixels is allowed")
        captioner.photoLimits = PhotoLimits(side: 299)
        #expect(throws: CaptionError.photoTooLarge(width: 300, height: 200, limit: .side(299))) {
            _ = try captioner.caption(photo, text: "TOP", style: style)
        }
        // The caption's canvas may be as wide as the photo, beyond the label limit.
        captioner.photoLimits = .default
        captioner.limits = Limits(canvasSide: 100, canvasPixels: 10_000)
        let result = try captioner.caption(photo, text: "TOP", style: style)
        #expect(result.image.width == 300)
    }
}
