// How the layers of a style sheet are picked and merged for one key and locale.

/// A `locales` entry: an override for every key in matching locales.
struct LocaleLayer: Sendable, Hashable {
    var tag: LanguageTag
    var style: JSONValue
}

/// A `keys` entry: an override for one key, or for every key a `*` pattern matches.
struct KeyLayer: Sendable, Hashable {
    var pattern: String
    var style: JSONValue

    var isPattern: Bool { pattern.contains("*") }

    /// Patterns with more literal characters match fewer keys, so they rank as more
    /// specific; `tip.*` beats `*` although both have one wildcard.
    var specificity: (literals: Int, wildcards: Int) {
        let wildcards = pattern.unicodeScalars.count { $0 == "*" }
        return (pattern.unicodeScalars.count - wildcards, wildcards)
    }

    func matches(_ key: String) -> Bool {
        isPattern ? Self.glob(Array(pattern.unicodeScalars)[...], matches: Array(key.unicodeScalars)[...]) : pattern == key
    }

    /// `*` matches any run of characters, dots included. Greedy with backtracking to
    /// the last star, which is linear enough for key-sized strings.
    private static func glob(_ pattern: ArraySlice<Unicode.Scalar>, matches text: ArraySlice<Unicode.Scalar>) -> Bool {
        var p = pattern.startIndex
        var t = text.startIndex
        var star: (pattern: Int, text: Int)?
        while t < text.endIndex {
            if p < pattern.endIndex, pattern[p] == "*" {
                star = (p, t)
                p += 1
            } else if p < pattern.endIndex, pattern[p] == text[t] {
                p += 1
                t += 1
            } else if let resume = star {
                p = resume.pattern + 1
                t = resume.text + 1
                star = (resume.pattern, resume.text + 1)
            } else {
                return false
            }
        }
        while p < pattern.endIndex, pattern[p] == "*" {
            p += 1
        }
        return p == pattern.endIndex
    }
}

extension JSONValue {
    /// `override` laid over `self`: objects merge member by member, anything else
    /// (arrays, scalars, `null`) replaces. So `font` keeps the fields an override does
    /// not name, `shadows` is replaced whole, and `"stroke": null` removes the stroke.
    func merging(_ override: JSONValue) -> JSONValue {
        guard case .object(var members) = self, case .object(let overrides) = override else {
            return override
        }
        for member in overrides {
            if let index = members.firstIndex(where: { $0.key == member.key }) {
                members[index].value = members[index].value.merging(member.value)
            } else {
                members.append(member)
            }
        }
        return .object(members)
    }
}

/// Which layers of a sheet apply to a key in a locale: indices into its locale and key
/// layers, least specific first. Most keys of a table share one.
struct LayerSelection: Hashable {
    var locales: [Int] = []
    var keys: [Int] = []
}

extension StyleSheet {
    /// The layers that apply to `key` in `locale`, least specific first:
    /// base < locales (fewer subtags first) < key patterns < the exact key.
    func layers(forKey key: String, locale: LanguageTag?) -> [JSONValue] {
        layers(layerSelection(forKey: key, locale: locale))
    }

    func layers(_ selection: LayerSelection) -> [JSONValue] {
        [baseLayer] + selection.locales.map { localeLayers[$0].style } + selection.keys.map { keyLayers[$0].style }
    }

    func layerSelection(forKey key: String, locale: LanguageTag?) -> LayerSelection {
        var selection = LayerSelection()
        if let locale {
            let matching = localeLayers.enumerated().filter { $0.element.tag.applies(to: locale) }
            selection.locales = matching.sorted {
                ($0.element.tag.subtags.count, $0.offset) < ($1.element.tag.subtags.count, $1.offset)
            }.map(\.offset)
        }
        let patterns = keyLayers.enumerated().filter { $0.element.isPattern && $0.element.matches(key) }
        selection.keys = patterns.sorted { first, second in
            let a = first.element.specificity
            let b = second.element.specificity
            // Fewer literals, then more wildcards, then earlier in the file: less specific.
            return (a.literals, -a.wildcards, first.offset) < (b.literals, -b.wildcards, second.offset)
        }.map(\.offset)
        if let exact = keyLayers.firstIndex(where: { !$0.isPattern && $0.pattern == key }) {
            selection.keys.append(exact)
        }
        return selection
    }
}
