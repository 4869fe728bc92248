import Foundation

/// The largest image a decoder reads, judged from the file's header before any memory is
/// set aside for its pixels; shared by the PNG decoder here and the photo decoder of
/// `Captions`, so both refuse with the same messages.
package struct DecodeLimit: Sendable {
    /// The widest or tallest image read.
    package var side: Int
    /// The most pixels in an image read.
    package var pixels: Int

    /// A limit of `side` pixels on a side and `pixels` in all.
    package init(side: Int, pixels: Int) {
        self.side = side
        self.pixels = pixels
    }

    /// Refuses a header that gives no size, or a size beyond this limit.
    package func check(_ format: ImageFormat, width: Int, height: Int) throws(ImageError) {
        guard width > 0, height > 0 else {
            throw .corrupt(format, reason: "the header gives a size of \(width)x\(height) pixels")
        }
        if let limit = SizeLimit.exceeded(width: Double(width), height: Double(height), side: side, pixels: pixels) {
            throw .tooLarge(format, width: width, height: height, limit: limit)
        }
    }
}

/// Reading an image file for a decoder, with the same messages for every decoder.
package enum ImageFile {
    /// Reads the file at `url` and decodes its bytes with `decode`.
    ///
    /// - Parameters:
    ///   - url: The file; its path names it in messages.
    ///   - folderError: What to report when `url` names a folder.
    ///   - decode: Turns the file's bytes into pixels.
    /// - Throws: ``ImageError/file(_:_:)`` with the file's path and what went wrong.
    package static func decode(contentsOf url: URL, ifFolder folderError: ImageError,
                               _ decode: (Data) throws(ImageError) -> RGBAImage) throws(ImageError) -> RGBAImage {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
            throw .file(url.path, folderError)
        }
        let data: Data
        do {
            // Mapped, so a huge file costs no memory before its header has been judged.
            data = try Data(contentsOf: url, options: .mappedIfSafe)
        } catch {
            // Foundation's lead-in adds nothing to the reason after it.
            let text = (error as NSError).localizedDescription
            let leadIn = "The operation could not be completed. "
            let reason = text.hasPrefix(leadIn) ? String(text.dropFirst(leadIn.count)) : text
            throw .file(url.path, .unreadableFile(reason: reason))
        }
        do {
            return try decode(data)
        } catch {
            throw .file(url.path, error)
        }
    }
}
