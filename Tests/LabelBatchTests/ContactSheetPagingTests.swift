import Foundation
import Testing
@testable import LabelBatch
import StringTables

/// A contact sheet of a large run is split into pages, each holding every locale of its
/// keys, linking its images from the output folder instead of embedding them.
@Suite("Contact sheet pages")
struct ContactSheetPagingTests {
    @Test("a large run's sheet is pages of whole keys, every label once, images linked, pages linked")
    func pages() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let keys = (1...7).map { "menu.item\($0)" }
        let strings = Dictionary(uniqueKeysWithValues: keys.map { ($0, "Item \($0.suffix(1))") })
        // The German table lacks one key, so pages cannot be cut by counting alone.
        let run = try batchRun([table("en", strings), table("de", strings.filter { $0.key != "menu.item3" })], into: scratch)
        let (_, report) = try runAll(run)
        let first = scratch("review/sheet.html")
        let pages = ContactSheet(report: report, outputFolder: run.outputFolder, pageSize: 4).pages(first: first)
        #expect(pages.map(\.url.lastPathComponent) == ["sheet.html", "sheet-2.html", "sheet-3.html", "sheet-4.html"])
        var shown: [String: Int] = [:]
        for page in pages {
            let html = String(decoding: page.html, as: UTF8.self)
            #expect(!html.contains("data:image/png;base64,"))
            var localesOfKey: [String: Set<String>] = [:]
            for figure in html.components(separatedBy: "<figure class=\"card\" data-locale=\"").dropFirst() {
                let locale = String(figure.prefix { $0 != "\"" })
                let key = String(figure.components(separatedBy: "data-key=\"")[1].prefix { $0 != "\"" })
                shown["\(locale)/\(key)", default: 0] += 1
                localesOfKey[key, default: []].insert(locale)
            }
            // Every locale of a key on the page that shows the key.
            for (key, locales) in localesOfKey {
                #expect(locales == (key == "menu.item3" ? ["en"] : ["en", "de"]), "\(page.url.lastPathComponent): \(key)")
            }
            // Images come from the output folder, relative to the page, and are there.
            for source in html.components(separatedBy: "loading=\"lazy\" alt=\"\" src=\"").dropFirst() {
                let relative = String(source.prefix { $0 != "\"" })
                #expect(relative.hasPrefix("../out/"))
                let file = first.deletingLastPathComponent().appendingPathComponent(relative.removingPercentEncoding!)
                #expect(FileManager.default.fileExists(atPath: file.standardizedFileURL.path), "\(relative)")
            }
            #expect(html.contains("Page ") && html.contains("href=\"sheet-2.html\"") || page.url.lastPathComponent == "sheet-2.html")
        }
        // Each label twice per page it is on (by locale and side by side), and on one page only.
        #expect(shown.count == 13 && shown.values.allSatisfy { $0 == 2 }, "\(shown)")
        // The first page lists the pages by their keys.
        let index = String(decoding: pages[0].html, as: UTF8.self)
        #expect(index.contains("<ol class=\"pages\">") && index.contains("menu.item1 – menu.item2"))
        // A run that fits one page keeps the single self-contained page.
        let single = ContactSheet(report: report, outputFolder: run.outputFolder).pages(first: first)
        #expect(single.count == 1)
        #expect(String(decoding: single[0].html, as: UTF8.self).components(separatedBy: "data:image/png;base64,").count - 1 == 13)
    }

    @Test("pages an earlier, longer sheet left beside the first are the ones past the new count")
    func stalePages() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let first = scratch("sheet.html")
        for number in 0..<5 { try Data().write(to: ContactSheet.pageURL(first: first, number: number)) }
        try Data().write(to: scratch("sheet-x.html"))
        #expect(ContactSheet.stalePages(first: first, count: 3).map(\.lastPathComponent) == ["sheet-4.html", "sheet-5.html"])
        #expect(ContactSheet.stalePages(first: first, count: 5).isEmpty)
    }

    @Test("relative URLs climb out of the page's folder and encode what a URL cannot hold")
    func relativeURLs() {
        let url = ContactSheet.relativeURL(of: URL(fileURLWithPath: "/a/out/de/x%2Fy #1.png"),
                                           from: URL(fileURLWithPath: "/a/review/sheets"))
        #expect(url == "../../out/de/x%252Fy%20%231.png")
        #expect(ContactSheet.relativeURL(of: URL(fileURLWithPath: "/a/sheet-2.html"), from: URL(fileURLWithPath: "/a")) == "sheet-2.html")
    }
}
