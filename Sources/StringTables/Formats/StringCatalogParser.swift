import Foundation
import StyledText

/// Reads Xcode String Catalogs (`.xcstrings`), which hold every locale of an app in one
/// JSON file:
///
/// ```json
/// {"sourceLanguage": "en", "version": "1.0", "strings": {
///   "Play": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "Spielen"}}}},
///   "%lld coins": {"localizations": {"de": {"variations": {"plural": {
///     "one": {"stringUnit": {"state": "translated", "value": "%lld Münze"}},
///     "other": {"stringUnit": {"state": "translated", "value": "%lld Münzen"}}}}}}}}}
/// ```
///
/// - Variations become key variants: plural `Play#one`, device `Play#iphone`, and a
///   plural inside a device variant `Play#iphone#one`.
/// - Substitutions (`%#@coins@` with a `substitutions` object) are expanded: every
///   plural case of a substitution gives a variant whose text has the case's text in
///   place of `%#@coins@` (and its `%arg` replaced by the format specifier, `%lld`).
///   One substitution gives `key#one`, `key#other`, as plural variations do; several
///   give every combination, named in the order they appear (`key#one#other`).
/// - A key with no localization for a locale: in the source language its value is
///   the key itself, as Xcode does; in other locales it is left out and listed in
///   ``StringTable/untranslatedKeys``. Keys marked `"shouldTranslate": false` give
///   the source language's text in every locale, as an app shows them.
/// - Every `stringUnit` value is used whatever its `state` (`new`, `needs_review`),
///   because Xcode builds them into the app too.
/// - Fields the parser does not need (`comment`, `extractionState`, `version`) are
///   ignored, since Xcode adds new ones over time; fields it reads must have the right
///   type. Errors give the JSON path, such as `$.strings.Play.localizations.de`.
/// - The empty key, which Xcode extracts from `Text("")`, names no label and is skipped.
struct StringCatalogParser {
    let source: String

    /// A generous bound on the variants one key may expand to; several substitutions
    /// multiply, and a catalog must not be able to ask for millions of labels.
    static let maximumVariants = 256

    func catalog(from data: Data) throws(StringTableError) -> StringCatalog {
        let root: JSONValue
        do {
            root = try JSONParser.parse(data)
        } catch {
            throw StringTableError(error, file: source)
        }
        let rootPath = JSONPath()
        guard case .object = root else {
            throw failure(.invalidValue, at: rootPath, "expected a String Catalog object, got \(root.brief)")
        }
        let sourceLanguage = try locale(try requiredString(root, "sourceLanguage", at: rootPath),
                                        at: rootPath.appending("sourceLanguage"))
        let stringsPath = rootPath.appending("strings")
        let strings: [JSONMember]
        switch root["strings"] {
        case .object(let members)?: strings = members
        case nil: strings = []
        case let other?: throw failure(.invalidValue, at: stringsPath, "expected an object of strings by key, got \(other.brief)")
        }

        // Every locale any string is localized in gets a table, so that the keys it lacks
        // can be listed as untranslated.
        var locales: Set<String> = [sourceLanguage]
        for string in strings {
            locales.formUnion(try localeTags(of: string, at: stringsPath.appending(string.key)))
        }
        let ordered = Self.ordered(locales, sourceLanguage: sourceLanguage)
        var builders = Dictionary(uniqueKeysWithValues: ordered.map { ($0, TableBuilder(source: source, mode: .whole)) })

        for string in strings where !string.key.isEmpty {
            try add(string, at: stringsPath.appending(string.key), sourceLanguage: sourceLanguage,
                    locales: ordered, to: &builders)
        }
        return StringCatalog(sourceLanguage: sourceLanguage, localizations: ordered.map { tag in
            StringCatalog.Localization(locale: tag, content: builders[tag]!.content)
        })
    }

    /// The catalog read a chunk at a time, one key's localizations built at once, so only
    /// the kept strings, the untranslated keys and a hash per key stay in memory; nil
    /// when the file cannot be read or has a problem, which reading it whole then names.
    ///
    /// The file is read twice: every locale must be known before the first key, whose
    /// table lists it as untranslated where it lacks a localization.
    func streamedCatalog(contentsOf path: String, keeping: ((String) -> Bool)?,
                         chunkSize: Int = 1 << 20) -> StringCatalog? {
        let stringsPath = JSONPath().appending("strings")
        var sourceLanguage: String?
        var locales: Set<String> = []
        guard let file = ChunkedFile(path: path, chunkSize: chunkSize),
              JSONParser.streamMembers(file, expanding: "strings", { isString, name, value in
                  do throws(StringTableError) {
                      if isString {
                          locales.formUnion(try localeTags(of: JSONMember(key: name, value: value),
                                                           at: stringsPath.appending(name)))
                      } else if name == "sourceLanguage" {
                          guard case .string(let text) = value else { return false }
                          sourceLanguage = try locale(text, at: JSONPath().appending(name))
                      }
                      return true
                  } catch {
                      return false
                  }
              }),
              let sourceLanguage else { return nil }
        let ordered = Self.ordered(locales.union([sourceLanguage]), sourceLanguage: sourceLanguage)
        let mode = ReadingMode(keeping: keeping, hashed: true)
        var builders = Dictionary(uniqueKeysWithValues: ordered.map { ($0, TableBuilder(source: source, mode: mode)) })
        guard let again = ChunkedFile(path: path, chunkSize: chunkSize),
              JSONParser.streamMembers(again, expanding: "strings", { isString, name, value in
                  guard isString, !name.isEmpty else { return true }
                  do throws(StringTableError) {
                      try add(JSONMember(key: name, value: value), at: stringsPath.appending(name),
                              sourceLanguage: sourceLanguage, locales: ordered, to: &builders)
                      return true
                  } catch {
                      return false
                  }
              }) else { return nil }
        return StringCatalog(sourceLanguage: sourceLanguage, localizations: ordered.map { tag in
            StringCatalog.Localization(locale: tag, content: builders[tag]!.content)
        })
    }

    /// The source language first, then the other locales in alphabetical order.
    private static func ordered(_ locales: Set<String>, sourceLanguage: String) -> [String] {
        [sourceLanguage] + locales.subtracting([sourceLanguage]).sorted()
    }

    /// The locales one key is localized in.
    private func localeTags(of string: JSONMember, at path: JSONPath) throws(StringTableError) -> [String] {
        guard case .object(let localizations)? = string.value["localizations"] else { return [] }
        var tags: [String] = []
        for localization in localizations {
            tags.append(try locale(localization.key, at: path.appending("localizations").appending(localization.key)))
        }
        return tags
    }

    /// Adds one key's text in every locale: its localization, or the source text for the
    /// source language and keys not to translate, or else lists it as untranslated.
    private func add(_ string: JSONMember, at path: JSONPath, sourceLanguage: String, locales: [String],
                     to builders: inout [String: TableBuilder]) throws(StringTableError) {
        let key = string.key
        guard case .object = string.value else {
            throw failure(.invalidValue, at: path, "expected an object with localizations, got \(string.value.brief)")
        }
        let shouldTranslate: Bool
        switch string.value["shouldTranslate"] {
        case .bool(let flag)?: shouldTranslate = flag
        case nil: shouldTranslate = true
        case let other?: throw failure(.invalidValue, at: path.appending("shouldTranslate"), "expected true or false, got \(other.brief)")
        }
        var localized: [String: (value: JSONValue, path: JSONPath)] = [:]
        switch string.value["localizations"] {
        case .object(let members)?:
            for member in members {
                let memberPath = path.appending("localizations").appending(member.key)
                let tag = try locale(member.key, at: memberPath)
                if localized[tag] != nil {
                    throw failure(.duplicateKey, at: memberPath, "locale \(tag) is already localized under another spelling")
                }
                localized[tag] = (member.value, memberPath)
            }
        case nil: break
        case let other?:
            throw failure(.invalidValue, at: path.appending("localizations"), "expected an object of localizations by locale, got \(other.brief)")
        }

        // The source text, used for the source language and for untranslatable keys.
        let sourceVariants = try localized[sourceLanguage].map { localization throws(StringTableError) in
            try variants(of: localization.value, at: localization.path)
        } ?? [Variant(suffix: "", value: key, path: path)]

        for tag in locales {
            if !shouldTranslate || tag == sourceLanguage {
                try builders[tag]!.add(key: key, variants: sourceVariants)
            } else if let localization = localized[tag] {
                try builders[tag]!.add(key: key, variants: try variants(of: localization.value, at: localization.path))
            } else {
                builders[tag]!.untranslatedKeys.append(key)
            }
        }
    }

    // MARK: - Localizations

    /// One text of a key in one locale: `suffix` is empty or `#one`, `#iphone#other`.
    struct Variant {
        var suffix: String
        var value: String
        /// Where the text is, for messages.
        var path: JSONPath
    }

    /// The texts of a localization: its `stringUnit`, and every case of its variations,
    /// with substitutions expanded.
    private func variants(of localization: JSONValue, at path: JSONPath) throws(StringTableError) -> [Variant] {
        guard case .object = localization else {
            throw failure(.invalidValue, at: path, "expected an object with a stringUnit or variations, got \(localization.brief)")
        }
        let substitutions = try substitutionTable(localization["substitutions"], at: path.appending("substitutions"))
        var result: [Variant] = []
        for variant in try unexpanded(localization, at: path) {
            result += try expand(variant, substitutions: substitutions)
        }
        return result
    }

    /// The texts of a localization or variation case, substitutions still in place.
    private func unexpanded(_ node: JSONValue, at path: JSONPath) throws(StringTableError) -> [Variant] {
        guard case .object = node else {
            throw failure(.invalidValue, at: path, "expected an object with a stringUnit or variations, got \(node.brief)")
        }
        var result: [Variant] = []
        if let unit = node["stringUnit"] {
            let unitPath = path.appending("stringUnit")
            guard case .object = unit else {
                throw failure(.invalidValue, at: unitPath, "expected an object with a value, got \(unit.brief)")
            }
            result.append(Variant(suffix: "", value: try requiredString(unit, "value", at: unitPath),
                                  path: unitPath.appending("value")))
        }
        if let variations = node["variations"] {
            let variationsPath = path.appending("variations")
            guard case .object(let kinds) = variations else {
                throw failure(.invalidValue, at: variationsPath, "expected an object of plural or device variations, got \(variations.brief)")
            }
            for kind in kinds {
                let kindPath = variationsPath.appending(kind.key)
                guard kind.key == "plural" || kind.key == "device" else {
                    throw failure(.invalidValue, at: kindPath, "expected plural or device variations, got \(JSONValue.quoted(kind.key))")
                }
                guard case .object(let cases) = kind.value else {
                    throw failure(.invalidValue, at: kindPath, "expected an object of \(kind.key) cases, got \(kind.value.brief)")
                }
                for variationCase in cases {
                    let casePath = kindPath.appending(variationCase.key)
                    if kind.key == "plural", !Self.pluralCategories.contains(variationCase.key) {
                        throw failure(.invalidValue, at: casePath, "expected a plural category ("
                                      + Self.pluralCategories.joined(separator: ", ") + "), got "
                                      + JSONValue.quoted(variationCase.key))
                    }
                    for inner in try unexpanded(variationCase.value, at: casePath) {
                        result.append(Variant(suffix: "#" + variationCase.key + inner.suffix,
                                              value: inner.value, path: inner.path))
                    }
                }
            }
        }
        if result.isEmpty {
            throw failure(.missingField, at: path, "expected a stringUnit or variations")
        }
        return result
    }

    static let pluralCategories = ["zero", "one", "two", "few", "many", "other"]

    // MARK: - Substitutions

    private struct Substitution {
        /// The format specifier without `%`, such as `lld`.
        var format: String
        /// The argument's position, from `argNum`.
        var argument: Int?
        var cases: [Variant]
    }

    private func substitutionTable(_ value: JSONValue?, at path: JSONPath) throws(StringTableError) -> [String: Substitution] {
        guard let value else { return [:] }
        guard case .object(let members) = value else {
            throw failure(.invalidValue, at: path, "expected an object of substitutions by name, got \(value.brief)")
        }
        var table: [String: Substitution] = [:]
        for member in members {
            let memberPath = path.appending(member.key)
            guard case .object = member.value else {
                throw failure(.invalidValue, at: memberPath, "expected an object with a formatSpecifier and variations, got \(member.value.brief)")
            }
            let format = try optionalString(member.value, "formatSpecifier", at: memberPath) ?? "@"
            var argument: Int?
            switch member.value["argNum"] {
            case .number(let number)? where number >= 1 && number <= 99 && number == number.rounded():
                argument = Int(number)
            case nil:
                break
            case let other?:
                throw failure(.invalidValue, at: memberPath.appending("argNum"), "expected an argument position from 1, got \(other.brief)")
            }
            table[member.key] = Substitution(format: format, argument: argument,
                                             cases: try unexpanded(member.value, at: memberPath))
        }
        return table
    }

    /// `%#@name@` or, with an argument position, `%1$#@name@`.
    private static var substitutionPattern: Regex<(Substring, Substring)> { /%(?:\d+\$)?#@([^@\s]+)@/ }

    /// The variants of one text with each substitution replaced by each of its cases.
    private func expand(_ variant: Variant, substitutions: [String: Substitution]) throws(StringTableError) -> [Variant] {
        let matches = variant.value.matches(of: Self.substitutionPattern)
        guard !matches.isEmpty else { return [variant] }
        var names: [String] = []
        for match in matches where !names.contains(String(match.output.1)) {
            names.append(String(match.output.1))
        }
        var result = [variant]
        var total = 1
        for name in names {
            guard let substitution = substitutions[name] else {
                throw failure(.missingField, at: variant.path, "the text uses %#@\(name)@ but the localization has no substitution "
                              + "\(JSONValue.quoted(name)); expected it under substitutions")
            }
            // With several arguments, their order in a translation may differ from the
            // source's, so each keeps its position; a single one reads better plain.
            let specifier = names.count > 1 && substitution.argument != nil
                ? "%\(substitution.argument!)$\(substitution.format)" : "%\(substitution.format)"
            total *= max(1, substitution.cases.count)
            guard total <= Self.maximumVariants else {
                throw failure(.limitExceeded, at: variant.path, "the substitutions expand to more than \(Self.maximumVariants) variants")
            }
            result = result.flatMap { partial in
                substitution.cases.map { option in
                    let text = option.value.replacing("%arg", with: specifier)
                    let value = partial.value.replacing(Self.substitutionPattern) { match in
                        match.output.1 == name ? Substring(text) : match.output.0
                    }
                    return Variant(suffix: partial.suffix + option.suffix, value: value, path: partial.path)
                }
            }
        }
        return result
    }

    // MARK: - Tables

    /// One locale's table as it fills, keeping keys unique.
    private struct TableBuilder {
        let source: String
        let mode: ReadingMode
        var content = TableContent()
        /// Where each key's text is, so a clash can name the first.
        private var origins: KeyClaims<JSONPath>

        init(source: String, mode: ReadingMode) {
            self.source = source
            self.mode = mode
            origins = KeyClaims(hashed: mode.hashed)
        }

        var untranslatedKeys: [String] {
            get { content.untranslatedKeys }
            set { content.untranslatedKeys = newValue }
        }

        /// A key and its variants; a variant may clash with a key written with `#`.
        mutating func add(key: String, variants: [Variant]) throws(StringTableError) {
            for variant in variants {
                let name = key + variant.suffix
                // A name without `#` is a key of the catalog with no variant: the JSON
                // object's keys are unique, and every other name has a `#`, so only
                // those need a hash when reading in one pass.
                if !mode.hashed || name.contains("#"),
                   case .repeated(let earlier) = origins.claim(name, at: variant.path) {
                    throw StringTableError(.duplicateKey, file: source, place: SourcePlace(variant.path),
                                           message: "key \(JSONValue.quoted(name)) is already defined"
                                               + (earlier.map { " at \($0)" } ?? ""))
                }
                if mode.keeps(name) {
                    content.entries.append(StringTable.Entry(key: name, value: variant.value))
                }
            }
        }
    }

    // MARK: - Reading fields

    private func requiredString(_ object: JSONValue, _ name: String, at path: JSONPath) throws(StringTableError) -> String {
        guard let text = try optionalString(object, name, at: path) else {
            throw failure(.missingField, at: path, "expected a \(JSONValue.quoted(name)) string")
        }
        return text
    }

    private func optionalString(_ object: JSONValue, _ name: String, at path: JSONPath) throws(StringTableError) -> String? {
        switch object[name] {
        case .string(let text)?: return text
        case nil: return nil
        case let other?: throw failure(.invalidValue, at: path.appending(name), "expected a string, got \(other.brief)")
        }
    }

    private func locale(_ text: String, at path: JSONPath) throws(StringTableError) -> String {
        guard let tag = LanguageTag(text) else {
            throw failure(.invalidValue, at: path, "expected a language tag such as de or zh-Hans, got \(JSONValue.quoted(text))")
        }
        return tag.normalized
    }

    private func failure(_ kind: StringTableErrorKind, at path: JSONPath, _ message: String) -> StringTableError {
        StringTableError(kind, file: source, place: SourcePlace(path), message: message)
    }
}

extension StringCatalogParser: StringTableReader {
    static let format = StringTableFormat.stringCatalog

    func read(_ data: Data, keeping: ((String) -> Bool)?) throws(StringTableError) -> ParsedStrings {
        Self.keepingOnly(.catalog(try catalog(from: data)), keeping)
    }

    func streamed(contentsOf path: String, keeping: ((String) -> Bool)?, chunkSize: Int) -> ParsedStrings? {
        streamedCatalog(contentsOf: path, keeping: keeping, chunkSize: chunkSize).map { .catalog($0) }
    }
}
