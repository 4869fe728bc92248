import LabelBatch

/// The run's summary on the terminal.
extension RunReport {
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

    /// What is wrong with a label, e.g. "shrunk to 45% (10.75 of 24 px); truncated".
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
