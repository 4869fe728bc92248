import CFontconfig
import CFreeType
import CHarfBuzz

/// The versions of the C libraries fonts are read with; `LayoutLibraries` adds the rest
/// of layout's.
package enum FontLibraries {
    /// Library name to version, e.g. `["HarfBuzz": "6.0.0", …]`.
    package static let versions: [String: String] = {
        var versions = ["HarfBuzz": String(cString: hb_version_string())]
        let library = FreeTypeLibrary()
        if let pointer = library.pointer {
            var major: FT_Int = 0, minor: FT_Int = 0, patch: FT_Int = 0
            FT_Library_Version(pointer, &major, &minor, &patch)
            versions["FreeType"] = "\(major).\(minor).\(patch)"
        }
        let fontconfig = Int(FcGetVersion())
        versions["fontconfig"] = "\(fontconfig / 10000).\(fontconfig / 100 % 100).\(fontconfig % 100)"
        return versions
    }()
}
