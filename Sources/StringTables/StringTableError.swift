import StyledText

/// A problem with a string table, naming the file, the place in it and the kind of problem.
///
/// ```
/// Localizations/de.json: $.menu.play: expected a string or an object, got 3
/// Localizations/de.json:4:2: expected ',' or '}' in the object, got '"'
/// ```
///
/// Switch on its `kind`, a ``StringTableErrorKind``, to tell causes apart without reading
/// the message:
///
/// ```swift
/// do {
///     let table = try StringTable.load(contentsOf: url)
/// } catch {
///     switch error.kind {
///     case .localeRequired: print("which locale is \(error.file)?")
///     case .duplicateKey: print("\(error.file) defines a key twice, at \(error.place)")
///     default: print(error)
///     }
/// }
/// ```
public typealias StringTableError = SourceFileError<StringTableErrorKind>

/// What kind of problem a string table has.
public enum StringTableErrorKind: JSONSourceErrorKind {
    /// The file cannot be read: it is missing, a folder, or not readable.
    case unreadableFile
    /// The file's extension names no format that is read (see ``StringTableFormat``).
    case unsupportedFormat
    /// The bytes are not UTF-8 or UTF-16 text, or a gettext string's byte escapes are
    /// not UTF-8.
    case invalidEncoding
    /// The text breaks its format's grammar: JSON, XML, a property list, `.strings` or
    /// `.po` syntax, or an escape in a string.
    case syntax
    /// Well-formed, but a value or element is not what the format has there: a number
    /// where a string goes, text directly in `<resources>`, a locale that is not a
    /// language tag, an unknown plural category, or a reference that loops.
    case invalidValue
    /// Something the format requires is missing: a `name` or `quantity` attribute, a
    /// catalog's `sourceLanguage` or a `stringUnit`'s `value`, or a substitution a
    /// text uses.
    case missingField
    /// A key defined twice; the message names the place of the first.
    case duplicateKey
    /// Valid in the format but not read here, such as XML entity declarations.
    case unsupportedFeature
    /// More than the reader allows: a catalog key expanding to too many variants, or
    /// JSON nested too deep or with a number too large for a `Double`.
    case limitExceeded
    /// No locale was given and none can be told from the path or the file, or a
    /// String Catalog holds several; pass one.
    case localeRequired
    /// A String Catalog has no strings for the locale asked for.
    case localeNotFound
}
