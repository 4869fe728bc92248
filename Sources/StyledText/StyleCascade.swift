// How the layers of a style sheet are picked and merged for one key and locale.

/// A `locales` entry: an override for every key in matching locales.
struct LocaleLayer: Sendable, Hashable {
    var tag: LanguageTag
    var style: JSONValue
}

/// A `keys` entry: an override for one key, or for every key a `*` pattern matches.
struct KeyLayer: Sendable, Hashable {
    var pattern: KeyPattern
    var style: JSONValue

    init(pattern: String, style: JSONValue) {
        self.pattern = KeyPattern(pattern)
        self.style = style
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
        let patterns = keyLayers.enumerated().filter { $0.element.pattern.hasWildcard && $0.element.pattern.matches(key) }
        selection.keys = patterns.sorted { first, second in
            let a = first.element.pattern.specificity
            let b = second.element.pattern.specificity
            // Fewer literals, then more wildcards, then earlier in the file: less specific.
            return (a.literals, -a.wildcards, first.offset) < (b.literals, -b.wildcards, second.offset)
        }.map(\.offset)
        if let exact = keyLayers.firstIndex(where: { !$0.pattern.hasWildcard && $0.pattern.text == key }) {
            selection.keys.append(exact)
        }
        return selection
    }
}
