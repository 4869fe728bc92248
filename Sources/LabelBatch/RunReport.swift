import Foundation

/// What a run did to each label, and which labels fail its checks: made by
/// ``BatchRun/report(_:checks:)``. Its JSON (`JSONFile.encode(_:)`) is the file
/// `labelgen --report` writes.
public struct RunReport: Encodable, Sendable {
    /// The generator, e.g. `labelgen 0.3.0`.
    public var tool: String
    /// The style file's name, e.g. `score.json`.
    public var style: String
    /// One entry per label of the plan, in plan order.
    public var labels: [Entry]
    /// Keys a table lists without a translation for its locale (skipped, not drawn), by
    /// locale.
    public var untranslated: [String: [String]]

    /// What became of a label.
    public enum Status: String, Encodable, Sendable {
        /// Drawn in this run.
        case rendered
        /// Inputs unchanged since the previous run: the images on disk were kept.
        case unchanged
        /// Not drawn: placeholders without samples.
        case notRendered = "not-rendered"
    }

    /// One label of the run.
    public struct Entry: Encodable, Sendable {
        /// The locale.
        public var locale: String
        /// The string key.
        public var key: String
        /// What became of it.
        public var status: Status
        /// The font size used, px at scale 1; nil when it was not drawn.
        public var fontSize: Double?
        /// The font size the style asked for, px at scale 1.
        public var requestedFontSize: Double
        /// The font size used as a share of the style's size (1 = not shrunk).
        public var sizeShare: Double?
        /// How many lines the text took.
        public var lines: Int?
        /// How its breaks were chosen: `balance`, `pretty` or `greedy` (the style's
        /// `wrapStyle`, or the default for its alignment).
        public var wrapStyle: String
        /// How the text met its box: `fits`, `shrunk`, `truncated` or `overflows`.
        public var fit: String?
        /// Whether the text was cut and ends in an ellipsis.
        public var truncated: Bool?
        /// Families of fallback fonts the text needed.
        public var fallbackFonts: [String]
        /// Characters no font covers, as code points like `U+0E3F`.
        public var missingCharacters: [String]
        /// Placeholders the style has no sample for.
        public var unfilledPlaceholders: [String]
        /// Layout and drawing time of all scales, in milliseconds (0 when not drawn).
        public var milliseconds: Double
        /// Why the label fails the run's checks, named as the command line's options:
        /// `fails --strict`, `fails --max-shrink 80%`, `--check: …`. Empty when it passes.
        public var failures: [String]
    }

    /// The labels that fail the run's checks.
    public var failedLabels: [Entry] { labels.filter { !$0.failures.isEmpty } }
}
