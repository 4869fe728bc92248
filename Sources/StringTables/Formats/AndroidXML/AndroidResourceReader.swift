import Foundation
import StyledText
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads the recorded events as an Android resource file.
struct AndroidResourceReader {
    var events: [AndroidXMLEvent]
    let source: String
    private let mode: ReadingMode
    /// Strings kept although `mode` does not keep them, as the targets of references.
    private let targets: Set<String>
    var index = 0
    private var content = TableContent()
    /// Where each key was defined, so a second definition can name the first.
    private var origins: KeyClaims<SourcePlace>
    /// Keys whose text is a reference, by the name of the string referred to.
    private var references: [String: String] = [:]

    init(events: [AndroidXMLEvent], source: String, mode: ReadingMode, alsoKeeping targets: Set<String> = []) {
        self.events = events
        self.source = source
        self.mode = mode
        self.targets = targets
        origins = KeyClaims(hashed: mode.hashed)
    }

    /// Reads the children of `<resources>` whose events `batch` holds, whole ones.
    mutating func readResourceList(of batch: [AndroidXMLEvent]) throws(StringTableError) {
        events = batch
        index = 0
        try readResourceList()
    }

    /// The content once every child of `<resources>` is read, and the targets of
    /// references that are not in it: strings the file lacks, or, when `mode` keeps
    /// only some, perhaps strings it did not keep.
    mutating func finish() throws(StringTableError) -> (TableContent, missing: Set<String>) {
        let missing = try resolveReferences()
        content.entries.removeAll { !mode.keeps($0.key) }
        return (content, missing)
    }

    mutating func readResources() throws(StringTableError) -> TableContent {
        while index < events.count {
            let event = events[index]
            index += 1
            guard case .start(let name, _, let place) = event else { continue }
            guard name == "resources" else {
                throw StringTableError(.invalidValue, file: source, place: place,
                                       message: "expected <resources> as the root element, got <\(name)>")
            }
            try readResourceList()
            try resolveReferences()
            return content
        }
        throw StringTableError(.missingField, file: source, place: .wholeFile,
                               message: "no elements; expected an XML document with a <resources> element")
    }

    /// The next child element of the element being read, or nil at its end tag. Text
    /// between children may only be white space; `expected` says what belongs there.
    private mutating func nextChild(of element: String, expected: String) throws(StringTableError)
        -> (name: String, attributes: [String: String], place: SourcePlace)? {
        while index < events.count {
            let event = events[index]
            index += 1
            switch event {
            case .end:
                return nil
            case .text(let text, let place):
                guard text.allSatisfy(\.isWhitespace) else {
                    throw StringTableError(.invalidValue, file: source, place: place,
                                           message: "text directly in <\(element)>; expected \(expected)")
                }
            case .start(let name, let attributes, let place):
                return (name, attributes, place)
            }
        }
        return nil
    }

    private mutating func readResourceList() throws(StringTableError) {
        while let (name, attributes, place) = try nextChild(of: "resources", expected: "elements such as <string>") {
            let skipped = name.contains(":") || attributes["translatable"] == "false"
                || (attributes["product"].map { $0 != "default" } ?? false)
            if skipped {
                skipElement()
                continue
            }
            switch name {
            case "string":
                let key = try resourceName(attributes, element: name, place: place)
                let text = try readText(place: place)
                try add(key: key, text: text, place: place)
            case "plurals", "string-array":
                let key = try resourceName(attributes, element: name, place: place)
                try readItems(of: name, key: key)
            default:
                skipElement()
            }
        }
    }

    private func resourceName(_ attributes: [String: String], element: String, place: SourcePlace) throws(StringTableError) -> String {
        guard let name = attributes["name"], !name.isEmpty else {
            throw StringTableError(.missingField, file: source, place: place, message: "expected a name attribute on <\(element)>")
        }
        return name
    }

    /// The `<item>` children of a `<plurals>` (`key#one`) or `<string-array>` (`key#0`).
    private mutating func readItems(of element: String, key: String) throws(StringTableError) {
        var position = 0
        while let (name, attributes, itemPlace) = try nextChild(of: element, expected: "<item> elements") {
            guard name == "item" else {
                throw StringTableError(.invalidValue, file: source, place: itemPlace,
                                       message: "expected <item> in <\(element)>, got <\(name)>")
            }
            var itemKey = key + "#\(position)"
            position += 1
            if element == "plurals" {
                guard let quantity = attributes["quantity"] else {
                    throw StringTableError(.missingField, file: source, place: itemPlace,
                                           message: "expected a quantity attribute on <item> in <plurals>")
                }
                guard StringCatalogParser.pluralCategories.contains(quantity) else {
                    throw StringTableError(.invalidValue, file: source, place: itemPlace,
                                           message: "expected a quantity of "
                                               + StringCatalogParser.pluralCategories.joined(separator: ", ")
                                               + ", got \(JSONValue.quoted(quantity))")
                }
                itemKey = key + "#" + quantity
            }
            try add(key: itemKey, text: try readText(place: itemPlace), place: itemPlace)
        }
    }

    private mutating func skipElement() {
        var depth = 1
        while index < events.count, depth > 0 {
            switch events[index] {
            case .start: depth += 1
            case .end: depth -= 1
            case .text: break
            }
            index += 1
        }
    }

    private mutating func add(key: String, text: CompiledText, place: SourcePlace) throws(StringTableError) {
        if case .repeated(let earlier) = origins.claim(key, at: place) {
            throw StringTableError(.duplicateKey, file: source, place: place,
                                   message: "key \(JSONValue.quoted(key)) is already defined"
                                       + (earlier.map { " at \($0)" } ?? ""))
        }
        if let target = text.reference {
            references[key] = target
        }
        // Every reference is kept until resolved: one that leads nowhere is listed as
        // untranslated whatever its key.
        if mode.keeps(key) || text.reference != nil || targets.contains(key) {
            content.entries.append(StringTable.Entry(key: key, value: text.value))
        }
    }

    /// Replaces `@string/name` texts by the named string's text, following chains;
    /// references that lead nowhere in this file are taken out and listed. Returns the
    /// names they lead to.
    @discardableResult
    private mutating func resolveReferences() throws(StringTableError) -> Set<String> {
        guard !references.isEmpty else { return [] }
        var missing: Set<String> = []
        var values: [String: String] = [:]
        for entry in content.entries where references[entry.key] == nil {
            values[entry.key] = entry.value
        }
        var resolved: [StringTable.Entry] = []
        for entry in content.entries {
            guard var target = references[entry.key] else {
                resolved.append(entry)
                continue
            }
            var visited: Set<String> = [entry.key]
            while let next = references[target], visited.insert(target).inserted {
                target = next
            }
            if let value = values[target] {
                resolved.append(StringTable.Entry(key: entry.key, value: value))
            } else if visited.contains(target) {
                throw StringTableError(.invalidValue, file: source, place: origins.place(of: entry.key) ?? .wholeFile,
                                       message: "string \(JSONValue.quoted(entry.key)) refers to itself through "
                                           + "@string/ references; expected a chain that ends in text")
            } else {
                content.untranslatedKeys.append(entry.key)
                missing.insert(target)
            }
        }
        content.entries = resolved
        return missing
    }
}
