import LabelLayout
import StyledText
import Testing

@Suite("Shrink to fit, truncation, alignment")
struct FitTests {
    let tip = "Collect three golden stars to unlock the secret level in every world."

    @Test("the fitted size is the largest fitting size, against a brute-force search")
    func fittedSizeMatchesBruteForce() throws {
        for (text, box) in [(tip, Box(width: 300, height: 80)), ("Aktualisierung herunterladen", Box(width: 220, height: 50)),
                            ("High score", Box(width: 150, height: 60))] {
            let fitted = try engine.layout(text, style: style(size: 48, box: box, minSize: 10, maxLines: 2), locale: "en")
            #expect(fitted.fitOutcome == .shrunk || fitted.fitOutcome == .fits)
            #expect(fitted.fontSize >= 10 && fitted.fontSize <= 48)
            // Brute force: every size on the fitter's grid above the chosen one does not fit.
            var size = fitted.fontSize + Self.sizeStep
            var larger: [Double] = []
            while size <= 48 {
                let fixed = try engine.layout(text, style: style(size: size, box: box, maxLines: 2), locale: "en")
                if fixed.fitOutcome == .fits && !fixed.brokeWord { larger.append(size) }
                size += Self.sizeStep
            }
            #expect(larger.isEmpty, "\(text): sizes \(larger.prefix(3)) fit but \(fitted.fontSize) was chosen")
            let atChosen = try engine.layout(text, style: style(size: fitted.fontSize, box: box, maxLines: 2), locale: "en")
            #expect(atChosen.fitOutcome == .fits)
            #expect(fitted.fitAttempts > 1 && fitted.fitAttempts < 20)
        }
    }

    /// The grid shrunk sizes lie on (the fitter's `step`), absolute in px.
    static let sizeStep = 0.5

    static func onGrid(_ size: Double) -> Bool {
        (size / sizeStep).rounded() * sizeStep == size
    }

    @Test("shrunk sizes are multiples of the grid's step even when size and minSize are not; those two are kept exactly")
    func shrunkSizesOnTheGrid() throws {
        let (size, minSize) = (40.7, 10.3)
        var shrunk: Set<Double> = []
        for width in stride(from: 120.0, through: 420, by: 15) {
            let box = Box(width: width, height: 80)
            let fitted = try engine.layout(tip, style: style(size: size, box: box, minSize: minSize, maxLines: 2), locale: "en")
            switch fitted.fitOutcome {
            case .fits: #expect(fitted.fontSize == size, "width \(width)")
            case .shrunk:
                #expect(fitted.fontSize == minSize || Self.onGrid(fitted.fontSize),
                        "width \(width): \(fitted.fontSize) is off the \(Self.sizeStep) px grid")
                #expect(fitted.fontSize > minSize - 1e-9 && fitted.fontSize < size)
                if fitted.fontSize != minSize { shrunk.insert(fitted.fontSize) }
            default: #expect(fitted.fontSize == minSize, "width \(width)")
            }
        }
        #expect(shrunk.count > 5, "too few shrunk sizes to show the grid: \(shrunk.sorted())")

        // The full size is tried first and kept exactly when the text fits there.
        let fits = try engine.layout("High score", style: style(size: size, box: Box(width: 400, height: 80), minSize: minSize), locale: "en")
        #expect(fits.fitOutcome == .fits && fits.fontSize == size)
        // The minimum size stays the floor: it is used as it is, not rounded to the grid.
        let floor = try engine.layout(tip, style: style(size: size, box: Box(width: 60, height: 20), minSize: minSize, maxLines: 1), locale: "en")
        #expect(floor.fitOutcome == .truncated && floor.fontSize == minSize)
    }

    @Test("labels whose minimum sizes differ shrink to the same size when both allow it")
    func gridIsAbsolute() throws {
        var compared = 0
        for width in stride(from: 150.0, through: 400, by: 25) {
            let box = Box(width: width, height: 80)
            let a = try engine.layout(tip, style: style(size: 48, box: box, minSize: 8, maxLines: 2), locale: "en")
            let b = try engine.layout(tip, style: style(size: 47.9, box: box, minSize: 8.3, maxLines: 2), locale: "en")
            guard a.fitOutcome == .shrunk, a.fontSize > 8.3, a.fontSize < 47.9 else { continue }
            #expect(a.fontSize == b.fontSize, "width \(width): \(a.fontSize) and \(b.fontSize)")
            compared += 1
        }
        #expect(compared > 5)
    }

    @Test("words are not broken while a smaller size keeps them whole")
    func noBrokenWordsAboveMinimum() throws {
        let layout = try engine.layout("Upload", style: style(size: 60, box: Box(width: 120, height: 200), minSize: 8), locale: "en")
        #expect(layout.lines.count == 1)
        #expect(!layout.brokeWord)
        #expect(layout.fontSize < 60)
    }

    @Test("tail truncation puts the ellipsis at the end, visually right in LTR")
    func tailLTR() throws {
        let layout = try engine.layout(tip, style: style(size: 20, box: Box(width: 160, height: 30), minSize: 20, maxLines: 1), locale: "en")
        #expect(layout.isTruncated)
        #expect(layout.fitOutcome == .truncated)
        let line = try #require(layout.lines.first)
        #expect(line.text.hasSuffix("…"))
        #expect(line.text.hasPrefix("Collect"))
        #expect(line.runs.last?.isEllipsis == true)
        #expect(line.width <= 160 + 1e-6)
    }

    @Test("tail truncation in Arabic puts the ellipsis at the logical end: visually left")
    func tailRTL() throws {
        let text = "اجمع ثلاث نجوم ذهبية لفتح المستوى السري في كل عالم"
        let layout = try engine.layout(text, style: style(size: 20, box: Box(width: 150, height: 40), minSize: 20, maxLines: 1), locale: "ar")
        let line = try #require(layout.lines.first)
        #expect(line.text.hasSuffix("…"))
        let ellipsis = try #require(line.runs.first { $0.isEllipsis })
        let others = line.runs.filter { !$0.isEllipsis }.flatMap(\.glyphs)
        let leftmostText = try #require(others.map(\.x).min())
        #expect(ellipsis.glyphs[0].x < leftmostText)
        #expect(line.text.hasPrefix("اجمع"))
    }

    @Test("a box too low for one whole line overflows; the text is not cut")
    func tooLow() throws {
        let layout = try engine.layout("Chapter 1: The Lost Coast", style: style(size: 40, box: Box(width: 900, height: 20), minSize: 20, maxLines: 1), locale: "en")
        #expect(layout.fitOutcome == .overflows)
        #expect(!layout.isTruncated)
        #expect(layout.lineTexts == ["Chapter 1: The Lost Coast"])
        #expect(layout.fontSize == 20)
    }

    @Test("head and middle truncation keep the end, or both ends")
    func headAndMiddle() throws {
        let text = "Level_01_The_Lost_Coast_Final"
        let head = try engine.layout(text, style: style(size: 20, box: Box(width: 150, height: 30), minSize: 20, maxLines: 1, truncate: .head), locale: "en")
        #expect(head.lines[0].text.hasPrefix("…"))
        #expect(head.lines[0].text.hasSuffix("Final"))
        let middle = try engine.layout(text, style: style(size: 20, box: Box(width: 150, height: 30), minSize: 20, maxLines: 1, truncate: .middle), locale: "en")
        #expect(middle.lines[0].text.hasPrefix("Level"))
        #expect(middle.lines[0].text.hasSuffix("Final"))
        #expect(middle.lines[0].text.contains("…"))
    }

    @Test("truncation never splits a grapheme cluster")
    func graphemeSafe() throws {
        let text = String(repeating: "e\u{301}", count: 40)  // é as e + combining acute
        let layout = try engine.layout(text, style: style(size: 20, box: Box(width: 100, height: 30), minSize: 20, maxLines: 1), locale: "fr")
        let shown = layout.lines[0].text.dropLast()  // without the ellipsis
        #expect(shown.unicodeScalars.count % 2 == 0)
        #expect(!shown.isEmpty)
    }

    @Test("horizontal alignment offsets")
    func alignment() throws {
        for (align, expected) in [(HorizontalAlignment.left, 0.0), (.center, 0.5), (.right, 1.0)] {
            let layout = try engine.layout("Play", style: style(size: 30, box: Box(width: 300, height: 60), align: align), locale: "en")
            let line = layout.lines[0]
            let offset = (line.x - layout.textRect.minX) / (layout.textRect.width - line.width)
            // By advances, unless the ink would then reach the box's outermost pixel ring.
            let room = layout.textRect.width - line.width
            #expect(abs(offset - expected) * room <= 1, "\(align)")
            #expect(layout.inkBounds.minX >= layout.textRect.minX + 1 - 1e-9 && layout.inkBounds.maxX <= layout.textRect.maxX - 1 + 1e-9)
        }
    }

    @Test("vertical alignment puts the block's top, middle or bottom exactly at the text rectangle's, baselines on whole pixels",
          arguments: [(VerticalAlignment.top, 0.0), (.middle, 0.5), (.bottom, 1.0)])
    func verticalAlignment(vertical: VerticalAlignment, share: Double) throws {
        // Two lines with leading, in a box whose text rectangle the stroke insets on
        // every side, so neither edge of the rectangle is at 0.
        let layout = try engine.layout("Play\nQuit", style: style(size: 20, box: Box(width: 200, height: 151)) {
            $0.verticalAlign = vertical
            $0.lineHeight = 1.3
            $0.stroke = Stroke(width: 3, color: .black)
        }, locale: "en")
        try #require(layout.lines.count == 2)
        let rect = layout.textRect
        #expect(rect.minY > 0 && rect.maxY < 151)
        let block = layout.lines.reduce(0) { $0 + $1.height }
        // The free room goes above the block in the given share; each baseline sits in its
        // line's band with the leading split evenly, rounded to the nearest pixel.
        var bandTop = rect.minY + (rect.height - block) * share
        for line in layout.lines {
            let baseline = bandTop + (line.height - line.ascent - line.descent) / 2 + line.ascent
            #expect(line.baseline == baseline.rounded(), "\(vertical): baseline \(line.baseline), expected \(baseline) rounded")
            bandTop += line.height
        }
        // Ink well inside the rectangle: no edge correction took part.
        #expect(layout.inkBounds.minY > rect.minY + 2 && layout.inkBounds.maxY < rect.maxY - 2)
    }

    @Test("justify stretches every line but the last")
    func justify() throws {
        let layout = try engine.layout(tip, style: style(size: 18, box: Box(width: 220), align: .justify), locale: "en")
        #expect(layout.lines.count >= 3)
        for line in layout.lines.dropLast() { #expect(abs(line.width - layout.textRect.width) < 1e-6) }
        #expect(layout.lines.last!.width < layout.textRect.width)
    }

    @Test("effects take room from the box but never change advances")
    func effectsInset() throws {
        let plain = try engine.layout("Score", style: style(size: 40, box: Box(width: 300, height: 100)), locale: "en")
        let stroked = try engine.layout("Score", style: style(size: 40, box: Box(width: 300, height: 100)) {
            $0.stroke = Stroke(width: 6, color: .black)
            $0.shadows = [Shadow(color: .black, offsetX: 0, offsetY: 4, blur: 8, spread: 0)]
        }, locale: "en")
        #expect(plain.lines[0].width == stroked.lines[0].width)
        #expect(stroked.textRect.minX == 6 + 12)  // stroke + 3 sigma of blur
        #expect(stroked.textRect.minY == 6 + 12 - 4)
        #expect(stroked.textRect.maxY == 100 - (6 + 12 + 4))
    }
}
