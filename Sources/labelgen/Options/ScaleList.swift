import ArgumentParser

/// `--scales 1,2,3`: the scales to draw, each above 0 and at most 8.
struct ScaleList: ArgumentSyntax {
    var values: [Double]

    init(argumentText text: String) throws(ValidationError) {
        let values = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard !values.isEmpty, values.allSatisfy({ $0 != nil && $0! > 0 && $0! <= 8 }) else {
            throw ValidationError("--scales expects numbers between 0 and 8 separated by commas, like 1,2,3; got \"\(text)\"")
        }
        self.values = values.map { $0! }
    }
}
