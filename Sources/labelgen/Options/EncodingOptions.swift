import ArgumentParser
import LabelBatch
import StyledText

/// `--format`, `--png` and `--alpha`: how the images are written, each overriding the
/// style file's `"output"` field of the same name.
struct EncodingOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Image files: png, or webp for lossless WebP about a quarter smaller (default: the style's output.format, else png).",
                               valueName: "png|webp"),
            completion: .list(ImageEncoding.Format.allCases.map(\.rawValue)))
    var format: Parsed<ImageEncoding.Format>?

    @Option(help: ArgumentHelp("PNG compression: fast while a build iterates, small for release builds (the same pixels in about a third fewer bytes, several times slower). Default: the style's output.png, else fast.",
                               valueName: "fast|small"),
            completion: .list(ImageEncoding.PNGCompression.allCases.map(\.rawValue)))
    var png: Parsed<ImageEncoding.PNGCompression>?

    @Option(help: ArgumentHelp("Colour stored straight, or premultiplied by alpha as Cocos and many GPU upload paths expect; atlas data says which. Default: the style's output.alpha, else straight.",
                               valueName: "straight|premultiplied"),
            completion: .list(ImageEncoding.Alpha.allCases.map(\.rawValue)))
    var alpha: Parsed<ImageEncoding.Alpha>?

    func validate() throws {
        _ = try format?.get()
        _ = try png?.get()
        _ = try alpha?.get()
    }

    /// What the options override, field by field.
    var overrides: EncodingOverrides {
        get throws {
            EncodingOverrides(format: try format?.get(), png: try png?.get(), alpha: try alpha?.get())
        }
    }
}

/// The fields of an ``ImageEncoding`` a command line or a `labels.json` group sets; the
/// others come from the style file.
struct EncodingOverrides: Equatable {
    var format: ImageEncoding.Format?
    var png: ImageEncoding.PNGCompression?
    var alpha: ImageEncoding.Alpha?

    /// `base` with these fields laid over it.
    func applied(to base: ImageEncoding) -> ImageEncoding {
        var encoding = base
        if let format { encoding.format = format }
        if let png { encoding.png = png }
        if let alpha { encoding.alpha = alpha }
        return encoding
    }
}

/// The option values, read as the style file's `"output"` reads them.
private func choice<Choice: RawRepresentable & CaseIterable>(_ text: String, option: String) throws(ValidationError) -> Choice
where Choice.RawValue == String {
    guard let value = Choice(rawValue: text) else {
        let names = Choice.allCases.map(\.rawValue)
        throw ValidationError("\(option) must be \(names.dropLast().joined(separator: ", ")) or \(names.last!), got \"\(text)\"")
    }
    return value
}

extension ImageEncoding.Format: ArgumentSyntax {
    init(argumentText text: String) throws(ValidationError) { self = try choice(text, option: "--format") }
}

extension ImageEncoding.PNGCompression: ArgumentSyntax {
    init(argumentText text: String) throws(ValidationError) { self = try choice(text, option: "--png") }
}

extension ImageEncoding.Alpha: ArgumentSyntax {
    init(argumentText text: String) throws(ValidationError) { self = try choice(text, option: "--alpha") }
}
