import Foundation
import LabelLayout
import SnapshotTesting
import StringTables
import StyledText
import TextRender

/// Lays out, draws and compares every selected label of string tables, as
/// `assertSnapshots(tables:…)` promises; one value per call.
struct TableSnapshotter {
    /// The style of one label, by key and locale.
    var styles: (_ key: String, _ locale: String) throws -> LabelStyle
    var fonts: FontSources
    var imageDirectories: [String]
    var limits: Limits
    var keys: [String]
    var scale: Double
    var layout: Bool
    var image: Bool
    var precision: Float
    var perceptualPrecision: Float
    var alpha: ImageEncoding.Alpha
    var record: SnapshotTestingConfiguration.Record?
    var snapshotDirectory: String?
    var fileID: StaticString
    var filePath: StaticString
    var testName: String
    var line: UInt
    var column: UInt

    func snapshot(_ tables: [StringTable]) throws {
        let engine = SnapshotEngines.shared.engine(
            fonts: fonts, imageDirectories: Self.imageFolders(imageDirectories, tables: tables), limits: limits)
        let renderer = Renderer(limits: limits)
        let patterns = keys.map(KeyPattern.init)
        for table in tables {
            for entry in table.entries where patterns.isEmpty || patterns.contains(where: { $0.matches(entry.key) }) {
                func failure(_ error: any Error) -> SnapshotLabelError {
                    SnapshotLabelError(locale: table.locale, key: entry.key, source: table.source, underlying: error)
                }
                // SnapshotTesting turns "en.menu.play" into the file name "<test>.en-menu-play".
                let name = "\(table.locale).\(entry.key)"
                let laidOut: TextLayout
                do {
                    let style = try styles(entry.key, table.locale)
                    laidOut = try engine.layout(Self.filled(entry.value, style: style), style: style, locale: table.locale)
                } catch {
                    throw failure(error)
                }
                if layout {
                    report(SnapshotTesting.verifySnapshot(
                        of: laidOut, as: .layoutDump, named: name, record: record, snapshotDirectory: snapshotDirectory,
                        fileID: fileID, file: filePath, testName: testName, line: line, column: column))
                }
                if image {
                    let rendered: RenderedLabel
                    do { rendered = try renderer.render(laidOut, scale: scale) } catch { throw failure(error) }
                    report(verifyImageSnapshot(
                        of: { rendered }, as: .image(precision: precision, perceptualPrecision: perceptualPrecision, alpha: alpha),
                        named: name, record: record, snapshotDirectory: snapshotDirectory, timeout: 5,
                        fileID: fileID, file: filePath, testName: testName, line: line, column: column))
                }
            }
        }
    }

    private func report(_ failure: String?) {
        guard let failure else { return }
        SnapshotIssue.record(failure, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// The text `labelgen` draws for a string: placeholders filled with the style's
    /// samples, which stand for text the game inserts at run time and escapes, so a
    /// sample such as "<Bob>" shows as written.
    static func filled(_ text: String, style: LabelStyle) -> String {
        let samples = style.markup ? style.samples.mapValues(Markup.escaped) : style.samples
        return Placeholders.fill(text, samples: samples).text
    }

    /// Where inline images are looked up, in `labelgen`'s order: the given folders (for
    /// `labelgen`, the style's), then the folder of each table's file. The engine tries the
    /// current directory last.
    static func imageFolders(_ given: [String], tables: [StringTable]) -> [String] {
        var folders = given
        for table in tables {
            // A table read from a URL that is not a file, or made in code, has no folder.
            guard !table.source.isEmpty, !table.source.contains("://") else { continue }
            let folder = URL(fileURLWithPath: table.source).deletingLastPathComponent().path
            if !folders.contains(folder) { folders.append(folder) }
        }
        return folders
    }
}

/// Layout engines by configuration, kept for the whole test run: an engine caches the
/// fonts it opens, and every table snapshot of a run would otherwise open them again.
final class SnapshotEngines: Sendable {
    static let shared = SnapshotEngines()

    private struct Configuration: Hashable {
        var fonts: FontSources
        var imageDirectories: [String]
        var limits: Limits
    }

    private let engines = LockedCache<Configuration, LayoutEngine>()

    func engine(fonts: FontSources, imageDirectories: [String], limits: Limits) -> LayoutEngine {
        let configuration = Configuration(fonts: fonts, imageDirectories: imageDirectories, limits: limits)
        return engines.withLock { engines in
            if let engine = engines[configuration] { return engine }
            let engine = LayoutEngine(fonts: fonts, imageDirectories: imageDirectories, limits: limits)
            engines[configuration] = engine
            return engine
        }
    }
}
