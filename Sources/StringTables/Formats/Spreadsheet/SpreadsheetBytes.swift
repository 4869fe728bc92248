import Foundation
import StyledText

/// Where the UTF-8 bytes of a streamed spreadsheet table come from once those already
/// in the scanner's buffer are read.
protocol SpreadsheetByteSource: AnyObject {
    /// Appends the next bytes to `buffer`; false, appending nothing, once there are none.
    func read(into buffer: inout [UInt8]) -> Bool
    /// Whether the bytes ended early: the file could not be read, or was not valid text.
    var failed: Bool { get }
}

/// The UTF-8 text of a spreadsheet table: the bytes the row scanner starts with and,
/// when streaming, where the rest comes from.
///
/// The scanner reads UTF-8 bytes because every byte it looks for (delimiters, quotes,
/// line ends) is ASCII, and no byte of a multi-byte UTF-8 sequence is: it can skip
/// from one such byte to the next without decoding the text between. UTF-16 tables
/// (Excel's "Unicode text") are transcoded to UTF-8 first, which is slower, but keeps
/// one scanner for both.
struct SpreadsheetText {
    /// The first bytes, after any byte order mark.
    let head: [UInt8]
    /// Streaming only: the rest of the file.
    let rest: SpreadsheetByteSource?

    /// The text of a whole table.
    ///
    /// - Throws: `.invalidEncoding` at the line and column of the first byte sequence
    ///   that is not valid UTF-8 (or UTF-16).
    init(whole data: Data, source: String) throws(StringTableError) {
        let bytes = [UInt8](data)
        let (encoding, markLength) = TextDecoding.detect(bytes)
        rest = nil
        guard encoding == .utf8 else {
            let scalars = try TextDecoding.decode(data, source: source)
            var text = String()
            text.unicodeScalars.append(contentsOf: scalars)
            head = Array(text.utf8)
            return
        }
        let body = bytes[markLength...]
        // Validating the whole file first lets an invalid byte be named exactly where it
        // is, and before any other problem, as the scalar decoder names it.
        if body.withUnsafeBufferPointer({ String(validating: $0, as: UTF8.self) == nil }) {
            _ = try TextDecoding.decode(data, source: source)
        }
        head = Array(body)
    }

    /// The text of the file at `path`, read `chunkSize` bytes at a time; nil when the
    /// file cannot be opened.
    init?(streaming path: String, chunkSize: Int) {
        guard let file = ChunkedFile(path: path, chunkSize: chunkSize) else { return nil }
        // Detection looks at up to 1024 bytes, which a small chunk may not hold.
        var head: [UInt8] = []
        while head.count < 1024, let chunk = file.next() {
            head += chunk
        }
        let (encoding, markLength) = TextDecoding.detect(head)
        if encoding == .utf8 {
            self.head = Array(head.dropFirst(markLength))
            rest = FileChunks(file: file)
        } else {
            guard let text = StreamedText(path: path, chunkSize: chunkSize) else { return nil }
            self.head = []
            rest = TranscodedText(text: text)
        }
    }
}

/// The rest of a UTF-8 file, a chunk at a time.
private final class FileChunks: SpreadsheetByteSource {
    private let file: ChunkedFile

    init(file: ChunkedFile) {
        self.file = file
    }

    func read(into buffer: inout [UInt8]) -> Bool {
        guard let chunk = file.next() else { return false }
        buffer.append(contentsOf: chunk)
        return true
    }

    var failed: Bool { file.failed }
}

/// A UTF-16 file's text as UTF-8, a batch of scalars at a time.
private final class TranscodedText: SpreadsheetByteSource {
    private let text: StreamedText
    private var scalars: [Unicode.Scalar] = []

    init(text: StreamedText) {
        self.text = text
    }

    func read(into buffer: inout [UInt8]) -> Bool {
        scalars.removeAll(keepingCapacity: true)
        // The last batch comes with the answer that the text has ended.
        _ = text.read(into: &scalars)
        guard !scalars.isEmpty else { return false }
        for scalar in scalars {
            UTF8.encode(scalar) { buffer.append($0) }
        }
        return true
    }

    var failed: Bool { text.failed }
}
