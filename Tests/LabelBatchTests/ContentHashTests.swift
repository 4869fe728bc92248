import Foundation
import Testing
@testable import LabelBatch

/// The hash of font files and pictures, which decides whether labels are drawn again.
@Suite("File hashes")
struct FileHashTests {
    /// Bytes that look like a font's: runs of zeros and repeated words, where a weak
    /// hash would let changes cancel.
    static func sample(count: Int) -> Data {
        Data((0..<count).map { index in index % 97 < 40 ? 0 : UInt8(truncatingIfNeeded: index / 3 &* 37) })
    }

    @Test("changing any one byte, or any one bit of a word, changes the hash")
    func everyByteCounts() {
        let original = Self.sample(count: 203)
        let hash = ContentHash.fileHex(of: original)
        var seen: Set<String> = [hash]
        for offset in 0..<original.count {
            var changed = original
            changed[offset] ^= 0x80
            #expect(seen.insert(ContentHash.fileHex(of: changed)).inserted, "byte \(offset) (203 bytes)")
        }
        for bit in 0..<64 {
            var changed = original
            changed[32 + bit / 8] ^= UInt8(1 << (bit % 8))
            #expect(ContentHash.fileHex(of: changed) != hash, "bit \(bit) of the second step's first word")
        }
    }

    @Test("the same change made twice, in two steps of one lane, does not cancel out")
    func changesDoNotCancel() {
        let original = Self.sample(count: 4096)
        let hash = ContentHash.fileHex(of: original)
        for (first, second) in [(7, 39), (0, 32), (31, 4095 - 24), (100, 1124)] {
            var changed = original
            changed[first] ^= 0x80
            changed[second] ^= 0x80
            #expect(ContentHash.fileHex(of: changed) != hash, "bytes \(first) and \(second)")
        }
    }

    @Test("a file and the same file with zeros added differ, and equal bytes hash equally")
    func lengthCounts() {
        let original = Self.sample(count: 64)
        #expect(ContentHash.fileHex(of: original + Data(count: 32)) != ContentHash.fileHex(of: original))
        #expect(ContentHash.fileHex(of: Data()) != ContentHash.fileHex(of: Data(count: 1)))
        #expect(ContentHash.fileHex(of: Data(original)) == ContentHash.fileHex(of: original))
        #expect(ContentHash.fileHex(of: original).count == 16)
    }
}
