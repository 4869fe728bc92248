import ArgumentParser

/// An option value with a syntax of its own (`1,2,3`, `2/4`, `80%`), read from its text.
protocol ArgumentSyntax: Sendable {
    /// Reads the value.
    /// - Throws: A `ValidationError` that names the option, says what it expects with
    ///   an example, and quotes the text.
    init(argumentText text: String) throws(ValidationError)
}

/// An option's value, parsed once, when the command line is read.
///
/// A value that does not parse is kept with its error, which the command's `validate()`
/// reports (``get()``): swift-argument-parser would only say "The value '0' is invalid
/// for '--scales <list>'", where the command's own message says what it expects.
struct Parsed<Value: ArgumentSyntax>: ExpressibleByArgument, Sendable {
    /// The text as written.
    let text: String
    private let value: Result<Value, ValidationError>

    init(argument: String) {
        text = argument
        value = Result { () throws(ValidationError) in try Value(argumentText: argument) }
    }

    /// The value, or the reason the text is not one.
    func get() throws(ValidationError) -> Value { try value.get() }

    /// `--help` shows a default as it is written.
    var defaultValueDescription: String { text }
}
