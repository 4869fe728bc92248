/// How a run packs each locale's labels into sprite sheets (atlases), one set of sheets
/// per scale, each with a TexturePacker "JSON (Hash)" file beside it.
///
/// ```swift
/// var run = BatchRun(tables: tables, styleSheet: sheet, outputFolder: out)
/// run.atlas = AtlasSettings(maximumSide: 1024)   // OUT/<locale>/atlas-0.png, atlas-0.json, …
/// ```
///
/// Every frame is drawn with its edge pixels repeated ``extrusion`` times around it, and
/// ``padding`` transparent pixels lie between the extruded frames, so bilinear or
/// mipmapped sampling at a frame's edge never reads a neighbour.
public struct AtlasSettings: Sendable, Hashable {
    /// The widest and tallest a sheet may be, in pixels. A frame, with its extruded
    /// edge, must fit in it.
    public var maximumSide: Int
    /// Transparent pixels between the extruded edges of neighbouring frames.
    public var padding: Int
    /// How many times a frame's outermost pixels are repeated around it.
    public var extrusion: Int

    /// Sheets of at most `maximumSide` × `maximumSide` pixels, with TexturePacker's
    /// defaults of 2 pixels of padding and a 1-pixel extrusion.
    public init(maximumSide: Int, padding: Int = 2, extrusion: Int = 1) {
        precondition(padding >= 0 && extrusion >= 0, "padding and extrusion cannot be negative")
        precondition(maximumSide > 2 * extrusion, "a \(maximumSide)-pixel sheet has no room for any frame")
        self.maximumSide = maximumSide
        self.padding = padding
        self.extrusion = extrusion
    }
}
