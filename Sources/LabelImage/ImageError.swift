import Foundation
import LabelCore

/// Why an image could not be read or written.
///
/// Each case says what a caller can act on: a damaged file, a format that is not read,
/// a size over the limits, a file that cannot be opened. ``file(_:_:)`` names the file a
/// failure happened in.
///
/// ```swift
/// do {
///     let golden = try PNGDecoder().decode(contentsOf: url)
/// } catch ImageError.file(_, .tooLarge(_, let width, let height, _)) {
///     print("please pick an image smaller than \(width)x\(height)")
/// }
/// ```
public indirect enum ImageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The data holds no bytes at all.
    case empty
    /// The data is in a format that is recognized but not read, named here ("GIF").
    case unsupportedFormat(String)
    /// The data is in no known image format; its first bytes, up to eight.
    case unrecognized(firstBytes: [UInt8])
    /// A PNG image was expected and something else was found, described here: "a JPEG
    /// image", "an empty file", "a folder", "data starting 68 65 6C 6C".
    case notPNG(found: String)
    /// The data is damaged, for the reason given.
    case corrupt(ImageFormat, reason: String)
    /// The data ends before the image does.
    case truncated(ImageFormat)
    /// The header gives a size beyond `limit`; refused before the pixels are read.
    case tooLarge(ImageFormat, width: Int, height: Int, limit: SizeLimit)
    /// An image of `width` x `height` pixels cannot be written as `format` ("PNG",
    /// "WebP"): a side is 0, or longer than the format's `maximumSide`.
    case unwritableSize(format: String, width: Int, height: Int, maximumSide: Int?)
    /// A JPEG quality outside 1...100 was asked for.
    case qualityOutOfRange(Int)
    /// A codec library failed, e.g. `libraryFailed(library: "zlib", action: "compress
    /// the image", reason: "error -4")`.
    case libraryFailed(library: String, action: String, reason: String)
    /// Cairo failed with `status` while doing what `operation` says.
    case cairo(CairoStatus, operation: String)
    /// The path names a folder, not a file.
    case isFolder
    /// The file could not be read, for the reason the system gave.
    case unreadableFile(reason: String)
    /// `error` happened in the file at `path`.
    case file(String, ImageError)

    /// A sentence saying what went wrong, starting with the file's path when one is known.
    public var description: String {
        switch self {
        case .empty:
            return "the file is empty; expected a PNG or JPEG image"
        case .unsupportedFormat(let name):
            return "\(name) images are not supported; expected a PNG or JPEG image"
        case .unrecognized(let bytes):
            return "not a PNG or JPEG image (unrecognized first bytes \(Self.hex(bytes)))"
        case .notPNG(let found):
            return "expected a PNG image, got \(found)"
        case let .corrupt(format, reason):
            return "corrupt \(format.name) data: \(reason)"
        case .truncated(let format):
            return "corrupt \(format.name) data: the file ends too early (truncated?)"
        case let .tooLarge(format, width, height, .side(side)):
            return "the \(format.name) image is \(width)x\(height) pixels; at most \(side) on a side can be read"
        case let .tooLarge(format, width, height, limit):
            return limit.excess("the \(format.name) image", width: Double(width), height: Double(height))
                .replacingOccurrences(of: "would be", with: "is")
        case let .unwritableSize(format, width, height, nil):
            return "cannot write a \(width)x\(height) pixel image as \(format): each side needs at least one pixel"
        case let .unwritableSize(format, width, height, maximumSide?):
            return "cannot write a \(width)x\(height) pixel image as \(format): "
                + "each side needs at least one pixel and at most \(maximumSide)"
        case .qualityOutOfRange(let quality):
            return "JPEG quality must be 1 to 100, got \(quality)"
        case let .libraryFailed(library, action, reason):
            return "\(library) could not \(action): \(reason)"
        case let .cairo(status, operation):
            return "\(operation): \(status)"
        case .isFolder:
            return "is a folder; expected a PNG or JPEG image"
        case .unreadableFile(let reason):
            return "cannot read the image: \(reason)"
        case let .file(path, error):
            return "\(path): \(error)"
        }
    }
}

extension ImageError {
    /// Bytes as messages show them: "68 65 6C".
    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String(format: "%02X", $0) }.joined(separator: " ")
    }

    /// The failure for `data` that is not a PNG file, saying what it is instead.
    static func notPNG(_ data: Data) -> ImageError {
        if data.isEmpty { return .notPNG(found: "an empty file") }
        if let name = ImageFormat(sniffing: data)?.name ?? ImageFormat.unsupportedName(of: data) {
            return .notPNG(found: "a \(name) image")
        }
        return .notPNG(found: "data starting \(hex([UInt8](data.prefix(8))))")
    }
}
