/// Why a font could not be opened or found. Layout reports each as the `LayoutError` case
/// of the same name, which is what clients see.
package enum FontError: Error, Sendable, Equatable {
    /// A font file exists in the style or the font folder but cannot be used.
    case fontUnreadable(path: String, reason: String)
    /// No font, bundled or installed, matches the style's family.
    case fontNotFound(family: String, searched: [String])
    /// The bundled fonts are not where they should be, and the style pins no files of its own.
    case bundledFontsMissing(searched: [String])
}
