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
        result.prepared.shaped = Shaper().shape(shaped.itemized, language: language, cuttingAt: cuts)
        return result
    }
}
