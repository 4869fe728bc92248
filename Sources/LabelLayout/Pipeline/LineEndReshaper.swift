/// Shapes the text again where its lines break at a place HarfBuzz marks unsafe to break,
/// as Pango does: the text is shaped once, whole, for fitting at every size, so a kern
/// across the break or a joining form that expects the next letter would otherwise stay
/// on a line that no longer has that neighbour. Only the items at such breaks change;
/// every break HarfBuzz calls safe keeps its glyphs, and most labels have none unsafe.
struct LineEndReshaper {
    let language: String

    func reshape(_ fitted: FittedText) -> FittedText {
        let shaped = fitted.prepared.shaped
        let cuts = fitted.lines.dropLast().map(\.upperBound).filter { shaped.breakIsUnsafe(at: $0) }
        guard !cuts.isEmpty else { return fitted }
        var result = fitted
        var reshaped = Shaper().shape(shaped.itemized, language: language, cuttingAt: cuts)
        // Dictionary points come from the text, not the shaping: their hyphens stay, each
        // with the cluster its letter now starts.
        for (offset, var hyphen) in shaped.dictionaryHyphens {
            var cluster = offset - 1
            while cluster > 0, !reshaped.clusterStarts[cluster] { cluster -= 1 }
            hyphen.cluster = cluster
            reshaped.dictionaryHyphens[offset] = hyphen
        }
        result.prepared.shaped = reshaped
        return result
    }
}
