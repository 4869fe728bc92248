import Foundation
import LabelLayout
import StyledText
import Testing
import TestSupport

/// `LayoutEngine` is documented as safe to share between threads. Many threads laying out
/// a varied corpus on one engine must each get exactly the layouts one thread gets,
/// including when the engine is new and the threads race to open its first fonts,
/// fallback chains and break iterators. `make tsan-test` runs this under ThreadSanitizer,
/// which also reports unguarded accesses that happened not to change a result.
@Suite("One layout engine shared between threads")
struct SharedEngineStressTests {
    /// One label of the corpus.
    struct Case: Sendable, CustomStringConvertible {
        var text: String
        var locale: String
        var style: LabelStyle
        var description: String { "\(locale): \(text.prefix(40))" }
    }

    /// Several scripts, each with its own fonts, fallbacks and break rules; single lines,
    /// wrapping, fitting, every truncation mode, and markup that switches weight, size and
    /// family inside a label.
    static let corpus: [Case] = {
        let long = "The quick brown fox jumps over the lazy dog while the band plays on and on"
        var cases: [Case] = [
            Case(text: "Play", locale: "en", style: style(size: 40)),
            Case(text: long, locale: "en", style: style(size: 28, box: Box(width: 260), maxLines: 3)),
            Case(text: long, locale: "en", style: style(size: 48, box: Box(width: 300, height: 80), minSize: 16, maxLines: 2)),
            Case(text: long, locale: "en", style: style(size: 32, box: Box(width: 200), maxLines: 1, truncate: .tail)),
            Case(text: long, locale: "en", style: style(size: 32, box: Box(width: 200), maxLines: 1, truncate: .head)),
            Case(text: long, locale: "en", style: style(size: 32, box: Box(width: 200), maxLines: 2, truncate: .middle)),
            Case(text: "Win <b>12</b> <color=#FFD700>gold</color> coins, <i>now</i> <size=150%>!</size>", locale: "en",
                 style: style(size: 30, box: Box(width: 220), maxLines: 2)),
            Case(text: "<font=\"Noto Sans Thai\">ผู้เล่น</font> and <u>friends</u><br/><s>old</s> new", locale: "en",
                 style: style(size: 26)),
            Case(text: "مرحبا بك في اللعبة الجديدة، استعد للمغامرة الكبرى", locale: "ar",
                 style: style(size: 30, box: Box(width: 240), maxLines: 3)),
            Case(text: "النتيجة: 12 345 نقطة", locale: "ar", style: style(size: 36, box: Box(width: 180), maxLines: 1)),
            Case(text: "खेल शुरू करें और अपने दोस्तों के साथ खेलें", locale: "hi",
                 style: style(size: 30, box: Box(width: 220, height: 90), minSize: 12, maxLines: 2)),
            Case(text: "क्षत्रिय कि", locale: "hi", style: style(size: 40, weight: 700)),
            Case(text: "ผู้เล่นที่ดีที่สุดในโลกของเกมนี้คือคุณ", locale: "th",
                 style: style(size: 28, box: Box(width: 200), maxLines: 3)),
            Case(text: "น้ำ", locale: "th", style: style(size: 24)),
            Case(text: "はじめから つづきから ロード", locale: "ja", style: style(size: 30, box: Box(width: 150), maxLines: 2)),
            Case(text: "開始遊戲 繼續遊戲", locale: "zh-Hant", style: style(size: 32, wrap: .char)),
            Case(text: "새 게임 이어하기", locale: "ko", style: style(size: 32, box: Box(width: 120), maxLines: 1, truncate: .tail)),
            Case(text: "Team 👩‍👩‍👧 wins 🎉", locale: "en", style: style(size: 24)),
            Case(text: "Score ✓ → ∑ 12 שלום", locale: "en", style: style(size: 24, box: Box(width: 400))),
            Case(text: "Mixed مرحبا and ผู้เล่น and 開始 👍", locale: "en",
                 style: style(size: 22, box: Box(width: 160), maxLines: 4, align: .justify)),
        ]
        // The same texts in bold: other faces, and other fallback chains to build.
        cases += cases.prefix(10).map { item in
            var bold = item
            bold.style.font.weight = 700
            return bold
        }
        return cases
    }()

    /// A new engine over the bundled fonts: nothing opened, nothing cached.
    static func coldEngine() -> LayoutEngine {
        LayoutEngine(fonts: FontSources(bundledDirectories: [packageRoot.appendingPathComponent("Fonts").path],
                                        useHostFonts: false))
    }

    /// A layout, or the error laying out gave.
    enum Outcome: Sendable, Equatable, CustomStringConvertible {
        case laidOut(TextLayout)
        case failed(String)

        var description: String {
            switch self {
            case .laidOut(let layout):
                let fonts = layout.lines.map { line in line.runs.map(\.face.family).joined(separator: "+") }
                return "size \(layout.fontSize), truncated \(layout.isTruncated), \(layout.lines.count) lines in \(fonts), "
                    + "bounds \(layout.bounds)"
            case .failed(let message):
                return "error: \(message)"
            }
        }
    }

    /// Lays out the whole corpus, starting at `offset` and wrapping around, so threads
    /// with different offsets open different fonts first; outcomes in corpus order.
    static func layOut(on engine: LayoutEngine, from offset: Int = 0) -> [Outcome] {
        var outcomes = Array(repeating: Outcome.failed("not laid out"), count: corpus.count)
        for step in 0..<corpus.count {
            let index = (offset + step) % corpus.count
            let item = corpus[index]
            do {
                outcomes[index] = .laidOut(try engine.layout(item.text, style: item.style, locale: item.locale))
            } catch {
                outcomes[index] = .failed("\(error)")
            }
        }
        return outcomes
    }

    @Test("sixteen threads on one new engine each get the layouts of a single-threaded run, round after round")
    func sharedColdEngine() throws {
        let expected = Self.layOut(on: Self.coldEngine())
        let failures = expected.enumerated().filter { if case .failed = $0.element { true } else { false } }
        try #require(failures.isEmpty, "\(failures.map { "\(Self.corpus[$0.offset]): \($0.element)" })")
        for round in 0..<3 {
            let engine = Self.coldEngine()
            let results = ThreadStress.run(threads: 16) { thread in
                Self.layOut(on: engine, from: thread * 7 + round)
            }
            for (thread, outcomes) in results.enumerated() {
                // TextLayout is Hashable: every line, run, glyph, position and font compared.
                for (index, outcome) in outcomes.enumerated() where outcome != expected[index] {
                    Issue.record("""
                        round \(round), thread \(thread), \(Self.corpus[index]):
                          shared engine: \(outcome)
                          single thread: \(expected[index])
                        """)
                }
            }
        }
    }
}
