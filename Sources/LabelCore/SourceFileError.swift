/// A problem in a source file, style or string table: the file, the place in it, the
/// kind of problem and a message saying what was expected and what was found.
///
/// `StyleError` (in StyledText) and `StringTableError` (in StringTables) are this type with their own
/// `Kind`, so code that reports problems in files can take either.
public struct SourceFileError<Kind: Sendable & Hashable>: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem this is; switch on it to tell causes apart.
    public var kind: Kind
    /// The file's name or path as given.
    public var file: String
    /// Where in the file: a JSON path (`$.font.size`), a line and column (`3:17`), a
    /// described place (`$.keys["hud.title"] (locale ja)`), or the whole file.
    public var place: SourcePlace
    /// What is wrong, saying what was expected and what was found.
    public var message: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - kind: What kind of problem it is.
    ///   - file: The file's name or path.
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

/// Kinds of problems in files read as JSON, which a JSON syntax error maps onto.
package protocol JSONSourceErrorKind: Sendable, Hashable {
    static var syntax: Self { get }
    static var duplicateKey: Self { get }
    static var limitExceeded: Self { get }
}

extension SourceFileError where Kind: JSONSourceErrorKind {
    /// The error for a file that is not valid JSON.
    package init(_ error: JSONSyntaxError, file: String) {
        let kind: Kind = switch error.kind {
        case .syntax: .syntax
        case .duplicateKey: .duplicateKey
        case .beyondLimits: .limitExceeded
        }
        self.init(kind, file: file, place: error.place, message: error.message)
    }
}
