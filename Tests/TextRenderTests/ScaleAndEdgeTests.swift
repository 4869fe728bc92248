import Foundation
import LabelLayout
import StringTables
import StyledText
import Testing
import TextRender

/// The demo's styles, tables and pseudo-locales, read once.
enum DemoInputs {
    static let styleNames = ["button", "score", "title", "tip", "dialog", "meme"]
    static let prefixes = ["button": "menu.", "score": "hud.", "title": "title.", "tip": "tip.", "dialog": "dialog.", "meme": "meme."]

    static func sheet(_ name: String) throws -> StyleSheet {
        try StyleSheet(contentsOf: packageRoot.appendingPathComponent("Localizations/styles/\(name).json"))
    }

    /// Every demo table plus the accented and mirrored pseudo-locales of the English one.
    static func tables() throws -> [StringTable] {
        let folder = packageRoot.appendingPathComponent("Localizations/strings")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        var tables = try files.map { try StringTable.load(contentsOf: folder.appendingPathComponent($0)) }
        let english = try #require(tables.first { $0.locale == "en" })
        tables += [PseudoLocalizer.accented.transform(english), PseudoLocalizer.mirrored.transform(english)]
        return tables
    }
}

@Suite("Exact scales and clear edges")
struct ScaleAndEdgeTests {
    /// Pixels with any coverage on the image's outermost ring.
    static func ringInk(_ image: RGBAImage) -> [(x: Int, y: Int)] {
        var found: [(x: Int, y: Int)] = []
        for x in 0..<image.width {
            for y in [0, image.height - 1] where image[x, y].a != 0 { found.append((x, y)) }
        }
        for y in 0..<image.height {
            for x in [0, image.width - 1] where image[x, y].a != 0 { found.append((x, y)) }
        }
        return found
    }

    /// An @N image is exactly N times the @1x one, box origin and baselines included.
    static func expectExactScales(_ layout: TextLayout, _ name: String, scales: [Double] = [2, 3]) throws {
        let one = try Renderer().render(layout, scale: 1)
        for scale in scales {
            let n = Int(scale)
            let big = try Renderer().render(layout, scale: scale)
            #expect(big.image.width == n * one.image.width && big.image.height == n * one.image.height,
                    "\(name) @\(n)x: \(big.image.width)x\(big.image.height) for \(one.image.width)x\(one.image.height)")
            #expect(big.boxOriginX == n * one.boxOriginX && big.boxOriginY == n * one.boxOriginY, "\(name) @\(n)x origin")
            #expect(big.baselines == one.baselines.map { $0 * n }, "\(name) @\(n)x baselines \(big.baselines) for \(one.baselines)")
        }
    }

    @Test("no pixel of any demo style on any demo string reaches the box's outer ring; the style's own labels scale exactly",
          arguments: DemoInputs.styleNames)
    func demoStyleOnEveryString(styleName: String) throws {
        let sheet = try DemoInputs.sheet(styleName)
        var checked = 0
        for table in try DemoInputs.tables() {
            for entry in table.entries {
                let style = try sheet.style(forKey: entry.key, locale: table.locale)
                guard style.canvas == .box, style.box != nil else { continue }
                let layout = try engine.layout(entry.value, style: style, locale: table.locale)
                let image = try Renderer().render(layout).image
                let ring = Self.ringInk(image)
                #expect(ring.isEmpty, "\(styleName) \(table.locale) \(entry.key): \(ring.count) ring pixels, first \(ring.prefix(3))")
                if entry.key.hasPrefix(DemoInputs.prefixes[styleName]!) {
                    try Self.expectExactScales(layout, "\(styleName) \(table.locale) \(entry.key)")
                }
                checked += 1
            }
        }
        #expect(checked >= 31 * 15, "\(styleName): only \(checked) labels")
    }

    @Test("box-less and tight labels of random lengths scale exactly")
    func randomLabelsScaleExactly() throws {
        var generator = SplitMix(seed: 0x5EED)
        let words = ["Play", "Weiter", "ابدأ", "เล่นต่อ", "खेलें", "ゲーム", "新游戏", "게임", "Ärger", "fjord", "Vv", "ý"]
        for index in 0..<24 {
            let count = Int(generator.next() % 6) + 1
            let text = (0..<count).map { _ in words[Int(generator.next() % UInt64(words.count))] }.joined(separator: " ")
            var style = LabelStyle(font: FontSpec(weight: index % 2 == 0 ? 700 : 400, size: 12 + Double(generator.next() % 400) / 10))
            style.canvas = index % 3 == 0 ? .tight : .box
            if index % 4 == 1 { style.stroke = Stroke(width: Double(generator.next() % 5) + 0.5, color: Color(red: 0, green: 0, blue: 0)) }
            if index % 4 == 2 { style.shadows = [Shadow(color: Color(red: 0, green: 0, blue: 0, alpha: 0.6), offsetX: 1.5, offsetY: 2.25, blur: 3.3)] }
            let layout = try engine.layout(text, style: style, locale: "en")
            try Self.expectExactScales(layout, "\"\(text)\" \(style.canvas)", scales: [2, 3, 4])
            if style.canvas == .box {
                #expect(Self.ringInk(try Renderer().render(layout).image).isEmpty, "\"\(text)\"")
            }
        }
    }

    @Test("regional CJK forms differ on pixels by the label's language")
    func regionalFormsOnPixels() throws {
        var images: [String: RGBAImage] = [:]
        for locale in ["ja", "zh-Hans", "zh-Hant", "zh-HK"] {
            var style = LabelStyle(font: FontSpec(family: "Noto Sans CJK JP", size: 48))
            style.box = Box(width: 200, height: 80)
            images[locale] = try Renderer().render(try engine.layout("直骨写", style: style, locale: locale)).image
        }
        #expect(images["ja"] != images["zh-Hans"])
        #expect(images["zh-Hans"] != images["zh-Hant"])
        #expect(images["zh-Hant"] != images["zh-HK"])
    }
}

/// A small deterministic generator, so a failure can be replayed.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
