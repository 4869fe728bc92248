import CPNGFilter

/// PNG's row filters (PNG specification, section 9): each row of RGBA bytes is stored as
/// differences to its neighbours, prefixed with the filter's number, so that flat colour
/// and smooth ramps become runs of small numbers that deflate well.
enum PNGRowFilter {
    /// Every row with the Sub filter (the difference to the pixel on the left), which suits
    /// the flat colours and horizontal ramps of labels and costs one pass.
    static func sub(_ image: RGBAImage) -> [UInt8] {
        let rowBytes = image.width * 4
        let filteredCount = (rowBytes + 1) * image.height
        return [UInt8](unsafeUninitializedCapacity: filteredCount) { out, initialized in
            image.pixels.withUnsafeBufferPointer { pixels in
                guard let source = pixels.baseAddress, let target = out.baseAddress else { return }
                for y in 0..<image.height {
                    subRow(source + y * rowBytes, count: rowBytes, into: target + y * (rowBytes + 1))
                }
            }
            initialized = filteredCount
        }
    }

    /// One row of `count` RGBA bytes at `row` with the Sub filter, written to `out` as
    /// the filter's number and `count` bytes.
    static func subRow(_ row: UnsafePointer<UInt8>, count rowBytes: Int, into filteredRow: UnsafeMutablePointer<UInt8>) {
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

    /// Each row with the filter whose output has the smallest sum of magnitudes (bytes
    /// read as signed), libpng's heuristic: a row under a flat one compresses best as Up,
    /// a soft shadow's edge as Average or Paeth.
    static func adaptive(_ image: RGBAImage) -> [UInt8] {
        let filteredCount = (image.width * 4 + 1) * image.height
        var scratch = [UInt8](repeating: 0, count: image.width * 4 * 5)
        return [UInt8](unsafeUninitializedCapacity: filteredCount) { out, initialized in
            image.pixels.withUnsafeBufferPointer { pixels in
                scratch.withUnsafeMutableBufferPointer { scratch in
                    png_filter_adaptive(pixels.baseAddress, image.width, image.height, scratch.baseAddress, out.baseAddress)
                }
            }
            initialized = filteredCount
        }
    }
}
