import ArgumentParser
import StringTables

/// `--locales en-XA,ar-XB`: the pseudo-locales to write, any of them, in any case.
struct PseudoLocaleList: ArgumentSyntax {
    var modes: [PseudoLocalizer.Mode]

    init(argumentText text: String) throws(ValidationError) {
        let known = Dictionary(uniqueKeysWithValues: PseudoLocalizer.Mode.allCases.map {
            (PseudoLocalizer(mode: $0).localeTag.lowercased(), $0)
        })
        var modes: [PseudoLocalizer.Mode] = []
        for name in text.split(separator: ",") {
            let tag = name.trimmingCharacters(in: .whitespaces)
            guard let mode = known[tag.lowercased()] else {
                throw ValidationError("--locales expects en-XA and/or ar-XB separated by commas; got \"\(tag)\"")
            }
            modes.append(mode)
        }
        guard !modes.isEmpty else { throw ValidationError("--locales names no pseudo-locale") }
        self.modes = modes
    }
}
