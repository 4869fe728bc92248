import CFriBidi

/// The versions of the C libraries layout runs on. Pixels are byte-identical only with
/// the same versions, so snapshot references and golden images record them.
public enum LayoutLibraries {
    /// Library name to version, e.g. `["HarfBuzz": "6.0.0", …]`.
    public static let versions: [String: String] = FontLibraries.versions.merging(["FriBidi": FRIBIDI_VERSION]) { font, _ in font }
}
