import Foundation
import TextRender

/// Why a photo cannot be captioned.
public enum CaptionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The photo is smaller than ``Captioner/minimumSide`` on a side.
    case photoTooSmall(width: Int, height: Int)
    /// The photo is beyond the captioner's ``Captioner/photoLimits``.
    case photoTooLarge(width: Int, height: Int, limit: SizeLimit)
    /// More than one caption asks for this position.
    case positionTaken(CaptionPosition)

    /// A sentence saying what is wrong with the photo or the captions.
    public var description: String {
        switch self {
        case let .photoTooSmall(width, height):
            return "the photo is \(width)x\(height) pixels; a caption needs at least "
                + "\(Captioner.minimumSide)x\(Captioner.minimumSide)"
        case let .photoTooLarge(width, height, limit):
            return limit.excess("the photo", width: Double(width), height: Double(height))
                .replacingOccurrences(of: "would be", with: "is")
        case .positionTaken(let position):
            return "two captions at the \(position.rawValue); there is room for one at each edge"
        }
    }
}
