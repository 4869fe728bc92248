/// Where on a photo a caption goes.
public enum CaptionPosition: String, Sendable, Hashable, CaseIterable {
    /// Along the top edge, the first line at the top.
    case top
    /// Along the bottom edge, the last line at the bottom.
    case bottom
}

/// A text to burn onto a photo, and where.
public struct Caption: Sendable, Hashable {
    /// The text; newlines start new lines.
    public var text: String
    /// The edge it goes along.
    public var position: CaptionPosition

    /// Creates a caption.
    ///
    /// - Parameters:
    ///   - text: The text; newlines start new lines.
    ///   - position: The edge it goes along.
    public init(_ text: String, at position: CaptionPosition = .top) {
        self.text = text
        self.position = position
    }
}
