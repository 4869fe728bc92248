import Foundation
import LabelLayout
import SnapshotTesting
import StringTables
import StyledText
import TextRender

/// Snapshots every key of string tables, one table per locale, styled by a style sheet
/// (or one style):
/// a layout dump and a PNG per label, as `labelgen` would draw it.
///
/// References go to `__Snapshots__/<TestFile>/` beside the calling test file (or to
/// `snapshotDirectory`), two per label, named `<test>.<locale>-<key>.txt` and `.png`:
/// SnapshotTesting names a file after the test and the snapshot, here
/// `<locale>.<key>`, and spells every run of characters other than letters, digits and
/// `_` in them as `-`, none at either end. The test `menuButtons()` writes
/// `menuButtons.en-menu-play.txt`, `menuButtons.en-menu-play.png` and
/// `menuButtons.zh-Hans-menu-play.png`.
///
/// Each label is laid out as `labelgen` lays it out: in the sheet's style merged for its
/// locale and key, after filling placeholders with the style's `samples` (escaped when
/// the style reads markup); a placeholder without a sample is drawn as written. Inline
/// images (`<img src="…">`) are looked up as `labelgen` looks them up: in
/// `imageDirectories` (pass the style file's folder, which `labelgen` searches first), then
/// beside each table's file, then in the current directory. A changed line break or font
/// shows in the text dump; a changed pixel in the image, and then the expected, actual and
/// diff images go to `<TestFile>/<test>.<locale>-<key>/` under `$SNAPSHOT_ARTIFACTS` or
/// else the temporary folder.
///
/// ```swift
/// @Test func menuButtons() throws {
///     let sheet = try StyleSheet(contentsOf: URL(fileURLWithPath: "Styles/button.json"))
///     let tables = try ["en", "de", "ar"].map {
///         try StringTable.load(contentsOf: URL(fileURLWithPath: "Strings/\($0).json"))
///     }
///     try assertSnapshots(tables: tables, style: sheet, imageDirectories: ["Styles"], keys: ["menu.*"])
/// }
/// ```
///
/// - Parameters:
///   - tables: The string tables, one per locale.
///   - style: The labels' styles: a `StyleSheet` with its overrides per
///     locale and key, or one `LabelStyle` for every label (built in code, or
///     already merged by `sheet.style(forKey:locale:)`). Its `samples` fill placeholders.
///   - fonts: Where fonts come from; by default the fonts Labelgen bundles, never the
///     host's. Relative `font.files` paths resolve against its `fileSearchDirectories`.
///   - imageDirectories: Folders searched first for inline images with a relative path.
///   - limits: The largest text, style and image sizes accepted.
///   - keys: Only keys matching one of these patterns (`*` matches any text, as in
///     `labelgen --keys`); every key when empty.
///   - scale: The scale the images are rendered at.
///   - layout: Whether to snapshot the layout dump.
///   - image: Whether to snapshot the rendered image.
///   - precision: The share of pixels that must match (1: every one).
///   - perceptualPrecision: How alike a pixel must be to match (1: identical).
///   - alpha: How the references store colour: straight, or premultiplied as `labelgen
///     --alpha premultiplied` writes it; the images are compared in that form.
///   - record: Whether to record references instead of comparing (default: the
///     surrounding `withSnapshotTesting(record:)` or `SNAPSHOT_TESTING_RECORD`).
///   - snapshotDirectory: The folder of the references; by default
///     `__Snapshots__/<TestFile>/` beside the test file.
///   - fileID: The file ID failures are reported in.
///   - filePath: The test file; its folder and name place the references.
///   - testName: The test's name, which starts every reference's file name.
///   - line: The line failures are reported at.
///   - column: The column failures are reported at.
/// - Throws: A ``SnapshotLabelError`` for a label that cannot be laid out or drawn,
///   naming the table, the locale and the key.
public func assertSnapshots(
    tables: [StringTable],
    style: some LabelStyleSource,
    fonts: FontSources = FontSources(),
    imageDirectories: [String] = [],
    limits: Limits = .default,
    keys: [String] = [],
    scale: Double = 1,
    layout: Bool = true,
    image: Bool = true,
    precision: Float = 1,
    perceptualPrecision: Float = 1,
    alpha: ImageEncoding.Alpha = .straight,
    record: SnapshotTestingConfiguration.Record? = nil,
    snapshotDirectory: String? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    testName: String = #function,
    line: UInt = #line,
    column: UInt = #column
) throws {
    try TableSnapshotter(
        styles: { key, locale in try style.style(forKey: key, locale: locale) },
        fonts: fonts, imageDirectories: imageDirectories, limits: limits, keys: keys, scale: scale,
        layout: layout, image: image, precision: precision, perceptualPrecision: perceptualPrecision, alpha: alpha,
        record: record, snapshotDirectory: snapshotDirectory,
        fileID: fileID, filePath: filePath, testName: testName, line: line, column: column
    ).snapshot(tables)
}

/// Snapshots every key of one string table styled by a style sheet or one style: `tables: [table]`
/// in the form for several tables, which documents the parameters, file names and lookups.
///
/// ```swift
/// let table = try StringTable.load(contentsOf: URL(fileURLWithPath: "Strings/de.json"))
/// try assertSnapshots(table: table, style: sheet, keys: ["menu.*"])   // menuButtons.de-menu-play.png, …
/// ```
///
/// - Parameters:
///   - table: The string table.
///   - style: The labels' styles: a style sheet, or one style for every label.
///   - fonts: Where fonts come from; by default the fonts Labelgen bundles.
///   - imageDirectories: Folders searched first for inline images with a relative path.
///   - limits: The largest text, style and image sizes accepted.
///   - keys: Only keys matching one of these patterns; every key when empty.
///   - scale: The scale the images are rendered at.
///   - layout: Whether to snapshot the layout dump.
///   - image: Whether to snapshot the rendered image.
///   - precision: The share of pixels that must match (1: every one).
///   - perceptualPrecision: How alike a pixel must be to match (1: identical).
///   - alpha: How the references store colour: straight or premultiplied.
///   - record: Whether to record references instead of comparing.
///   - snapshotDirectory: The folder of the references; by default
///     `__Snapshots__/<TestFile>/` beside the test file.
///   - fileID: The file ID failures are reported in.
///   - filePath: The test file; its folder and name place the references.
///   - testName: The test's name, which starts every reference's file name.
///   - line: The line failures are reported at.
///   - column: The column failures are reported at.
/// - Throws: A ``SnapshotLabelError`` for a label that cannot be laid out or drawn.
public func assertSnapshots(
    table: StringTable,
    style: some LabelStyleSource,
    fonts: FontSources = FontSources(),
    imageDirectories: [String] = [],
    limits: Limits = .default,
    keys: [String] = [],
    scale: Double = 1,
    layout: Bool = true,
    image: Bool = true,
    precision: Float = 1,
    perceptualPrecision: Float = 1,
    alpha: ImageEncoding.Alpha = .straight,
    record: SnapshotTestingConfiguration.Record? = nil,
    snapshotDirectory: String? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    testName: String = #function,
    line: UInt = #line,
    column: UInt = #column
) throws {
    try assertSnapshots(tables: [table], style: style, fonts: fonts, imageDirectories: imageDirectories,
                        limits: limits, keys: keys, scale: scale, layout: layout, image: image,
                        precision: precision, perceptualPrecision: perceptualPrecision, alpha: alpha, record: record,
                        snapshotDirectory: snapshotDirectory,
                        fileID: fileID, file: filePath, testName: testName, line: line, column: column)
}

/// A label of a table that could not be laid out or drawn.
public struct SnapshotLabelError: Error, CustomStringConvertible {
    /// The table's locale.
    public var locale: String
    /// The label's string key.
    public var key: String
    /// The table's file, as the table names it (`StringTable.source`).
    public var source: String
    /// Why the label failed: a `StyleError` when the sheet cannot merge its style, a
    /// `LayoutError` when it cannot be laid out, a `RenderError` when it cannot be drawn.
    public var underlying: any Error

    /// `<source>: key "<key>" (locale <locale>): <why>`.
    public var description: String { "\(source): key \"\(key)\" (locale \(locale)): \(underlying)" }
}
