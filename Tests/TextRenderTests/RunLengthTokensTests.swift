import CPNGFilter
import CZlib
import Foundation
import StyledText
import TestSupport
import Testing
import TextRender

/// One block's tokens as the encoder's first, plain Swift tokenizer made them, a byte at
/// a time: what `rld_tokenize`'s vector loops must give exactly, or the files change.
private func plainTokens(_ data: [UInt8], from start: Int, to end: Int)
    -> (tokens: [UInt16], frequencies: [UInt32], matches: Int, extraBits: Int) {
    let bases = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
                 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    let extra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    func code(_ length: Int) -> Int { length == 258 ? 28 : bases.lastIndex { $0 <= length && $0 != 258 }! }
    var tokens: [UInt16] = [], frequencies = [UInt32](repeating: 0, count: 286)
    var matches = 0, extraBits = 0
    var previous = start > 0 ? Int(data[start - 1]) : -1
    var i = start
    while i < end {
        let byte = data[i]
        guard Int(byte) == previous else {
            tokens.append(UInt16(byte)); frequencies[Int(byte)] += 1
            previous = Int(byte); i += 1
            continue
        }
        var j = i + 1
        while j < end, data[j] == byte { j += 1 }
        var run = j - i
        while run >= 3 {
            let length = run > 258 ? (run - 258 < 3 ? run - 3 : 258) : run
            tokens.append(UInt16(256 + length)); frequencies[257 + code(length)] += 1
            extraBits += extra[code(length)]; matches += 1
            run -= length
        }
        for _ in 0..<run { tokens.append(UInt16(byte)); frequencies[Int(byte)] += 1 }
        i = j
    }
    frequencies[256] += 1
    return (tokens, frequencies, matches, extraBits)
}

/// Bytes in runs of every length that matters (one and two repeats are literals, three
/// the shortest match, 258 the longest, and runs longer than that split), of few values
/// so that runs meet runs of the same byte, mixed with stretches where no byte repeats.
private func runs(count: Int, using rng: inout SplitMix64) -> [UInt8] {
    var bytes: [UInt8] = []
    while bytes.count < count {
        let value = UInt8.random(in: 0...3, using: &rng)
        switch Int.random(in: 0..<5, using: &rng) {
        case 0: bytes += repeatElement(value, count: Int.random(in: 1...4, using: &rng))
        case 1: bytes += repeatElement(value, count: Int.random(in: 255...520, using: &rng))
        case 2: bytes += repeatElement(value, count: Int.random(in: 1...70, using: &rng))
        case 3: bytes += (0..<Int.random(in: 1...40, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
        default:
            // A shadow's Sub-filtered pixels: three zeros, then an alpha step.
            for _ in 0..<Int.random(in: 1...30, using: &rng) { bytes += [0, 0, 0, UInt8.random(in: 0...2, using: &rng)] }
        }
    }
    return Array(bytes.prefix(count))
}

@Suite("Run-length tokens in C")
struct RunLengthTokensTests {
    private func expectSameTokens(_ data: [UInt8], from start: Int, to end: Int, _ name: String) {
        let plain = plainTokens(data, from: start, to: end)
        var tokens = [UInt16](repeating: 0xFFFF, count: end - start)
        var frequencies = [UInt32](repeating: 0, count: 286)
        var stats = rld_block_stats()
        data.withUnsafeBufferPointer { data in
            rld_tokenize(data.baseAddress, start, end, &tokens, &frequencies, &stats)
        }
        #expect(Array(tokens.prefix(stats.count)) == plain.tokens, "\(name), \(start)..<\(end)")
        #expect(frequencies == plain.frequencies, "\(name), \(start)..<\(end)")
        #expect(stats.matches == plain.matches && stats.extra_bits == plain.extraBits, "\(name), \(start)..<\(end)")
    }

    @Test("the vector loops give the plain loop's tokens, whole and in blocks that start and end anywhere")
    func randomRuns() {
        var rng = SplitMix64(seed: 41)
        for round in 0..<300 {
            let data = runs(count: Int.random(in: 1...3000, using: &rng), using: &rng)
            expectSameTokens(data, from: 0, to: data.count, "round \(round)")
            let start = Int.random(in: 0..<data.count, using: &rng)
            expectSameTokens(data, from: start, to: Int.random(in: (start + 1)...data.count, using: &rng), "round \(round)")
        }
    }

    @Test("a rendered label's filtered rows give the plain loop's tokens, in the encoder's blocks")
    func renderedLabel() throws {
        let sheet = try StyleSheet(contentsOf: packageRoot.appendingPathComponent("Benchmarks/styles/score.json"))
        for text in ["Score", "Highest combo: 128 — new record!"] {
            let layout = try engine.layout(text, style: try sheet.style(forKey: "score", locale: "en"), locale: "en")
            let image = try Renderer().render(layout).image
            // The Sub filter, as the encoder applies it.
            var filtered: [UInt8] = []
            for y in 0..<image.height {
                filtered.append(1)
                for i in 0..<(image.width * 4) {
                    let k = y * image.width * 4 + i
                    filtered.append(i < 4 ? image.pixels[k] : image.pixels[k] &- image.pixels[k - 4])
                }
            }
            let block = 1 << 17
            for start in stride(from: 0, to: filtered.count, by: block) {
                expectSameTokens(filtered, from: start, to: min(filtered.count, start + block), text)
            }
        }
    }

    @Test("tokens are written as the plain bit writer writes them")
    func writtenTokens() {
        var rng = SplitMix64(seed: 5)
        for round in 0..<50 {
            let codeSizes = (0..<515).map { _ in UInt8.random(in: 1...21, using: &rng) }
            let codeBits = codeSizes.map { UInt32.random(in: 0...UInt32.max, using: &rng) & (1 << UInt32($0) - 1) }
            let tokens = (0..<Int.random(in: 0...2000, using: &rng)).map { _ in UInt16.random(in: 0..<515, using: &rng) }
            let startBits = Int.random(in: 0..<32, using: &rng)
            let startValue = UInt64.random(in: 0..<(1 << UInt64(startBits)), using: &rng)

            // Bit by bit, least significant first, after the pending bits.
            var expected: [UInt8] = []
            var bitCount = 0
            func append(_ value: UInt64, _ size: Int) {
                for bit in 0..<size {
                    if bitCount % 8 == 0 { expected.append(0) }
                    expected[bitCount / 8] |= UInt8((value >> UInt64(bit)) & 1) << UInt8(bitCount % 8)
                    bitCount += 1
                }
            }
            append(startValue, startBits)
            for token in tokens { append(UInt64(codeBits[Int(token)]), Int(codeSizes[Int(token)])) }

            var out = [UInt8](repeating: 0, count: tokens.count * 3 + 8)
            var pending = startValue
            var pendingBits = Int32(startBits)
            let stored = rld_write_tokens(tokens, tokens.count, codeBits, codeSizes, &out, &pending, &pendingBits)
            var written = Array(out.prefix(stored))
            for k in stride(from: 0, to: Int(pendingBits), by: 8) { written.append(UInt8(truncatingIfNeeded: pending >> UInt64(k))) }
            #expect(written == expected, "round \(round)")
            #expect(stored * 8 + Int(pendingBits) == bitCount, "round \(round)")
        }
    }
}

@Suite("Adler-32 in C")
struct Adler32Tests {
    @Test("gives zlib's checksum at every length around its vector steps and reductions")
    func matchesZlib() {
        var rng = SplitMix64(seed: 9)
        let lengths = Array(0...70) + [5551, 5552, 5553, 5552 * 3 + 31, 100_000]
        for length in lengths {
            for fill in [UInt8?.none, 255] {
                let data = (0..<length).map { _ in fill ?? UInt8.random(in: 0...255, using: &rng) }
                let expected = data.withUnsafeBufferPointer { UInt32(adler32(1, $0.baseAddress, uInt($0.count))) }
                #expect(rld_adler32(data, data.count) == expected, "\(length) bytes, fill \(String(describing: fill))")
            }
        }
    }
}
