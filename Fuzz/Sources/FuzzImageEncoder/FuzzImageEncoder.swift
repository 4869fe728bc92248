import FuzzSupport
import TextRender

/// The first two bytes give the image's width and height (1 to 256), the rest its pixels,
/// repeated as needed, so libFuzzer's mutations reach every path of the encoders: runs,
/// literals, stored blocks, every filter, skewed Huffman codes. Every encoding must read
/// back as exactly the pixels given.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let data = [UInt8](fuzzData(bytes, size))
    guard data.count >= 3 else { return 0 }
    let width = Int(data[0]) + 1, height = Int(data[1]) + 1
    let source = data[2...]
    let pixels = (0..<(width * height * 4)).map { source[source.startIndex + $0 % source.count] }
    let image = RGBAImage(width: width, height: height, pixels: pixels)
    do {
        // libpng (through Cairo) premultiplies and this library straightens again, both
        // rounding to nearest: what a PNG of `image` must decode to.
        let expected = image.premultiplied().straightened()
        for compression in ImageEncoding.PNGCompression.allCases {
            let decoded = try PNGDecoder().decode(try PNGEncoder(compression).encode(image))
            require(decoded == expected, "a \(compression) PNG of \(width)x\(height) pixels reads back differently")
        }
        let webp = try WebPDecoder().decode(try WebPEncoder().encode(image))
        require(webp == image, "a WebP of \(width)x\(height) pixels reads back differently")
        let premultiplied = try ImageEncoder(ImageEncoding(format: .webp, alpha: .premultiplied)).encode(image)
        let read = try WebPDecoder().decode(premultiplied)
        require(read == image.premultiplied(), "premultiplied WebP differs")
    } catch {
        require(false, "encoding \(width)x\(height) pixels failed: \(error)")
    }
    return 0
}

@_cdecl("FuzzImageEncoder_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
