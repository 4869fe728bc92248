import ArgumentParser
import Foundation
import LabelLayout

/// `--fonts DIR` and `--host-fonts`: where the fonts come from, for every command that
/// lays out text.
struct FontOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Folder of bundled fonts (default: $LABELGEN_FONTS, else the fonts installed with labelgen).", valueName: "dir"),
            completion: .directory)
    var fonts: String?

    @Flag(name: .customLong("host-fonts"),
          help: "Let characters that no bundled font covers use the fonts installed on this machine (the output then depends on the machine).")
    var hostFonts = false

    /// The fonts to use, with a style's `font.files` looked up in `styleFolder`.
    /// - Throws: A bad-input ``Failure`` when the font folder is missing.
    func sources(styleFolder: String) throws -> FontSources {
        try Self.sources(folder: fonts, hostFonts: hostFonts, styleFolder: styleFolder)
    }

    /// ``sources(styleFolder:)`` for settings given other than on the command line.
    static func sources(folder: String?, hostFonts: Bool, styleFolder: String) throws -> FontSources {
        FontSources(bundledDirectories: try FontFolders.resolve(folder), useHostFonts: hostFonts,
                    fileSearchDirectories: [styleFolder])
    }
}
