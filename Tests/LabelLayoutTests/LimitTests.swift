import Foundation
import LabelLayout
import StyledText
import Testing

@Suite("Layout limits")
struct LayoutLimitTests {
    static let small = LayoutEngine(fonts: FontSources(
        bundledDirectories: [packageRoot.appendingPathComponent("Fonts").path], useHostFonts: false),
        limits: Limits(textLength: 50, lines: 3))

    @Test("text longer than the limit is refused before layout, saying both lengths")
    func textLength() throws {
        #expect(throws: LayoutError.limitExceeded("the text is 51 Unicode scalars long; at most 50 are allowed")) {
            try Self.small.layout(String(repeating: "é", count: 51), style: style(), locale: "en")
        }
        // Scalars, not grapheme clusters: 50 flags are 100 scalars.
        #expect(throws: LayoutError.self) {
            try Self.small.layout(String(repeating: "🇩🇪", count: 25) + "x", style: style(), locale: "en")
        }
        _ = try Self.small.layout(String(repeating: "é", count: 50), style: style(), locale: "en")
        // Markup is held to the limit as written, before it is parsed.
        #expect(throws: LayoutError.limitExceeded("the text is 56 Unicode scalars long; at most 50 are allowed")) {
            try Self.small.layout(String(repeating: "<b></b>", count: 8), style: style(), locale: "en")
        }
    }

    @Test("text needing more lines than the limit is refused")
    func lineCount() throws {
        #expect(throws: LayoutError.limitExceeded("the text needs 4 lines; at most 3 are allowed")) {
            try Self.small.layout("a\nb\nc\nd", style: style(size: 20, box: Box(width: 200)), locale: "en")
        }
        let layout = try Self.small.layout("a\nb\nc", style: style(size: 20, box: Box(width: 200)), locale: "en")
        #expect(layout.lines.count == 3)
    }

    @Test("styles built in code are held to the same limits as style files")
    func codeStyles() throws {
        func message(_ configure: (inout LabelStyle) -> Void) -> String? {
            do {
                _ = try engine.layout("x", style: style(configure), locale: "en")
                return nil
            } catch {
                return error.description
            }
        }
        #expect(message { $0.font.size = 5000 } == "font size 5000 exceeds the limit of 2000")
        #expect(message { $0.font.size = .infinity }?.contains("font size infinite") == true)
        #expect(message { $0.stroke = Stroke(width: 2000, color: .black) } == "stroke width 2000 exceeds the limit of 1000")
        #expect(message { $0.shadows = Array(repeating: Shadow(), count: 17) } == "17 shadows exceed the limit of 16")
        #expect(message { $0.shadows = [Shadow(blur: 1e6)] }?.contains("shadow blur") == true)
        #expect(message { $0.maxLines = 10_000 }?.contains("maxLines 10000") == true)
        #expect(message { _ in } == nil)
    }
}
