import Foundation
import LabelLayout
import SnapshotTesting
import StringTables
import StyledText
import TextRender

/// Snapshots every key of string tables, one table per locale, with a style sheet: a
/// layout dump (`<test>.<locale>.<key>.txt`) and a PNG (`<test>.<locale>.<key>.png`)
/// per label, next to the calling test file in `__Snapshots__/<TestFile>/`.
///
/// Each label is laid out with the style merged for its locale and key, after filling
/// placeholders from the style's `samples`, as `labelgen` does. A changed line break or
/// font shows up in the text dump; a changed pixel in the image.
///
/// ```swift
/// @Test func menuLabels() throws {
///     let sheet = try StyleSheet(contentsOf: URL(fileURLWithPath: "Styles/button.json"))
///     let tables = try ["en", "de", "ar"].map {
///         try StringTable.load(contentsOf: URL(fileURLWithPath: "Strings/\($0).json"))
///     }
///     try assertSnapshots(tables: tables, style: sheet, keys: ["menu.*"])
/// }
/// ```
///
/// - Parameters:
///   - tables: The string tables, one per locale.
///   - style: The style sheet the labels use.
///   - engine: The layout engine; its font sources decide which fonts are found.
///   - keys: Only keys matching one of these patterns (`*` matches any text); every key
///     when empty.
///   - scale: The scale the images are rendered at.
///   - layout: Whether to snapshot the layout dump.
///   - image: Whether to snapshot the rendered image.
///   - precision: The share of pixels that must match (1: every one).
///   - perceptualPrecision: How alike a pixel must be to match (1: identical).
///   - record: Whether to record references instead of comparing (default: the
///     surrounding `withSnapshotTesting(record:)` or `SNAPSHOT_TESTING_RECORD`).
/// - Throws: A `StyleError`, `LayoutError` or `RenderError` for a label that cannot be
///   drawn, naming the locale and key.
public func assertSnapshots(
    tables: [StringTable],
    style: StyleSheet,
    engine: LayoutEngine = LayoutEngine(),
    keys: [String] = [],
    scale: Double = 1,
    layout: Bool = true,
    image: Bool = true,
    precision: Float = 1,
    perceptualPrecision: Float = 1,
    record: SnapshotTestingConfiguration.Record? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    testName: String = #function,
    line: UInt = #line,
    column: UInt = #column
) throws {
    let renderer = Renderer()
    for table in tables {
        for entry in table.entries where keys.isEmpty || keys.contains(where: { KeyPattern.matches(entry.key, $0) }) {
            let name = "\(table.locale).\(entry.key)"
            let laidOut: TextLayout
            do {
                let merged = try style.style(forKey: entry.key, locale: table.locale)
                let text = Placeholders.fill(entry.value, samples: merged.samples).text
                laidOut = try engine.layout(text, style: merged, locale: table.locale)
            } catch {
                throw SnapshotLabelError(locale: table.locale, key: entry.key, source: table.source, underlying: error)
            }
            if layout {
                assertSnapshot(of: laidOut, as: .layoutDump, named: name, record: record,
                               fileID: fileID, file: filePath, testName: testName, line: line, column: column)
            }
            if image {
                let rendered: RenderedLabel
                do { rendered = try renderer.render(laidOut, scale: scale) } catch {
                    throw SnapshotLabelError(locale: table.locale, key: entry.key, source: table.source, underlying: error)
                }
                assertSnapshot(of: rendered, as: .image(precision: precision, perceptualPrecision: perceptualPrecision),
                               named: name, record: record,
                               fileID: fileID, file: filePath, testName: testName, line: line, column: column)
            }
        }
    }
}

/// Snapshots every key of one string table; see ``assertSnapshots(tables:style:engine:keys:scale:layout:image:precision:perceptualPrecision:record:fileID:file:testName:line:column:)``.
public func assertSnapshots(
    table: StringTable,
    style: StyleSheet,
    engine: LayoutEngine = LayoutEngine(),
    keys: [String] = [],
    scale: Double = 1,
    precision: Float = 1,
    perceptualPrecision: Float = 1,
    record: SnapshotTestingConfiguration.Record? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    testName: String = #function,
    line: UInt = #line,
    column: UInt = #column
) throws {
    try assertSnapshots(tables: [table], style: style, engine: engine, keys: keys, scale: scale,
                        precision: precision, perceptualPrecision: perceptualPrecision, record: record,
                        fileID: fileID, file: filePath, testName: testName, line: line, column: column)
}

/// A label of a table that could not be laid out or drawn.
public struct SnapshotLabelError: Error, CustomStringConvertible {
    public var locale: String
    public var key: String
    /// The table's file, as the table names it.
    public var source: String
    public var underlying: any Error

    public var description: String { "\(source): key \"\(key)\" (locale \(locale)): \(underlying)" }
}

/// `*` matches any text, everything else itself, as `labelgen --keys` does.
enum KeyPattern {
    static func matches(_ key: String, _ pattern: String) -> Bool {
        let parts = pattern.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
        guard parts.count > 1 else { return key == pattern }
        guard key.hasPrefix(parts[0]), key.dropFirst(parts[0].count).hasSuffix(parts[parts.count - 1]),
              key.count >= parts[0].count + parts[parts.count - 1].count else { return false }
        var rest = Substring(key.dropFirst(parts[0].count).dropLast(parts[parts.count - 1].count))
        for part in parts.dropFirst().dropLast() where !part.isEmpty {
            guard let range = rest.range(of: part) else { return false }
            rest = rest[range.upperBound...]
        }
        return true
    }
}
