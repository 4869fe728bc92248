import Foundation

/// How a camera says its stored pixels must be turned to stand upright (EXIF tag 0x0112).
///
/// Phones store portrait photos sideways and set this tag; a caption drawn on the stored
/// pixels would end up on the photo's side.
public enum ExifOrientation: Int, Sendable, Hashable, CaseIterable {
    /// Stored upright.
    case up = 1
    /// Mirrored left to right.
    case upMirrored = 2
    /// Stored upside down.
    case down = 3
    /// Mirrored top to bottom.
    case downMirrored = 4
    /// Mirrored along the top-left to bottom-right diagonal.
    case leftMirrored = 5
    /// Stored turned a quarter counter-clockwise: shown turned a quarter clockwise.
    case right = 6
    /// Mirrored along the top-right to bottom-left diagonal.
    case rightMirrored = 7
    /// Stored turned a quarter clockwise: shown turned a quarter counter-clockwise.
    case left = 8

    /// Whether showing the image swaps its width and height.
    public var swapsSides: Bool { rawValue >= 5 }

    /// The orientation in a JPEG's EXIF block (APP1), or nil when there is none or it is
    /// unreadable: a damaged tag never stops a photo from being read.
    init?(jpeg data: Data) {
        let bytes = [UInt8](data.prefix(256 * 1024))
        var offset = 2
        // Segments follow the start-of-image marker until the image data starts (SOS).
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            if marker == 0xFF { offset += 1; continue }
            if marker == 0xDA || marker == 0xD9 { return nil }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let body = offset + 4
            let end = offset + 2 + length
            guard length >= 2, end <= bytes.count else { return nil }
            if marker == 0xE1, end - body >= 14, Array(bytes[body..<body + 6]) == [0x45, 0x78, 0x69, 0x66, 0, 0] {
                guard let value = Self.orientationTag(in: Array(bytes[(body + 6)..<end])) else { return nil }
                self.init(rawValue: value)
                return
            }
            offset = end
        }
        return nil
    }

    /// The orientation entry of IFD0 in a TIFF structure (EXIF's container).
    private static func orientationTag(in tiff: [UInt8]) -> Int? {
        guard tiff.count >= 8 else { return nil }
        let little: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= tiff.count else { return nil }
            return little ? Int(tiff[at]) | Int(tiff[at + 1]) << 8 : Int(tiff[at]) << 8 | Int(tiff[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard let a = u16(at), let b = u16(at + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }
        guard u16(2) == 42, let ifd = u32(4), let count = u16(ifd) else { return nil }
        for index in 0..<count {
            let entry = ifd + 2 + index * 12
            guard let tag = u16(entry) else { return nil }
            // Type 3 is SHORT, whose value sits in the first two bytes of the value field.
            if tag == 0x0112 { return u16(entry + 2) == 3 ? u16(entry + 8) : nil }
        }
        return nil
    }
}

extension RGBAImage {
    /// The image as it should be shown, given how its pixels were stored.
    ///
    /// - Parameter orientation: The EXIF orientation of the stored pixels.
    /// - Returns: Upright pixels; width and height swap for the quarter turns.
    public func oriented(_ orientation: ExifOrientation) -> RGBAImage {
        if orientation == .up { return self }
        let w = width, h = height
        let outWidth = orientation.swapsSides ? h : w
        let outHeight = orientation.swapsSides ? w : h
        // For each shown pixel, the stored pixel it comes from.
        let source: (Int, Int) -> (Int, Int)
        switch orientation {
        case .up: source = { x, y in (x, y) }
        case .upMirrored: source = { x, y in (w - 1 - x, y) }
        case .down: source = { x, y in (w - 1 - x, h - 1 - y) }
        case .downMirrored: source = { x, y in (x, h - 1 - y) }
        case .leftMirrored: source = { x, y in (y, x) }
        case .right: source = { x, y in (y, h - 1 - x) }
        case .rightMirrored: source = { x, y in (w - 1 - y, h - 1 - x) }
        case .left: source = { x, y in (w - 1 - y, x) }
        }
        var out = [UInt8](repeating: 0, count: pixels.count)
        pixels.withUnsafeBufferPointer { from in
            out.withUnsafeMutableBufferPointer { to in
                for y in 0..<outHeight {
                    for x in 0..<outWidth {
                        let (sx, sy) = source(x, y)
                        let s = (sy * w + sx) * 4, d = (y * outWidth + x) * 4
                        to[d] = from[s]; to[d + 1] = from[s + 1]; to[d + 2] = from[s + 2]; to[d + 3] = from[s + 3]
                    }
                }
            }
        }
        return RGBAImage(width: outWidth, height: outHeight, pixels: out)
    }
}
