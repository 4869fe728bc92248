import CFreeType

/// What a font file says about itself: its family name and weight. Used for files a
/// style pins with `font.files`, which fontconfig never saw.
struct FontFileInfo {
    var family: String
    var weight: Int

    /// Reads the face's names with FreeType; nil when FreeType cannot open it.
    static func read(path: String, index: Int) -> FontFileInfo? {
        let library = FreeTypeLibrary()
        guard let library = library.pointer else { return nil }
        var face: FT_Face?
        guard FT_New_Face(library, path, FT_Long(index), &face) == 0, let face else { return nil }
        defer { FT_Done_Face(face) }
        let family = face.pointee.family_name.map { String(cString: $0) } ?? ""
        var weight = (face.pointee.style_flags & FT_Long(FT_STYLE_FLAG_BOLD)) != 0 ? 700 : 400
        if let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self),
           os2.pointee.version != 0xFFFF, os2.pointee.usWeightClass > 0 {
            weight = Int(os2.pointee.usWeightClass)
        }
        return FontFileInfo(family: family, weight: weight)
    }
}

/// A FreeType library instance, owned by this object (FreeType libraries are not
/// thread-safe, so each use makes its own; reading names is rare and cheap).
final class FreeTypeLibrary {
    let pointer: FT_Library?

    init() {
        var library: FT_Library?
        pointer = FT_Init_FreeType(&library) == 0 ? library : nil
    }

    deinit {
        if let pointer { FT_Done_FreeType(pointer) }
    }
}
