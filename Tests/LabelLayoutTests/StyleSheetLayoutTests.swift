import Foundation
import LabelLayout
import StyledText
import Testing

@Suite("Laying out with a style sheet")
struct StyleSheetLayoutTests {
    /// A sheet whose German and key overrides each change something layout shows.
    static let sheet: StyleSheet = {
        let json = """
        {
          "font": { "size": 30, "weight": 400 },
          "box": { "width": 400 },
          "align": "left",
          "locales": { "de": { "align": "right" } },
          "keys": {
            "hud.*": { "font": { "weight": 700 } },
            "hud.title": { "font": { "size": 48 } },
            "broken": { "font": { "minSize": 60 } }
          }
        }
        """
        return try! StyleSheet(json: Data(json.utf8), source: "hud.json")
    }()

    @Test("a sheet and a key lay out exactly as the style the sheet gives that key and locale",
          arguments: [("menu.play", "en"), ("hud.title", "en"), ("hud.title", "de-AT"), ("hud.score", "de")])
    func sameAsResolvedStyle(_ key: String, _ locale: String) throws {
        let merged = try Self.sheet.style(forKey: key, locale: locale)
        let expected = try engine.layout("Neues Spiel", style: merged, locale: locale)
        let fromSheet = try engine.layout("Neues Spiel", style: Self.sheet, key: key, locale: locale)
        let same = fromSheet == expected
        #expect(same)
        var styled = StyledString("Neues ")
        styled.append("Spiel", attributes: TextAttributes(weight: 700))
        let styledSame = try engine.layout(styled, style: Self.sheet, key: key, locale: locale)
            == engine.layout(styled, style: merged, locale: locale)
        #expect(styledSame)
    }

    @Test("the key's and the locale's overrides reach the layout")
    func overridesApply() throws {
        let title = try engine.layout("Score", style: Self.sheet, key: "hud.title", locale: "de")
        #expect(title.fontSize == 48)
        #expect(title.primaryFace.weight == 700)
        #expect(abs(title.lines[0].x + title.lines[0].width - title.textRect.maxX) < 0.01)
        let plain = try engine.layout("Score", style: Self.sheet, key: "menu.play", locale: "en")
        #expect(plain.fontSize == 30 && plain.primaryFace.weight == 400)
        #expect(plain.lines[0].x == plain.textRect.minX)
    }

    @Test("a key whose merged style is invalid is a style error naming the key and locale")
    func invalidMergedStyle() {
        #expect {
            _ = try engine.layout("Score", style: Self.sheet, key: "broken", locale: "fr")
        } throws: { error in
            guard case .style(let styleError) = error as? LayoutError else { return false }
            return styleError.file == "hud.json" && styleError.kind == .conflictingFields
                && styleError.place == .jsonPath("$.keys.broken (locale fr)") && styleError.message.contains("minSize")
        }
    }
}
