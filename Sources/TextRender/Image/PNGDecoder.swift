import Foundation

/// Decodes PNG files to straight-alpha RGBA through ``PNGReader``.
struct PNGDecoder {
    /// Throws when the header's size is beyond what the caller accepts.
    var sizeCheck: (ImageFormat, Int, Int) throws(ImageError) -> Void

    func decode(_ data: Data) throws(ImageError) -> RGBAImage {
        // The bytes are only borrowed while Cairo reads them; the error keeps its type.
        let loaded = data.withUnsafeBytes { bytes in
            Result { () throws(ImageError) in
                try PNGReader.read(bytes) { width, height throws(ImageError) in try sizeCheck(.png, width, height) }
            }
        }
        return try Self.argbImage(try loaded.get())
    }

    /// Painting onto ARGB32 gives RGB24 images (PNGs without alpha) a defined, opaque
    /// alpha byte, which Cairo leaves unspecified in RGB24 itself.
    private static func argbImage(_ loaded: CairoSurface) throws(ImageError) -> RGBAImage {
        do {
            let argb = try CairoSurface(width: loaded.width, height: loaded.height, format: .argb)
            let context = CairoContext(argb)
            context.setOperator(.source)
            context.setSource(loaded, x: 0, y: 0)
            context.paint()
            try context.check("converting the PNG image")
            return RGBAImage(cairo: argb)
        } catch {
            throw ImageError(error)
        }
    }
}
