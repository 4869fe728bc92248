import StyledText
/// A problem with a string table, naming the file and the place in it.
///
/// ```
/// Localizations/de.json: $.menu.play: expected a string or an object, got 3
/// Localizations/de.json:4:2: expected ',' or '}' in the object, got '"'
/// ```
public struct StringTableError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The table's path as given.
    public var file: String
    /// A JSON path (`$.menu.play`), a line and column (`3:17`), or empty when the whole
    /// file is at fault.
    public var place: String
    /// What is wrong, saying what was expected.
    public var message: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - file: The table's path.
    ///   - place: Where in the file; see ``place``.
    ///   - message: What is wrong.
    public init(file: String, place: String, message: String) {
        self.file = file
        self.place = place
        self.message = message
    }

    /// `file: place: message`, or `file:line:column: message` as compilers print it.
    public var description: String {
        if place.isEmpty {
            return "\(file): \(message)"
        }
        if place.first?.isNumber == true {
            return "\(file):\(place): \(message)"
        }
        return "\(file): \(place): \(message)"
    }
}
