import Foundation
import LabelLayout
import StyledText
import Testing

@Suite("Layout")
struct LayoutTests {
    @Test("without a box a label is one line at the style's size")
    func unconstrained() throws {
        let layout = try engine.layout("High score", style: style(size: 48), locale: "en")
        #expect(layout.lines.count == 1)
        #expect(layout.lineTexts == ["High score"])
        #expect(layout.fontSize == 48)
        #expect(layout.fitOutcome == .fits)
        // Noto Sans is roughly half an em per letter: 10 characters at 48 px.
        #expect(layout.lines[0].width > 150 && layout.lines[0].width < 330)
        #expect(layout.bounds.width >= layout.lines[0].width)
    }

    @Test("explicit newlines are kept as line breaks")
    func newlines() throws {
        let layout = try engine.layout("New\ngame", style: style(box: Box(width: 400)), locale: "en")
        #expect(layout.lineTexts == ["New", "game"])
        #expect(layout.lines[1].baseline > layout.lines[0].baseline)
    }

    @Test("words wrap to the box width")
    func wrapping() throws {
        let text = "Hold the jump button longer to leap higher and reach the secret ledge"
        let layout = try engine.layout(text, style: style(size: 20, box: Box(width: 200)), locale: "en")
        #expect(layout.lines.count > 2)
        for line in layout.lines {
            #expect(line.width <= 200 + 1e-6)
            #expect(!line.text.hasPrefix(" "))
        }
        #expect(layout.lineTexts.joined(separator: " ") == text)
    }

    @Test("Thai breaks between words without spaces")
    func thai() throws {
        // ฉัน|กิน|ข้าว ("I eat rice"): ICU's dictionary finds the three words.
        let layout = try engine.layout("ฉันกินข้าว", style: style(size: 30, box: Box(width: 70)), locale: "th")
        #expect(layout.lines.count >= 2)
        #expect(layout.lineTexts.joined() == "ฉันกินข้าว")
        let words: Set<String> = ["ฉัน", "กิน", "ข้าว", "ฉันกิน", "กินข้าว"]
        for line in layout.lineTexts { #expect(words.contains(line), "\(line) is not whole words") }
    }

    @Test("Japanese breaks between characters but never before closing punctuation")
    func japanese() throws {
        let text = "ジャンプボタンを長く押すと、より高く跳べます。"
        let layout = try engine.layout(text, style: style(size: 24, family: "Noto Sans CJK JP", box: Box(width: 130)), locale: "ja")
        #expect(layout.lines.count >= 3)
        #expect(layout.lineTexts.joined() == text)
        for line in layout.lineTexts {
            #expect(!line.hasPrefix("、") && !line.hasPrefix("。"), "line starts with closing punctuation: \(line)")
        }
    }

    @Test("German paragraph: line count and breaks at spaces or hyphens")
    func german() throws {
        let text = "Sammle alle Schatzkammerschlüssel, um die geheime Schatzkammerschlüsselsammlung zu öffnen."
        let layout = try engine.layout(text, style: style(size: 20, box: Box(width: 360)) { $0.wrapStyle = .greedy },
                                       locale: "de")
        #expect(layout.lines.count == 4)
        #expect(layout.lineTexts.contains { $0.hasPrefix("Schatzkammerschlüsselsammlung") })
        // Greedy fill: the next line's first word would not have fitted on this one.
        for (line, next) in zip(layout.lineTexts, layout.lineTexts.dropFirst()) {
            let longer = line + " " + next.split(separator: " ")[0]
            let width = try engine.layout(longer, style: style(size: 20), locale: "de").lines[0].width
            #expect(width > 360, "\(longer) would fit")
        }
        #expect(layout.lineTexts.joined(separator: " ") == text)
        #expect(!layout.brokeWord)
        for line in layout.lines { #expect(line.width <= 360 + 1e-6) }
    }

    @Test("a word longer than the line breaks between grapheme clusters")
    func longWord() throws {
        let layout = try engine.layout("Schatzkammerschlüsselsammlung", style: style(size: 30, box: Box(width: 120)), locale: "de")
        #expect(layout.lines.count > 1)
        #expect(layout.brokeWord)
        #expect(layout.lineTexts.joined() == "Schatzkammerschlüsselsammlung")
        for line in layout.lines { #expect(line.width <= 120 + 1e-6) }
    }

    @Test("wrap none keeps one line; char wrap breaks inside words")
    func wrapModes() throws {
        let text = "Continue the game"
        let none = try engine.layout(text, style: style(size: 30, box: Box(width: 100), wrap: .none, truncate: .clip), locale: "en")
        #expect(none.lines.count == 1)
        let chars = try engine.layout(text, style: style(size: 30, box: Box(width: 100), wrap: .char), locale: "en")
        #expect(chars.lines.count > 2)
        #expect(chars.lines.contains { line in !line.text.hasSuffix(" ") && line.range.upperBound < text.unicodeScalars.count
            && text.unicodeScalars[text.unicodeScalars.index(text.unicodeScalars.startIndex, offsetBy: line.range.upperBound)] != " " })
    }

    @Test("maxLines limits the lines and truncates with an ellipsis")
    func maxLines() throws {
        let text = "Defeat fifty enemies without taking damage to earn the golden medal"
        let layout = try engine.layout(text, style: style(size: 20, box: Box(width: 200), maxLines: 2), locale: "en")
        #expect(layout.lines.count == 2)
        #expect(layout.isTruncated)
        #expect(layout.lines[1].text.hasSuffix("…"))
        #expect(layout.lines[1].width <= 200 + 1e-6)
    }

    @Test("layouts compare by value: the same input gives equal layouts, any difference unequal ones")
    func equality() throws {
        let text = "Collect three golden stars"
        let labelStyle = style(size: 20, box: Box(width: 150))
        let first = try engine.layout(text, style: labelStyle, locale: "en")
        // Booleans, not the layouts, go into the expectations: a failure prints no full dumps.
        let repeated = first == (try engine.layout(text, style: labelStyle, locale: "en"))
        #expect(repeated)
        // Another engine opens the same font files: its faces, and so its layouts, are equal.
        let other = LayoutEngine(fonts: FontSources(
            bundledDirectories: [packageRoot.appendingPathComponent("Fonts").path], useHostFonts: false))
        let again = try other.layout(text, style: labelStyle, locale: "en")
        #expect(again.primaryFace !== first.primaryFace)
        let sameFiles = again == first
        #expect(sameFiles && again.hashValue == first.hashValue)
        // The same input over a copy of the font in another folder: the glyphs are the same,
        // but the faces are other files, and equality says so.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("layout-equality-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("Fonts/NotoSans-Regular.ttf"),
                                         to: folder.appendingPathComponent("NotoSans-Regular.ttf"))
        let copied = try LayoutEngine(fonts: FontSources(bundledDirectories: [folder.path], useHostFonts: false))
            .layout(text, style: labelStyle, locale: "en")
        #expect(copied.lines.map { $0.runs.map(\.glyphs) } == first.lines.map { $0.runs.map(\.glyphs) })
        let otherFiles = copied == first
        #expect(!otherFiles)
        let rightAligned = try engine.layout(text, style: style(size: 20, box: Box(width: 150), align: .right), locale: "en")
        let sameAlignment = rightAligned == first
        #expect(!sameAlignment)
    }
}
