import Foundation
import LabelLayout
import StyledText
import TextRender

/// A PNG file that markup names as an inline picture (`<img src=…>`), laid out (its
/// header read and checked against the limits) and drawn (decoded, scaled, stroked and
/// shadowed with the text).
///
/// Each input is written to the same file in the scratch folder and read by a new
/// engine, since an engine caches pictures by name.
public enum PictureFixture {
    static let pictureFile = "picture.png"

    /// The picture at its default height (one em) and at a given height, between words.
    static let text = "Press <img src=\"\(pictureFile)\"/> to <b>jump</b> <img src=\"\(pictureFile)\" height=12/>"

    /// Bundled Noto Sans named as a file, so no fontconfig scan is needed per engine;
    /// a stroke, which follows the pictures' alpha. Small and without a shadow, as for fonts.
    static let style: LabelStyle = {
        let font = LayoutFixture.packageRoot.appendingPathComponent("Fonts/NotoSans-Regular.ttf").path
        let json = """
            {"font": {"size": 16, "minSize": 8, "files": [\(FontFixture.jsonString(font))]},
             "fill": "#FFFFFF",
             "stroke": {"width": 2, "color": "#000000"},
             "box": {"width": 160, "height": 48},
             "maxLines": 2, "canvas": "tight"}
            """
        do {
            return try StyleSheet(json: Data(json.utf8), source: "fuzz-picture-style.json").base
        } catch {
            fatalError("the fixed fuzz picture style does not decode: \(error)")
        }
    }()

    /// Lays out and draws the text with `data` as the picture. An error is an answer
    /// only if it names the picture; anything else is a finding.
    public static func run(_ data: Data) {
        let file = ScratchFolder.write(data, to: pictureFile)
        let engine = LayoutEngine(fonts: FontSources(bundledDirectories: [], useHostFonts: false),
                                  imageDirectories: [ScratchFolder.url.path])
        let layout: TextLayout
        do {
            layout = try engine.layout(text, style: style, locale: "en")
        } catch .imageUnreadable(let source, _) {
            require(source == pictureFile, "a picture error names \(source), not \(pictureFile)")
            return
        } catch .limitExceeded(let excess) {
            switch excess.measure {
            case .inlineImageSide(let source, _, _), .inlineImagePixels(let source, _, _):
                require(source == pictureFile, "a picture's limit names \(source), not \(pictureFile)")
            default:
                fatalError("the picture went past a limit that does not name it: \(excess)")
            }
            return
        } catch {
            fatalError("laying out the picture failed without naming it: \(error)")
        }
        do {
            _ = try LayoutFixture.renderer.render(layout, scale: 1)
        } catch .unreadablePicture(let error) {
            require("\(error)".hasPrefix(file.standardizedFileURL.path + ": "), "a picture's error does not name its file: \(error)")
        } catch .canvasTooLarge {
            return
        } catch {
            fatalError("drawing the picture failed without naming it: \(error)")
        }
    }
}
