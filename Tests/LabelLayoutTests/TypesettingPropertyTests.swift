import Foundation
@testable import LabelLayout
import StringTables
import StyledText
import Testing

/// Balance and pretty held against every other way to set the same text, on every demo
/// string of every locale: in each demo style's box, and in narrower boxes without a
/// height limit, where the strings take more lines. For each label the test enumerates
/// every set of breaks at the fitted size in the same number of lines that fits the box,
/// and checks the chosen set against them:
/// - never more lines than greedy filling, and the same fitted size;
/// - no orphan where a set without one (and without a forbidden break) fits;
/// - balanced lines not ragged where an unragged set fits, and their shortest-to-longest
///   ratio at least greedy's less a little (the weights may trade a few pixels of
///   evenness for a break after a sentence).
@Suite("Typesetting properties over the demo strings")
struct TypesettingPropertyTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The demo styles that wrap, with the keys that use them.
    static let styles = ["score": "hud.", "title": "title.", "tip": "tip.", "dialog": "dialog.", "meme": "meme."]
    /// The box widths tried, as shares of the style's own.
    static let widthShares = [1.0, 0.7, 0.45]

    struct Case: CustomStringConvertible {
        var style: String
        var locale: String
        var key: String
        var text: String
        var description: String { "\(style) \(locale) \(key)" }
    }

    static func cases() throws -> [Case] {
        let folder = root.appendingPathComponent("Localizations/strings")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        var cases: [Case] = []
        for file in files {
            let table = try StringTable.load(contentsOf: folder.appendingPathComponent(file))
            for entry in table.entries {
                guard let style = styles.first(where: { entry.key.hasPrefix($0.value) })?.key else { continue }
                cases.append(Case(style: style, locale: table.locale, key: entry.key, text: entry.value))
            }
        }
        return cases
    }

    static func sheet(_ name: String) throws -> StyleSheet {
        try StyleSheet(contentsOf: root.appendingPathComponent("Localizations/styles/\(name).json"))
    }

    static let demoEngine = LayoutEngine(
        fonts: FontSources(bundledDirectories: [root.appendingPathComponent("Fonts").path], useHostFonts: false,
                           fileSearchDirectories: [root.appendingPathComponent("Localizations/styles").path]),
        imageDirectories: [root.appendingPathComponent("Localizations/strings").path])

    /// A label fitted as the engine fits it, with what the checks need to weigh others.
    struct Fitted {
        var pass: LayoutPass
        var fitted: FittedText
        var breaker: LineBreaker { fitted.prepared.breaker }
        var scalars: [UInt32] { fitted.prepared.shaped.itemized.scalars }

        init(_ text: String, style: LabelStyle, locale: String) throws {
            let engine = TypesettingPropertyTests.demoEngine
            let filled = Placeholders.fill(text, samples: style.samples.mapValues(Markup.escaped)).text
            let styled = try Markup.parse(filled)
            pass = try LayoutPass(resolver: engine.resolver, breakers: engine.breakers, hyphenation: engine.hyphenation,
                                  images: engine.images, styled: styled, style: style, locale: locale)
            fitted = try pass.fit(styled)
        }

        func widths(_ lines: [Range<Int>]) -> [Double] {
            lines.map { breaker.visibleWidth($0, fontSize: fitted.fontSize, tracking: pass.frame.tracking) }
        }

        /// Whether a set of lines fits the frame at the fitted size.
        func fits(_ lines: [Range<Int>]) -> Bool {
            let breaks = LineBreaks(lines: lines, brokeWord: false, maxWidth: widths(lines).max() ?? 0)
            return Fitter(prepared: fitted.prepared, metrics: fitted.metrics, frame: pass.frame)
                .fits(breaks, fontSize: fitted.fontSize)
        }

        func text(_ line: Range<Int>) -> String {
            String(String.UnicodeScalarView(line.compactMap { Unicode.Scalar(scalars[$0]) }))
        }

        // The rules, written from the style's documentation, not from the composer.

        func isOrphan(_ lines: [Range<Int>]) -> Bool {
            guard lines.count > 1, let last = lines.last else { return false }
            let widths = widths(lines)
            let text = String(String.UnicodeScalarView(last.compactMap { Unicode.Scalar(scalars[$0]) }))
                .trimmingCharacters(in: .whitespacesAndNewlines)
            let letters = text.filter { !$0.isPunctuation && !$0.isWhitespace }
            if letters.count == 1, let scalar = letters.unicodeScalars.first,
               [.han, .hiragana, .katakana, .hangul].contains(where: { Self.script(of: scalar) == $0 }) {
                return true
            }
            return !text.contains(" ") && widths.last! < 0.25 * widths.max()!
        }

        /// Some line is under 40% of the longest, or with `share`, the last line is under
        /// that share of the longest.
        func isRagged(_ lines: [Range<Int>], share: Double? = nil) -> Bool {
            let widths = widths(lines)
            return lines.count > 1 && (share == nil ? widths.min()! : widths.last!) < (share ?? 0.4) * widths.max()!
        }

        /// A break between a number and the word after it, or after a one-letter word.
        func hasForbiddenBreak(_ lines: [Range<Int>]) -> Bool {
            for line in lines.dropLast() {
                let text = String(String.UnicodeScalarView(line.compactMap { Unicode.Scalar(scalars[$0]) }))
                guard text.hasSuffix(" ") else { continue }
                let words = text.split(separator: " ")
                guard let lastWord = words.last, line.upperBound < scalars.count,
                      let next = Unicode.Scalar(scalars[line.upperBound]) else { continue }
                if lastWord.last!.isNumber && lastWord.last!.isASCII && Character(next).isLetter { return true }
                if lastWord.count == 1 && lastWord.first!.isLetter { return true }
            }
            return false
        }

        /// Every set of `count` lines over the preferred breaks (and with `insidePhrases`,
        /// the breaks inside a phrase too) that fits, up to `limit` sets; nil when there
        /// are more.
        func alternatives(count: Int, insidePhrases: Bool = false, limit: Int = 50_000) -> [[Range<Int>]]? {
            let total = scalars.count
            let opportunities = fitted.prepared.opportunities
            let ends = (opportunities.offsets + (insidePhrases ? opportunities.inside : [])).sorted()
                .filter { $0 > 0 && $0 < total }
            guard let width = pass.frame.width else { return [] }
            var found: [[Range<Int>]] = []
            var current: [Range<Int>] = []
            var overflow = false
            func extend(from start: Int, linesLeft: Int) {
                guard !overflow else { return }
                if linesLeft == 1 {
                    let line = start..<total
                    if widths([line])[0] <= width + 1e-6 {
                        let lines = current + [line]
                        if fits(lines) { found.append(lines) }
                        if found.count > limit { overflow = true }
                    }
                    return
                }
                for end in ends where end > start {
                    let line = start..<end
                    if widths([line])[0] > width + 1e-6 { break }
                    current.append(line)
                    extend(from: end, linesLeft: linesLeft - 1)
                    current.removeLast()
                }
            }
            extend(from: 0, linesLeft: count)
            return overflow ? nil : found
        }

        static func script(of scalar: Unicode.Scalar) -> Script? {
            switch scalar.value {
            case 0x3040...0x309F: return .hiragana
            case 0x30A0...0x30FF: return .katakana
            case 0xAC00...0xD7AF, 0x1100...0x11FF: return .hangul
            case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF: return .han
            default: return nil
            }
        }

        enum Script { case han, hiragana, katakana, hangul }
    }

    @Test("balance and pretty: greedy's size and line count, no avoidable orphan, no avoidable ragged lines",
          arguments: [WrapStyle.balance, .pretty])
    func properties(_ wrapStyle: WrapStyle) throws {
        var checked = 0, multiLine = 0, enumerated = 0, orphansLeft = 0
        var ratios = (chosen: 0.0, greedy: 0.0)
        for item in try Self.cases() {
            let sheet = try Self.sheet(item.style)
            for share in Self.widthShares {
                var style = try sheet.style(forKey: item.key, locale: item.locale)
                guard let box = style.box else { continue }
                style.box = Box(width: (box.width * share).rounded(), height: share == 1 ? box.height : nil)
                if share < 1 { style.maxLines = 0 }
                style.wrapStyle = wrapStyle
                let chosen = try Fitted(item.text, style: style, locale: item.locale)
                style.wrapStyle = .greedy
                let greedy = try Fitted(item.text, style: style, locale: item.locale)
                let label = "\(item) at \(style.box!.width) px"
                checked += 1

                #expect(chosen.fitted.fontSize == greedy.fitted.fontSize, "\(label)")
                #expect(chosen.fitted.lines.count == greedy.fitted.lines.count, "\(label)")
                let lines = chosen.fitted.lines
                guard lines.count > 1, chosen.fitted.outcome != .truncated,
                      chosen.fitted.prepared.opportunities.hard.isEmpty else { continue }
                multiLine += 1
                let orphan = chosen.isOrphan(lines)
                // Balance: no line under 40% of the longest; pretty: a last line under a
                // quarter of the longest (a shorter one only if it ends a sentence).
                let ragged = wrapStyle == .balance ? chosen.isRagged(lines) : chosen.isRagged(lines, share: 0.25)
                if orphan { orphansLeft += 1 }
                let ratio = { (w: [Double]) in w.min()! / w.max()! }
                ratios.chosen += ratio(chosen.widths(lines))
                ratios.greedy += ratio(greedy.widths(greedy.fitted.lines))
                guard orphan || ragged else { continue }
                guard let others = chosen.alternatives(count: lines.count) else { continue }
                enumerated += 1
                let clean = others.filter { !chosen.hasForbiddenBreak($0) && !chosen.isOrphan($0) }
                if orphan {
                    #expect(clean.isEmpty, "\(label): orphan in \(lines) though \(clean.first!) fits")
                } else {
                    let even = clean.filter { wrapStyle == .balance ? !chosen.isRagged($0) : !chosen.isRagged($0, share: 0.25) }
                    #expect(even.isEmpty, "\(label): ragged \(lines) though \(even.first.map { "\($0)" } ?? "") fits")
                }
            }
        }
        // Balanced lines are more even than greedy's on the whole; pretty ones no less.
        if wrapStyle == .balance {
            #expect(ratios.chosen > ratios.greedy + 0.05 * Double(multiLine), "\(ratios) over \(multiLine) labels")
        } else {
            #expect(ratios.chosen >= ratios.greedy, "\(ratios) over \(multiLine) labels")
        }
        // Controls: the sweep reached many labels in several lines.
        #expect(checked > 600)
        #expect(multiLine > 200)
        print("\(wrapStyle): \(checked) labels, \(multiLine) in several lines, \(enumerated) enumerated, \(orphansLeft) orphans left")
    }
}
