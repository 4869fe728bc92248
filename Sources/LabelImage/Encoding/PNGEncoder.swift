import CZlib
import Foundation
import LabelCore

/// Writes RGBA images as PNG: 8-bit RGBA, no interlace, no ancillary chunks (no time
/// stamps), so the same pixels always give the same bytes.
///
/// ```swift
/// let png = try PNGEncoder(.small).encode(image)   // a release build's file
/// ```
///
/// The two purposes give the same pixels in different bytes (README, Shipping):
/// - ``ImageEncoding/PNGCompression/fast``, the default, codes Sub-filtered rows as
///   literals and runs with ``RunLengthDeflate``, like zlib's run-length strategy but in a
///   third of its time: 0.9 ms for a 544 x 184 label, against 6 ms for zlib's level 6,
///   whose files are 15% smaller.
/// - ``ImageEncoding/PNGCompression/small`` chooses each row's filter by the smallest sum
///   of filtered bytes and compresses with libdeflate's near-optimal parsing: about a third
///   fewer bytes than `fast` in some thirty times its time, for release builds.
public struct PNGEncoder: Sendable {
    /// How the filtered rows become the IDAT stream.
    private enum Method: Sendable, Hashable {
        case runLength
        case zlib(level: Int32)
        case libdeflate
    }

    private let method: Method

    /// Creates an encoder for `compression`; it holds no state, so one can serve several
    /// threads.
    public init(_ compression: ImageEncoding.PNGCompression = .fast) {
        method = compression == .fast ? .runLength : .libdeflate
    }

    /// Creates an encoder that compresses Sub-filtered rows with zlib at `zlibLevel`
    /// (0 to 9, clamped): for comparisons, and for snapshot references, whose size
    /// matters more than their encoding time.
    public init(zlibLevel: Int32) {
        method = .zlib(level: min(9, max(0, zlibLevel)))
    }

    /// The purpose this encoder serves, or nil for a zlib level.
    public var compression: ImageEncoding.PNGCompression? {
        switch method {
        case .runLength: return .fast
        case .libdeflate: return .small
        case .zlib: return nil
        }
    }

    /// Encodes `image` as a PNG file.
    ///
    /// - Parameter image: The pixels, stored as they are: the caller decides whether they
    ///   are straight or premultiplied.
    /// - Returns: The file's bytes.
    /// - Throws: ``ImageError/unwritableSize(format:width:height:maximumSide:)`` for an
    ///   image without pixels, which PNG cannot hold; ``ImageError/libraryFailed(library:action:reason:)`` when
    ///   zlib or libdeflate fails.
    public func encode(_ image: RGBAImage) throws(ImageError) -> Data {
        guard image.width > 0, image.height > 0 else {
            throw .unwritableSize(format: "PNG", width: image.width, height: image.height, maximumSide: nil)
        }
        let compressed: Data
        switch method {
        case .runLength:
            return Self.fileOfRuns(image)
        case .zlib(let level):
            compressed = try Self.zlibStream(PNGRowFilter.sub(image), level: level)
        case .libdeflate:
            compressed = try DeflateCompressor(level: DeflateCompressor.smallLevel).zlibStream(PNGRowFilter.adaptive(image))
        }
        var png = Data(capacity: compressed.count + 57)
        png.append(Self.signatureAndHeader(image))
        png.appendChunk("IDAT", compressed)
        png.append(Self.end)
        return png
    }

    /// The IEND chunk that closes every file.
    private static let end: Data = {
        var chunk = Data()
        chunk.appendChunk("IEND", Data())
        return chunk
    }()

    /// The PNG signature and the IHDR chunk of `image`.
    private static func signatureAndHeader(_ image: RGBAImage) -> Data {
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = Data()
        header.appendBigEndian(UInt32(image.width))
        header.appendBigEndian(UInt32(image.height))
        header.append(contentsOf: [8, 6, 0, 0, 0])  // 8 bits, RGBA, deflate, adaptive filtering, no interlace
        png.appendChunk("IHDR", header)
        return png
    }

    /// The whole file, with its IDAT a zlib stream (RFC 1950) around ``RunLengthDeflate``'s
    /// raw deflate of `image`'s Sub-filtered rows, filtered a block at a time as the
    /// compressor needs them. The file is written in one buffer and handed over as it
    /// is: a sheet's file is tens of megabytes, and each copy would be as large.
    private static func fileOfRuns(_ image: RGBAImage) -> Data {
        let rowBytes = image.width * 4
        let head = signatureAndHeader(image)
        var writer = BitWriter(capacity: head.count + 20 + RunLengthDeflate.initialCapacity(image.height * (rowBytes + 1)))
        head.withUnsafeBytes { writer.append($0.assumingMemoryBound(to: UInt8.self)) }
        let idat = writer.byteCount
        writer.appendBigEndian(0)  // the length, known at the end
        // "IDAT", then the zlib header: deflate with a 32 KB window, fastest compression
        // (0x01 also makes the header a multiple of 31).
        writer.appendBigEndian(0x4944_4154)
        [UInt8(0x78), 0x01].withUnsafeBufferPointer { writer.append($0) }
        let adler = image.pixels.withUnsafeBufferPointer { pixels in
            let source = pixels.baseAddress!
            return RunLengthDeflate.compress(rows: image.height, rowBytes: rowBytes + 1, into: &writer) { row, out in
                PNGRowFilter.subRow(source + row * rowBytes, count: rowBytes, into: out)
            }
        }
        writer.alignToByte()
        writer.appendBigEndian(adler)
        writer.overwriteBigEndian(UInt32(writer.byteCount - idat - 8), at: idat)
        let crc = writer.withBytes(from: idat + 4) { typed in UInt32(crc32(0, typed.baseAddress, uInt(typed.count))) }
        writer.appendBigEndian(crc)
        end.withUnsafeBytes { writer.append($0.assumingMemoryBound(to: UInt8.self)) }
        return writer.finishData()
    }

    /// One zlib stream over all of `data` at `level`.
    private static func zlibStream(_ data: [UInt8], level: Int32) throws(ImageError) -> Data {
        var compressedLength = compressBound(uLong(data.count))
        var compressed = [UInt8](repeating: 0, count: Int(compressedLength))
        let status = compress2(&compressed, &compressedLength, data, uLong(data.count), level)
        guard status == Z_OK else {
            throw .libraryFailed(library: "zlib", action: "compress the image", reason: "error \(status)")
        }
        return Data(compressed[0..<Int(compressedLength)])
    }
}

extension Data {
    mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)])
    }

    mutating func appendChunk(_ type: String, _ body: Data) {
        appendBigEndian(UInt32(body.count))
        var typed = Data(type.utf8)
        typed.append(body)
        append(typed)
        let crc = typed.withUnsafeBytes { bytes in
            crc32(0, bytes.baseAddress?.assumingMemoryBound(to: Bytef.self), uInt(bytes.count))
        }
        appendBigEndian(UInt32(crc))
    }
}
