import StringTables
import StyledText

/// One label of a run: a key of one table with its merged style, and what the run will
/// do with it.
public struct PlannedLabel: Sendable {
    /// The string key, e.g. `hud.score`.
    public var key: String
    /// The text to draw: the table's string with placeholders filled from the style's
    /// samples.
    package var text: String
    /// Placeholders the style has no sample for. Such a label is not drawn, never with a
    /// raw `%d`.
    package var unfilledPlaceholders: [String]
    /// Inline images the markup names (`<img src>`), whose contents decide the label too.
    package var images: [String]
    /// The locale of the table the key comes from, and the name of its output folder.
    public var locale: String
    /// The table's name, for messages.
    package var source: String
    /// What the table says about the string besides its text: the translators' note, a
    /// size limit, the locale a fallback text came from.
    package var details: EntryDetails?
    /// The style merged for this key and locale.
    package var style: LabelStyle {
        get { sharedStyle.style }
        set { sharedStyle = SharedStyle(newValue) }
    }
    /// ``style``, one instance for every label merged to the same style: a style is
    /// several hundred bytes, and most labels of a run share a few.
    var sharedStyle: SharedStyle
    /// The scales to draw, the style's unless the run overrides them.
    package var scales: [Double]
    /// What the run does with the label.
    public internal(set) var status: Status
    /// The earlier manifest's entry whose images an ``Status/unchanged`` label keeps; nil
    /// otherwise.
    var kept: PreviousManifest.Entry?

    /// What a run does with one label.
    public enum Status: Sendable, Equatable {
        /// Drawn in this run. `inputHash` covers everything the images depend on, and is
        /// recorded in the manifest.
        case render(inputHash: String)
        /// Its inputs are unchanged since the run that wrote the manifest entry, whose
        /// images are on disk: they are kept as they are.
        case unchanged
        /// Not drawn: its text has placeholders the style has no sample for.
        case notRendered
    }

    /// ``text`` with its markup read (as it is, for a style without markup). It is read
    /// when planning, to check it, and again when drawing rather than kept in between:
    /// a run of a hundred thousand labels would hold every one.
    func styled() -> StyledString {
        guard style.markup, let parsed = try? Markup.parse(text) else { return StyledString(text) }
        return parsed
    }

    /// The input hash when the label is to be drawn; nil otherwise.
    var inputHashToRender: String? {
        if case .render(let inputHash) = status { return inputHash }
        return nil
    }
}

/// A merged style that labels share.
final class SharedStyle: Sendable {
    let style: LabelStyle

    init(_ style: LabelStyle) {
        self.style = style
    }
}
