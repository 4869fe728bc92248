import Foundation
import LabelLayout
import StyledText
import TextRender

/// A font file a style names with `font.files`, laid out and drawn: FreeType reads its
/// names, HarfBuzz shapes a fixed text with it and draws its outlines, Cairo fills and
/// strokes them, and its colour glyphs' PNG pictures are decoded.
///
/// Each input is written to the same file in the scratch folder and read by a new
/// engine: an engine caches faces by path, and a face maps its file, so the engine
/// that read the last input is gone before the file is replaced.
public enum FontFixture {
    /// Latin with a ligature, Arabic and Devanagari (joining and reordering), CJK (CFF
    /// outlines) and an emoji (a PNG picture in CBDT), each covered by one of the seeds,
    /// in bold, italic (slanted when the face is upright), underlined and struck through.
    static let text = "Hi <b>Wörld</b> <u>fi</u> <i>مرحبا</i> <s>नमस्ते</s> 日本 😀"

    static let fontFile = "font.ttf"

    /// A tight canvas, so glyph extents decide the image size; a stroke, which grows
    /// around outlines and pictures; a box that wraps and fits. Small, and without a
    /// shadow: the pixel passes, not the font, take most of the time of each input.
    static let style: LabelStyle = {
        let path = ScratchFolder.url.appendingPathComponent(fontFile).path
        let json = """
            {"font": {"size": 16, "minSize": 8, "files": [\(jsonString(path))]},
             "fill": {"gradient": {"colors": ["#FFE066", "#FF8C00"], "scope": "line"}},
             "stroke": {"width": 2, "color": "#1B3A8C"},
             "box": {"width": 160, "height": 48},
             "maxLines": 2, "canvas": "tight"}
            """
        do {
            return try StyleSheet(json: Data(json.utf8), source: "fuzz-font-style.json").base
        } catch {
            fatalError("the fixed fuzz font style does not decode: \(error)")
        }
    }()

    /// Lays out and draws the text with `data` as the style's font file. An error is an
    /// answer only if it names the file; anything else is a finding.
    public static func run(_ data: Data) {
        let file = ScratchFolder.write(data, to: fontFile)
        let engine = LayoutEngine(fonts: FontSources(bundledDirectories: [], useHostFonts: false))
        let layout: TextLayout
        do {
            layout = try engine.layout(text, style: style, locale: "en")
        } catch .fontUnreadable(let path, _) {
            require(path == file.path, "a font error names \(path), not the font file \(file.path)")
            return
        } catch .limitExceeded {
            return
        } catch {
            fatalError("laying out with the font failed without naming it: \(error)")
        }
        for run in layout.lines.flatMap(\.runs) {
            require(run.face.path == file.path, "a run uses \(run.face.path), not the style's font file")
        }
        do {
            _ = try LayoutFixture.renderer.render(layout, scale: 1)
        } catch .unreadablePicture(let error) {
            require("\(error)".hasPrefix(file.path + ", glyph "), "a colour glyph's error does not name the font file: \(error)")
        } catch .canvasTooLarge {
            return
        } catch {
            fatalError("drawing with the font failed without naming it: \(error)")
        }
    }

    static func jsonString(_ text: String) -> String {
        let data = try! JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes])
        return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
    }
}
