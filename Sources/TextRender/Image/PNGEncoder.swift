import CZlib
import Foundation

/// Writes RGBA images as PNG with zlib directly: 8-bit RGBA, no interlace, no ancillary
/// chunks (no time stamps), so the same pixels always give the same bytes.
///
/// Level 1, the default, is chosen by measurement on label images (544 x 184, mostly
/// transparent, soft shadows; `make bench` prints the comparison): zlib's run-length
/// strategy over the Sub-filtered rows compresses them better than level 1's string
/// matching and costs a third of level 6, whose files are only 15% smaller. The rows are
/// deflated in independent pieces of under 64 KB, each ending on a byte boundary, which
/// spares zlib from sliding its window and hash tables through the image.
/// Levels 2 to 9 use zlib's usual strategy over the whole image.
public struct PNGEncoder: Sendable {
    /// zlib's compression level, 0 to 9.
    public var compressionLevel: Int32

    public init(compressionLevel: Int32 = 1) {
        self.compressionLevel = compressionLevel
    }

    public func encode(_ image: RGBAImage) throws(RenderError) -> Data {
        let rowBytes = image.width * 4
        let filteredCount = (rowBytes + 1) * image.height
        // Each row gets the Sub filter (difference to the pixel on the left), which
        // suits the flat colours and smooth gradients of labels.
        let filtered = [UInt8](unsafeUninitializedCapacity: filteredCount) { out, initialized in
            image.pixels.withUnsafeBufferPointer { pixels in
                guard let source = pixels.baseAddress, let target = out.baseAddress else { return }
                for y in 0..<image.height {
                    let row = source + y * rowBytes
                    let filteredRow = target + y * (rowBytes + 1)
                    filteredRow[0] = 1
                    for i in 0..<min(4, rowBytes) { filteredRow[1 + i] = row[i] }
                    // Sixteen bytes at a time: the loop below would not vectorize by itself.
                    var i = 4
                    while i + 16 <= rowBytes {
                        let pixels = UnsafeRawPointer(row + i).loadUnaligned(as: SIMD16<UInt8>.self)
                        let left = UnsafeRawPointer(row + i - 4).loadUnaligned(as: SIMD16<UInt8>.self)
                        UnsafeMutableRawPointer(filteredRow + 1 + i).storeBytes(of: pixels &- left, as: SIMD16<UInt8>.self)
                        i += 16
                    }
                    while i < rowBytes {
                        filteredRow[1 + i] = row[i] &- row[i - 4]
                        i += 1
                    }
                }
            }
            initialized = filteredCount
        }
        let compressed = compressionLevel == 1 ? try Self.deflateInPieces(filtered) : try deflateWhole(filtered)

        var png = Data(capacity: compressed.count + 57)
        png.append(contentsOf: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = Data()
        header.appendBigEndian(UInt32(image.width))
        header.appendBigEndian(UInt32(image.height))
        header.append(contentsOf: [8, 6, 0, 0, 0])  // 8 bits, RGBA, deflate, no filter set, no interlace
        png.appendChunk("IHDR", header)
        png.appendChunk("IDAT", compressed)
        png.appendChunk("IEND", Data())
        return png
    }

    /// One zlib stream over all of `data` at the configured level.
    private func deflateWhole(_ data: [UInt8]) throws(RenderError) -> Data {
        var compressedLength = compressBound(uLong(data.count))
        var compressed = [UInt8](repeating: 0, count: Int(compressedLength))
        let status = compress2(&compressed, &compressedLength, data, uLong(data.count), compressionLevel)
        guard status == Z_OK else { throw RenderError("zlib could not compress the image (error \(status))") }
        return Data(compressed[0..<Int(compressedLength)])
    }

    /// Rows short enough that zlib never slides its 32 KB window (it slides at 64 KB
    /// less a match's length): each piece starts with empty tables, so no work is spent
    /// moving them.
    private static let pieceSize = 65_000

    /// A zlib stream made of raw deflate pieces: each is compressed with the run-length
    /// strategy from a reset state and ends with a sync flush (a byte boundary, no
    /// final bit), the last with the final block; then the Adler-32 of all of `data`.
    private static func deflateInPieces(_ data: [UInt8]) throws(RenderError) -> Data {
        var stream = z_stream()
        // Negative window bits: raw deflate, since the header and checksum are ours.
        var status = deflateInit2_(&stream, 1, Z_DEFLATED, -15, 8, Z_RLE, zlibVersion(),
                                   Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else { throw RenderError("zlib could not start compressing (error \(status))") }
        defer { deflateEnd(&stream) }

        let pieces = max(1, (data.count + pieceSize - 1) / pieceSize)
        // deflateBound for one piece, plus the flush marker each piece ends with.
        let bound = Int(deflateBound(&stream, uLong(min(pieceSize, data.count)))) + 16
        let capacity = 2 + bound * pieces + 4
        let output = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { output.deallocate() }
        output[0] = 0x78  // deflate, 32 KB window
        output[1] = 0x01  // fastest compression; makes the header a multiple of 31
        var written = 2
        status = data.withUnsafeBufferPointer { input -> Int32 in
            var offset = 0
            repeat {
                let count = min(pieceSize, data.count - offset)
                let last = offset + count >= data.count
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress! + offset)
                stream.avail_in = uInt(count)
                stream.next_out = output + written
                stream.avail_out = uInt(capacity - 4 - written)
                let result = deflate(&stream, last ? Z_FINISH : Z_SYNC_FLUSH)
                written = capacity - 4 - Int(stream.avail_out)
                if last { return result == Z_STREAM_END ? Z_OK : result }
                guard result == Z_OK, stream.avail_in == 0 else { return result == Z_OK ? Z_BUF_ERROR : result }
                let reset = deflateReset(&stream)
                guard reset == Z_OK else { return reset }
                offset += count
            } while true
        }
        guard status == Z_OK else { throw RenderError("zlib could not compress the image (error \(status))") }
        let checksum = data.withUnsafeBufferPointer { adler32(1, $0.baseAddress, uInt($0.count)) }
        output[written] = UInt8((checksum >> 24) & 0xFF)
        output[written + 1] = UInt8((checksum >> 16) & 0xFF)
        output[written + 2] = UInt8((checksum >> 8) & 0xFF)
        output[written + 3] = UInt8(checksum & 0xFF)
        return Data(bytes: output, count: written + 4)
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
