import Foundation
import LabelLayout
import StyledText
import SnapshotTesting

extension Snapshotting where Value == TextLayout, Format == String {
    /// A text dump of a layout, stored as `.txt` and compared line by line: the text,
    /// locale, fitted font size and fit outcome, the bounds, text rect, logical and ink
    /// rects, the primary and fallback fonts and any missing characters; then per line
    /// its text, scalar range, direction, baseline and extent; per glyph run its font,
    /// size, bidi level and what markup changed (colour, stroke, slant, inline image), its
    /// decorations, and every glyph's id, pen position and cluster.
    ///
    /// Text snapshots say *what* changed when a rendered label changes (a different line
    /// break, a fallback font, a shrunk size) and never flake on antialiasing. Numbers are
    /// rounded to 1/1000 px, and fonts are named by file name, so the dump does not
    /// depend on where the fonts are installed.
    ///
    /// ```swift
    /// let layout = try engine.layout("New game", style: style, locale: "de")
    /// assertSnapshot(of: layout, as: .layoutDump)
    /// ```
    public static var layoutDump: Snapshotting {
        var snapshotting = SimplySnapshotting.lines.pullback { (layout: TextLayout) in layout.snapshotDump }
        snapshotting.pathExtension = "txt"
        return snapshotting
    }
}

extension TextLayout {
    /// The text ``SnapshotTesting/Snapshotting/layoutDump`` records: stable across runs
    /// and machines for the same fonts, one fact per line so a diff points at what moved.
    ///
    /// ```swift
    /// print(try LayoutEngine().layout("Play", style: style, locale: "en").snapshotDump)
    /// // text: "Play"
    /// // locale: en
    /// // font size: 32 of 32, fits
    /// // …
    /// ```
    public var snapshotDump: String {
        var out: [String] = []
        out.append("text: \(Self.quoted(text))")
        out.append("locale: \(locale)")
        out.append("font size: \(Self.number(fontSize)) of \(Self.number(requestedFontSize)), \(fitOutcome.rawValue)"
                   + (isTruncated ? ", truncated" : "") + (brokeWord ? ", broke a word" : ""))
        out.append("bounds: \(Self.rect(bounds))  text: \(Self.rect(textRect))")
        out.append("logical: \(Self.rect(logicalBounds))  ink: \(Self.rect(inkBounds))")
        out.append("primary font: \(Self.face(primaryFace))")
        if !fallbackFaces.isEmpty { out.append("fallback fonts: " + fallbackFaces.map(Self.face).joined(separator: ", ")) }
        if !missingCharacters.isEmpty {
            out.append("missing: " + missingCharacters.map { String(format: "U+%04X", $0.value) }.joined(separator: " "))
        }
        for (number, line) in lines.enumerated() {
            out.append("line \(number): \(Self.quoted(line.text)) scalars \(line.range.lowerBound)..<\(line.range.upperBound)"
                       + (line.isRightToLeft ? " rtl" : " ltr"))
            out.append("  baseline \(Self.number(line.baseline)) x \(Self.number(line.x)) width \(Self.number(line.width))"
                       + " ascent \(Self.number(line.ascent)) descent \(Self.number(line.descent))"
                       + " band \(Self.number(line.top))+\(Self.number(line.height))")
            for run in line.runs {
                out.append("  run \(Self.face(run.face)) size \(Self.number(run.fontSize)) level \(run.bidiLevel)"
                           + (run.isEllipsis ? " ellipsis" : "") + Self.markup(run, style: style))
                for decoration in run.decorations {
                    out.append("    \(decoration.kind.rawValue) \(Self.rect(decoration.rect))")
                }
                // One glyph per line: id@x,y cluster.
                for glyph in run.glyphs {
                    out.append("    \(glyph.id) @\(Self.number(glyph.x)),\(Self.number(glyph.y)) c\(glyph.cluster)")
                }
            }
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// What markup changed about a run; nothing for runs drawn in the style as it is.
    private static func markup(_ run: GlyphRun, style: LabelStyle) -> String {
        var parts: [String] = []
        if let color = run.color { parts.append("color \(color.hex)") }
        if run.stroke != style.stroke {
            parts.append(run.stroke.map { "stroke \(number($0.width)) \($0.color.hex)" } ?? "stroke none")
        }
        if run.slant != 0 { parts.append("slant \(number(run.slant))") }
        if let image = run.image, let source = run.attributes.image?.source {
            parts.append("image \(quoted(source)) \(number(image.maxX * run.fontSize))x\(number(image.maxY * run.fontSize))")
        }
        return parts.isEmpty ? "" : " " + parts.joined(separator: " ")
    }

    private static func face(_ face: FontFace) -> String {
        let file = URL(fileURLWithPath: face.path).lastPathComponent
        return "\(file)" + (face.index == 0 ? "" : "#\(face.index)") + " (\(face.family) \(face.weight))"
    }

    private static func rect(_ rect: Rect) -> String {
        "\(number(rect.x)),\(number(rect.y)) \(number(rect.width))x\(number(rect.height))"
    }

    private static func number(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        // -0 and 0 print alike, so a sign flip of nothing is no change.
        return rounded == 0 ? "0" : String(format: "%.3f", rounded)
            .replacingOccurrences(of: #"\.?0+$"#, with: "", options: .regularExpression)
    }

    private static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            // Invisible controls (bidi marks, overrides) are spelled out, or a diff could
            // not show them.
            case _ where scalar.properties.generalCategory == .format || scalar.properties.generalCategory == .control:
                out += String(format: "\\u{%04X}", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
