import Foundation
import LabelLayout
import StyledText
import Testing

private extension TextLayout {
    var allGlyphs: [PositionedGlyph] { lines.flatMap(\.runs).flatMap(\.glyphs) }
    var firstFace: FontFace { lines[0].runs[0].face }
}

/// Inter, bundled as a variable font (wght 100–900), has proportional digits by default
/// and `tnum`; Noto Sans has `liga` (an fi ligature) and `smcp`.
@Suite("OpenType features and variable-font axes")
struct FontFeatureTests {
    private func inter(weight: Int = 400, features: [String: Int] = [:], variations: [String: Double] = [:]) -> LabelStyle {
        style(size: 40, weight: weight, family: "Inter") {
            $0.font.features = features
            $0.font.variations = variations
        }
    }

    // MARK: - Features

    @Test("tnum gives every digit the same advance; without it 1111 is narrower than 8888")
    func tabularDigits() throws {
        let ones = try engine.layout("1111", style: inter(), locale: "en")
        let eights = try engine.layout("8888", style: inter(), locale: "en")
        #expect(ones.lines[0].width < eights.lines[0].width - 10)

        let tabularOnes = try engine.layout("1111", style: inter(features: ["tnum": 1]), locale: "en")
        let tabularEights = try engine.layout("8888", style: inter(features: ["tnum": 1]), locale: "en")
        #expect(abs(tabularOnes.lines[0].width - tabularEights.lines[0].width) < 1e-9)
        #expect(tabularOnes.firstFace.family == "Inter")
    }

    @Test("liga 0 draws f and i as two glyphs where the font would join them")
    func ligaturesOff() throws {
        let joined = try engine.layout("fi", style: style(size: 40), locale: "en")
        #expect(joined.allGlyphs.count == 1)
        let apart = try engine.layout("fi", style: style(size: 40) { $0.font.features = ["liga": 0] }, locale: "en")
        #expect(apart.allGlyphs.count == 2)
        #expect(Set(apart.allGlyphs.map(\.id)).count == 2)
    }

    @Test("smcp swaps lower-case letters for small capitals")
    func smallCapitals() throws {
        let plain = try engine.layout("abc", style: style(size: 40), locale: "en")
        let small = try engine.layout("abc", style: style(size: 40) { $0.font.features = ["smcp": 1] }, locale: "en")
        #expect(small.allGlyphs.count == 3)
        #expect(Set(small.allGlyphs.map(\.id)).isDisjoint(with: plain.allGlyphs.map(\.id)))
    }

    @Test("a span's font_features apply to its run only, over the style's")
    func spanFeatures() throws {
        let layout = try engine.layout(
            try Markup.parse("<span font_features=\"-liga\">fi</span> fi"), style: style(size: 40), locale: "en")
        // f, i, space, and the ligature.
        #expect(layout.allGlyphs.count == 4)

        // An inner span turns back on what the style turned off.
        let styled = style(size: 40) { $0.font.features = ["liga": 0] }
        let back = try engine.layout(try Markup.parse("fi <span font_features=\"liga\">fi</span>"), style: styled, locale: "en")
        #expect(back.allGlyphs.count == 4)

        // Digits in a tnum span line up with the same digits in another tnum span.
        let a = try engine.layout(try Markup.parse("<span font_features='tnum'>1111</span>"), style: inter(), locale: "en")
        let b = try engine.layout(try Markup.parse("<span font_features='tnum'>8888</span>"), style: inter(), locale: "en")
        #expect(abs(a.lines[0].width - b.lines[0].width) < 1e-9)
    }

    @Test("features and axes set in code are checked like a style file's")
    func invalidSettings() throws {
        #expect(throws: LayoutError.invalidFontSetting(
            tag: "tabular", reason: "expected an OpenType tag of 1 to 4 printable ASCII characters, like \"tnum\" or \"wght\"")) {
            try engine.layout("1", style: style { $0.font.features = ["tabular": 1] }, locale: "en")
        }
        #expect(throws: LayoutError.self) {
            try engine.layout("1", style: style { $0.font.variations = ["wght": 1e9] }, locale: "en")
        }
        var attributes = TextAttributes()
        attributes.features = ["liga": -1]
        #expect(throws: LayoutError.self) {
            try engine.layout(StyledString("fi", attributes: attributes), style: style(), locale: "en")
        }
    }

    // MARK: - Variations

    @Test("a heavier wght gives wider advances, and outlines grow with them")
    func heavierWeight() throws {
        let regular = try engine.layout("Hamburg", style: inter(), locale: "en")
        let heavy = try engine.layout("Hamburg", style: inter(variations: ["wght": 900]), locale: "en")
        #expect(regular.firstFace.variations.isEmpty)
        #expect(heavy.firstFace.variations == ["wght": 900])
        #expect(heavy.firstFace.description.hasSuffix("Inter-Variable-Subset.ttf) wght=900"))
        #expect(heavy.lines[0].width > regular.lines[0].width * 1.05)

        // Outlines follow the same axis values as the advances: the ink of each glyph
        // grows by about as much as its advance, and stays inside it.
        for (light, bold) in zip(regular.lines[0].runs[0].glyphs, heavy.lines[0].runs[0].glyphs) {
            let lightFace = regular.firstFace, boldFace = heavy.firstFace
            #expect(light.id == bold.id)
            let lightInk = try #require(lightFace.inkExtents(glyph: light.id))
            let boldInk = try #require(boldFace.inkExtents(glyph: bold.id))
            let lightOutline = bounds(of: lightFace.outline(glyph: light.id))
            let boldOutline = bounds(of: boldFace.outline(glyph: bold.id))
            #expect(abs(boldOutline.maxX - boldInk.maxX) < 0.01 && abs(boldOutline.minX - boldInk.minX) < 0.01)
            #expect(abs(lightOutline.maxX - lightInk.maxX) < 0.01)
            #expect(boldOutline.maxX - boldOutline.minX > lightOutline.maxX - lightOutline.minX)
        }
        // Heavier stems eat into the side bearings, so ink grows a little faster than the
        // advance; drawn at the default outlines it would not grow at all.
        let lightEdges = regular.lines[0].runs[0].glyphs.map(\.x) + [regular.lines[0].width]
        let boldEdges = heavy.lines[0].runs[0].glyphs.map(\.x) + [heavy.lines[0].width]
        for index in 0..<(lightEdges.count - 1) {
            let glyph = regular.lines[0].runs[0].glyphs[index].id
            let lightAdvance = (lightEdges[index + 1] - lightEdges[index]) / 40
            let boldAdvance = (boldEdges[index + 1] - boldEdges[index]) / 40
            let lightInk = try #require(regular.firstFace.inkExtents(glyph: glyph))
            let boldInk = try #require(heavy.firstFace.inkExtents(glyph: glyph))
            let inkGrowth = (boldInk.maxX - boldInk.minX) - (lightInk.maxX - lightInk.minX)
            let advanceGrowth = boldAdvance - lightAdvance
            #expect(advanceGrowth > 0)
            #expect(inkGrowth > 0.5 * advanceGrowth && inkGrowth < advanceGrowth + 0.1,
                    "glyph \(glyph): ink grew \(inkGrowth) em, advance \(advanceGrowth) em")
            #expect(boldInk.minX > -0.02 && boldInk.maxX < boldAdvance + 0.02)
        }
        // Over the word, ink and advances grow in step.
        let inkRatio = heavy.inkBounds.width / regular.inkBounds.width
        let advanceRatio = heavy.lines[0].width / regular.lines[0].width
        #expect(abs(inkRatio - advanceRatio) < 0.03, "ink \(inkRatio), advances \(advanceRatio)")
    }

    @Test("the style's weight sets the wght axis unless variations name wght")
    func weightMapsToWght() throws {
        let bold = try engine.layout("Hamburg", style: inter(weight: 700), locale: "en")
        #expect(bold.firstFace.variations == ["wght": 700])
        #expect(bold.firstFace.weight == 700)
        #expect(bold.firstFace.index == 0)
        let explicit = try engine.layout("Hamburg", style: inter(weight: 700, variations: ["wght": 300]), locale: "en")
        #expect(explicit.firstFace.variations == ["wght": 300])
        let markup = try engine.layout(try Markup.parse("<b>Hamburg</b>"), style: inter(), locale: "en")
        #expect(markup.firstFace === bold.firstFace)
        let span = try engine.layout(try Markup.parse("<span font_variations=\"wght=700\">Hamburg</span>"),
                                     style: inter(), locale: "en")
        #expect(span.firstFace === bold.firstFace)
    }

    @Test("values beyond an axis's range are clamped to it")
    func clamped() throws {
        let beyond = try engine.layout("Hamburg", style: inter(variations: ["wght": 2000]), locale: "en")
        let black = try engine.layout("Hamburg", style: inter(variations: ["wght": 900]), locale: "en")
        #expect(beyond.firstFace === black.firstFace)
        #expect(beyond.lines[0].width == black.lines[0].width)
        let below = try engine.layout("Hamburg", style: inter(variations: ["wght": 1]), locale: "en")
        #expect(below.firstFace.variations == ["wght": 100])
    }

    @Test("an axis the face lacks is ignored, on variable and static faces alike")
    func missingAxis() throws {
        let plain = try engine.layout("Hamburg", style: inter(), locale: "en")
        let narrow = try engine.layout("Hamburg", style: inter(variations: ["wdth": 50]), locale: "en")
        #expect(narrow.firstFace === plain.firstFace)
        #expect(narrow.lines[0].width == plain.lines[0].width)
        let noto = try engine.layout("Hamburg", style: style(size: 40), locale: "en")
        let notoVaried = try engine.layout("Hamburg", style: style(size: 40) { $0.font.variations = ["wght": 900] }, locale: "en")
        #expect(notoVaried.firstFace === noto.firstFace)
        #expect(noto.firstFace.axes.isEmpty)
        let axes = plain.firstFace.axes.map { "\($0.tag) \($0.minimum) \($0.defaultValue) \($0.maximum)" }
        #expect(axes == ["wght 100.0 400.0 900.0"])
    }

    private func bounds(of outline: GlyphOutline) -> (minX: Double, maxX: Double) {
        var xs: [Double] = []
        for element in outline.elements {
            switch element {
            case let .move(x, _), let .line(x, _): xs.append(x)
            case let .quadratic(_, _, x, _): xs.append(x)
            case let .cubic(_, _, _, _, x, _): xs.append(x)
            case .close: break
            }
        }
        return (xs.min() ?? 0, xs.max() ?? 0)
    }
}
