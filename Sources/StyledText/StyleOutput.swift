import LabelCore

/// The style file's `"output"`: how its labels' images are written. It belongs to the
/// file's top level only, since one run writes one kind of file; `labels.json` and the
/// command line override it field by field.
///
/// ```json
/// "output": { "format": "png", "png": "small", "alpha": "premultiplied" }
/// ```
extension StyleSchema {
    /// The name of the top-level field.
    package static let outputField = "output"

    /// The fields of `"output"`, with the choices of each.
    package static let output: [Field] = [
        Field("format", .choice(ImageEncoding.Format.allCases.map(\.rawValue)),
              "png, or webp for lossless WebP files about a quarter smaller."),
        Field("png", .choice(ImageEncoding.PNGCompression.allCases.map(\.rawValue)),
              "fast (the default) while a build iterates; small for release builds: the same pixels in about a third fewer bytes."),
        Field("alpha", .choice(ImageEncoding.Alpha.allCases.map(\.rawValue)),
              "straight (the default), or premultiplied: colour multiplied by alpha, as Cocos and many GPU upload paths expect."),
    ]
}

extension StyleDecoder {
    /// The `"output"` object at `path`.
    func output(_ value: JSONValue, at path: JSONPath) throws(StyleError) -> ImageEncoding {
        let object = try fields(of: value, at: path, allowed: StyleSchema.output.map(\.name))
        var encoding = ImageEncoding()
        if let format = object["format"] { encoding.format = try choice(format, at: path.appending("format")) }
        if let png = object["png"] { encoding.png = try choice(png, at: path.appending("png")) }
        if let alpha = object["alpha"] { encoding.alpha = try choice(alpha, at: path.appending("alpha")) }
        return encoding
    }
}
