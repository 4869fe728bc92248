/// How far a run's drawing has come: handed to the `progress` callback of
/// ``BatchRun/render(_:progress:)`` each time a label is done.
public struct BatchProgress: Sendable, Hashable {
    /// Labels done so far, this one included: 1, 2, … up to `total`.
    public var done: Int
    /// Labels this run draws (those its plan marks ``PlannedLabel/Status/render(inputHash:)``).
    public var total: Int
    /// The locale of the label just done.
    public var locale: String
    /// The key of the label just done.
    public var key: String

    /// Progress after the label of `key` in `locale`, the `done`-th of `total`.
    package init(done: Int, total: Int, locale: String, key: String) {
        self.done = done
        self.total = total
        self.locale = locale
        self.key = key
    }
}
