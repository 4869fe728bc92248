import Foundation
import LabelCore

/// What a run did to each label, and which labels fail its checks: made by
/// ``BatchRun/report(_:checks:)``. Encoded as JSON it is the file
/// `labelgen --report` writes.
public struct RunReport: Encodable, Sendable {
    /// The generator, e.g. `labelgen 0.3.0`.
    package var tool: String
    /// The style file's name, e.g. `score.json`.
    package var style: String
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
        package var requestedFontSize: Double
        /// The font size used as a share of the style's size (1 = not shrunk).
        package var sizeShare: Double?
        /// How many lines the text took.
        package var lines: Int?
        /// How its breaks were chosen: `balance`, `pretty` or `greedy` (the style's
        /// `wrapStyle`, or the default for its alignment).
        package var wrapStyle: String
        /// How the text met its box: `fits`, `shrunk`, `truncated` or `overflows`.
        public var fit: String?
        /// Whether the text was cut and ends in an ellipsis.
        public var truncated: Bool?
        /// Families of fallback fonts the text needed.
        package var fallbackFonts: [String]
        /// Characters no font covers, as code points like `U+0E3F`.
        package var missingCharacters: [String]
        /// Placeholders the style has no sample for.
        package var unfilledPlaceholders: [String]
        /// Layout and drawing time of all scales, in milliseconds (0 when not drawn).
        package var milliseconds: Double
        /// Why the label fails the run's checks, named as the command line's options:
        /// `fails --strict`, `fails --max-shrink 80%`, `--check: …`. Empty when it passes.
        public var failures: [String]
        /// The translators' note the table carries for the string.
        public var note: String? = nil
        /// The locale whose text was drawn because the table has none for this one.
        public var fallback: String? = nil
        /// The table's width limit and the width drawn, px at scale 1; a label wider than
        /// its limit fails `--strict`.
        public var limit: Limit? = nil
        /// The most characters the table allows the string; reported, not enforced.
        public var characterLimit: Int? = nil
        /// Inline codes of the table read as their plain text, such as `<mrk type="term">`.
        public var ignoredCodes: [String]? = nil

        /// Whether the label is drawn wider than its table's width limit.
        public var isOverLimit: Bool { limit.map { $0.drawn > $0.width } ?? false }
    }

    /// A width limit and the width drawn, px at scale 1.
    public struct Limit: Encodable, Sendable, Equatable {
        /// The widest the table allows.
        public var width: Int
        /// The width of the text as drawn.
        public var drawn: Int
    }

    /// The labels that fail the run's checks.
    public var failedLabels: [Entry] { labels.filter { !$0.failures.isEmpty } }
}

extension RunReport {
    /// Writes the report as the JSON file `labelgen --report` writes, atomically, one
    /// entry at a time: the whole document encoded at once would take several times the
    /// file's size in memory, and the report of a run of a hundred thousand labels is
    /// tens of megabytes.
    ///
    /// - Throws: The file system's error, or an `EncodingError`; then the file is as it was.
    package func write(to url: URL) throws {
        var document = self
        document.labels = []
        let layout = try JSONFileLayout(document, arrayKey: "labels", hasElements: !labels.isEmpty)
        let encoder = JSONFile.encoder()
        try AtomicWriter.write(to: url) { pieces in
            try pieces.append(layout.head)
            for (index, entry) in labels.enumerated() {
                if index > 0 { try pieces.append(JSONFileLayout.separator) }
                try pieces.append(try JSONFileLayout.element(entry, encoder: encoder))
            }
            try pieces.append(layout.tail)
        }
    }
}
