import Foundation
import LabelLayout
import StyledText

/// The package root, found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// One engine over the bundled fonts only, shared by the tests like an app would share it.
let engine = LayoutEngine(fonts: FontSources(
    bundledDirectories: [packageRoot.appendingPathComponent("Fonts").path], useHostFonts: false))

func style(size: Double = 40, weight: Int = 400, family: String? = nil, box: Box? = nil,
           minSize: Double? = nil, maxLines: Int = 0, wrap: WrapMode = .word,
           align: HorizontalAlignment = .natural, truncate: TruncationMode = .tail,
           _ configure: (inout LabelStyle) -> Void = { _ in }) -> LabelStyle {
    var font = FontSpec(size: size)
    font.weight = weight
    font.family = family
    font.minSize = minSize
    var style = LabelStyle(font: font)
    style.box = box
    style.maxLines = maxLines
    style.wrap = wrap
    style.align = align
    style.truncate = truncate
    configure(&style)
    return style
}

extension TextLayout {
    /// Families of the runs on each line, left to right.
    func families(line: Int) -> [String] { lines[line].runs.map(\.face.family) }
}
