import FuzzSupport
import Foundation
import TextRender

/// Any bytes as a WebP file, as `--check` reads golden images and atlases read labels:
/// decoding either refuses them with an error or gives an image within the limits,
/// which lossless WebP then keeps exactly.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let data = fuzzData(bytes, size)
    let decoder = WebPDecoder(maximumSide: 2048, maximumPixels: 1 << 20)
    guard let image = try? decoder.decode(data) else { return 0 }
    require(image.width <= 2048 && image.height <= 2048 && image.width * image.height <= 1 << 20,
            "decoded \(image.width)x\(image.height) pixels past the limits")
    do {
        let again = try WebPDecoder().decode(try WebPEncoder().encode(image))
        require(again == image, "a decoded image does not survive lossless WebP")
    } catch {
        require(false, "re-encoding a decoded \(image.width)x\(image.height) image failed: \(error)")
    }
    return 0
}

@_cdecl("FuzzWebP_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
