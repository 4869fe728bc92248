import CCairo
import LabelLayout

/// The versions of the C libraries a label's pixels depend on: layout's and Cairo (whose
/// pixman does the anti-aliasing and compositing).
public enum RenderLibraries {
    /// Library name to version, e.g. `["Cairo": "1.16.0", "HarfBuzz": "6.0.0", …]`.
    public static let versions: [String: String] = LayoutLibraries.versions.merging(
        ["Cairo": String(cString: cairo_version_string())]) { layout, _ in layout }
}
