import LabelBatch

/// The run's summary on the terminal.
extension RunReport {
    /// One line per locale, then the worst offenders by name: failures first, then the
    /// most truncated and most shrunk labels.
    func summary(worst limit: Int = 5) -> [String] {
        // One pass, counting: a run of a hundred thousand labels is not copied per locale.
        var counts: [String: Counts] = [:]
        var ranked: [Int] = []
        for (index, entry) in labels.enumerated() {
            counts[entry.locale, default: Counts()].add(entry)
            if !entry.failures.isEmpty || entry.truncated == true || (entry.sizeShare ?? 1) < 1 || entry.status == .notRendered {
                ranked.append(index)
            }
        }
        var lines: [String] = []
        for locale in Set(counts.keys).union(untranslated.keys).sorted() {
            let count = counts[locale] ?? Counts()
            var parts = ["\(count.rendered) rendered", "\(count.unchanged) unchanged", "\(count.shrunk) shrunk",
                         "\(count.truncated) truncated"]
            let skipped = count.notRendered + (untranslated[locale]?.count ?? 0)
            if skipped > 0 { parts.append("\(skipped) skipped") }
            if count.failed > 0 { parts.append("\(count.failed) failed") }
            lines.append("\(locale): " + parts.joined(separator: ", "))
        }
        func rank(_ entry: Entry) -> (Int, Int, Double, String, String) {
            (entry.failures.isEmpty ? 1 : 0, entry.truncated == true ? 0 : 1, entry.sizeShare ?? 1, entry.locale, entry.key)
        }
        ranked.sort { rank(labels[$0]) < rank(labels[$1]) }
        if !ranked.isEmpty {
            lines.append("worst:")
            for index in ranked.prefix(limit) {
                lines.append("  \(labels[index].locale)/\(labels[index].key): \(Self.describe(labels[index]))")
            }
            if ranked.count > limit { lines.append("  … and \(ranked.count - limit) more (see --report)") }
        }
        return lines
    }

    /// How many labels of a locale came out each way.
    private struct Counts {
        var rendered = 0, unchanged = 0, shrunk = 0, truncated = 0, notRendered = 0, failed = 0

        mutating func add(_ entry: Entry) {
            switch entry.status {
            case .rendered: rendered += 1
            case .unchanged: unchanged += 1
            case .notRendered: notRendered += 1
            }
            if entry.fit == "shrunk" { shrunk += 1 }
            if entry.truncated == true { truncated += 1 }
            if !entry.failures.isEmpty { failed += 1 }
        }
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
