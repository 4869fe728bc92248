import CZlib
import Foundation
import StringTables
import StyledText
import Testing
import TextRender

// MARK: - Reading PNG and deflate streams with zlib, independently of the encoders

/// The IHDR size and the concatenated IDAT data of `png`, every chunk's CRC checked.
private func chunks(of png: Data) throws -> (width: Int, height: Int, idat: [UInt8]) {
    let bytes = [UInt8](png)
    try #require(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    func word(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
    var offset = 8, width = 0, height = 0
    var idat: [UInt8] = []
    while offset < bytes.count {
        let length = word(offset)
        let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
        let crc = bytes[(offset + 4)..<(offset + 8 + length)].withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        try #require(UInt(crc) == UInt(word(offset + 8 + length)), "CRC of \(type)")
        if type == "IHDR" { width = word(offset + 8); height = word(offset + 12) }
        if type == "IDAT" { idat += bytes[(offset + 8)..<(offset + 8 + length)] }
        offset += 12 + length
    }
    return (width, height, idat)
}

/// The pixels of `png` as zlib inflates them, every chunk's CRC checked and every row's
/// filter (any of the five) undone as the PNG specification says.
func inflatedPixels(_ png: Data) throws -> RGBAImage {
    let (width, height, idat) = try chunks(of: png)
    let rowBytes = width * 4
    var raw = [UInt8](repeating: 0, count: (rowBytes + 1) * height)
    var rawLength = uLong(raw.count)
    let status = uncompress(&raw, &rawLength, idat, uLong(idat.count))
    try #require(status == Z_OK, "zlib could not inflate the image data (\(status))")
    try #require(Int(rawLength) == raw.count)
    var pixels = [UInt8](repeating: 0, count: rowBytes * height)
    for y in 0..<height {
        let filter = raw[y * (rowBytes + 1)]
        try #require(filter <= 4, "row \(y) has filter \(filter)")
        for i in 0..<rowBytes {
            let x = raw[y * (rowBytes + 1) + 1 + i]
            let a = i >= 4 ? pixels[y * rowBytes + i - 4] : 0
            let b = y > 0 ? pixels[(y - 1) * rowBytes + i] : 0
            let c = i >= 4 && y > 0 ? pixels[(y - 1) * rowBytes + i - 4] : 0
            let predictor: UInt8
            switch filter {
            case 0: predictor = 0
            case 1: predictor = a
            case 2: predictor = b
            case 3: predictor = UInt8((Int(a) + Int(b)) / 2)
            default:
                let p = Int(a) + Int(b) - Int(c)
                let pa = abs(p - Int(a)), pb = abs(p - Int(b)), pc = abs(p - Int(c))
                predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
            }
            pixels[y * rowBytes + i] = x &+ predictor
        }
    }
    return RGBAImage(width: width, height: height, pixels: pixels)
}

/// The code lengths of the literal/length alphabet of the first block of the zlib stream
/// `stream`, read as RFC 1951 section 3.2.7 says; nil when the block is not coded with
/// codes of its own.
private func literalCodeLengths(zlibStream stream: [UInt8]) throws -> [Int]? {
    var position = 16  // after the two header bytes
    func bits(_ count: Int) throws -> Int {
        var value = 0
        for k in 0..<count {
            try #require(position / 8 < stream.count, "the stream ends inside the block header")
            value |= Int((stream[position / 8] >> (position % 8)) & 1) << k
            position += 1
        }
        return value
    }
    _ = try bits(1)
    guard try bits(2) == 2 else { return nil }
    let literals = try bits(5) + 257, distances = try bits(5) + 1, codeLengthCount = try bits(4) + 4
    let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
    var codeLengthLengths = [Int](repeating: 0, count: 19)
    for k in 0..<codeLengthCount { codeLengthLengths[order[k]] = try bits(3) }
    // Canonical codes (RFC 1951 section 3.2.2), looked up by (length, code).
    var codes: [[Int]: Int] = [:]
    var code = 0
    for length in 1...7 {
        for symbol in 0..<19 where codeLengthLengths[symbol] == length {
            codes[[length, code]] = symbol
            code += 1
        }
        code <<= 1
    }
    func symbol() throws -> Int {
        var code = 0
        for length in 1...7 {
            code = code << 1 | (try bits(1))
            if let symbol = codes[[length, code]] { return symbol }
        }
        Issue.record("no code-length code matches")
        throw CancellationError()
    }
    var lengths: [Int] = []
    while lengths.count < literals + distances {
        let next = try symbol()
        switch next {
        case 0...15: lengths.append(next)
        case 16: lengths += Array(repeating: try #require(lengths.last), count: 3 + (try bits(2)))
        case 17: lengths += Array(repeating: 0, count: 3 + (try bits(3)))
        default: lengths += Array(repeating: 0, count: 11 + (try bits(7)))
        }
    }
    return Array(lengths[0..<literals])
}

/// A fixed pseudo-random sequence, so that failures repeat.
private struct Seeded {
    var state: UInt64
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 33
    }
    mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next()) }
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

/// Pixels whose Sub-filtered bytes are `filtered`, row by row: each byte is the
/// difference to the one four places before it, as the fast encoder codes it.
private func image(subFiltered filtered: [UInt8], width: Int) -> RGBAImage {
    let rowBytes = width * 4
    var pixels = [UInt8](repeating: 0, count: filtered.count)
    for i in filtered.indices {
        pixels[i] = filtered[i] &+ (i % rowBytes >= 4 ? pixels[i - 4] : 0)
    }
    return RGBAImage(width: width, height: filtered.count / rowBytes, pixels: pixels)
}

@Suite("Image encoding: PNG fast and small, WebP, premultiplied alpha")
struct ImageEncodingTests {
    /// Random images of random sizes: noise, flat colour, ramps, sparse dots and soft
    /// translucent blobs with coloured transparent pixels, alone or mixed by rows.
    static func randomImages(count: Int, seed: UInt64) -> [RGBAImage] {
        var random = Seeded(state: seed)
        return (0..<count).map { _ in
            let width = 1 + random.below(180), height = 1 + random.below(90)
            let kind = random.below(5)
            let colour = [random.byte(), random.byte(), random.byte()]
            return makeImage(width, height) { x, y in
                switch (kind + (kind == 4 ? y % 4 : 0)) % 5 {
                case 0: return [random.byte(), random.byte(), random.byte(), random.byte()]
                case 1: return colour + [255]
                case 2: return [UInt8(x % 256), UInt8(y % 256), colour[2], UInt8((x + y) % 256)]
                case 3: return random.below(40) == 0 ? [random.byte(), 0, 0, random.byte()] : [0, 0, 0, 0]
                default:
                    let dx = Double(x - width / 2) / Double(width), dy = Double(y - height / 2) / Double(height)
                    let alpha = UInt8(max(0, 1 - 4 * (dx * dx + dy * dy)) * 255)
                    // Colour under alpha 0 too: a lossless file must keep it.
                    return colour + [alpha]
                }
            }
        }
    }

    @Test("every encoder's files inflate with zlib to exactly the pixels given, over random images")
    func randomRoundTrip() throws {
        let encoders: [(String, (RGBAImage) throws -> Data)] = [
            ("fast", { try PNGEncoder(.fast).encode($0) }),
            ("small", { try PNGEncoder(.small).encode($0) }),
            ("zlib 6", { try PNGEncoder(zlibLevel: 6).encode($0) }),
        ]
        for (index, image) in Self.randomImages(count: 40, seed: 35).enumerated() {
            for (name, encode) in encoders {
                let decoded = try inflatedPixels(try encode(image))
                #expect(decoded == image, "image \(index) (\(image.width)x\(image.height)), \(name)")
            }
        }
    }

    @Test("the exact reader gives back every encoder's pixels, and refuses a stream with a wrong checksum or cut short")
    func exactReader() throws {
        for (index, image) in Self.randomImages(count: 20, seed: 36).enumerated() {
            for png in [try PNGEncoder(.fast).encode(image), try PNGEncoder(.small).encode(image)] {
                #expect(ExactPNGReader.decode(png) == image, "image \(index)")
                // The Adler-32 ends the IDAT body, before its CRC and the IEND chunk; the
                // reader does not check chunk CRCs, so only the stream can refuse this.
                var damaged = png
                damaged[png.count - 17] ^= 0x01
                let readDamaged = ExactPNGReader.decode(damaged) != nil
                #expect(!readDamaged, "image \(index): a wrong checksum was read")
                let idatLength = png.count - 33 - 12 - 12
                var short = png.prefix(33)
                short.append(contentsOf: [UInt8](repeating: 0, count: 4))  // a length, filled in below
                short.append(contentsOf: Array("IDAT".utf8))
                short.append(png[(33 + 8)..<(33 + 8 + idatLength / 2)])
                let half = UInt32(idatLength / 2)
                short.replaceSubrange(33..<37, with: [UInt8(half >> 24), UInt8(half >> 16 & 0xFF), UInt8(half >> 8 & 0xFF), UInt8(half & 0xFF)])
                short.append(contentsOf: [0, 0, 0, 0] + [0, 0, 0, 0] + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82])
                let readShort = ExactPNGReader.decode(short) != nil
                #expect(!readShort, "image \(index): half a stream was read")
            }
        }
    }

    /// The longest code an unlimited Huffman code for `counts` has: each merge of the two
    /// lightest subtrees makes their codes a bit longer.
    static func unlimitedDepth(_ counts: [Int]) -> Int {
        var trees = counts.filter { $0 > 0 }.map { (weight: $0, depth: 0) }
        while trees.count > 1 {
            trees.sort { $0.weight > $1.weight }
            let a = trees.removeLast(), b = trees.removeLast()
            trees.append((a.weight + b.weight, max(a.depth, b.depth) + 1))
        }
        return trees.first?.depth ?? 0
    }

    @Test("literals whose best code is longer than 15 bits get codes of at most 15, and the file inflates exactly",
          arguments: [18, 20, 22])
    func huffmanCodesReachTheLimit(symbols: Int) throws {
        // With the end of the block (counted once), symbol k occurs Fibonacci(k + 2)
        // times: the skew that makes an unlimited Huffman code one bit longer per symbol.
        var counts = [1, 2]
        while counts.count < symbols { counts.append(counts[counts.count - 1] + counts[counts.count - 2]) }
        let width = 512, rowBytes = width * 4
        let rows = counts.reduce(0, +) / (rowBytes + 1) + 1
        counts[symbols - 1] += rows * (rowBytes + 1) - counts.reduce(0, +)
        try #require(Self.unlimitedDepth(counts + [1]) > 15)
        // Each row's filter byte is 1, so byte 1 stands for the first symbol common
        // enough to hold them; the others are bytes 2 and up.
        let filterSymbol = try #require(counts.firstIndex { $0 > rows })
        var left = counts
        left[filterSymbol] -= rows
        func byte(_ symbol: Int) -> UInt8 { symbol == filterSymbol ? 1 : UInt8(symbol + 2) }
        // Neighbours always differ, across rows too, so no byte repeats and every one is
        // coded as a literal.
        var filtered: [UInt8] = []
        var previous = -1
        while filtered.count < rows * rowBytes {
            let atEdge = filtered.count % rowBytes == 0 || filtered.count % rowBytes == rowBytes - 1
            let next = try #require(left.indices.filter { $0 != previous && left[$0] > 0 && !(atEdge && $0 == filterSymbol) }
                .max { left[$0] < left[$1] })
            filtered.append(byte(next))
            left[next] -= 1
            previous = next
        }
        let image = image(subFiltered: filtered, width: width)
        let png = try PNGEncoder(.fast).encode(image)
        let lengths = try #require(try literalCodeLengths(zlibStream: chunks(of: png).idat), "the block is stored")
        #expect((1...15).contains(lengths.max() ?? 0), "longest literal code: \(lengths.max() ?? 0) bits")
        #expect(try inflatedPixels(png) == image)
        #expect(try inflatedPixels(try PNGEncoder(.small).encode(image)) == image)
    }

    /// A sample of the demo: every `step`-th key of each style's keys in every locale,
    /// rendered at each of the style's scales. The titles' bevel takes seconds a label in
    /// an unoptimized build, so they are left to the release measurement (README,
    /// Shipping).
    static func demoSample(step: Int) throws -> [RGBAImage] {
        let styles = ["menu": "button", "hud": "score", "tip": "tip", "dialog": "dialog"]
        let folder = packageRoot.appendingPathComponent("Localizations")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("strings").path)
            .filter { $0.hasSuffix(".json") }.sorted()
        var images: [RGBAImage] = []
        for (prefix, styleName) in styles.sorted(by: { $0.key < $1.key }) {
            let sheet = try StyleSheet(contentsOf: folder.appendingPathComponent("styles/\(styleName).json"))
            for file in files {
                let table = try StringTable.load(contentsOf: folder.appendingPathComponent("strings/\(file)"))
                let entries = table.entries.filter { $0.key.hasPrefix(prefix + ".") }
                for entry in stride(from: 0, to: entries.count, by: step).map({ entries[$0] }) {
                    let style = try sheet.style(forKey: entry.key, locale: table.locale)
                    let text = Placeholders.fill(entry.value, samples: style.samples.mapValues(Markup.escaped)).text
                    let layout = try engine.layout(text, style: style, locale: table.locale)
                    for scale in style.scales { images.append(try Renderer().render(layout, scale: scale).image) }
                }
            }
        }
        return images
    }

    @Test("on the demo's labels small files are at least 25% smaller than fast ones, and libpng reads the same pixels from both")
    func smallIsSmaller() throws {
        let images = try Self.demoSample(step: 15)
        try #require(images.count > 40, "\(images.count) images")
        var fastBytes = 0, smallBytes = 0
        for image in images {
            let fast = try PNGEncoder(.fast).encode(image), small = try PNGEncoder(.small).encode(image)
            fastBytes += fast.count
            smallBytes += small.count
            // Exactness is the random round trip's; here libpng reads both files alike.
            #expect(try PNGDecoder().decode(small) == PNGDecoder().decode(fast))
        }
        let saving = 1 - Double(smallBytes) / Double(fastBytes)
        #expect(saving >= 0.25, "\(images.count) images: fast \(fastBytes) bytes, small \(smallBytes) bytes, \(Int(saving * 100))% fewer")
    }

    @Test("premultiplied colour is straight colour times alpha, rounded, for every pair of values; transparent pixels are zero")
    func premultiplied() throws {
        // Every colour value against every alpha, each channel offset so all differ.
        let image = makeImage(256, 256) { c, a in [UInt8(c), UInt8((c + 85) % 256), UInt8((c + 170) % 256), UInt8(a)] }
        let premultiplied = image.premultiplied()
        for a in 0..<256 {
            for c in 0..<256 {
                let pixel = premultiplied[c, a]
                let straight = image[c, a]
                #expect(pixel.a == straight.a)
                for (stored, given) in [(pixel.r, straight.r), (pixel.g, straight.g), (pixel.b, straight.b)] {
                    let expected = UInt8((Double(given) * Double(a) / 255).rounded())
                    if stored != expected {
                        Issue.record("colour \(given) at alpha \(a) premultiplies to \(stored), not \(expected)")
                        return
                    }
                }
                if a == 0 { #expect(pixel == (0, 0, 0, 0)) }
            }
        }
    }

    @Test("an encoder asked for premultiplied alpha writes premultiplied pixels in PNG and WebP")
    func encoderPremultiplies() throws {
        let shadow = Shadow(color: try Color(hex: "#FF000080"), offsetY: 2, blur: 6)
        let layout = try label("Premultiplied", size: 32) { $0.shadows = [shadow] }
        let image = try Renderer().render(layout, scale: 2).image
        let expected = image.premultiplied()
        #expect(expected != image, "the label has translucent pixels")
        let png = try ImageEncoder(ImageEncoding(alpha: .premultiplied)).encode(image)
        #expect(try inflatedPixels(png) == expected)
        let webp = try ImageEncoder(ImageEncoding(format: .webp, alpha: .premultiplied)).encode(image)
        #expect(try WebPDecoder().decode(webp) == expected)
    }

    @Test("lossless WebP decodes with libwebp to exactly the pixels of the PNG, colour under transparent pixels included")
    func webpRoundTrip() throws {
        var images = Self.randomImages(count: 30, seed: 36)
        for text in ["Spielen", "العب الآن", "ゲームを始める"] {
            images.append(try Renderer().render(try label(text, size: 36) { $0.stroke = Stroke(width: 3, color: .black) }, scale: 2).image)
        }
        var webpBytes = 0, smallBytes = 0
        for (index, image) in images.enumerated() {
            let webp = try WebPEncoder().encode(image)
            #expect(WebPDecoder.isWebP(webp))
            #expect(try WebPDecoder().decode(webp) == inflatedPixels(try PNGEncoder(.small).encode(image)), "image \(index)")
            if index >= 30 {
                webpBytes += webp.count
                smallBytes += try PNGEncoder(.small).encode(image).count
            }
        }
        #expect(webpBytes < smallBytes, "rendered labels: WebP \(webpBytes) bytes, small PNG \(smallBytes) bytes")
    }

    @Test("an image without pixels, or too large for WebP, is refused with an error rather than written")
    func unwritableSizes() throws {
        for (width, height) in [(0, 10), (10, 0), (0, 0)] {
            let empty = RGBAImage(width: width, height: height)
            for compression in ImageEncoding.PNGCompression.allCases {
                #expect(throws: ImageError.unwritableSize(format: "PNG", width: width, height: height, maximumSide: nil)) {
                    try PNGEncoder(compression).encode(empty)
                }
            }
            #expect(throws: ImageError.unwritableSize(format: "WebP", width: width, height: height, maximumSide: 16383)) {
                try ImageEncoder(ImageEncoding(format: .webp)).encode(empty)
            }
        }
        let wide = RGBAImage(width: 16384, height: 1)
        #expect(throws: ImageError.unwritableSize(format: "WebP", width: 16384, height: 1, maximumSide: 16383)) {
            try WebPEncoder().encode(wide)
        }
        #expect(try PNGDecoder().decode(try PNGEncoder().encode(wide)).width == 16384)
        let message = "\(ImageError.unwritableSize(format: "PNG", width: 0, height: 10, maximumSide: nil))"
        #expect(message.contains("0x10") && message.contains("PNG"))
    }

    @Test("damaged or foreign WebP data is refused with a reason, not decoded")
    func damagedWebP() throws {
        let webp = try WebPEncoder().encode(makeImage(40, 20) { x, _ in [UInt8(x), 9, 9, 255] })
        for (name, data) in [("truncated", webp.prefix(webp.count / 2)), ("a PNG", try PNGEncoder().encode(RGBAImage(width: 1, height: 1))),
                             ("empty", Data())] {
            #expect(throws: ImageError.self, "\(name)") { try WebPDecoder().decode(Data(data)) }
        }
        let huge = WebPDecoder(maximumSide: 30)
        #expect(throws: ImageError.tooLarge(.webp, width: 40, height: 20, limit: .side(30))) { try huge.decode(webp) }
    }
}
