import Foundation
@testable import StyledText
@_exported import TestSupport

/// Loads a style sheet from JSON text.
func sheet(_ json: String, source: String = "score.json") throws -> StyleSheet {
    try StyleSheet(json: Data(json.utf8), source: source)
}

/// The description of the error loading `json` throws, or nil if it loads.
func loadError(_ json: String, source: String = "score.json") -> String? {
    do {
        _ = try StyleSheet(json: Data(json.utf8), source: source)
        return nil
    } catch {
        return error.description
    }
}

/// The description of the error resolving one style throws, or nil if it resolves.
func resolveError(_ sheet: StyleSheet, key: String, locale: String) -> String? {
    do {
        _ = try sheet.style(forKey: key, locale: locale)
        return nil
    } catch {
        return error.description
    }
}

/// A style file with every top-level field of the README's "Styles" example and more
/// (font.files, gradient locations, lineHeight, tracking, canvas, scales): the reference
/// sheet of the cascade and fingerprint tests.
let designExample = """
{
  "font":   { "family": "Noto Sans", "weight": 700, "size": 48, "minSize": 16,
              "files": ["Fonts/NotoSans-Bold.ttf"] },
  "fill":   { "gradient": { "colors": ["#FFE066", "#FF8C00"], "locations": [0, 1],
                            "scope": "line" } },
  "stroke": { "width": 4, "color": "#3A1F00", "join": "bevel" },
  "shadows": [ { "color": "#000000AA", "offset": [0, 3], "blur": 6, "spread": 0 } ],
  "box":    { "width": 480, "height": 120 },
  "align": "center", "verticalAlign": "middle",
  "maxLines": 2, "wrap": "word", "truncate": "tail",
  "lineHeight": 1.2, "tracking": 0,
  "canvas": "box",
  "scales": [1, 2, 3],
  "locales": { "ja": { "font": { "family": "Noto Sans CJK JP" } } },
  "keys":    { "hud.title": { "font": { "size": 64 } } }
}
"""
