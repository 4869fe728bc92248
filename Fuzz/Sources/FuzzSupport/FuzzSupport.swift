import CFuzzerDriver
import Foundation
import LabelLayout
import StringTables
import StyledText
import TextRender

/// The bytes libFuzzer hands over, copied, since the pointer is valid only for one call.
public func fuzzData(_ bytes: UnsafePointer<UInt8>?, _ size: Int) -> Data {
    guard let bytes, size > 0 else { return Data() }
    return Data(UnsafeBufferPointer(start: bytes, count: size))
}

/// Crashes with the message, so libFuzzer keeps the input: a thrown error is an
/// answer, a broken promise is a finding.
public func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError(message()) }
}

/// String tables are read only from files (the format and locale come from the path),
/// so each input is written to one file per format in the process's scratch folder,
/// reused for every input, and loaded through the public entry point the command line uses.
public enum TableFiles {
    /// Where `load(_:as:)` writes a table named `name`.
    public static func url(of name: String) -> URL {
        ScratchFolder.url.appendingPathComponent(name)
    }

    /// Loads `data` as a table whose path is `name` inside the scratch folder, e.g.
    /// `de.json` or `values-de/strings.xml`, and checks what every table promises.
    public static func load(_ data: Data, as name: String) {
        let url = ScratchFolder.write(data, to: name)
        guard let tables = try? StringTable.loadAll(contentsOf: url) else { return }
        for table in tables {
            require(!table.locale.isEmpty, "a table of \(name) has an empty locale")
            for entry in table.entries {
                _ = Placeholders.find(in: entry.value)
            }
        }
    }
}

/// One engine and renderer over the bundled fonts only, shared by every input as an
/// app shares them, so caches built by one input are used by the next.
public enum LayoutFixture {
    public static let engine = LayoutEngine(fonts: FontSources(
        bundledDirectories: [packageRoot.appendingPathComponent("Fonts").path], useHostFonts: false),
        // Markup in the text may name the demo's button pictures.
        imageDirectories: [packageRoot.appendingPathComponent("Localizations/images").path])
    public static let renderer = Renderer()

    /// A style with every effect and a box that forces wrapping, fitting and truncation.
    public static let baseStyle: LabelStyle = {
        let json = """
            {"font": {"family": "Noto Sans", "weight": 700, "size": 32, "minSize": 12},
             "fill": {"gradient": {"colors": ["#FFE066", "#FF8C00"], "scope": "line"}},
             "stroke": {"width": 3, "color": "#1B3A8C"},
             "shadows": [{"color": "#00000080", "offset": [0, 2], "blur": 4, "spread": 1}],
             "box": {"width": 240, "height": 80},
             "maxLines": 2, "canvas": "box"}
            """
        do {
            return try StyleSheet(json: Data(json.utf8), source: "fuzz-style.json").base
        } catch {
            fatalError("the fixed fuzz style does not decode: \(error)")
        }
    }()

    static let locales = ["en", "de", "ar", "he", "ja", "th", "hi", "zh-Hans"]

    /// The first byte picks the decoding, wrap, wrap style, word breaking, kinsoku,
    /// truncation, alignment and locale, so the fuzzer can reach each mode; the rest is
    /// the text.
    public static func run(_ data: Data) {
        guard let options = data.first else { return }
        let payload = data.dropFirst()
        let text: String
        if options & 1 == 0 {
            text = String(decoding: payload, as: UTF8.self)
        } else {
            // UTF-16 reaches lone surrogates, which decoding replaces, as it would for a table.
            let units = stride(from: payload.startIndex, to: payload.endIndex - 1, by: 2).map {
                UInt16(payload[$0]) | UInt16(payload[$0 + 1]) << 8
            }
            text = String(decoding: units, as: UTF16.self)
        }
        var style = baseStyle
        style.wrap = WrapMode.allCases[Int(options >> 1) % WrapMode.allCases.count]
        style.truncate = TruncationMode.allCases[Int(options >> 3) % TruncationMode.allCases.count]
        style.align = HorizontalAlignment.allCases[Int(options >> 5) % HorizontalAlignment.allCases.count]
        style.direction = TextDirection.allCases[Int(options >> 2) % TextDirection.allCases.count]
        let locale = locales[Int(options >> 4) % locales.count]
        style.wrapStyle = [nil, WrapStyle.balance, .pretty, .greedy][Int(options >> 6) % 4]
        style.wordBreak = WordBreak.allCases[Int(options >> 1) % WordBreak.allCases.count]
        style.lineBreak = LineBreakStrictness.allCases[Int(options >> 3) % LineBreakStrictness.allCases.count]

        let layout: TextLayout
        do {
            layout = try engine.layout(text, style: style, locale: locale)
        } catch {
            return
        }
        require(layout.lines.count <= style.maxLines,
                "\(layout.lines.count) lines laid out where maxLines is \(style.maxLines)")
        do {
            let rendered = try renderer.render(layout, scale: 1)
            require(rendered.image.width > 0 && rendered.image.height > 0, "an empty image was rendered")
        } catch {
            return
        }
    }

    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
}

/// Runs libFuzzer over `target` with the process's arguments; each fuzz target's entry
/// point returns this.
public func runFuzzer(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
    _ target: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt {
    var argc = argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
    return LLVMFuzzerRunDriver(&argc, &argv, target)
}
