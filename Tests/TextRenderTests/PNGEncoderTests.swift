import CZlib
import Foundation
@testable import LabelImage
import StyledText
import Testing
import TextRender

/// A fixed pseudo-random sequence, so failures repeat.
private struct Noise {
    var state: UInt64
    mutating func next() -> UInt8 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return UInt8(truncatingIfNeeded: state >> 33)
    }
}

@Suite("PNG encoding")
struct PNGEncoderTests {
    /// Images whose filtered rows hold literals, short and long runs, runs across rows
    /// and across the encoder's 128 KB blocks, and bytes that do not compress.
    static let images: [(name: String, image: RGBAImage)] = {
        var noise = Noise(state: 7)
        let random = makeImage(301, 211) { _, _ in [noise.next(), noise.next(), noise.next(), noise.next()] }
        let label = makeImage(544, 184) { x, y in
            // A soft blob with a hard-edged bar: translucent ramps, flat runs, zeros.
            let dx = Double(x - 272) / 120, dy = Double(y - 92) / 40
            let a = max(0, 1 - (dx * dx + dy * dy))
            if (80...100).contains(y), (100...440).contains(x) { return [255, 200, 40, 255] }
            return [0, 0, 0, UInt8(a * 170)]
        }
        var sparse = RGBAImage(width: 1000, height: 700)
        for k in stride(from: 0, to: sparse.pixels.count, by: 9973) { sparse.pixels[k] = UInt8(k % 251) }
        return [
            ("1x1 transparent", RGBAImage(width: 1, height: 1)),
            ("1x1 opaque", makeImage(1, 1) { _, _ in [9, 8, 7, 255] }),
            ("odd width, flat", makeImage(37, 5) { _, _ in [200, 10, 10, 255] }),
            ("stripes of 1 to 3 equal bytes", makeImage(61, 9) { x, y in
                let v = UInt8((x / (1 + (x + y) % 3)) % 256)
                return [v, v, v &+ 1, 255]
            }),
            ("label-like", label),
            ("noise", random),
            ("sparse over several blocks", sparse),
            ("transparent, several blocks", RGBAImage(width: 2048, height: 300)),
        ]
    }()

    @Test("the default encoder's files inflate with zlib to the exact pixels", arguments: images.indices)
    func exactRoundTrip(_ index: Int) throws {
        let (name, image) = Self.images[index]
        let png = try PNGEncoder().encode(image)
        let decoded = try inflatedPixels(png)
        #expect(decoded.width == image.width && decoded.height == image.height, "\(name)")
        #expect(decoded.pixels == image.pixels, "\(name)")
    }

    @Test("rows filtered and compressed a block at a time give the stream of rows filtered whole",
          arguments: images.indices.map { $0 } + [-1, -2])
    func blockwiseFiltering(_ index: Int) throws {
        var noise = Noise(state: 11)
        // Rows longer than a block (160 001 and 131 073 filtered bytes), noisy and flat.
        let image = switch index {
        case -1: makeImage(40000, 3) { x, _ in x % 97 < 40 ? [noise.next(), 0, 0, 255] : [1, 2, 3, 4] }
        case -2: makeImage(32768, 2) { _, y in [UInt8(y), 0, 0, 0] }
        default: Self.images[index].image
        }
        let png = try PNGEncoder().encode(image)
        // The IDAT chunk follows the 8-byte signature and the 25-byte IHDR chunk.
        let length = png[33..<37].reduce(0) { $0 << 8 | Int($1) }
        #expect(String(decoding: png[37..<41], as: UTF8.self) == "IDAT")
        let filtered = PNGRowFilter.sub(image)
        let expected = filtered.withUnsafeBufferPointer { rows in
            var stream: [UInt8] = [0x78, 0x01] + RunLengthDeflate.compress(rows)
            let adler = RunLengthDeflate.adler32(rows)
            stream += [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: adler >> $0) }
            return stream
        }
        let stream = Array(png[41..<(41 + length)])
        // The first byte that differs, rather than both streams: they are megabytes long.
        let common = min(stream.count, expected.count)
        let differs = (0..<common).first { stream[$0] != expected[$0] } ?? (stream.count == expected.count ? nil : common)
        #expect(differs == nil, "\(index < 0 ? "wide \(index)" : Self.images[index].name): byte \(differs ?? 0) of \(expected.count) differs")
    }

    @Test("libpng (through Cairo) reads the default encoder's files")
    func libpngReadsThem() throws {
        for (name, image) in Self.images where image.width * image.height < 1_000_000 {
            let decoded = try PNGDecoder().decode(try PNGEncoder().encode(image))
            let opaque = (0..<(image.width * image.height)).filter { image.pixels[$0 * 4 + 3] == 255 }
            #expect(decoded.width == image.width && decoded.height == image.height, "\(name)")
            #expect(opaque.allSatisfy { p in (0..<4).allSatisfy { decoded.pixels[p * 4 + $0] == image.pixels[p * 4 + $0] } },
                    "\(name)")
        }
    }

    @Test("incompressible rows are stored, not inflated past their size")
    func noiseIsStored() throws {
        let noise = try #require(Self.images.first { $0.name == "noise" }).image
        let png = try PNGEncoder().encode(noise)
        let raw = (noise.width * 4 + 1) * noise.height
        // Stored blocks cost 5 bytes per 64 KB; the PNG wrapper 57 bytes.
        #expect(png.count <= raw + 5 * (raw / 65_535 + 2) + 64)
    }

    @Test("a rendered label compresses nearly as well as zlib's best")
    func comparableToZlib() throws {
        let sheet = try StyleSheet(contentsOf: packageRoot.appendingPathComponent("Benchmarks/styles/score.json"))
        let layout = try engine.layout("Highest combo: 128 — new record!", style: try sheet.style(forKey: "score", locale: "en"),
                                       locale: "en")
        let image = try Renderer().render(layout).image
        let fast = try PNGEncoder().encode(image).count
        let best = try PNGEncoder(zlibLevel: 9).encode(image).count
        // Measured on the benchmark's labels: 22% larger than level 9 on average.
        #expect(Double(fast) < Double(best) * 1.35, "level 1: \(fast) bytes, level 9: \(best) bytes")
    }

    /// Labels the encoder wrote before its loops moved to C (Tests/Fixtures/README.md):
    /// every byte of a file depends on the tokens, the Huffman codes (ties among equal
    /// counts included) and the bit writer, so any change to those changes the file.
    @Test("re-encoding a label written by the plain Swift encoder gives its bytes exactly",
          arguments: ["latin", "arabic"])
    func sameBytesAsBefore(_ name: String) throws {
        let file = try Data(contentsOf: fixtures.appendingPathComponent("encoder/\(name).png"))
        let pixels = try inflatedPixels(file)
        #expect(try PNGEncoder().encode(pixels) == file)
    }
}
