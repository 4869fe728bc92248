import LabelBatch

/// The run's summary on the terminal, gathered from one report or from each part's of
/// a run drawn a locale at a time: one line per locale, then the worst offenders by name,
/// failures first, then the most truncated and most shrunk labels.
struct RunSummary {
    /// How many of the worst labels are named.
    let limit: Int
    private var counts: [String: Counts] = [:]
    private var untranslated: [String: Int] = [:]
    /// The worst labels so far, worst first, at most ``limit``.
    private var worst: [RunReport.Entry] = []
    /// How many labels are worth naming: failed, truncated, shrunk, not drawn or wider
    /// than their table allows.
    private var notable = 0
    /// The first labels, in plan order, that fail the run's checks, at most ten.
    private(set) var failed: [RunReport.Entry] = []
    /// How many labels fail the run's checks.
    private(set) var failedCount = 0
    /// The first untranslated keys, as `locale/key`, at most ten.
    private(set) var untranslatedNames: [String] = []
    /// How many keys the tables leave untranslated (and no fallback filled).
    private(set) var untranslatedCount = 0

    init(worst limit: Int = 5) {
        self.limit = limit
    }

    /// Adds a report's labels, which come after those added before.
    mutating func add(_ report: RunReport) {
        // One pass, counting: a run of a hundred thousand labels is not copied per locale.
        var ranked: [RunReport.Entry] = []
        for entry in report.labels {
            counts[entry.locale, default: Counts()].add(entry)
            if !entry.failures.isEmpty || entry.truncated == true || (entry.sizeShare ?? 1) < 1 || entry.status == .notRendered
                || entry.isOverLimit {
                ranked.append(entry)
            }
            if !entry.failures.isEmpty {
                failedCount += 1
                if failed.count < 10 { failed.append(entry) }
            }
        }
        for (locale, keys) in report.untranslated.sorted(by: { $0.key < $1.key }) {
            untranslated[locale, default: 0] += keys.count
            untranslatedCount += keys.count
            for key in keys.prefix(10 - untranslatedNames.count) { untranslatedNames.append("\(locale)/\(key)") }
        }
        notable += ranked.count
        worst = Array((worst + ranked).sorted { Self.rank($0) < Self.rank($1) }.prefix(limit))
    }

    /// Failures first, then truncated labels, then the most shrunk.
    private static func rank(_ entry: RunReport.Entry) -> (Int, Int, Double, String, String) {
        (entry.failures.isEmpty ? 1 : 0, entry.truncated == true ? 0 : 1, entry.sizeShare ?? 1, entry.locale, entry.key)
    }

    /// The summary's lines.
    func lines() -> [String] {
        var lines: [String] = []
        for locale in Set(counts.keys).union(untranslated.keys).sorted() {
            let count = counts[locale] ?? Counts()
            var parts = ["\(count.rendered) rendered", "\(count.unchanged) unchanged", "\(count.shrunk) shrunk",
                         "\(count.truncated) truncated"]
            if count.notRendered > 0 { parts.append("\(count.notRendered) skipped") }
            if let missing = untranslated[locale], missing > 0 { parts.append("\(missing) untranslated") }
            if count.fallback > 0 { parts.append("\(count.fallback) from the fallback locale") }
            if count.failed > 0 { parts.append("\(count.failed) failed") }
            lines.append("\(locale): " + parts.joined(separator: ", "))
        }
        if !worst.isEmpty {
            lines.append("worst:")
            for entry in worst {
                lines.append("  \(entry.locale)/\(entry.key): \(RunReport.describe(entry))")
            }
            if notable > limit { lines.append("  … and \(notable - limit) more (see --report)") }
        }
        return lines
    }

    /// How many labels of a locale came out each way.
    private struct Counts {
        var rendered = 0, unchanged = 0, shrunk = 0, truncated = 0, notRendered = 0, failed = 0, fallback = 0

        mutating func add(_ entry: RunReport.Entry) {
            switch entry.status {
            case .rendered: rendered += 1
            case .unchanged: unchanged += 1
            case .notRendered: notRendered += 1
            }
            if entry.fit == "shrunk" { shrunk += 1 }
            if entry.truncated == true { truncated += 1 }
            if !entry.failures.isEmpty { failed += 1 }
            if entry.fallback != nil { fallback += 1 }
        }
    }
}

extension RunReport {
    /// The run's summary on the terminal (``RunSummary``).
    func summary(worst limit: Int = 5) -> [String] {
        var summary = RunSummary(worst: limit)
        summary.add(self)
        return summary.lines()
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
        if entry.isOverLimit, let limit = entry.limit {
            notes.append("\(limit.drawn) px wide, over its limit of \(limit.width)")
        }
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
