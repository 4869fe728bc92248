import CPNGFilter
import Foundation

/// A deflate encoder (RFC 1951) for filtered image rows, written for speed.
///
/// Label images are mostly transparent, and the Sub filter turns flat colour into runs
/// of zero bytes, so like zlib's run-length strategy it matches only repeats of the
/// previous byte (distance 1). It codes each block of up to 128 KB of input with its own
/// Huffman code, which costs a third of zlib's time on these images for files of the same
/// size (README, Performance). A block that would not shrink is stored. Finding runs,
/// writing codes and the checksum are in C (CPNGFilter's `rld_` functions), sixteen or
/// more bytes a step: they are most of the encoder's time.
enum RunLengthDeflate {
    /// Input bytes per block: enough for a good Huffman code, and the token buffer
    /// stays small whatever the image's size.
    static let blockSize = 1 << 17

    /// The Adler-32 checksum of `data` (RFC 1950), which ends a zlib stream.
    static func adler32(_ data: UnsafeBufferPointer<UInt8>) -> UInt32 {
        guard let base = data.baseAddress else { return 1 }
        return rld_adler32(base, data.count)
    }

    /// The raw deflate stream (no zlib header or checksum) of `input`, held whole: what
    /// ``compress(rows:rowBytes:into:filling:)`` gives a block at a time, and its reference.
    static func compress(_ input: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var writer = BitWriter(capacity: input.count / 4 + 1024)
        let tokens = UnsafeMutablePointer<UInt16>.allocate(capacity: blockSize)
        defer { tokens.deallocate() }
        var start = 0
        repeat {
            let end = min(input.count, start + blockSize)
            var block = Block(tokens: tokens)
            block.tokenize(input, from: start, to: end)
            block.write(into: &writer, input: input, from: start, to: end, final: end == input.count)
            start = end
        } while start < input.count
        return writer.finish()
    }

    /// Room for the deflate stream of `count` bytes of these images, most of which shrink
    /// to a quarter or less; the writer grows if it needs more.
    static func initialCapacity(_ count: Int) -> Int {
        min(count / 4, 1 << 22) + 1024
    }

    /// ``compress(_:)`` of `rows` rows of `rowBytes` bytes each, which `fill` writes one
    /// at a time (row, destination) as they are needed, appended to `writer`; returns
    /// their ``adler32(_:)``. The same bytes, without ever holding more than a block and a
    /// row of the input (a sheet of 4096 by 4096 pixels is 64 MB of filtered rows), and
    /// after whatever `writer` holds already (a file's header), so a file is assembled
    /// in one buffer.
    static func compress(rows: Int, rowBytes: Int, into writer: inout BitWriter,
                         filling fill: (Int, UnsafeMutablePointer<UInt8>) -> Void) -> UInt32 {
        let count = rows * rowBytes
        let tokens = UnsafeMutablePointer<UInt16>.allocate(capacity: blockSize)
        defer { tokens.deallocate() }
        // A block, the byte before it (a run may reach back into it), and the rest of the
        // last row read.
        let capacity = blockSize + rowBytes + 1
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { buffer.deallocate() }
        var held = 0, heldFrom = 0, nextRow = 0
        var start = 0
        var adler: UInt32 = 1
        repeat {
            let end = min(count, start + blockSize)
            while heldFrom + held < end {
                fill(nextRow, buffer + held)
                nextRow += 1
                held += rowBytes
            }
            let input = UnsafeBufferPointer(start: buffer, count: held)
            var block = Block(tokens: tokens)
            block.tokenize(input, from: start - heldFrom, to: end - heldFrom)
            block.write(into: &writer, input: input, from: start - heldFrom, to: end - heldFrom, final: end == count)
            adler = rld_adler32_update(adler, buffer + (start - heldFrom), end - start)
            let kept = max(0, end - 1 - heldFrom)
            held -= kept
            heldFrom += kept
            buffer.update(from: buffer + kept, count: held)
            start = end
        } while start < count
        return adler
    }

    /// Symbols 0 to 255 are literals, 256 ends a block, 257 to 285 code match lengths.
    private static let symbolCount = 286

    /// For each match length 3...258 (index), its symbol, extra bit count and extra value.
    private static let lengthCodes: [(symbol: UInt16, extraBits: UInt8, extra: UInt16)] = {
        let bases: [Int] = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
                            35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
        let extraBits: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
                                  3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
        var table = [(symbol: UInt16, extraBits: UInt8, extra: UInt16)](repeating: (0, 0, 0), count: 259)
        for length in 3...258 {
            // 258 has a code of its own although 227 + 31 would also reach it.
            let code = length == 258 ? 28 : bases.lastIndex { $0 <= length && $0 != 258 }!
            table[length] = (UInt16(257 + code), extraBits[code], UInt16(length - bases[code]))
        }
        return table
    }()

    /// The order in which code length code lengths are sent (RFC 1951, 3.2.7).
    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// One block's tokens and symbol counts. A token below 256 is a literal byte; 256 + n
    /// is a match of n bytes at distance 1.
    private struct Block {
        let tokens: UnsafeMutablePointer<UInt16>
        var count = 0
        var frequencies = [UInt32](repeating: 0, count: symbolCount)
        var matches = 0
        var extraBits = 0

        init(tokens: UnsafeMutablePointer<UInt16>) {
            self.tokens = tokens
        }

        mutating func tokenize(_ input: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) {
            guard let data = input.baseAddress else { return }
            var frequency = [UInt32](repeating: 0, count: symbolCount)
            var stats = rld_block_stats()
            frequency.withUnsafeMutableBufferPointer { frequency in
                rld_tokenize(data, start, end, tokens, frequency.baseAddress, &stats)
            }
            frequencies = frequency
            count = stats.count
            matches = stats.matches
            extraBits = stats.extra_bits
        }

        /// Writes the block with its own Huffman code, or stored if that is smaller.
        func write(into writer: inout BitWriter, input: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, final: Bool) {
            let literal = HuffmanCode(frequencies: frequencies, limit: 15)
            var literalCount = 286
            while literalCount > 257, literal.lengths[literalCount - 1] == 0 { literalCount -= 1 }
            // One distance code, distance 1, which RFC 1951 sends with one bit.
            let lengths = Array(literal.lengths[0..<literalCount]) + [1]
            let header = CodeLengthHeader(lengths)

            var bits = 3 + header.bits + matches + extraBits
            for symbol in 0..<literalCount { bits += Int(frequencies[symbol]) * Int(literal.lengths[symbol]) }
            let storedBytes = (end - start) + 5 * ((end - start + 65_534) / 65_535)
            guard bits <= storedBytes * 8 else {
                writeStored(into: &writer, input: input, from: start, to: end, final: final)
                return
            }

            writer.reserve(bits: bits)
            writer.write(final ? 1 : 0, 1)
            writer.write(2, 2)
            writer.write(UInt64(literalCount - 257), 5)
            writer.write(0, 5)  // one distance code
            header.write(into: &writer)
            // Each token's bits ready to send: a literal's code, or a length's code with
            // its extra bits and the one-bit distance code 0 after them.
            var codeBits = [UInt32](repeating: 0, count: 259 + 256)
            var codeSizes = [UInt8](repeating: 0, count: 259 + 256)
            for byte in 0..<256 {
                codeBits[byte] = UInt32(literal.codes[byte])
                codeSizes[byte] = literal.lengths[byte]
            }
            for length in 3...258 {
                let code = RunLengthDeflate.lengthCodes[length]
                let size = literal.lengths[Int(code.symbol)]
                codeBits[256 + length] = UInt32(literal.codes[Int(code.symbol)]) | UInt32(code.extra) << size
                codeSizes[256 + length] = size + code.extraBits + 1
            }
            writer.write(tokens: tokens, count: count, codeBits: codeBits, codeSizes: codeSizes)
            writer.write(UInt64(literal.codes[256]), Int(literal.lengths[256]))
        }

        private func writeStored(into writer: inout BitWriter, input: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, final: Bool) {
            var offset = start
            repeat {
                let count = min(65_535, end - offset)
                let last = final && offset + count == end
                writer.reserve(bits: 64 + count * 8)
                writer.write(last ? 1 : 0, 1)
                writer.write(0, 2)
                writer.alignToByte()
                writer.write(UInt64(count), 16)
                writer.write(UInt64(~UInt16(count)), 16)
                writer.append(UnsafeBufferPointer(rebasing: input[offset..<(offset + count)]))
                offset += count
            } while offset < end
        }
    }

    /// The code lengths of the literal/length and distance codes, run-length coded with
    /// symbols 16 (repeat the previous 3 to 6 times), 17 and 18 (3 to 10 and 11 to 138
    /// zeros) and sent with a Huffman code of their own (RFC 1951, 3.2.7).
    private struct CodeLengthHeader {
        /// Symbol and extra bits of each run-length coded entry.
        var entries: [(symbol: Int, extra: Int)] = []
        let code: HuffmanCode
        let sentCount: Int
        var bits: Int

        init(_ lengths: [UInt8]) {
            var i = 0
            while i < lengths.count {
                let length = Int(lengths[i])
                var run = 1
                while i + run < lengths.count, lengths[i + run] == lengths[i] { run += 1 }
                i += run
                if length == 0 {
                    while run >= 11 { let n = min(run, 138); entries.append((18, n - 11)); run -= n }
                    if run >= 3 { entries.append((17, run - 3)); run = 0 }
                } else {
                    entries.append((length, 0)); run -= 1
                    while run >= 3 { let n = min(run, 6); entries.append((16, n - 3)); run -= n }
                }
                while run > 0 { entries.append((length, 0)); run -= 1 }
            }
            var frequencies = [UInt32](repeating: 0, count: 19)
            for entry in entries { frequencies[entry.symbol] += 1 }
            code = HuffmanCode(frequencies: frequencies, limit: 7, complete: true)
            var sent = 19
            while sent > 4, code.lengths[RunLengthDeflate.codeLengthOrder[sent - 1]] == 0 { sent -= 1 }
            sentCount = sent
            bits = 5 + 5 + 4 + 3 * sent
            for entry in entries { bits += Int(code.lengths[entry.symbol]) + Self.extraBits(entry.symbol) }
        }

        /// The extra bits after a repeat symbol: its count.
        private static func extraBits(_ symbol: Int) -> Int {
            switch symbol {
            case 16: 2
            case 17: 3
            case 18: 7
            default: 0
            }
        }

        func write(into writer: inout BitWriter) {
            writer.write(UInt64(sentCount - 4), 4)
            for index in 0..<sentCount {
                writer.write(UInt64(code.lengths[RunLengthDeflate.codeLengthOrder[index]]), 3)
            }
            for entry in entries {
                writer.write(UInt64(code.codes[entry.symbol]), Int(code.lengths[entry.symbol]))
                writer.write(UInt64(entry.extra), Self.extraBits(entry.symbol))
            }
        }
    }
}

/// A canonical Huffman code with lengths of at most `limit` bits, its codes bit-reversed
/// as deflate sends them (least significant bit first).
struct HuffmanCode {
    private(set) var lengths: [UInt8]
    private(set) var codes: [UInt16]

    /// - Parameter complete: every decoder accepts the code: a lone used symbol gets a
    ///   partner (zlib refuses an incomplete code for code lengths).
    init(frequencies: [UInt32], limit: Int, complete: Bool = false) {
        var weights = frequencies
        let used = weights.indices.filter { weights[$0] > 0 }
        if complete, used.count == 1 { weights[used[0] == 0 ? 1 : 0] = 1 }
        var lengths = Self.unlimitedLengths(weights)
        // Flattening the weights shortens the longest codes; real blocks need this rarely.
        while (lengths.max() ?? 0) > limit {
            weights = weights.map { $0 == 0 ? 0 : ($0 + 1) / 2 }
            lengths = Self.unlimitedLengths(weights)
        }
        self.lengths = lengths

        var perLength = [Int](repeating: 0, count: limit + 1)
        for length in lengths where length > 0 { perLength[Int(length)] += 1 }
        // The first code of each length (RFC 1951, 3.2.2).
        var next = [Int](repeating: 0, count: limit + 1)
        var code = 0
        for bits in 1...limit {
            code = (code + perLength[bits - 1]) << 1
            next[bits] = code
        }
        codes = [UInt16](repeating: 0, count: lengths.count)
        for symbol in lengths.indices where lengths[symbol] > 0 {
            let length = Int(lengths[symbol])
            var value = next[length]
            next[length] += 1
            var reversed = 0
            for _ in 0..<length { reversed = reversed << 1 | value & 1; value >>= 1 }
            codes[symbol] = UInt16(reversed)
        }
    }

    /// Code lengths of an optimal Huffman code, by merging the two lightest nodes from
    /// two queues (the leaves by weight, then the merged nodes in the order made).
    private static func unlimitedLengths(_ weights: [UInt32]) -> [UInt8] {
        var lengths = [UInt8](repeating: 0, count: weights.count)
        // By weight, then symbol, as one integer each: sorting tuples through a closure
        // cost 2% of a label.
        var keys = weights.indices.compactMap { weights[$0] > 0 ? UInt64(weights[$0]) << 16 | UInt64($0) : nil }
        keys.sort()
        let leaves = keys.map { Int($0 & 0xFFFF) }
        guard leaves.count > 1 else {
            if let only = leaves.first { lengths[only] = 1 }
            return lengths
        }
        let n = leaves.count
        var weight = leaves.map { UInt64(weights[$0]) } + [UInt64](repeating: 0, count: n - 1)
        var parent = [Int](repeating: 0, count: 2 * n - 1)
        var nextLeaf = 0, nextMerged = n
        func lightest(before end: Int) -> Int {
            if nextLeaf < n, nextMerged >= end || weight[nextLeaf] <= weight[nextMerged] {
                nextLeaf += 1
                return nextLeaf - 1
            }
            nextMerged += 1
            return nextMerged - 1
        }
        for node in n..<(2 * n - 1) {
            let a = lightest(before: node), b = lightest(before: node)
            weight[node] = weight[a] + weight[b]
            parent[a] = node
            parent[b] = node
        }
        var depth = [UInt8](repeating: 0, count: 2 * n - 1)
        for node in stride(from: 2 * n - 3, through: 0, by: -1) { depth[node] = depth[parent[node]] + 1 }
        for (index, symbol) in leaves.enumerated() { lengths[symbol] = depth[index] }
        return lengths
    }
}

/// Bits packed least significant first into bytes, as deflate wants them.
struct BitWriter: ~Copyable {
    private var bytes: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var count = 0
    private var pending: UInt64 = 0
    private var pendingBits = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        bytes = .allocate(capacity: self.capacity)
    }

    deinit {
        bytes.deallocate()
    }

    /// Makes room for `bits` more bits, so writes need no bounds checks.
    mutating func reserve(bits: Int) {
        let needed = count + (pendingBits + bits) / 8 + 16
        guard needed > capacity else { return }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: max(needed, capacity * 2))
        grown.update(from: bytes, count: count)
        bytes.deallocate()
        bytes = grown
        capacity = max(needed, capacity * 2)
    }

    /// Appends the low `size` bits of `value` (at most 32).
    @inline(__always)
    mutating func write(_ value: UInt64, _ size: Int) {
        pending |= value << UInt64(pendingBits)
        pendingBits += size
        if pendingBits >= 32 {
            UnsafeMutableRawPointer(bytes + count).storeBytes(of: UInt32(truncatingIfNeeded: pending).littleEndian,
                                                              as: UInt32.self)
            count += 4
            pending >>= 32
            pendingBits -= 32
        }
    }

    /// Appends the codes of `count` tokens (`codeSizes[token]` low bits of
    /// `codeBits[token]` each); ``reserve(bits:)`` must have made room for them.
    mutating func write(tokens: UnsafePointer<UInt16>, count tokenCount: Int, codeBits: [UInt32], codeSizes: [UInt8]) {
        var bits = pending
        var used = Int32(pendingBits)
        let stored = codeBits.withUnsafeBufferPointer { codeBits in
            codeSizes.withUnsafeBufferPointer { codeSizes in
                rld_write_tokens(tokens, tokenCount, codeBits.baseAddress, codeSizes.baseAddress, bytes + count, &bits, &used)
            }
        }
        count += stored
        pending = bits
        pendingBits = Int(used)
    }

    /// Pads with zero bits to the next byte boundary.
    mutating func alignToByte() {
        while pendingBits > 0 {
            bytes[count] = UInt8(truncatingIfNeeded: pending)
            count += 1
            pending >>= 8
            pendingBits = max(0, pendingBits - 8)
        }
        pending = 0
    }

    /// Appends whole bytes; the writer must be at a byte boundary.
    mutating func append(_ data: UnsafeBufferPointer<UInt8>) {
        precondition(pendingBits == 0, "bytes appended between bit boundaries")
        guard let base = data.baseAddress else { return }
        reserve(bits: data.count * 8)
        (bytes + count).update(from: base, count: data.count)
        count += data.count
    }

    /// The bytes written, the last one padded with zero bits.
    consuming func finish() -> [UInt8] {
        alignToByte()
        return [UInt8](UnsafeBufferPointer(start: bytes, count: count))
    }

    /// How many whole bytes have been written.
    var byteCount: Int { count }

    /// Appends `value` as four bytes, most significant first; the writer must be at a
    /// byte boundary.
    mutating func appendBigEndian(_ value: UInt32) {
        withUnsafeBytes(of: value.bigEndian) { append($0.assumingMemoryBound(to: UInt8.self)) }
    }

    /// Writes `value` most significant first over the four bytes at `offset`, already written.
    mutating func overwriteBigEndian(_ value: UInt32, at offset: Int) {
        precondition(offset + 4 <= count, "overwriting bytes not yet written")
        UnsafeMutableRawPointer(bytes + offset).storeBytes(of: value.bigEndian, as: UInt32.self)
    }

    /// `body` over the whole bytes written from `offset` on, which only it may read:
    /// a later write may move them.
    func withBytes<T>(from offset: Int, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        body(UnsafeBufferPointer(start: bytes + offset, count: count - offset))
    }

    /// The bytes written, the last one padded with zero bits: handed over without a copy
    /// when they fill most of the buffer (a sheet's file), else copied, so a small file
    /// does not keep the room its buffer was given.
    consuming func finishData() -> Data {
        alignToByte()
        let (bytes, count, capacity) = (self.bytes, self.count, self.capacity)
        discard self
        guard count > capacity / 2 else {
            defer { bytes.deallocate() }
            return Data(bytes: bytes, count: count)
        }
        return Data(bytesNoCopy: bytes, count: count, deallocator: .custom { pointer, _ in
            pointer.assumingMemoryBound(to: UInt8.self).deallocate()
        })
    }
}
