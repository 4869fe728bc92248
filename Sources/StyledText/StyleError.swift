/// A problem in a style file, naming the file, the place in it and the kind of problem.
///
/// ```
/// score.json: $.shadows[0].blur: expected a number >= 0, got "six"
/// score.json:3:17: expected ',' or '}' in the object, got ']'
/// ```
///
/// Switch on `SourceFileError.kind`, a ``StyleErrorKind``, to tell causes apart without
/// reading the message:
///
/// ```swift
/// do {
///     let sheet = try StyleSheet(contentsOf: url)
/// } catch {
///     switch error.kind {
///     case .unreadableFile: print("cannot open \(error.file)")
///     case .syntax: print("fix the JSON at \(error.place)")
///     default: print(error)
///     }
/// }
/// ```
public typealias StyleError = SourceFileError<StyleErrorKind>

/// What kind of problem a style file has.
public enum StyleErrorKind: JSONSourceErrorKind {
    /// The file cannot be read: it is missing, a folder, or not readable.
    case unreadableFile
    /// The text is not valid JSON; the place is a line and column.
    case syntax
    /// A value of the wrong type or outside the range its field allows (`"size": "big"`,
    /// `"size": 0`, `"align": "centre"`), or a name that is not a language tag or key
    /// where one is expected.
    case invalidValue
    /// A required field is missing, such as `font.size` in the base style.
    case missingField
    /// A field the style format does not have, usually a misspelt one (`"wieght"`).
    case unknownField
    /// A name given twice in one object: a JSON member, or two spellings of one
    /// locale under `locales` (`pt-BR` and `pt_br`).
    case duplicateKey
    /// Fields that are each valid disagree with one another, such as `font.minSize`
    /// larger than `font.size`; in a merged style, the place names the key and locale.
    case conflictingFields
    /// A size or count beyond the engine's `Limits` (`"size": 48000`), or JSON the
    /// parser does not hold: nested deeper than 256 levels, or a number too large for a
    /// `Double` (`1e999`).
    case limitExceeded
}
