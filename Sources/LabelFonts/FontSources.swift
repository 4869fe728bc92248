import Foundation

/// Where fonts come from: the bundled fonts, the style's own files and, only when asked
/// for, the host's installed fonts.
public struct FontSources: Sendable, Hashable {
    /// Folders of bundled fonts (the project's `Fonts/`, or its SwiftPM resource bundle).
    public var bundledDirectories: [String]
    /// Whether characters no bundled font covers may use the host's installed fonts.
    /// Off by default: the same text then gives the same pixels on every machine.
    public var useHostFonts: Bool
    /// Folders against which relative `font.files` paths are resolved, in order.
    public var fileSearchDirectories: [String]

    /// Font sources; by default the bundled fonts alone.
    ///
    /// - Parameters:
    ///   - bundledDirectories: Folders of bundled fonts (``locateBundledFonts()`` by default).
    ///   - useHostFonts: Whether the host's installed fonts may cover what the bundled ones miss.
    ///   - fileSearchDirectories: Folders for relative `font.files` paths, in order.
    public init(bundledDirectories: [String] = FontSources.locateBundledFonts(), useHostFonts: Bool = false,
                fileSearchDirectories: [String] = []) {
        self.bundledDirectories = bundledDirectories
        self.useHostFonts = useHostFonts
        self.fileSearchDirectories = fileSearchDirectories
    }

    /// The bundled font folder: `$LABELGEN_FONTS` (folders separated by `:`) if set, else
    /// the fonts Labelgen ships as SwiftPM resources (``BundledFonts/directory``).
    /// Empty when neither exists; layout then fails with
    /// `LayoutError.bundledFontsMissing(searched:)` instead of using the host's fonts.
    public static func locateBundledFonts() -> [String] {
        if let explicit = ProcessInfo.processInfo.environment["LABELGEN_FONTS"], !explicit.isEmpty {
            return explicit.split(separator: ":").map(String.init)
        }
        return BundledFonts.directory.map { [$0] } ?? []
    }

    /// Where ``locateBundledFonts()`` looks, for messages.
    static var bundledSearchPlaces: [String] {
        if let explicit = ProcessInfo.processInfo.environment["LABELGEN_FONTS"], !explicit.isEmpty {
            return ["$LABELGEN_FONTS (\(explicit))"]
        }
        return BundledFonts.searchedPlaces
    }
}
