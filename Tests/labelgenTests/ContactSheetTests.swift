import Foundation
import Testing

@Suite("labelgen --contact-sheet")
struct ContactSheetTests {
    /// Two locales with labels that fit, shrink, are truncated and need a fallback font.
    private func run(in tmp: TempDir) async throws -> String {
        var style = Styles.basic(scales: [1, 2])
        style["font"] = ["family": "Noto Sans", "size": 24, "minSize": 18]
        style["box"] = ["width": 200, "height": 40]
        style["maxLines"] = 1
        style["wrap"] = "none"
        // Drawn literally, so the page must escape the label's own "&" and "<".
        style["markup"] = false
        try tmp.writeJSON(style, to: "style.json")
        try tmp.writeJSON(["play": "Play & <go>", "long": "Download the update now",
                           "mixed": "Play 日本"] as [String: Any], to: "en.json")
        try tmp.writeJSON(["play": "Spielen", "long": "Aktualisierung jetzt herunterladen bitte",
                           "mixed": "Controller settings"] as [String: Any], to: "de.json")
        let result = try await CLI.run([tmp("en.json").path, tmp("de.json").path, "--style", tmp("style.json").path,
                                        "--out", tmp("out").path, "--contact-sheet", tmp("sheet.html").path, "--quiet"])
        #expect(result.status == 0, "\(result)")
        return try String(contentsOf: tmp("sheet.html"), encoding: .utf8)
    }

    @Test("one self-contained page: both views, every label, badges, @1x images only")
    func structure() async throws {
        let tmp = try TempDir()
        defer { tmp.remove() }
        let html = try await run(in: tmp)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(!html.contains("src=\"http") && !html.contains("href=") && !html.contains("url(http"))
        // Only a watch's page reloads itself; this one works where scripts are blocked.
        #expect(!html.contains("<script") && !FileManager.default.fileExists(atPath: tmp("sheet.reload.js").path))
        #expect(html.contains("id=\"locales\"") && html.contains("id=\"keys\""))
        #expect(html.contains("<section class=\"locale\" id=\"locale-en\">") && html.contains("id=\"locale-de\""))
        // Each image once, at @1x: 3 keys x 2 locales.
        #expect(html.components(separatedBy: "data:image/png;base64,").count - 1 == 6)
        // Each label twice: by locale and side by side.
        #expect(html.components(separatedBy: "<figure class=\"card\"").count - 1 == 12)
        #expect(html.components(separatedBy: "<tr class=\"key\">").count - 1 == 3)
        #expect(html.contains("<span class=\"badge truncated\">truncated</span>"))
        #expect(html.contains("<span class=\"badge shrunk\">shrunk</span>"))
        #expect(html.contains("<span class=\"badge fallback\">fallback font</span>"))
        #expect(html.contains("class=\"box\""))
        // Text from the tables is escaped.
        #expect(html.contains("&amp;") && html.contains("Play &amp; &lt;go&gt;") && !html.contains("<go>"))
        let firstImage = try #require(html.range(of: "data:image/png;base64,"))
        let encoded = html[firstImage.upperBound...].prefix { $0 != ")" }
        let png = try #require(Data(base64Encoded: String(encoded)))
        #expect(Array(png.prefix(8)) == PNG.signature)
        #expect(PNG.size(of: png).map { $0.width == 200 && $0.height == 40 } == true)
    }

    /// Debian's name for the browser, then Ubuntu's.
    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    @Test("headless Chromium renders the page",
          .enabled(if: ContactSheetTests.chromium != nil, "needs Chromium (Debian package chromium)"))
    func screenshot() async throws {
        let chromium = try #require(Self.chromium)
        let tmp = try TempDir()
        defer { tmp.remove() }
        _ = try await run(in: tmp)
        let shot = tmp("sheet.png")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium)
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                             "--user-data-dir=\(tmp("profile").path)", "--window-size=1000,700",
                             "--screenshot=\(shot.path)", tmp("sheet.html").absoluteString]
        let log = tmp("chromium.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let logHandle = try FileHandle(forWritingTo: log)
        process.standardOutput = logHandle
        process.standardError = logHandle
        try process.run()
        // A browser that hangs fails the test instead of holding up the whole run.
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning && Date() < deadline { try await Task.sleep(for: .milliseconds(100)) }
        let hung = process.isRunning
        if hung { process.terminate() }
        process.waitUntilExit()
        try logHandle.close()
        let output = String(decoding: try Data(contentsOf: log), as: UTF8.self)
        #expect(!hung, "chromium still running after 120 s: \(output)")
        #expect(process.terminationStatus == 0, "chromium exited \(process.terminationStatus): \(output)")
        let data = try Data(contentsOf: shot)
        #expect(PNG.size(of: data).map { $0.width == 1000 && $0.height == 700 } == true)
        // A blank page compresses to almost nothing; labels, text and checkerboards do not.
        #expect(data.count > 20_000, "\(data.count) bytes")
    }
}
