import Foundation
import LabelLayout
import StyledText
import Testing
import TestSupport
import TextRender

/// `Renderer` is documented as able to serve several threads, and the faces a layout
/// holds cache glyph outlines and colour bitmaps that drawing fills. Many threads drawing
/// the same layouts at once, with those caches empty, must each get the pixels one thread
/// draws. `make tsan-test` runs this under ThreadSanitizer too.
@Suite("One renderer shared between threads")
struct SharedRendererStressTests {
    /// Texts in several scripts, with every effect a pass draws: shadows, the outside
    /// stroke, flat and gradient fills, markup colours and colour emoji.
    static let labels: [(text: String, locale: String)] = [
        ("Play <b>now</b>", "en"),
        ("Win <color=#FFD700>12</color> coins 🎉", "en"),
        ("مرحبا بك في اللعبة", "ar"),
        ("खेल शुरू करें", "hi"),
        ("ผู้เล่นที่ดีที่สุด", "th"),
        ("はじめから つづきから", "ja"),
        ("Team 👩‍👩‍👧 wins", "en"),
        ("The quick brown fox jumps over the lazy dog again and again", "en"),
    ]

    static func styles() throws -> [LabelStyle] {
        var plain = LabelStyle(font: FontSpec(size: 28))
        plain.box = Box(width: 220, height: 90)
        plain.maxLines = 2
        plain.font.minSize = 12
        var effects = plain
        effects.stroke = Stroke(width: 3, color: try Color(hex: "#3A1F00"))
        effects.shadows = [Shadow(offsetY: 3, blur: 6)]
        effects.fill = .gradient(Gradient(colors: [try Color(hex: "#FFE066"), try Color(hex: "#FF8C00")]))
        return [plain, effects]
    }

    /// A new engine: its faces have drawn nothing, so their outline caches start empty.
    static func coldEngine() -> LayoutEngine {
        LayoutEngine(fonts: FontSources(bundledDirectories: [packageRoot.appendingPathComponent("Fonts").path],
                                        useHostFonts: false))
    }

    static func layouts(on engine: LayoutEngine) throws -> [TextLayout] {
        try styles().flatMap { style in
            try labels.map { try engine.layout($0.text, style: style, locale: $0.locale) }
        }
    }

    @Test("twelve threads drawing through one renderer each get the pixels of a single-threaded run")
    func sharedRenderer() throws {
        let renderer = Renderer()
        let expected = try Self.layouts(on: Self.coldEngine()).map { try renderer.render($0, scale: 2).image }
        for round in 0..<2 {
            let layouts = try Self.layouts(on: Self.coldEngine())
            let results = ThreadStress.run(threads: 12) { thread in
                layouts.indices.map { step -> (Int, RGBAImage?) in
                    let index = (step + thread * 5 + round) % layouts.count
                    return (index, try? renderer.render(layouts[index], scale: 2).image)
                }
            }
            for (thread, images) in results.enumerated() {
                for (index, image) in images where image != expected[index] {
                    let label = Self.labels[index % Self.labels.count]
                    let difference = image.map { image in
                        image.width == expected[index].width && image.height == expected[index].height
                            ? "differs by \(meanDifference(image, expected[index])) on average"
                            : "is \(image.width)x\(image.height), not \(expected[index].width)x\(expected[index].height)"
                    } ?? "failed to draw"
                    Issue.record("round \(round), thread \(thread), label \(index) (\(label.locale): \(label.text)) \(difference)")
                }
            }
        }
    }
}
