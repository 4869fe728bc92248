import Foundation

/// A BCP 47 language tag split into subtags, for matching and normalizing.
///
/// Only the shape is checked (language, then script, region and variants), which is
/// enough to match `locales` entries and to read tags out of file names.
package struct LanguageTag: Sendable, Hashable {
    /// Subtags in lower case, so that matching ignores case.
    package let subtags: [String]
    /// The tag as conventionally written: `zh-Hans-CN`, `pt-BR`, `de`.
    package let normalized: String

    /// Parses a tag, accepting `_` for `-` (`pt_BR`) and any letter case.
    package init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
            .map(String.init)
        guard let language = parts.first, (2...3).contains(language.count) || (5...8).contains(language.count),
              language.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            return nil
        }
        var written = [Self.replacedLanguages[language.lowercased()] ?? language.lowercased()]
        for part in parts.dropFirst() {
            guard (1...8).contains(part.count), part.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
                return nil
            }
            // Script subtags are title case and regions upper case (RFC 5646 section 2.1.1).
            if part.count == 4, part.allSatisfy(\.isLetter) {
                written.append(part.prefix(1).uppercased() + part.dropFirst().lowercased())
            } else if part.count == 2, part.allSatisfy(\.isLetter) {
                written.append(part.uppercased())
            } else {
                written.append(part.lowercased())
            }
        }
        subtags = written.map { $0.lowercased() }
        normalized = written.joined(separator: "-")
    }

    /// Parses a locale name as file names and gettext headers write it: a tag, or a
    /// POSIX name such as `pt_BR`, `de_DE.UTF-8` or `sr@latin`. The charset is dropped,
    /// `@latin` and `@cyrillic` become scripts (`sr-Latn`), and other modifiers become
    /// variants (`ca@valencia` gives `ca-valencia`).
    package init?(localeName text: String) {
        var name = Substring(text)
        var modifier = ""
        if let at = name.firstIndex(of: "@") {
            modifier = String(name[name.index(after: at)...])
            name = name[..<at]
        }
        if let dot = name.firstIndex(of: ".") {
            name = name[..<dot]
        }
        var parts = name.split(separator: "_", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "-", omittingEmptySubsequences: false) }
            .map(String.init)
        if let script = Self.modifierScripts[modifier.lowercased()] {
            // A script goes right after the language, before any region: sr_RS@latin is sr-Latn-RS.
            parts.insert(script, at: min(1, parts.count))
        } else if (5...8).contains(modifier.count) {
            // Shorter modifiers (`@euro`) are no BCP 47 variant and say nothing about the language.
            parts.append(modifier)
        }
        self.init(parts.joined(separator: "-"))
    }

    package var language: String { subtags[0] }

    /// gettext's script modifiers and the ISO 15924 codes they stand for.
    private static let modifierScripts = ["latin": "Latn", "cyrillic": "Cyrl"]

    /// Deprecated ISO 639 codes that Android folders (`values-iw/`) and old tools still
    /// write, with their IANA registry replacements, so both spellings name one locale.
    private static let replacedLanguages = ["in": "id", "iw": "he", "ji": "yi", "jw": "jv", "mo": "ro"]

    /// Whether a style override for this tag applies to text in `locale`: same language,
    /// and every further subtag of this tag appears in `locale`. So `zh`, `zh-Hans`,
    /// `zh-CN` and `zh-Hans-CN` all apply to `zh-Hans-CN`, but `zh-Hant` does not.
    package func applies(to locale: LanguageTag) -> Bool {
        language == locale.language && subtags.dropFirst().allSatisfy { locale.subtags.dropFirst().contains($0) }
    }

    /// Whether the language subtag is an ISO 639 code Foundation knows, which keeps
    /// file names such as `app.json` or `ui.json` from passing for locales.
    package var isKnownLanguage: Bool {
        Self.knownLanguages.contains(language)
    }

    private static let knownLanguages: Set<String> = Set(
        Locale.LanguageCode.isoLanguageCodes.map { $0.identifier.lowercased() })
}
