import Foundation
import LabelLayout

/// The bundled font folders a command uses: `--fonts`, else `$LABELGEN_FONTS`, else the
/// `Fonts/` folder found near the tool. A folder given explicitly must exist: otherwise
/// every label would quietly come out in whatever fonts the host has.
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
