/// A problem in a style file, naming the file and the place in it.
///
/// ```
/// score.json: $.shadows[0].blur: expected a number >= 0, got "six"
/// score.json:3:17: expected ',' or '}' in the object, got ']'
/// ```
public struct StyleError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The style file's name, e.g. `score.json`.
    public var file: String
    /// A JSON path (`$.font.size`), a line and column for syntax errors (`3:17`),
    /// a resolved style (`$.keys["hud.title"] (locale ja)`), or empty when the whole
    /// file is at fault (it cannot be read).
    public var path: String
    /// What is wrong, saying what was expected and what was found.
    public var message: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - file: The style file's name.
    ///   - path: Where in the file; see ``path``.
    ///   - message: What is wrong.
    public init(file: String, path: String, message: String) {
        self.file = file
        self.path = path
        self.message = message
    }

    /// `file: path: message`, or `file:line:column: message` as compilers print it.
    public var description: String {
        if path.isEmpty {
            return "\(file): \(message)"
        }
        if path.first?.isNumber == true {
            return "\(file):\(path): \(message)"
        }
        return "\(file): \(path): \(message)"
    }
}
