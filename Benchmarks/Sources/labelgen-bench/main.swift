// Measures Labelgen through its Swift API, one thread, and prints JSON for bench.py:
//
// Times are the calling thread's CPU time, so that other work on a shared machine
// weighs on them as little as possible.
//
//   labelgen-bench stages  --style S [--fonts DIR] [--encoders N] TABLE...
//       load, layout, raster and PNG encode timed separately over every label of the
//       tables; with --encoders N, every Nth image is also encoded at each zlib level
//       and through Cairo's PNG writer, to choose the encoder by measurement.
//   labelgen-bench latency --style S [--fonts DIR]
//       single-label layout latency with a warm engine (fonts, plans and break
//       iterators cached), for a short one-line string, multi-line ones and
//       truncated ones (cut at the end, at the start and in the middle).
//   labelgen-bench read [--keep N] TABLE...
//       reads the tables as a run does (StringTable.loadAll, a chunk at a time), keeping
//       every key, or with --keep N only every Nth key of 1000 (by its hash), as `--keys`
//       does; prints the entries read, CPU seconds and peak resident memory.

import CBenchCairo
import Dispatch
import Foundation
import LabelLayout
import StringTables
import StyledText
import TextRender

struct Options {
    var mode = ""
    var style = ""
    var fonts: String?
    var encoderSample = 0
    var keep: Int?
    var tables: [String] = []

    init(_ arguments: [String]) {
        var rest = arguments.dropFirst()
        mode = rest.popFirst() ?? ""
        while let argument = rest.popFirst() {
            switch argument {
            case "--style": style = rest.popFirst() ?? ""
            case "--fonts": fonts = rest.popFirst()
            case "--encoders": encoderSample = Int(rest.popFirst() ?? "") ?? 0
            case "--keep": keep = Int(rest.popFirst() ?? "")
            default: tables.append(argument)
            }
        }
    }
}

/// The calling thread's CPU time in nanoseconds.
func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

func wallClock() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

func seconds(since start: UInt64) -> Double { Double(now() - start) / 1e9 }

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("labelgen-bench: \(message)\n".utf8))
    exit(2)
}

func printJSON(_ object: [String: Any]) {
    let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    print(String(decoding: data, as: UTF8.self))
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
}

func makeEngine(_ options: Options) -> LayoutEngine {
    let folders = options.fonts.map { [$0] } ?? FontSources.locateBundledFonts()
    // Pictures named in markup are found as labelgen finds them: beside the style, then
    // beside each table.
    var imageFolders = [URL(fileURLWithPath: options.style).deletingLastPathComponent().path]
    for table in options.tables {
        let folder = URL(fileURLWithPath: table).deletingLastPathComponent().path
        if !imageFolders.contains(folder) { imageFolders.append(folder) }
    }
    return LayoutEngine(fonts: FontSources(bundledDirectories: folders), imageDirectories: imageFolders)
}

// MARK: - Stages

/// Cairo's PNG writer, as a tool built on Cairo would write its labels.
func cairoPNG(_ image: RGBAImage) -> Int {
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(image.width), Int32(image.height))!
    defer { cairo_surface_destroy(surface) }
    cairo_surface_flush(surface)
    let stride = Int(cairo_image_surface_get_stride(surface))
    let data = cairo_image_surface_get_data(surface)!
    image.pixels.withUnsafeBufferPointer { pixels in
        for y in 0..<image.height {
            let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<image.width {
                let o = (y * image.width + x) * 4
                let a = UInt32(pixels[o + 3])
                let r = (UInt32(pixels[o]) * a + 127) / 255
                let g = (UInt32(pixels[o + 1]) * a + 127) / 255
                let b = (UInt32(pixels[o + 2]) * a + 127) / 255
                row[x] = a << 24 | r << 16 | g << 8 | b
            }
        }
    }
    cairo_surface_mark_dirty(surface)
    final class Counter { var bytes = 0 }
    let counter = Counter()
    let status = cairo_surface_write_to_png_stream(surface, { closure, _, length in
        Unmanaged<Counter>.fromOpaque(closure!).takeUnretainedValue().bytes += Int(length)
        return CAIRO_STATUS_SUCCESS
    }, Unmanaged.passUnretained(counter).toOpaque())
    guard status == CAIRO_STATUS_SUCCESS else { fail("cairo could not write a PNG") }
    return counter.bytes
}

func stages(_ options: Options) throws {
    let loadStart = now()
    let sheet = try StyleSheet(contentsOf: URL(fileURLWithPath: options.style))
    var labels: [(text: String, style: LabelStyle, locale: String)] = []
    for path in options.tables {
        for table in try StringTable.loadAll(contentsOf: URL(fileURLWithPath: path)) {
            for entry in table.entries {
                let style = try sheet.style(forKey: entry.key, locale: table.locale)
                let filled = Placeholders.fill(entry.value, samples: style.samples)
                if filled.unfilled.isEmpty { labels.append((filled.text, style, table.locale)) }
            }
        }
    }
    let load = seconds(since: loadStart)

    let engineStart = now()
    let engine = makeEngine(options)
    let engineSetup = seconds(since: engineStart)
    let renderer = Renderer()
    let encoder = PNGEncoder()
    var layout = 0.0, raster = 0.0, encode = 0.0
    var pngBytes = 0, images = 0
    let levels: [Int32] = [1, 2, 3, 4, 6, 9]
    var levelSeconds = [Double](repeating: 0, count: levels.count)
    var levelBytes = [Int](repeating: 0, count: levels.count)
    var cairoSeconds = 0.0, cairoBytes = 0, sampled = 0
    for (index, label) in labels.enumerated() {
        var start = now()
        let laidOut = try engine.layout(label.text, style: label.style, locale: label.locale)
        layout += seconds(since: start)
        for scale in label.style.scales {
            start = now()
            let rendered = try renderer.render(laidOut, scale: scale)
            raster += seconds(since: start)
            start = now()
            let png = try encoder.encode(rendered.image)
            encode += seconds(since: start)
            pngBytes += png.count
            images += 1
            if options.encoderSample > 0, index % options.encoderSample == 0 {
                sampled += 1
                for (i, level) in levels.enumerated() {
                    start = now()
                    levelBytes[i] += try PNGEncoder(zlibLevel: level).encode(rendered.image).count
                    levelSeconds[i] += seconds(since: start)
                }
                start = now()
                cairoBytes += cairoPNG(rendered.image)
                cairoSeconds += seconds(since: start)
            }
        }
    }
    var result: [String: Any] = [
        "labels": labels.count, "images": images, "load_s": load, "engine_s": engineSetup,
        "layout_s": layout, "raster_s": raster, "encode_s": encode, "png_bytes": pngBytes,
        "encoder": encoder.compression?.rawValue ?? "zlib",
    ]
    if sampled > 0 {
        var encoders: [[String: Any]] = levels.indices.map {
            ["name": levels[$0] == 1 ? "PNGEncoder level 1 (default): runs and literals, our deflate"
                : "PNGEncoder level \(levels[$0]): zlib, whole image", "ms": levelSeconds[$0] * 1000 / Double(sampled),
             "kb": Double(levelBytes[$0]) / 1024 / Double(sampled)]
        }
        encoders.append(["name": "cairo_surface_write_to_png", "ms": cairoSeconds * 1000 / Double(sampled),
                         "kb": Double(cairoBytes) / 1024 / Double(sampled)])
        result["encoders"] = encoders
        result["encoder_sample"] = sampled
    }
    printJSON(result)
}

// MARK: - Latency

func latency(_ options: Options) throws {
    let sheet = try StyleSheet(contentsOf: URL(fileURLWithPath: options.style))
    let engine = makeEngine(options)
    let defeat = "Defeat 50 enemies in a row without taking any damage to earn the “Untouchable” badge and a permanent 10% bonus on every coin you collect."
    let cases: [(name: String, text: String, locale: String, truncate: TruncationMode?)] = [
        ("short", "Score", "en", nil),
        ("short-de", "Punktestand: 12 345", "de", nil),
        ("two-lines", "×2 bonus in Turbo mode", "en", nil),
        ("shrunk-two-lines", "Quit to the main menu? Unsaved progress will be lost.", "en", nil),
        ("truncated", defeat, "en", nil),
        ("truncated-head", defeat, "en", .head),
        ("truncated-middle", defeat, "en", .middle),
        ("truncated-arabic", "انضم أليكس إلى اللعبة وفاز بالمرحلة الأولى مع فريقه الجديد في وضع التحدي بعد أن جمع كل العملات الذهبية في القلعة المسكونة قبل منتصف الليل", "ar", nil),
        ("truncated-thai", "อเล็กซ์เข้าร่วมเกมและชนะด่านแรกพร้อมกับทีมใหม่ของเขาในโหมดท้าทายหลังจากเก็บเหรียญทองทั้งหมดในปราสาทผีสิงก่อนเที่ยงคืนและได้รับโบนัสถาวร", "th", nil),
        ("arabic", "انضم أليكس إلى اللعبة", "ar", nil),
        ("japanese", "メインメニューに戻りますか？保存されていない進行状況は失われます。", "ja", nil),
    ]
    var results: [[String: Any]] = []
    // LABELGEN_BENCH_CASES=truncated,japanese measures only those, e.g. to profile one.
    let picked = ProcessInfo.processInfo.environment["LABELGEN_BENCH_CASES"].map { $0.split(separator: ",").map(String.init) }
    for item in cases where picked?.contains(item.name) ?? true {
        var style = try sheet.style(forKey: "bench", locale: item.locale)
        if let truncate = item.truncate { style.truncate = truncate }
        // Warm: faces, HarfBuzz fonts and break iterators are cached after the first call.
        var lines = 0, truncated = false
        for _ in 0..<50 {
            let layout = try engine.layout(item.text, style: style, locale: item.locale)
            (lines, truncated) = (layout.lines.count, layout.isTruncated)
        }
        var samples: [Double] = []
        let deadline = wallClock() + 400_000_000
        while samples.count < 200 || (wallClock() < deadline && samples.count < 20_000) {
            let start = now()
            _ = try engine.layout(item.text, style: style, locale: item.locale)
            samples.append(Double(now() - start) / 1000)
        }
        results.append(["name": item.name, "lines": lines, "truncated": truncated, "calls": samples.count,
                        "median_us": median(samples), "p90_us": percentile(samples, 0.9)])
    }
    printJSON(["latency": results])
}

/// Peak resident memory of this process in MB, from the kernel's high-water mark.
func peakResidentMB() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
          let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "") else { return -1 }
    return kilobytes / 1024
}

/// Reads the tables as a run reads them and reports the cost per entry.
func read(_ options: Options) throws {
    let start = now()
    var entries = 0
    var untranslated = 0
    var tables = 0
    let keeping: ((String) -> Bool)? = options.keep.map { share in { key in abs(key.hashValue % 1000) < share } }
    for path in options.tables {
        for table in try StringTable.loadAll(contentsOf: URL(fileURLWithPath: path), keeping: keeping) {
            entries += table.entries.count
            untranslated += table.untranslatedKeys.count
            tables += 1
        }
    }
    let cpu = seconds(since: start)
    printJSON(["tables": tables, "entries": entries, "untranslated": untranslated, "seconds": cpu,
               "microsecondsPerEntry": entries > 0 ? cpu * 1e6 / Double(entries) : 0, "peakMB": peakResidentMB()])
}

let options = Options(CommandLine.arguments)
if options.mode == "read" {
    do { try read(options) } catch { fail("\(error)") }
    exit(0)
}
guard !options.style.isEmpty else { fail("usage: labelgen-bench stages|latency --style FILE [--fonts DIR] [TABLE...]") }
do {
    switch options.mode {
    case "stages": try stages(options)
    case "latency": try latency(options)
    default: fail("unknown mode \(options.mode); expected stages or latency")
    }
} catch {
    fail("\(error)")
}
