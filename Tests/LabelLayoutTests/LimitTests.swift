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
        #expect(throws: LayoutError.limitExceeded(LimitExcess(.textLength, value: 51, limit: 50))) {
            try Self.small.layout(String(repeating: "é", count: 51), style: style(), locale: "en")
        }
        // Scalars, not grapheme clusters: 50 flags are 100 scalars.
        #expect(throws: LayoutError.self) {
            try Self.small.layout(String(repeating: "🇩🇪", count: 25) + "x", style: style(), locale: "en")
        }
        _ = try Self.small.layout(String(repeating: "é", count: 50), style: style(), locale: "en")
        // Markup is held to the limit as written, before it is parsed.
        #expect(throws: LayoutError.limitExceeded(LimitExcess(.textLength, value: 56, limit: 50))) {
            try Self.small.layout(String(repeating: "<b></b>", count: 8), style: style(), locale: "en")
        }
    }

    @Test("text needing more lines than the limit is refused")
    func lineCount() throws {
        #expect(throws: LayoutError.limitExceeded(LimitExcess(.lineCount, value: 4, limit: 3))) {
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
        // Inner shadows and the bevel never reach the canvas limit, which would
        // otherwise catch what the renderer turns into pixel counts.
        #expect(message { $0.innerShadows = [Shadow(offsetX: 1e300)] } == "shadow offset 1e+300 exceeds the limit of 16384")
        #expect(message { $0.innerShadows = [Shadow(offsetY: -.infinity)] }?.contains("shadow offset") == true)
        #expect(message { $0.shadows = [Shadow(offsetX: .nan)] }?.contains("shadow offset") == true)
        #expect(message { $0.bevel = Bevel(size: .infinity) }?.contains("bevel size") == true)
        #expect(message { $0.bevel = Bevel(size: 1e6) } == "bevel size 1000000 exceeds the limit of 1000")
        #expect(message { $0.bevel = Bevel(depth: 1e9) }?.contains("bevel depth") == true)
        #expect(message { $0.bevel = Bevel(angle: .nan) }?.contains("light angle") == true)
        #expect(message { $0.bevel = Bevel(altitude: .infinity) }?.contains("light angle") == true)
        #expect(message { $0.bevel = Bevel(); $0.innerShadows = [Shadow(offsetX: 3)] } == nil)
        #expect(message { $0.extrude = Extrude(depth: 5000) } == "extrude depth 5000 exceeds the limit of 1000")
        #expect(message { $0.extrude = Extrude(angle: .infinity) } == "extrude angle infinite is not a finite number")
        #expect(message { $0.extrude = Extrude(depth: 12, angle: 30) } == nil)
        #expect(message { _ in } == nil)
    }

    @Test("an excess says what was measured, how much, and the limit, in the words it always had", arguments: [
        (LimitExcess(.textLength, value: 51, limit: 50), "the text is 51 Unicode scalars long; at most 50 are allowed"),
        (LimitExcess(.lineCount, value: 4, limit: 3), "the text needs 4 lines; at most 3 are allowed"),
        (LimitExcess(.maxLines, value: 10_000, limit: 1000), "maxLines 10000 exceeds the line limit of 1000"),
        (LimitExcess(.shadowCount, value: 17, limit: 16), "17 shadows exceed the limit of 16"),
        (LimitExcess(.fontSize, value: 5000, limit: 2000), "font size 5000 exceeds the limit of 2000"),
        (LimitExcess(.fontSize, value: .infinity, limit: 2000), "font size infinite exceeds the limit of 2000"),
        (LimitExcess(.minimumFontSize, value: 2500.5, limit: 2000), "minimum font size 2500.5 exceeds the limit of 2000"),
        (LimitExcess(.inlineImageHeight, value: 5000, limit: 2000), "inline image height 5000 exceeds the limit of 2000"),
        (LimitExcess(.strokeWidth, value: 2000, limit: 1000), "stroke width 2000 exceeds the limit of 1000"),
        (LimitExcess(.shadowBlur, value: 1e6, limit: 1000), "shadow blur 1000000 exceeds the limit of 1000"),
        (LimitExcess(.shadowSpread, value: 1001, limit: 1000), "shadow spread 1001 exceeds the limit of 1000"),
        (LimitExcess(.shadowOffset, value: 20_000, limit: 16384), "shadow offset 20000 exceeds the limit of 16384"),
        (LimitExcess(.bevelSize, value: 1001, limit: 1000), "bevel size 1001 exceeds the limit of 1000"),
        (LimitExcess(.bevelDepth, value: 101, limit: 100), "bevel depth 101 exceeds the limit of 100"),
        (LimitExcess(.lightAngle, value: .nan, limit: .greatestFiniteMagnitude), "the bevel's light angle nan is not a finite number"),
        (LimitExcess(.inlineImageSide(source: "a.png", width: 96, height: 20_000), value: 20_000, limit: 16384),
         "inline image a.png would be 96x20000 pixels; at most 16384 on a side is allowed"),
        (LimitExcess(.inlineImagePixels(source: "a.png", width: 96, height: 96), value: 9216, limit: 4096),
         "inline image a.png would be 96x96 pixels (9216 pixels); at most 4096 pixels is allowed"),
    ])
    func excessDescriptions(excess: LimitExcess, description: String) {
        #expect(excess.description == description)
        #expect(LayoutError.limitExceeded(excess).description == description)
    }

    @Test("a layout past a limit throws what it measured, how much and the limit")
    func structuredExcess() throws {
        #expect(throws: LayoutError.limitExceeded(LimitExcess(.fontSize, value: 5000, limit: 2000))) {
            try engine.layout("x", style: style(size: 5000), locale: "en")
        }
        #expect(throws: LayoutError.limitExceeded(LimitExcess(.shadowCount, value: 17, limit: 16))) {
            try engine.layout("x", style: style { $0.shadows = Array(repeating: Shadow(), count: 17) }, locale: "en")
        }
        #expect(throws: LayoutError.limitExceeded(LimitExcess(.inlineImageHeight, value: 5000, limit: 2000))) {
            try engine.layout("<img src=\"button_a.png\" height=5000/>", style: style(), locale: "en")
        }
        let images = packageRoot.appendingPathComponent("Localizations/images").path
        let fonts = FontSources(bundledDirectories: [packageRoot.appendingPathComponent("Fonts").path], useHostFonts: false)
        let narrow = LayoutEngine(fonts: fonts, imageDirectories: [images], limits: Limits(canvasSide: 64))
        let side = LimitExcess(.inlineImageSide(source: "button_a.png", width: 96, height: 96), value: 96, limit: 64)
        #expect(throws: LayoutError.limitExceeded(side)) {
            try narrow.layout("<img src=\"button_a.png\"/>", style: style(), locale: "en")
        }
        let small = LayoutEngine(fonts: fonts, imageDirectories: [images], limits: Limits(canvasPixels: 4096))
        let pixels = LimitExcess(.inlineImagePixels(source: "button_a.png", width: 96, height: 96), value: 9216, limit: 4096)
        #expect(throws: LayoutError.limitExceeded(pixels)) {
            try small.layout("<img src=\"button_a.png\"/>", style: style(), locale: "en")
        }
    }

    @Test("a run whose size is not positive is its own error, naming the size")
    func invalidRunSize() throws {
        var text = StyledString("a")
        text.append("b", attributes: TextAttributes(size: .pixels(-5)))
        #expect(throws: LayoutError.invalidRunSize(.pixels(-5))) {
            try engine.layout(text, style: style(), locale: "en")
        }
        #expect(LayoutError.invalidRunSize(.relative(0)).description == "a run's font size must be a positive number")
    }
}
