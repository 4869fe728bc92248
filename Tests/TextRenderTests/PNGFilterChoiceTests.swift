import CZlib
import Foundation
import StringTables
import StyledText
import Testing
import TextRender

/// The rows of `png` as the file stores them, each its filter number followed by its
/// filtered bytes: the IDAT data inflated by zlib, independently of the encoder.
private func storedRows(_ png: Data) throws -> (width: Int, rows: [ArraySlice<UInt8>]) {
    let bytes = [UInt8](png)
    func word(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
    var offset = 8, width = 0, height = 0
    var idat: [UInt8] = []
    while offset + 8 <= bytes.count {
        let length = word(offset)
        let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
        if type == "IHDR" { width = word(offset + 8); height = word(offset + 12) }
        if type == "IDAT" { idat += bytes[(offset + 8)..<(offset + 8 + length)] }
        offset += 12 + length
    }
    let rowLength = width * 4 + 1
    var raw = [UInt8](repeating: 0, count: rowLength * height)
    var rawLength = uLong(raw.count)
    let status = uncompress(&raw, &rawLength, idat, uLong(idat.count))
    try #require(status == Z_OK && Int(rawLength) == raw.count, "zlib inflated \(rawLength) bytes, status \(status)")
    return (width, (0..<height).map { raw[($0 * rowLength)..<(($0 + 1) * rowLength)] })
}

/// Row `y` of `image` under each of PNG's five filters (PNG specification, section
/// 9.2), written out from the specification rather than from the encoder.
private func filteredRows(_ y: Int, of image: RGBAImage) -> [[UInt8]] {
    let rowBytes = image.width * 4
    var rows = [[UInt8]](repeating: [UInt8](repeating: 0, count: rowBytes), count: 5)
    image.pixels.withUnsafeBufferPointer { pixels in
        for i in 0..<rowBytes {
            let x = pixels[y * rowBytes + i]
            let a = i >= 4 ? pixels[y * rowBytes + i - 4] : 0
            let b = y > 0 ? pixels[(y - 1) * rowBytes + i] : 0
            let c = i >= 4 && y > 0 ? pixels[(y - 1) * rowBytes + i - 4] : 0
            let p = Int(a) + Int(b) - Int(c)
            let pa = abs(p - Int(a)), pb = abs(p - Int(b)), pc = abs(p - Int(c))
            let paeth = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
            rows[0][i] = x
            rows[1][i] = x &- a
            rows[2][i] = x &- b
            rows[3][i] = x &- UInt8((Int(a) + Int(b)) / 2)
            rows[4][i] = x &- paeth
        }
    }
    return rows
}

/// The sum of a filtered row's bytes read as signed numbers, their magnitudes added.
private func magnitudeSum(_ bytes: [UInt8]) -> Int {
    bytes.reduce(0) { $0 + ($1 < 128 ? Int($1) : 256 - Int($1)) }
}

@Suite("PNG small: the adaptive row filters")
struct PNGFilterChoiceTests {
    /// Demo labels in the score style (a gradient fill, an outline and a soft shadow, over
    /// clear margins): rows that want each of the five filters.
    static func scoreLabels(scales: [Double]) throws -> [RGBAImage] {
        let folder = packageRoot.appendingPathComponent("Localizations")
        let sheet = try StyleSheet(contentsOf: folder.appendingPathComponent("styles/score.json"))
        var images: [RGBAImage] = []
        for (locale, key) in [("en", "hud.combo"), ("ar", "hud.bonus"), ("ja", "hud.time_left")] {
            let table = try StringTable.load(contentsOf: folder.appendingPathComponent("strings/\(locale).json"))
            let entry = try #require(table.entries.first { $0.key == key }, "\(locale) has \(key)")
            let style = try sheet.style(forKey: key, locale: table.locale)
            let layout = try engine.layout(Placeholders.fill(entry.value, samples: style.samples.mapValues(Markup.escaped)).text,
                                           style: style, locale: table.locale)
            for scale in scales { images.append(try Renderer().render(layout, scale: scale).image) }
        }
        return images
    }

    @Test("each row is stored with the filter, of the five, whose bytes have the smallest sum of magnitudes, ties to the lower")
    func smallestSumPerRow() throws {
        var chosen: Set<UInt8> = []
        for (index, image) in try Self.scoreLabels(scales: [1]).enumerated() {
            let (width, rows) = try storedRows(try PNGEncoder(.small).encode(image))
            try #require(width == image.width && rows.count == image.height)
            var wrong: [String] = []
            for (y, row) in rows.enumerated() {
                let candidates = filteredRows(y, of: image)
                let sums = candidates.map(magnitudeSum)
                // firstIndex: the lowest filter among equal sums.
                let best = sums.firstIndex(of: sums.min()!)!
                chosen.insert(row.first!)
                if Int(row.first!) != best || Array(row.dropFirst()) != candidates[best] {
                    wrong.append("row \(y): filter \(row.first!), sums \(sums)")
                }
            }
            #expect(wrong.isEmpty, "label \(index), \(wrong.count) of \(rows.count) rows: \(wrong.prefix(3))")
        }
        // Labels need more than one filter, or the test above would show nothing.
        #expect(chosen.count >= 3, "filters chosen: \(chosen.sorted())")
    }
}
