import Foundation
import LabelCore

extension BatchRun {
    /// Tells what became of each label of a committed run, and applies `checks`.
    ///
    /// With a golden folder, each image in the output folder is compared with its golden
    /// image; `_diff` in the output folder is emptied first, then receives a diff image for each one
    /// that differs. Nothing else is written. The run is over: the output folder's lock,
    /// if ``plan()`` took it, is released.
    ///
    /// - Throws: ``BatchError/unreadableImage(_:)`` when an output or golden image cannot
    ///   be read; ``BatchError/cannotWrite(path:reason:)`` for a diff image.
    public func report(_ committed: CommittedBatch, checks: Checks = Checks()) throws(BatchError) -> RunReport {
        defer { committed.plan.endRun() }
        let golden = checks.goldenFolder.map { folder in
            GoldenComparison(outputFolder: outputFolder, goldenFolder: folder, diffFolder: diffFolder,
                             check: GoldenCheck(tolerance: checks.tolerance, alpha: imageEncoding.alpha))
        }
        if golden != nil { try? FileManager.default.removeItem(at: diffFolder) }
        let labels = committed.plan.labels
        // Comparing means decoding two images a label: on every core, the errors kept
        // by label so that the first one in plan order is thrown, whatever the jobs.
        let goldenFailures = golden.map { golden in
            labels.indices.concurrentMap(jobs: jobs) { index -> Result<[String], BatchError> in
                Result { () throws(BatchError) in
                    guard let outcome = Self.outcome(of: labels[index], drawn: committed.drawn[index]) else { return [] }
                    return try golden.failures(of: outcome.files, locale: labels[index].locale)
                }
            }
        }
        return try report(of: committed.plan, drawn: committed.drawn, checks: checks) { index throws(BatchError) in
            try goldenFailures?[index].get() ?? []
        }
    }

    /// The report of `plan`'s labels, drawn as `drawn` holds, with `checks` applied but
    /// for golden images, whose failures `golden` gives by plan index.
    func report(of plan: BatchPlan, drawn: DrawnLabels, checks: Checks,
                golden: (Int) throws(BatchError) -> [String] = { _ in [] }) throws(BatchError) -> RunReport {
        var reported: [RunReport.Entry] = []
        reported.reserveCapacity(plan.labels.count)
        for (index, label) in plan.labels.enumerated() {
            var (entry, outcome) = Self.entry(for: label, drawn: drawn[index])
            if let outcome {
                entry.failures = checks.failures(of: outcome)
                entry.failures += try golden(index)
            }
            reported.append(entry)
        }
        var untranslated: [String: [String]] = [:]
        for table in tables where !table.untranslatedKeys.isEmpty {
            untranslated[table.locale, default: []] += table.untranslatedKeys
        }
        return RunReport(tool: Labelgen.tool, style: styleSheet.source, labels: reported, untranslated: untranslated)
    }

    /// The report's entry for `label`, and what its images came out as if it has any.
    private static func entry(for label: PlannedLabel, drawn: DrawnLabel?) -> (RunReport.Entry, LabelOutcome?) {
        var entry = RunReport.Entry(
            locale: label.locale, key: label.key, status: .notRendered, fontSize: nil,
            requestedFontSize: label.style.font.size, sizeShare: nil, lines: nil,
            wrapStyle: label.style.resolvedWrapStyle.rawValue, fit: nil, truncated: nil,
            fallbackFonts: [], missingCharacters: [], unfilledPlaceholders: label.unfilledPlaceholders,
            milliseconds: 0, failures: [])
        entry.note = label.details?.note
        entry.fallback = label.details?.fallbackLocale
        entry.characterLimit = label.details?.limit?.characters
        entry.ignoredCodes = label.details.flatMap { $0.ignoredCodes.isEmpty ? nil : $0.ignoredCodes }
        switch label.status {
        case .unchanged:
            entry.status = .unchanged
        case .render:
            entry.status = .rendered
            entry.milliseconds = drawn.map { ($0.seconds * 1000_000).rounded() / 1000 } ?? 0
        case .notRendered:
            break
        }
        guard let outcome = outcome(of: label, drawn: drawn) else { return (entry, nil) }
        entry.fontSize = outcome.fontSize
        entry.sizeShare = (outcome.fontSize / outcome.requestedFontSize * 1000).rounded() / 1000
        entry.lines = outcome.lineCount
        entry.fit = outcome.fit
        entry.truncated = outcome.truncated
        entry.fallbackFonts = outcome.fallbackFonts ?? []
        entry.missingCharacters = outcome.missingCharacters ?? []
        entry.limit = outcome.limit.map { RunReport.Limit(width: $0.width, drawn: $0.drawn) }
        return (entry, outcome)
    }

    /// What the images of `label` came out as: drawn now, or kept from the earlier run;
    /// nil when it has none.
    private static func outcome(of label: PlannedLabel, drawn: DrawnLabel?) -> LabelOutcome? {
        switch label.status {
        case .unchanged: label.kept?.outcome
        case .render: drawn?.outcome
        case .notRendered: nil
        }
    }
}
