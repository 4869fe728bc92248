import CWebP
import Foundation

/// Reads WebP files into RGBA with libwebp: the labels and golden images of runs that
/// write WebP.
///
/// ```swift
/// let image = try WebPDecoder().decode(contentsOf: URL(fileURLWithPath: "out/de/play.webp"))
/// ```
///
/// A lossless file gives back exactly the pixels it was made from. The size is read from
/// the header first, so an image beyond the limits is refused before any memory is set
/// aside for its pixels.
public struct WebPDecoder: Sendable {
    /// The widest or tallest image read.
    public var maximumSide: Int
    /// The most pixels in an image read.
    public var maximumPixels: Int

    /// Creates a decoder; it holds no state, so one can serve several threads.
    ///
    /// - Parameters:
    ///   - maximumSide: The widest or tallest image read; WebP's own limit by default.
    ///   - maximumPixels: The most pixels in an image read; 128 Mpixel by default.
    public init(maximumSide: Int = WebPEncoder.maximumSide, maximumPixels: Int = 128 << 20) {
        self.maximumSide = maximumSide
        self.maximumPixels = maximumPixels
    }

    /// Whether `data` starts like a WebP file (`RIFF`, a size, `WEBP`).
    public static func isWebP(_ data: Data) -> Bool {
        let head = [UInt8](data.prefix(12))
        return head.count == 12 && head[0..<4].elementsEqual("RIFF".utf8) && head[8..<12].elementsEqual("WEBP".utf8)
    }

    /// Decodes a WebP file held in memory.
    ///
    /// - Parameter data: The bytes of a WebP file, lossless or lossy.
    /// - Returns: The pixels as the file stores them.
    /// - Throws: ``ImageError/corrupt(_:reason:)`` for data that is not WebP or is damaged,
    ///   ``ImageError/tooLarge(_:width:height:limit:)`` beyond the limits.
    public func decode(_ data: Data) throws(ImageError) -> RGBAImage {
        guard Self.isWebP(data) else {
            throw .corrupt(.webp, reason: data.isEmpty ? "the file is empty" : "the data does not start with a WebP header")
        }
        // The bytes are only borrowed while libwebp reads them; the error keeps its type.
        let decoded = data.withUnsafeBytes { bytes in
            Result { () throws(ImageError) in try decode(bytes.bindMemory(to: UInt8.self)) }
        }
        return try decoded.get()
    }

    private func decode(_ input: UnsafeBufferPointer<UInt8>) throws(ImageError) -> RGBAImage {
        var width: Int32 = 0, height: Int32 = 0
        guard WebPGetInfo(input.baseAddress, input.count, &width, &height) != 0 else {
            throw .corrupt(.webp, reason: "the header cannot be read")
        }
        try DecodeLimit(side: maximumSide, pixels: maximumPixels).check(.webp, width: Int(width), height: Int(height))
        var image = RGBAImage(width: Int(width), height: Int(height))
        let decoded = image.pixels.withUnsafeMutableBufferPointer { out in
            WebPDecodeRGBAInto(input.baseAddress, input.count, out.baseAddress, out.count, Int32(width) * 4)
        }
        guard decoded != nil else { throw .corrupt(.webp, reason: "the image data cannot be decoded") }
        return image
    }

    /// Reads and decodes a WebP file.
    ///
    /// - Parameter url: The file; its path names it in messages.
    /// - Throws: ``ImageError/file(_:_:)`` with the file's path and what went wrong.
    public func decode(contentsOf url: URL) throws(ImageError) -> RGBAImage {
        try ImageFile.decode(contentsOf: url, ifFolder: .corrupt(.webp, reason: "it is a folder")) { data throws(ImageError) in
            try decode(data)
        }
    }
}

/// Reads the files a label run writes, PNG or WebP, recognized by their first bytes: the
/// outputs and golden images that `--check`, atlases and snapshot tests compare. Its own
/// PNGs are read byte for byte (``ExactPNGReader``), so premultiplied pixels stay as stored.
package enum LabelFileDecoder {
    package static func decode(_ data: Data) throws(ImageError) -> RGBAImage {
        if WebPDecoder.isWebP(data) { return try WebPDecoder().decode(data) }
        if let exact = ExactPNGReader.decode(data) { return exact }
        return try PNGDecoder().decode(data)
    }

    package static func decode(contentsOf url: URL) throws(ImageError) -> RGBAImage {
        try ImageFile.decode(contentsOf: url, ifFolder: .notPNG(found: "a folder")) { data throws(ImageError) in
            try decode(data)
        }
    }
}
