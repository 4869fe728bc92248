import StyledText

/// What an Xcode export's unit id says after its `|==|`: a String Catalog variation,
/// which becomes a key variant named as ``StringCatalogParser`` names it.
///
/// | unit id                                  | key             |
/// |------------------------------------------|-----------------|
/// | `%lld coins|==|plural.one`               | `%lld coins#one`|
/// | `title|==|device.iphone`                 | `title#iphone`  |
/// | `title|==|device.iphone.plural.one`      | `title#iphone#one` |
/// | `k|==|substitutions.COUNT.plural.one`    | a case of `%#@COUNT@` in `k`'s texts |
enum XcodeVariation: Equatable {
    /// A text of the key: the key's own (empty suffix) or a variation's (`#iphone#one`).
    case text(suffix: String)
    /// One plural case of a substitution the key's texts use.
    case substitution(name: String, category: String)

    static let separator = "|==|"

    /// The key before `|==|` and what follows it; a key without one is a plain text.
    static func parse(_ key: String, source: String, place: SourcePlace) throws(StringTableError) -> (base: String, variation: XcodeVariation) {
        // Nearly every key has no `|`; the search for the separator is the rare case.
        guard key.utf8.contains(UInt8(ascii: "|")), let range = key.utf8.firstRange(of: separator.utf8) else {
            return (key, .text(suffix: ""))
        }
        let base = String(key[..<range.lowerBound])
        let path = key[range.upperBound...].split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        func category(_ text: String) throws(StringTableError) -> String {
            guard StringCatalogParser.pluralCategories.contains(text) else {
                throw StringTableError(.invalidValue, file: source, place: place,
                                       message: "expected a plural category (" + StringCatalogParser.pluralCategories.joined(separator: ", ")
                                           + ") in unit \(JSONValue.quoted(key)), got \(JSONValue.quoted(text))")
            }
            return text
        }
        switch path.count {
        case 2 where path[0] == "plural":
            return (base, .text(suffix: "#" + (try category(path[1]))))
        case 2 where path[0] == "device" && !path[1].isEmpty:
            return (base, .text(suffix: "#" + path[1]))
        case 4 where path[0] == "device" && !path[1].isEmpty && path[2] == "plural":
            return (base, .text(suffix: "#" + path[1] + "#" + (try category(path[3]))))
        case 4... where path[0] == "substitutions" && path[path.count - 2] == "plural":
            // A substitution's name may itself hold dots.
            let name = path[1..<(path.count - 2)].joined(separator: ".")
            return (base, .substitution(name: name, category: try category(path[path.count - 1])))
        default:
            throw StringTableError(.invalidValue, file: source, place: place,
                                   message: "unit \(JSONValue.quoted(key)) names a variation that is not read; expected "
                                       + "plural.CATEGORY, device.DEVICE, device.DEVICE.plural.CATEGORY or "
                                       + "substitutions.NAME.plural.CATEGORY after |==|")
        }
    }
}

/// The consecutive units of one key of an Xcode export: its own text, its variations'
/// and its substitutions' cases, which together give the key's variants.
struct XcodeKeyGroup {
    let base: String
    /// The key's own text and its variations', by suffix, in file order.
    private(set) var texts: [(suffix: String, unit: XLIFFUnit)] = []
    /// Each substitution's cases in file order.
    private(set) var substitutions: [(name: String, cases: [(category: String, unit: XLIFFUnit)])] = []

    init(base: String) {
        self.base = base
    }

    /// Adds a unit whose id has this group's base.
    mutating func add(_ unit: XLIFFUnit, _ variation: XcodeVariation) {
        switch variation {
        case .text(let suffix):
            texts.append((suffix, unit))
        case .substitution(let name, let category):
            if let index = substitutions.firstIndex(where: { $0.name == name }) {
                substitutions[index].cases.append((category, unit))
            } else {
                substitutions.append((name, [(category, unit)]))
            }
        }
    }

    /// One key variant of the group, with the texts of both languages.
    struct Variant {
        var key: String
        var unit: XLIFFUnit
    }

    /// `%#@name@` or, with an argument position, `%1$#@name@`.
    private static var substitutionPattern: Regex<(Substring, Substring)> { /%(?:\d+\$)?#@([^@\s]+)@/ }

    /// The group's variants: each text with every substitution it uses replaced by each
    /// of its cases (`k#one`, `k#iphone#one`, names in the order the text uses them),
    /// then the cases of a substitution no text uses, as `k#NAME#one`. A variant is
    /// translated only when every unit it is made of is.
    func variants(source: String) throws(StringTableError) -> [Variant] {
        var result: [Variant] = []
        var used: Set<String> = []
        for (suffix, unit) in texts {
            var names: [String] = []
            // The pattern is compiled each time it is used, which would cost more than
            // reading the unit; only a key with substitutions needs it.
            for match in substitutions.isEmpty ? [] : unit.source.value.matches(of: Self.substitutionPattern) {
                let name = String(match.output.1)
                if !names.contains(name), substitutions.contains(where: { $0.name == name }) { names.append(name) }
            }
            used.formUnion(names)
            var partial = [Variant(key: base + suffix, unit: unit)]
            for name in names {
                guard let cases = substitutions.first(where: { $0.name == name })?.cases else { continue }
                guard partial.count * cases.count <= StringCatalogParser.maximumVariants else {
                    throw StringTableError(.limitExceeded, file: source, place: unit.place,
                                           message: "the substitutions of \(JSONValue.quoted(base)) expand to more than "
                                               + "\(StringCatalogParser.maximumVariants) variants")
                }
                partial = partial.flatMap { variant in
                    cases.map { option in
                        Variant(key: variant.key + "#" + option.category,
                                unit: Self.substituting(name, with: option.unit, in: variant.unit))
                    }
                }
            }
            result += partial
        }
        for (name, cases) in substitutions where !used.contains(name) {
            result += cases.map { Variant(key: base + "#" + name + "#" + $0.category, unit: $0.unit) }
        }
        return result
    }

    /// `unit` with `%#@name@` replaced by the texts of `option` in both languages.
    private static func substituting(_ name: String, with option: XLIFFUnit, in unit: XLIFFUnit) -> XLIFFUnit {
        var result = unit
        result.source = replacing(name, with: option.source, in: unit.source)
        if let target = unit.target, let optionTarget = option.target {
            result.target = replacing(name, with: optionTarget, in: target)
        } else {
            result.target = nil
        }
        return result
    }

    private static func replacing(_ name: String, with option: XLIFFText, in text: XLIFFText) -> XLIFFText {
        func replace(_ string: String, _ replacement: String) -> String {
            string.replacing(substitutionPattern) { match in
                match.output.1 == name ? Substring(replacement) : match.output.0
            }
        }
        var result = text
        result.value = replace(text.value, option.value)
        result.plain = replace(text.plain, option.plain)
        for code in option.ignoredCodes { result.ignore(code) }
        return result
    }
}
