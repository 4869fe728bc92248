import Foundation
import LabelLayout
import LabelFonts

/// The bundled font folders a command uses: `--fonts`, else `$LABELGEN_FONTS`, else the
/// fonts installed with the tool. A folder must exist: otherwise every label would
/// quietly come out in other fonts.
enum FontFolders {
    static func resolve(_ option: String?) throws -> [String] {
        if let option {
            try check(option, "--fonts")
            return [option]
        }
        let folders = FontSources.locateBundledFonts()
        if let explicit = ProcessInfo.processInfo.environment["LABELGEN_FONTS"], !explicit.isEmpty {
            for folder in folders { try check(folder, "LABELGEN_FONTS") }
        }
        guard !folders.isEmpty else {
            throw Failure.badInput("the bundled fonts are missing: no LabelgenFonts resource bundle next to labelgen "
                + "and no Fonts/ folder in its package (looked in \(BundledFonts.searchedPlaces.joined(separator: ", "))); "
                + "pass --fonts DIR or set LABELGEN_FONTS")
        }
        return folders
    }

    private static func check(_ folder: String, _ origin: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else {
            throw Failure.badInput("\(folder): no such font folder (from \(origin))")
        }
        guard isDirectory.boolValue else {
            throw Failure.badInput("\(folder): not a folder (from \(origin)); expected a folder of font files")
        }
    }
}
