import StyledText

/// A problem with a string table, naming the file, the place in it and the kind of problem.
///
/// ```
/// Localizations/de.json: $.menu.play: expected a string or an object, got 3
/// Localizations/de.json:4:2: expected ',' or '}' in the object, got '"'
/// ```
///
/// Switch on ``kind`` to tell causes apart without reading the message:
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
public struct StringTableError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of problem a string table has.
    public enum Kind: Sendable, Hashable {
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

    /// What kind of problem this is.
    public var kind: Kind
    /// The table's path as given.
    public var file: String
    /// Where in the file: a JSON path (`$.menu.play`), a line and column (`3:17`), or
    /// the whole file.
    public var place: SourcePlace
    /// What is wrong, saying what was expected.
    public var message: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - kind: What kind of problem it is.
    ///   - file: The table's path.
    ///   - place: Where in the file; see ``place``.
    ///   - message: What is wrong.
    public init(_ kind: Kind, file: String, place: SourcePlace, message: String) {
        self.kind = kind
        self.file = file
        self.place = place
        self.message = message
    }

    /// `file: place: message`, `file:line:column: message` as compilers print it, or
    /// `file: message` when the whole file is at fault.
    public var description: String {
        place.message(message, in: file)
    }
}

extension StringTableError {
    /// The error for a table that is not valid JSON.
    init(_ error: JSONSyntaxError, file: String) {
        let kind: Kind = switch error.kind {
        case .syntax: .syntax
        case .duplicateKey: .duplicateKey
        case .beyondLimits: .limitExceeded
        }
        self.init(kind, file: file, place: error.place, message: error.message)
    }
}
