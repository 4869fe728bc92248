import CPNGFilter
import CDeflate
import Foundation

/// Reads the PNG files this library writes (8-bit RGBA, not interlaced) byte for byte,
/// without going through Cairo: Cairo premultiplies what it reads, which loses colour at
/// low alpha, and an image stored premultiplied (`--alpha premultiplied`) would be
/// premultiplied twice. Any other PNG is left to ``PNGDecoder``.
package enum ExactPNGReader {
    /// The pixels exactly as stored, or nil when `data` is not an 8-bit RGBA PNG without
    /// interlacing that inflates to its rows.
    package static func decode(_ data: Data, limit: DecodeLimit = DecodeLimit(side: PNGDecoder.cairoSideLimit, pixels: 128 << 20))
        -> RGBAImage? {
        let bytes = [UInt8](data)
        guard bytes.count > 33, ImageFormat(sniffing: data) == .png else { return nil }
        func word(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        var offset = 8, width = 0, height = 0
        var idat: [UInt8] = []
        while offset + 12 <= bytes.count {
            let length = word(offset)
            guard length <= bytes.count - offset - 12 else { return nil }
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let body = (offset + 8)..<(offset + 8 + length)
            if type == "IHDR" {
                guard length == 13, Array(bytes[(body.lowerBound + 8)..<body.upperBound]) == [8, 6, 0, 0, 0] else { return nil }
                width = word(body.lowerBound)
                height = word(body.lowerBound + 4)
                guard (try? limit.check(.png, width: width, height: height)) != nil else { return nil }
            }
            if type == "IDAT" { idat += bytes[body] }
            if type == "IEND" { break }
            offset += 12 + length
        }
        guard width > 0, height > 0 else { return nil }
        var filtered = [UInt8](repeating: 0, count: (width * 4 + 1) * height)
        // libdeflate, not zlib: the rows' size is known from the header, and it inflates
        // them (checking the Adler-32 as zlib does) in about half zlib's time.
        guard let decompressor = libdeflate_alloc_decompressor() else { return nil }
        defer { libdeflate_free_decompressor(decompressor) }
        var length = 0
        let status = filtered.withUnsafeMutableBytes { out in
            idat.withUnsafeBytes { compressed in
                libdeflate_zlib_decompress(decompressor, compressed.baseAddress, compressed.count, out.baseAddress, out.count, &length)
            }
        }
        guard status == LIBDEFLATE_SUCCESS, length == filtered.count else { return nil }
        var pixels = [UInt8](repeating: 0, count: width * 4 * height)
        let unfiltered = pixels.withUnsafeMutableBufferPointer { out in png_unfilter(filtered, width, height, out.baseAddress) }
        return unfiltered == 1 ? RGBAImage(width: width, height: height, pixels: pixels) : nil
    }
}
