import Foundation

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
        var reported: [RunReport.Entry] = []
        for (index, label) in committed.plan.labels.enumerated() {
            var (entry, manifest) = Self.entry(for: label, drawn: committed.drawn[index])
            if let manifest {
                entry.failures = checks.failures(of: manifest)
                entry.failures += try golden?.failures(of: manifest, locale: label.locale) ?? []
            }
            reported.append(entry)
        }
        var untranslated: [String: [String]] = [:]
        for table in tables where !table.untranslatedKeys.isEmpty {
            untranslated[table.locale, default: []] += table.untranslatedKeys
        }
        return RunReport(tool: Labelgen.tool, style: styleSheet.source, labels: reported, untranslated: untranslated)
    }

    /// The report's entry for `label`, and the manifest entry of its images if it has any.
    private static func entry(for label: PlannedLabel, drawn: DrawnLabel?) -> (RunReport.Entry, Manifest.Label?) {
        var entry = RunReport.Entry(
            locale: label.locale, key: label.key, status: .notRendered, fontSize: nil,
            requestedFontSize: label.style.font.size, sizeShare: nil, lines: nil,
            wrapStyle: label.style.resolvedWrapStyle.rawValue, fit: nil, truncated: nil,
            fallbackFonts: [], missingCharacters: [], unfilledPlaceholders: label.unfilledPlaceholders,
            milliseconds: 0, failures: [])
        let manifest: Manifest.Label?
        switch label.status {
        case .unchanged:
            manifest = label.kept
            entry.status = .unchanged
        case .render:
            manifest = drawn?.manifest
            entry.status = .rendered
            entry.milliseconds = drawn.map { ($0.seconds * 1000_000).rounded() / 1000 } ?? 0
        case .notRendered:
            manifest = nil
        }
        guard let manifest else { return (entry, nil) }
        entry.fontSize = manifest.fontSize
        entry.sizeShare = (manifest.fontSize / manifest.requestedFontSize * 1000).rounded() / 1000
        entry.lines = manifest.lines.count
        entry.fit = manifest.fit
        entry.truncated = manifest.truncated
        entry.fallbackFonts = manifest.fallbackFonts ?? []
        entry.missingCharacters = manifest.missingCharacters ?? []
        return (entry, manifest)
    }
}
