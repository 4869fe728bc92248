import CZlib
import Foundation
import LabelLayout
import StyledText
import Testing
import TextRender

/// Pictures a label draws come from files: PNGs that markup names, and the PNGs colour
/// fonts keep for their glyphs. A picture that cannot be used is an error naming its
/// file, refused from its header before its pixels are set aside.
@Suite("Hostile pictures")
struct HostilePictureTests {
    @Test("a colour glyph whose PNG header claims more pixels than a canvas holds is refused before decoding, naming the font and glyph")
    func hugeColorGlyph() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Every emoji picture in the bundled colour font claims 16000x16000 pixels, under
        // Cairo's own limit of 32767 on a side: only the canvas limit stops a 1 GB surface.
        var font = [UInt8](try Data(contentsOf: packageRoot.appendingPathComponent("Fonts/NotoColorEmoji-Subset.ttf")))
        let patched = resizePNGHeaders(in: &font, width: 16000, height: 16000)
        #expect(patched > 100)
        let file = folder.appendingPathComponent("HostileEmoji.ttf")
        try Data(font).write(to: file)

        let layout = try label("😀", size: 32, box: nil) { $0.font.files = [file.path] }
        #expect(layout.lines[0].runs[0].face.path == file.path)
        let error = #expect(throws: RenderError.self) { try Renderer().render(layout) }
        guard case .unreadablePicture(.file(let source, let reason)) = error else {
            Issue.record("expected an unreadable picture naming its file, got \(String(describing: error))")
            return
        }
        #expect(source.hasPrefix(file.path + ", glyph "))
        #expect(reason == .tooLarge(.png, width: 16000, height: 16000, limit: .pixels(64 << 20)))
        #expect(error?.description.hasPrefix("a picture in the label cannot be read: \(file.path), glyph ") == true)
    }

    @Test("an inline picture whose pixel data is garbled is an error naming its file")
    func garbledInlinePicture() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A real picture with its header intact and its compressed pixels overwritten:
        // layout reads only the header, so drawing is where it fails.
        var png = [UInt8](try Data(contentsOf: packageRoot.appendingPathComponent("Localizations/images/button_a.png")))
        let idat = try #require(find(Array("IDAT".utf8), in: png))
        for index in (idat + 4)..<min(png.count - 12, idat + 200) { png[index] = 0x5A }
        let file = folder.appendingPathComponent("garbled.png")
        try Data(png).write(to: file)

        let pictures = LayoutEngine(fonts: FontSources(bundledDirectories: [packageRoot.appendingPathComponent("Fonts").path],
                                                       useHostFonts: false),
                                    imageDirectories: [folder.path])
        let layout = try pictures.layout("Press <img src=\"garbled.png\"/>", style: LabelStyle(font: FontSpec(size: 24)), locale: "en")
        let error = #expect(throws: RenderError.self) { try Renderer().render(layout) }
        guard case .unreadablePicture(.file(let source, let reason)) = error else {
            Issue.record("expected a picture error naming its file, got \(String(describing: error))")
            return
        }
        #expect(source == file.path)
        // Not "out of memory", which is how Cairo 1.16 passes on every libpng error.
        #expect(reason == .corrupt(.png, reason: "libpng cannot decode the image data"))
        #expect(error?.description.contains(file.path) == true)
    }

    @Test("an inline picture whose header claims 100000x100000 pixels is refused at layout, naming it")
    func hugeInlinePicture() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try pngHeader(width: 100_000, height: 100_000).write(to: folder.appendingPathComponent("huge.png"))
        let pictures = LayoutEngine(fonts: FontSources(bundledDirectories: [packageRoot.appendingPathComponent("Fonts").path],
                                                       useHostFonts: false),
                                    imageDirectories: [folder.path])
        let error = #expect(throws: LayoutError.self) {
            try pictures.layout("<img src=\"huge.png\"/>", style: LabelStyle(font: FontSpec(size: 24)), locale: "en")
        }
        #expect(error == .limitExceeded(LimitExcess(.inlineImageSide(source: "huge.png", width: 100_000, height: 100_000),
                                                    value: 100_000, limit: 16384)))
    }
}

/// A new empty folder under the temporary folder; the caller removes it.
private func scratchFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("LabelgenTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

/// Where `needle` first occurs in `bytes` at or after `start`.
private func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int = 0) -> Int? {
    var index = start
    while index + needle.count <= bytes.count {
        if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
        index += 1
    }
    return nil
}

/// Rewrites the size in every PNG header (IHDR chunk) inside `bytes`, with a correct
/// checksum so that only the size is wrong; returns how many were rewritten.
private func resizePNGHeaders(in bytes: inout [UInt8], width: Int, height: Int) -> Int {
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
    var count = 0
    var at = 0
    while let start = find(signature, in: bytes, from: at) {
        let type = start + 12
        for (offset, side) in [(4, width), (8, height)] {
            for byte in 0..<4 { bytes[type + offset + byte] = UInt8(truncatingIfNeeded: side >> (24 - 8 * byte)) }
        }
        let crc = bytes[type..<(type + 17)].withContiguousStorageIfAvailable {
            UInt32(crc32(0, $0.baseAddress, 17))
        }!
        for byte in 0..<4 { bytes[type + 17 + byte] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * byte)) }
        count += 1
        at = type + 21
    }
    return count
}

@Suite("Hostile pictures, together")
struct PictureBudgetTests {
    @Test("the pictures of one label together are held to the canvas pixel limit, not each on its own")
    func pictureBudget() throws {
        // Each bundled emoji picture is 136x128 pixels (17408): one fits in 30000, two do not.
        let limits = Limits(canvasPixels: 30_000)
        let one = try label("😀", size: 32, box: Box(width: 120, height: 60))
        #expect(try Renderer(limits: limits).render(one).image.width == 120)
        let two = try label("😀🎉", size: 32, box: Box(width: 120, height: 60))
        let error = #expect(throws: RenderError.self) { try Renderer(limits: limits).render(two) }
        guard case .unreadablePicture(.file(let source, .tooLarge(.png, 136, 128, .pixels(let left)))) = error else {
            Issue.record("expected the second picture refused for the pixels left, got \(String(describing: error))")
            return
        }
        #expect(source.contains("NotoColorEmoji-Subset.ttf, glyph "))
        #expect(left == 30_000 - 136 * 128)
        #expect(try Renderer().render(two).image.width == 120)
    }
}
