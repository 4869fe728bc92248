/// Sums up the labels a whole run selects, per locale, into the ``Manifest/Inputs`` every
/// shard records. Each shard sees the whole selection (only drawing is split), so all
/// of them, and a run without shards, record the same values.
struct InputsTally {
    /// Per locale: each selected key and its input hash, or a mark that it is not drawn.
    private var entries: [String: [(key: String, hash: String)]] = [:]
    /// Per locale: how many selected labels a manifest lists.
    private var listed: [String: Int] = [:]

    /// Counts `label`, whose input hash is `inputHash`.
    mutating func add(_ label: PlannedLabel, inputHash: String) {
        // A label with a placeholder but no sample is listed nowhere, yet its text is
        // an input all the same: a shard that read another table must not pass.
        let drawn = label.unfilledPlaceholders.isEmpty
        entries[label.locale, default: []].append((label.key, drawn ? inputHash : "not drawn " + inputHash))
        listed[label.locale, default: 0] += drawn ? 1 : 0
    }

    /// The record of each locale, for a style sheet named `style`.
    func inputs(style: String) -> [String: Manifest.Inputs] {
        var inputs: [String: Manifest.Inputs] = [:]
        for (locale, labels) in entries {
            // Keys are unique per locale (LabelPlan checks), so key order is total and
            // independent of the tables' order.
            let fields = labels.sorted { $0.key < $1.key }.flatMap { [$0.key, $0.hash] }
            inputs[locale] = Manifest.Inputs(hash: ContentHash.hex(ofFields: [style] + fields), labels: listed[locale] ?? 0)
        }
        return inputs
    }
}
