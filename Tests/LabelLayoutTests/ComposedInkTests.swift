import Foundation
@testable import LabelLayout
import StringTables
import StyledText
import Testing

/// Balanced and pretty lines are chosen by their advances, then kept only where their
/// ink fits the box as greedy's did. Every demo label is laid out in its own style's box
/// and in the property test's narrower ones, in each wrap style, and every placed
/// glyph's ink is held inside the text rectangle less the box's outermost pixel ring:
/// nothing is ever drawn past the box.
@Suite("Composed lines and their ink")
struct ComposedInkTests {
    /// The demo's styles and the keys each draws (the Makefile's DEMO_STYLES).
    static let styles = ["button": "menu.", "score": "hud.", "title": "title.", "tip": "tip.", "dialog": "dialog.",
                         "meme": "meme."]

    struct Label {
        var style: String
        var locale: String
        var key: String
        var text: String
    }

    static func labels() throws -> [Label] {
        let folder = TypesettingPropertyTests.root.appendingPathComponent("Localizations/strings")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        var labels: [Label] = []
        for file in files {
            let table = try StringTable.load(contentsOf: folder.appendingPathComponent(file))
            for entry in table.entries {
                guard let style = styles.first(where: { entry.key.hasPrefix($0.value) })?.key else { continue }
                labels.append(Label(style: style, locale: table.locale, key: entry.key, text: entry.value))
            }
        }
        return labels
    }

    /// Where a glyph's ink lies outside `layout.textRect` less one pixel on each side.
    static func inkOutside(_ layout: TextLayout) -> [String] {
        let rect = layout.textRect
        let (left, right) = (rect.x + Fitter.inkMargin, rect.x + rect.width - Fitter.inkMargin)
        let (top, bottom) = (rect.y + Fitter.inkMargin, rect.y + rect.height - Fitter.inkMargin)
        let slack = 1e-6
        var found: [String] = []
        for line in layout.lines {
            for run in line.runs {
                for glyph in run.glyphs {
                    guard let ink = run.inkBox(glyph.id) else { continue }
                    let minX = glyph.x + ink.minX * run.fontSize, maxX = glyph.x + ink.maxX * run.fontSize
                    let minY = glyph.y - ink.maxY * run.fontSize, maxY = glyph.y - ink.minY * run.fontSize
                    if minX < left - slack || maxX > right + slack {
                        found.append("\"\(line.text)\" spans x \(minX)...\(maxX) in \(left)...\(right)")
                    }
                    if minY < top - slack || maxY > bottom + slack {
                        found.append("\"\(line.text)\" spans y \(minY)...\(maxY) in \(top)...\(bottom)")
                    }
                }
            }
        }
        return found
    }

    @Test("no glyph's ink reaches past the box, for every demo label in its box and the narrower ones, balanced, pretty or greedy")
    func noInkBeyondTheBox() throws {
        var checked = 0, composed = 0
        for label in try Self.labels() {
            let sheet = try TypesettingPropertyTests.sheet(label.style)
            for share in TypesettingPropertyTests.widthShares {
                var style = try sheet.style(forKey: label.key, locale: label.locale)
                guard let box = style.box else { continue }
                style.box = Box(width: (box.width * share).rounded(), height: share == 1 ? box.height : nil)
                if share < 1 { style.maxLines = 0 }
                var greedyLines: [String] = []
                for wrapStyle in [WrapStyle.greedy, .balance, .pretty] {
                    style.wrapStyle = wrapStyle
                    let layout = try TypesettingPropertyTests.demoEngine.layout(label.text, style: style, locale: label.locale)
                    let outside = Self.inkOutside(layout)
                    #expect(outside.isEmpty, "\(label.style) \(label.locale) \(label.key) \(wrapStyle) at \(style.box!.width) px: \(outside)")
                    if wrapStyle == .greedy { greedyLines = layout.lineTexts } else if layout.lineTexts != greedyLines { composed += 1 }
                    checked += 1
                }
            }
        }
        // Controls: the sweep covered the demo, and the composer moved breaks in many labels.
        #expect(checked > 1_500)
        #expect(composed > 100)
    }
}
