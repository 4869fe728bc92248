/// The labels a run drew, by their index in the plan. A run holds them until it commits,
/// so they are two arrays, plan indices and labels, rather than a dictionary of copies.
struct DrawnLabels: Sendable {
    /// The plan indices of the labels drawn, ascending.
    private let indices: [Int]
    /// The labels, in the order of ``indices``.
    private let labels: [DrawnLabel]

    /// `labels` drawn for the plan's labels at `indices`, which ascend.
    init(indices: [Int], labels: [DrawnLabel]) {
        precondition(indices.count == labels.count, "one plan index per drawn label")
        self.indices = indices
        self.labels = labels
    }

    /// The label drawn for the plan's label at `index`, or nil if it was not drawn.
    subscript(index: Int) -> DrawnLabel? {
        var low = 0, high = indices.count
        while low < high {
            let middle = (low + high) / 2
            if indices[middle] < index { low = middle + 1 } else { high = middle }
        }
        return low < indices.count && indices[low] == index ? labels[low] : nil
    }

    /// How many labels were drawn.
    var count: Int { labels.count }

    /// Every drawn label, in plan order.
    var all: [DrawnLabel] { labels }
}
