import Dispatch
import Foundation
import LabelLayout
import StringTables
import StyledText
import Testing
@testable import TextRender

/// Labels drawn from cached glyph masks against the same labels rasterized exactly, as
/// one shape, from their paths.
@Suite("Cached glyph masks")
struct GlyphMaskTests {
    /// How far a label drawn from cached masks may stray from the exact silhouettes, in
    /// premultiplied levels (0 to 255) of any channel. Glyph origins are rounded to a
    /// quarter pixel, as Cairo's own glyph cache rounds them, which moves an edge by up to
    /// 1/8 px: an edge pixel changes by up to a quarter of its range, and the shadow
    /// under it by a few levels. The masks' coverage is also exact area, where Cairo's
    /// (the reference here) samples 15 rows per pixel, so anti-aliased edges differ by a
    /// few levels more: 98 levels at most and 8.2% of pixels beyond one were measured.
    /// Looked at side by side and as a difference, the changed labels cannot be told apart
    /// (docs/performance.md).
    struct Bound {
        static let largest = 104
        static let changedBeyondEight = 0.15
        static let changedBeyondOneOverall = 0.09
    }

    /// The demo's score and tip labels (the largest and the smallest text, in every
    /// locale), and its Arabic, Devanagari and Thai ones with tracking tightened until
    /// glyphs overlap.
    @Test("demo labels drawn from cached glyph masks stay within the bound of the exact silhouettes")
    func demoWithinBound() throws {
        let localizations = packageRoot.appendingPathComponent("Localizations")
        let files = try FileManager.default.contentsOfDirectory(atPath: localizations.appendingPathComponent("strings").path)
            .filter { $0.hasSuffix(".json") }.sorted()
        var exact = Renderer()
        exact.glyphMasks = nil
        var pixels = 0, changed = 0, labels = 0
        for (name, prefix) in [("score", "hud."), ("tip", "tip.")] {
            let sheet = try StyleSheet(contentsOf: localizations.appendingPathComponent("styles/\(name).json"))
            for file in files {
                let table = try StringTable.load(contentsOf: localizations.appendingPathComponent("strings/\(file)"))
                let trackings: [Double] = ["ar", "hi", "th"].contains(table.locale) ? [0, -4] : [0]
                for entry in table.entries where entry.key.hasPrefix(prefix) {
                    for tracking in trackings {
                        var style = try sheet.style(forKey: entry.key, locale: table.locale)
                        style.tracking = tracking
                        let layout = try engine.layout(entry.value, style: style, locale: table.locale)
                        let difference = Self.difference(try Renderer().render(layout).image, try exact.render(layout).image)
                        let label = "\(name) \(table.locale)/\(entry.key), tracking \(tracking)"
                        #expect(difference.largest <= Bound.largest, "\(label): \(difference.largest) levels")
                        #expect(Double(difference.beyondEight) <= Bound.changedBeyondEight * Double(difference.pixels),
                                "\(label): \(difference.beyondEight) of \(difference.pixels) pixels")
                        pixels += difference.pixels
                        changed += difference.beyondOne
                        labels += 1
                    }
                }
            }
        }
        #expect(labels >= 60)
        #expect(Double(changed) <= Bound.changedBeyondOneOverall * Double(pixels), "\(changed) of \(pixels) pixels")
    }

    /// The largest premultiplied difference of any channel, and how many pixels differ
    /// by more than one and more than eight levels.
    static func difference(_ a: RGBAImage, _ b: RGBAImage) -> (largest: Int, beyondOne: Int, beyondEight: Int, pixels: Int) {
        precondition(a.width == b.width && a.height == b.height)
        var largest = 0, beyondOne = 0, beyondEight = 0
        for pixel in 0..<(a.width * a.height) {
            let i = pixel * 4
            let alphaA = Int(a.pixels[i + 3]), alphaB = Int(b.pixels[i + 3])
            var most = abs(alphaA - alphaB)
            for c in 0..<3 {
                most = max(most, abs(Int(a.pixels[i + c]) * alphaA / 255 - Int(b.pixels[i + c]) * alphaB / 255))
            }
            largest = max(largest, most)
            if most > 1 { beyondOne += 1 }
            if most > 8 { beyondEight += 1 }
        }
        return (largest, beyondOne, beyondEight, a.width * a.height)
    }

    /// Labels sharing glyphs at several sizes and phases, and a stroke: what the cache serves.
    static func layouts() throws -> [TextLayout] {
        var style = LabelStyle(font: FontSpec(family: "Noto Sans", size: 30))
        style.stroke = Stroke(width: 3, color: .black, join: .bevel)
        style.canvas = .tight
        var layouts: [TextLayout] = []
        for (index, text) in ["Settings", "Save settings", "tt ii ll", "Ready!", "mississippi", "Set"].enumerated() {
            style.font.size = 24 + Double(index % 3) * 3.5
            layouts.append(try engine.layout(text, style: style, locale: "en"))
        }
        return layouts
    }

    @Test("a small cache stays within its budget and draws what a fresh one draws")
    func boundedCache() throws {
        let layouts = try Self.layouts()
        let small = GlyphMaskCache(budget: 24 << 10)
        var renderer = Renderer()
        renderer.glyphMasks = small
        for _ in 0..<2 {
            for layout in layouts {
                var fresh = Renderer()
                fresh.glyphMasks = GlyphMaskCache(budget: 1 << 20)
                #expect(try renderer.render(layout).image == fresh.render(layout).image, "\(layout.text)")
                #expect(small.byteCount <= small.budget)
            }
        }
        // Control: the labels need more masks than the budget holds, so it was tested.
        let large = GlyphMaskCache(budget: 1 << 30)
        renderer.glyphMasks = large
        for layout in layouts { _ = try renderer.render(layout) }
        #expect(large.byteCount > small.budget)
    }

    @Test("threads sharing one cache draw what one thread draws alone")
    func sharedByThreads() throws {
        let layouts = try Self.layouts()
        var alone = Renderer()
        alone.glyphMasks = GlyphMaskCache(budget: 1 << 20)
        let expected = try layouts.map { try alone.render($0).image }
        var sharing = Renderer()
        sharing.glyphMasks = GlyphMaskCache(budget: 1 << 20)
        let shared = sharing
        let results = Results(count: layouts.count * 8)
        DispatchQueue.concurrentPerform(iterations: layouts.count * 8) { index in
            results.set(index, try? shared.render(layouts[index % layouts.count]).image)
        }
        for index in 0..<(layouts.count * 8) {
            #expect(results.get(index) == expected[index % layouts.count])
        }
    }

    /// Images written by several threads, one slot each.
    final class Results: @unchecked Sendable {
        // @unchecked: every slot is written by one thread, and read after they all ended.
        private var images: [RGBAImage?]
        private let lock = NSLock()
        init(count: Int) { images = Array(repeating: nil, count: count) }
        func set(_ index: Int, _ image: RGBAImage?) { lock.lock(); images[index] = image; lock.unlock() }
        func get(_ index: Int) -> RGBAImage? { lock.lock(); defer { lock.unlock() }; return images[index] }
    }
}
