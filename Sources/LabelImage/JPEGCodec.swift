import CTurboJPEG
import Foundation

/// A libjpeg-turbo compressor or decompressor instance, owned by this object.
final class TurboJPEG {
    let handle: tjhandle

    enum Role { case compress, decompress }

    init(_ role: Role) throws(ImageError) {
        guard let handle = role == .compress ? tjInitCompress() : tjInitDecompress() else {
            throw .libraryFailed(library: "libjpeg-turbo", action: "start", reason: String(cString: tjGetErrorStr2(nil)))
        }
        self.handle = handle
    }

    deinit {
        tjDestroy(handle)
    }

    /// libjpeg-turbo's description of the last failure on this handle.
    var lastError: String { String(cString: tjGetErrorStr2(handle)) }
}

/// Decodes JPEG files to opaque RGBA with libjpeg-turbo, turned upright by the EXIF
/// orientation.
struct JPEGDecoder {
    // The accurate integer DCT decodes identically on every machine, and the library's
    // default could change to the fast one.
    private static let flags = TJFLAG_ACCURATEDCT

    /// The largest image decoded, judged from the header.
    var limit: DecodeLimit

    func decode(_ data: Data) throws(ImageError) -> RGBAImage {
        let turbo = try TurboJPEG(.decompress)
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let header = data.withUnsafeBytes { bytes in
            tjDecompressHeader3(turbo.handle, bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), UInt(bytes.count),
                                &width, &height, &subsampling, &colorspace)
        }
        guard header == 0 else { throw .corrupt(.jpeg, reason: "the header cannot be read (\(turbo.lastError))") }
        try limit.check(.jpeg, width: Int(width), height: Int(height))

        // libjpeg-turbo cannot convert CMYK to RGB itself, so such files (from print
        // workflows) are decoded as CMYK and converted below.
        let cmyk = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
        let format = cmyk ? TJPF_CMYK : TJPF_RGBA
        var pixels = [UInt8](repeating: 0, count: Int(width) * Int(height) * 4)
        let status = data.withUnsafeBytes { bytes in
            pixels.withUnsafeMutableBufferPointer { out in
                tjDecompress2(turbo.handle, bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), UInt(bytes.count),
                              out.baseAddress, width, width * 4, height, Int32(format.rawValue), Self.flags)
            }
        }
        // Warnings mean damaged data (most often a truncated file): the decoded picture
        // would be partly grey, so it is refused rather than captioned.
        guard status == 0 else { throw .corrupt(.jpeg, reason: turbo.lastError) }
        if cmyk { Self.convertInvertedCMYK(&pixels) }

        let image = RGBAImage(width: Int(width), height: Int(height), pixels: pixels)
        return ExifOrientation(jpeg: data).map { image.oriented($0) } ?? image
    }

    /// Converts CMYK as JPEG files store it (inverted, the Adobe convention libjpeg
    /// hands out) to opaque RGB, in place.
    private static func convertInvertedCMYK(_ pixels: inout [UInt8]) {
        pixels.withUnsafeMutableBufferPointer { p in
            for i in stride(from: 0, to: p.count, by: 4) {
                let k = Int(p[i + 3])
                p[i] = UInt8((Int(p[i]) * k + 127) / 255)
                p[i + 1] = UInt8((Int(p[i + 1]) * k + 127) / 255)
                p[i + 2] = UInt8((Int(p[i + 2]) * k + 127) / 255)
                p[i + 3] = 255
            }
        }
    }
}

/// Writes RGBA images as baseline JPEG with libjpeg-turbo. JPEG has no alpha, so
/// translucent pixels are first laid over white.
///
/// ```swift
/// let jpeg = try JPEGEncoder(quality: 85).encode(captioned.image)
/// ```
public struct JPEGEncoder: Sendable {
    /// The JPEG quality, 1 (smallest) to 100 (best).
    public var quality: Int

    /// Creates an encoder.
    ///
    /// - Parameter quality: 1 to 100; 90 by default. From 90 up, colour is kept at full
    ///   resolution (4:4:4), so coloured text edges do not bleed; below, it is halved
    ///   both ways (4:2:0), as cameras do.
    public init(quality: Int = 90) {
        self.quality = quality
    }

    /// Encodes `image`.
    ///
    /// - Throws: An `ImageError` if the quality is out of range or libjpeg-turbo fails.
    public func encode(_ image: RGBAImage) throws(ImageError) -> Data {
        guard (1...100).contains(quality) else { throw .qualityOutOfRange(quality) }
        let opaque = image.flattened()
        let turbo = try TurboJPEG(.compress)
        var buffer: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        defer { if let buffer { tjFree(buffer) } }
        let subsampling = quality >= 90 ? TJSAMP_444 : TJSAMP_420
        let status = opaque.pixels.withUnsafeBufferPointer { pixels in
            tjCompress2(turbo.handle, pixels.baseAddress, Int32(image.width), Int32(image.width * 4), Int32(image.height),
                        Int32(TJPF_RGBA.rawValue), &buffer, &size, Int32(subsampling.rawValue), Int32(quality),
                        TJFLAG_ACCURATEDCT)
        }
        guard status == 0, let buffer else { throw .libraryFailed(library: "libjpeg-turbo", action: "encode the image", reason: turbo.lastError) }
        return Data(bytes: buffer, count: Int(size))
    }
}
