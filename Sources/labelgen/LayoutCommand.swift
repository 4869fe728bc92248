import ArgumentParser
import Foundation
import LabelBatch
import LabelLayout
import StyledText

/// `labelgen layout`: prints where the engine puts every glyph of one text, as JSON, so a
/// layout can be inspected or compared with another engine without rendering anything.
struct LayoutDump: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Print the layout of one text as JSON: lines, visual order, glyph runs.",
        discussion: """
            Lays out TEXT with the style (merged for --locale and --key) and prints the \
            result: the font size used and why, and per line its text in logical order, \
            its text in visual (left to right) order, the baseline, the x and width, and \
            the glyph runs with font, bidi level, glyph ids, pen positions and clusters. \
            Positions are in pixels at scale 1 from the box's top left; clusters are \
            offsets in Unicode scalars into TEXT.

            Examples:
              labelgen layout "مرحبا Player 1" --style score.json --locale ar
              labelgen layout "$(cat tip.txt)" --style tip.json --locale th --key tip.jump
            """)

    @Argument(help: "The text to lay out.")
    var text: String

    @OptionGroup var styleFile: StyleOption

    @Option(help: ArgumentHelp("The locale (BCP 47) to lay out for.", valueName: "tag"))
    var locale: String = "en"

    @Option(help: ArgumentHelp("The string key, for key overrides in the style.", valueName: "key"))
    var key: String = ""

    @OptionGroup var fontOptions: FontOptions

    func run() throws {
        let sheet = try styleFile.sheet()
        let merged: LabelStyle
        do { merged = try sheet.style(forKey: key, locale: locale) } catch { throw Failure.badInput(error.description) }
        let engine = LayoutEngine(fonts: try fontOptions.sources(styleFolder: styleFile.folder),
                                  imageDirectories: [styleFile.folder])
        let layout: TextLayout
        do { layout = try engine.layout(text, style: merged, locale: locale) } catch {
            // Markup errors are in the text argument, everything else comes from the style.
            if case .markup = error { throw Failure.badInput("the text: \(error)") }
            throw Failure.badInput("\(sheet.source): \(error)")
        }
        print(String(decoding: try JSONFile.encode(LayoutReport(layout)), as: UTF8.self), terminator: "")
    }
}

/// The JSON shape `labelgen layout` prints.
struct LayoutReport: Encodable {
    var fontSize: Double
    var requestedFontSize: Double
    var fit: String
    var truncated: Bool
    var fitAttempts: Int
    var missingCharacters: [String]
    var fallbackFonts: [String]
    var lines: [LineReport]

    struct LineReport: Encodable {
        var text: String
        var visualText: String
        var rightToLeft: Bool
        var baseline: Double
        var x: Double
        var width: Double
        var runs: [RunReport]
    }

    struct RunReport: Encodable {
        var font: String
        var weight: Int
        var fontSize: Double
        var bidiLevel: UInt8
        var ellipsis: Bool
        /// Set by markup only: the run's own colour, picture, underline or strike-through.
        var color: String?
        var image: String?
        var decorations: [String]?
        var glyphs: [[Double]]
    }

    init(_ layout: TextLayout) {
        fontSize = Self.rounded(layout.fontSize)
        requestedFontSize = layout.requestedFontSize
        fit = layout.fitOutcome.rawValue
        truncated = layout.isTruncated
        fitAttempts = layout.fitAttempts
        missingCharacters = layout.missingCharacters.map { String(format: "U+%04X", $0.value) }
        fallbackFonts = layout.fallbackFaces.map(\.family)
        lines = layout.lines.map { line in
            LineReport(
                text: line.text, visualText: Self.visualText(line),
                rightToLeft: line.isRightToLeft, baseline: Self.rounded(line.baseline),
                x: Self.rounded(line.x), width: Self.rounded(line.width),
                runs: line.runs.map { run in
                    RunReport(font: run.face.family, weight: run.face.weight, fontSize: Self.rounded(run.fontSize),
                              bidiLevel: run.bidiLevel, ellipsis: run.isEllipsis, color: run.color?.hex,
                              image: run.attributes.image?.source,
                              decorations: run.decorations.isEmpty ? nil : run.decorations.map(\.kind.rawValue),
                              glyphs: run.glyphs.map { [Double($0.id), Self.rounded($0.x), Self.rounded($0.y), Double($0.cluster)] })
                })
        }
    }

    /// The line's characters as they appear from left to right: each cluster's text, in
    /// the order its first glyph is met. (Clusters count from the line's range, whose
    /// text is the line's own, so this also holds for truncated text.)
    private static func visualText(_ line: TextLayout.Line) -> String {
        let scalars = Array(line.text.unicodeScalars)
        let base = line.range.lowerBound
        let starts = Set(line.runs.flatMap { $0.glyphs.map { $0.cluster - base } }).sorted()
        var view = String.UnicodeScalarView()
        var seen = Set<Int>()
        for run in line.runs {
            for glyph in run.glyphs where seen.insert(glyph.cluster - base).inserted {
                let start = glyph.cluster - base
                let index = starts.firstIndex(of: start)!
                let end = index + 1 < starts.count ? starts[index + 1] : scalars.count
                guard start >= 0, start < scalars.count else { continue }
                // One at a time: appending a slice copies the whole view (quadratic).
                for scalar in scalars[start..<max(start + 1, min(end, scalars.count))] { view.append(scalar) }
            }
        }
        return String(view)
    }

    private static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
}
