import StyledText

/// The scalars of a text file decoded a chunk at a time, so a scanner can walk a file
/// of any size in constant memory. The encoding is told as ``TextDecoding`` tells it,
/// from the same first bytes.
///
/// Bytes that are not valid in the encoding end the text early and set `failed`: the
/// caller then reads the file whole, which says where they are.
final class StreamedText {
    private var bytes: FileBytes
    private let encoding: TextDecoding.Encoding
    private var utf8 = UTF8()
    private var utf16 = UTF16()
    /// Set when the bytes stopped being valid text, or the file could not be read.
    private(set) var failed = false
    private var ended = false
    /// Scalars decoded per `read`: as many as a chunk has bytes, up to 64 Ki, so small
    /// chunks in tests put batch ends everywhere too.
    private let batchSize: Int

    /// Opens `path`; nil when it cannot be opened.
    init?(path: String, chunkSize: Int = 1 << 20) {
        guard let file = ChunkedFile(path: path, chunkSize: chunkSize) else { return nil }
        batchSize = min(max(chunkSize, 16), 1 << 16)
        // Detection looks at up to 1024 bytes, which a small chunk may not hold.
        var head: [UInt8] = []
        while head.count < 1024, let chunk = file.next() {
            head += chunk
        }
        let (encoding, markLength) = TextDecoding.detect(head)
        self.encoding = encoding
        bytes = FileBytes(file: file, head: Array(head.dropFirst(markLength)))
    }

    /// Appends the next batch of scalars; returns false once the text has ended.
    func read(into scalars: inout [Unicode.Scalar]) -> Bool {
        let count = batchSize
        guard !ended else { return false }
        switch encoding {
        case .utf8:
            for _ in 0..<count {
                switch utf8.decode(&bytes) {
                case .scalarValue(let scalar): scalars.append(scalar)
                case .emptyInput: return finish()
                case .error: failed = true; return finish()
                }
            }
        case .utf16LittleEndian, .utf16BigEndian:
            var units = UTF16Units(bytes: bytes, bigEndian: encoding == .utf16BigEndian)
            defer { bytes = units.bytes }
            for _ in 0..<count {
                switch utf16.decode(&units) {
                case .scalarValue(let scalar): scalars.append(scalar)
                case .emptyInput:
                    // An odd byte left over is half a code unit: not UTF-16.
                    failed = failed || units.oddByte
                    return finish()
                case .error: failed = true; return finish()
                }
            }
        }
        return true
    }

    private func finish() -> Bool {
        ended = true
        failed = failed || bytes.file.failed
        return false
    }
}

/// The bytes of a file in order: those already read (for detecting the encoding, say),
/// then the rest a chunk at a time.
struct FileBytes: IteratorProtocol {
    let file: ChunkedFile
    private var head: [UInt8]
    private var headIndex = 0
    private var chunk = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    private var chunkIndex = 0

    init(file: ChunkedFile, head: [UInt8]) {
        self.file = file
        self.head = head
    }

    mutating func next() -> UInt8? {
        if headIndex < head.count {
            headIndex += 1
            return head[headIndex - 1]
        }
        if chunkIndex == chunk.count {
            guard let next = file.next() else { return nil }
            chunk = next
            chunkIndex = 0
        }
        chunkIndex += 1
        return chunk[chunkIndex - 1]
    }
}

/// UTF-16 code units from pairs of bytes.
private struct UTF16Units: IteratorProtocol {
    var bytes: FileBytes
    let bigEndian: Bool
    /// Set when the bytes ended after half a unit.
    private(set) var oddByte = false

    init(bytes: FileBytes, bigEndian: Bool) {
        self.bytes = bytes
        self.bigEndian = bigEndian
    }

    mutating func next() -> UInt16? {
        guard let first = bytes.next() else { return nil }
        guard let second = bytes.next() else {
            oddByte = true
            return nil
        }
        return bigEndian ? UInt16(first) << 8 | UInt16(second) : UInt16(second) << 8 | UInt16(first)
    }
}
