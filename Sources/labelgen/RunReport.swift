import Foundation

/// What a run did to each label, for `--report FILE` and the summary on the terminal.
struct RunReport: Encodable {
    var tool: String
    var style: String
    var labels: [Entry]
    /// Keys a table lists without a translation for its locale (skipped, not drawn).
    var untranslated: [String: [String]]

    enum Status: String, Encodable {
        /// Drawn in this run.
        case rendered
        /// Inputs unchanged since the previous run: the images on disk were kept.
        case unchanged
        /// Not drawn: placeholders without samples.
        case notRendered = "not-rendered"
    }

    struct Entry: Encodable {
        var locale: String
        var key: String
        var status: Status
        var fontSize: Double?
        var requestedFontSize: Double
        /// The font size used as a share of the style's size (1 = not shrunk).
        var sizeShare: Double?
        var lines: Int?
        var fit: String?
        var truncated: Bool?
        var fallbackFonts: [String]
        var missingCharacters: [String]
        var unfilledPlaceholders: [String]
        /// Layout and drawing time of all scales, in milliseconds (0 when not drawn).
        var milliseconds: Double
        /// Why the label fails the run's checks (`--strict`, `--max-shrink`, `--check`).
        var failures: [String]
    }

    /// One line per locale, then the worst offenders by name: failures first, then the
    /// most truncated and most shrunk labels.
    func summary(worst limit: Int = 5) -> [String] {
        var lines: [String] = []
        let locales = Set(labels.map(\.locale)).union(untranslated.keys).sorted()
        for locale in locales {
            let entries = labels.filter { $0.locale == locale }
            let count = { (test: (Entry) -> Bool) in entries.filter(test).count }
            var parts = [
                "\(count { $0.status == .rendered }) rendered",
                "\(count { $0.status == .unchanged }) unchanged",
                "\(count { $0.fit == "shrunk" }) shrunk",
                "\(count { $0.truncated == true }) truncated",
            ]
            let skipped = count { $0.status == .notRendered } + (untranslated[locale]?.count ?? 0)
            if skipped > 0 { parts.append("\(skipped) skipped") }
            let failed = count { !$0.failures.isEmpty }
            if failed > 0 { parts.append("\(failed) failed") }
            lines.append("\(locale): " + parts.joined(separator: ", "))
        }
        let ranked = labels.filter { !$0.failures.isEmpty || $0.truncated == true || ($0.sizeShare ?? 1) < 1 || $0.status == .notRendered }
            .sorted { a, b in
                let keyA = (a.failures.isEmpty ? 1 : 0, a.truncated == true ? 0 : 1, a.sizeShare ?? 1, a.locale, a.key)
                let keyB = (b.failures.isEmpty ? 1 : 0, b.truncated == true ? 0 : 1, b.sizeShare ?? 1, b.locale, b.key)
                return keyA < keyB
            }
        if !ranked.isEmpty {
            lines.append("worst:")
            for entry in ranked.prefix(limit) {
                lines.append("  \(entry.locale)/\(entry.key): \(Self.describe(entry))")
            }
            if ranked.count > limit { lines.append("  … and \(ranked.count - limit) more (see --report)") }
        }
        return lines
    }

    static func describe(_ entry: Entry) -> String {
        var notes: [String] = []
        if entry.status == .notRendered {
            notes.append("not rendered, no sample for " + entry.unfilledPlaceholders.joined(separator: " "))
        }
        if let share = entry.sizeShare, share < 1 {
            notes.append("shrunk to \(Int((share * 100).rounded()))% (\(entry.fontSize!.formatted) of \(entry.requestedFontSize.formatted) px)")
        }
        if entry.truncated == true { notes.append("truncated") }
        if entry.fit == "overflows" { notes.append("overflows its box") }
        if !entry.missingCharacters.isEmpty { notes.append("no font for " + entry.missingCharacters.joined(separator: " ")) }
        notes += entry.failures
        return notes.joined(separator: "; ")
    }
}

extension Double {
    /// Up to two decimals, without trailing zeros: `22.5`, `48`.
    var formatted: String {
        let rounded = (self * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
