import CZlib
import Foundation

/// Writes RGBA images as PNG with zlib directly: 8-bit RGBA, no interlace, no ancillary
/// chunks (no time stamps), so the same pixels always give the same bytes.
public struct PNGEncoder: Sendable {
    /// zlib's compression level, 0 to 9.
    public var compressionLevel: Int32

    public init(compressionLevel: Int32 = 6) {
        self.compressionLevel = compressionLevel
    }

    public func encode(_ image: RGBAImage) throws(RenderError) -> Data {
        let rowBytes = image.width * 4
        // Each row gets the Sub filter (difference to the pixel on the left), which
        // suits the flat colours and smooth gradients of labels.
        var filtered = [UInt8](repeating: 0, count: (rowBytes + 1) * image.height)
        image.pixels.withUnsafeBufferPointer { pixels in
            filtered.withUnsafeMutableBufferPointer { out in
                for y in 0..<image.height {
                    let source = y * rowBytes
                    let target = y * (rowBytes + 1)
                    out[target] = 1
                    for i in 0..<rowBytes {
                        let left: UInt8 = i >= 4 ? pixels[source + i - 4] : 0
                        out[target + 1 + i] = pixels[source + i] &- left
                    }
                }
            }
        }
        var compressedLength = compressBound(uLong(filtered.count))
        var compressed = [UInt8](repeating: 0, count: Int(compressedLength))
        let status = compress2(&compressed, &compressedLength, filtered, uLong(filtered.count), compressionLevel)
        guard status == Z_OK else { throw RenderError("zlib could not compress the image (error \(status))") }

        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = Data()
        header.appendBigEndian(UInt32(image.width))
        header.appendBigEndian(UInt32(image.height))
        header.append(contentsOf: [8, 6, 0, 0, 0])  // 8 bits, RGBA, deflate, no filter set, no interlace
        png.appendChunk("IHDR", header)
        png.appendChunk("IDAT", Data(compressed[0..<Int(compressedLength)]))
        png.appendChunk("IEND", Data())
        return png
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
