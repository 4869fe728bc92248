import Foundation
import TextRender

/// HTML pages showing every label of a run (`--contact-sheet FILE`), for review by people
/// who do not read manifests: grouped by locale, or one row per key across locales; each
/// image on a checkerboard (so transparency and shadows show) with its box outlined, and
/// badges for labels that were shrunk, truncated, overflow, use a fallback font, miss
/// characters or were not drawn.
///
/// The pages are built from what the run left on disk (each locale's manifest and
/// images), so they show unchanged labels as well as redrawn ones, and only one scale
/// (1 by default).
///
/// A run of up to ``pageSize`` labels gets one self-contained page: its images are
/// embedded as data URIs, once each, in a style sheet both views share. A larger run gets
/// a page per run of keys holding about ``pageSize`` labels, `FILE` first, then
/// `FILE-2.html`, `FILE-3.html`, …, linked to each other, whose images are loaded from
/// the output folder as they scroll into view: embedded, a hundred thousand labels would
/// be gigabytes of HTML, and a browser cannot lay out one page of them.
package struct ContactSheet: Sendable {
    /// The run's report: which labels to show, in which order, and their status.
    package var report: RunReport
    /// The run's output folder, holding `<locale>/manifest.json` and the images.
    package var outputFolder: URL
    /// The scale whose images are shown; a label without it shows its smallest scale.
    package var scale: Double
    /// The most labels on one page, but a page always holds every locale of its keys.
    package var pageSize: Int

    /// The pages of the run `report` describes, whose outputs are in `outputFolder`,
    /// showing the images of `scale`.
    package init(report: RunReport, outputFolder: URL, scale: Double = 1, pageSize: Int = 1000) {
        precondition(pageSize >= 1, "a page holds at least one label")
        self.report = report
        self.outputFolder = outputFolder
        self.scale = scale
        self.pageSize = pageSize
    }

    /// One label as a page shows it.
    struct Card {
        var locale: String
        var key: String
        var entry: RunReport.Entry
        var label: Manifest.Label?
        var image: Manifest.Image?
        /// How the page shows the image; nil when there is none.
        var source: ImageSource?
    }

    /// How a page shows an image.
    enum ImageSource {
        /// Embedded once in the page's style sheet, under this CSS class.
        case embedded(className: String)
        /// Loaded from the output folder when scrolled into view, from this relative URL.
        case linked(String)

        func html(width: Int, height: Int) -> String {
            switch self {
            case .embedded(let className):
                return "<div class=\"img \(className)\" style=\"width:\(width)px;height:\(height)px\"></div>"
            case .linked(let url):
                return "<img class=\"img\" loading=\"lazy\" alt=\"\" src=\"\(url)\" width=\"\(width)\" height=\"\(height)\">"
            }
        }
    }

    /// The pages, written at `first` and beside it, with their bytes (UTF-8). Labels whose
    /// manifest entry or image cannot be read show as "no image".
    package func pages(first: URL) -> [(url: URL, html: Data)] {
        var pages: [(url: URL, html: Data)] = []
        eachPage(first: first) { pages.append(($0, $1)) }
        return pages
    }

    /// Makes the pages of ``pages(first:)`` one at a time, giving each to `body` before
    /// the next is made: a sheet of a hundred thousand labels is a hundred pages of about
    /// a megabyte, which a run writes without holding them all.
    /// - Returns: How many pages there are.
    @discardableResult
    package func eachPage(first: URL, _ body: (_ url: URL, _ html: Data) throws -> Void) rethrows -> Int {
        let plan = PagePlan(report: report, pageSize: pageSize)
        let lookup = EntryLookup(outputFolder: outputFolder, locales: plan.locales)
        for number in plan.pages.indices {
            try body(Self.pageURL(first: first, number: number), Data(page(number, of: plan, lookup: lookup, first: first).utf8))
        }
        return plan.pages.count
    }

    /// Where page `number` (from 0) of the sheet whose first page is `first` is written:
    /// `sheet.html`, then `sheet-2.html`, `sheet-3.html`, …
    package static func pageURL(first: URL, number: Int) -> URL {
        guard number > 0 else { return first }
        let stem = first.deletingPathExtension().lastPathComponent
        return first.deletingLastPathComponent().appendingPathComponent("\(stem)-\(number + 1).html")
    }

    /// Pages beside `first` that an earlier, longer sheet left, from page `count` on.
    package static func stalePages(first: URL, count: Int) -> [URL] {
        var stale: [URL] = []
        var number = max(count, 1)
        while FileManager.default.fileExists(atPath: pageURL(first: first, number: number).path) {
            stale.append(pageURL(first: first, number: number))
            number += 1
        }
        return stale
    }

    /// ``eachPage(first:_:)`` as `labelgen --watch` writes the pages: the first reloads
    /// itself while it is open whenever the run writes it again, and the script tells it
    /// when: write the pages first, then the script, to ``reloadScriptURL(forPage:)``.
    ///
    /// A page opened from disk (`file://`) cannot fetch a file, but it can load a
    /// script: every second it loads the script again, which names the generation of
    /// the page on disk (a hash of its content), and reloads when that is not its own.
    /// A run that changes nothing on the page leaves both files as they were.
    ///
    /// - Parameter first: Where the first page is written; the script goes beside it.
    /// - Returns: How many pages there are, and the script.
    @discardableResult
    package func eachReloadingPage(first: URL, _ body: (_ url: URL, _ html: Data) throws -> Void) rethrows
        -> (count: Int, script: Data) {
        var script = Data()
        let count = try eachPage(first: first) { url, html in
            guard url == first else { return try body(url, html) }
            let reloading = Self.reloading(html, scriptURL: Self.reloadScriptURL(forPage: first))
            script = reloading.script
            try body(url, reloading.html)
        }
        return (count, script)
    }

    /// The first page with the script that reloads it put in its head, and the script
    /// file's content naming the page's generation.
    private static func reloading(_ page: Data, scriptURL: URL) -> (html: Data, script: Data) {
        var html = String(decoding: page, as: UTF8.self)
        let generation = ContentHash.hex(of: page)
        let name = scriptURL.lastPathComponent
        let source = name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? name
        let script = reloadingScript
            .replacingOccurrences(of: "GENERATION", with: generation)
            .replacingOccurrences(of: "SOURCE", with: source)
        // Text from the tables is escaped, so the first end of the head is the page's own.
        if let end = html.range(of: "</head>") { html.insert(contentsOf: script, at: end.lowerBound) }
        return (Data(html.utf8), Data("labelgenGeneration(\"\(generation)\");\n".utf8))
    }

    /// The script beside `page` that tells an open page made by ``eachReloadingPage(first:_:)``
    /// which generation is on disk: `sheet.html` has `sheet.reload.js`.
    package static func reloadScriptURL(forPage page: URL) -> URL {
        page.deletingPathExtension().appendingPathExtension("reload.js")
    }

    /// Loads the reload script every second; it calls `labelgenGeneration` with the
    /// generation on disk. A script that fails to load (the run is rewriting it) is
    /// tried again a second later.
    private static let reloadingScript = """
        <script>
        (function () {
          var generation = "GENERATION";
          window.labelgenGeneration = function (latest) { if (latest !== generation) location.reload(); };
          setInterval(function () {
            var script = document.createElement("script");
            script.src = "SOURCE?t=" + Date.now();
            script.onload = script.onerror = function () { script.remove(); };
            document.head.appendChild(script);
          }, 1000);
        })();
        </script>
        """

    private func page(_ number: Int, of plan: PagePlan, lookup: EntryLookup, first: URL) -> String {
        let (cards, imageRules) = gatherCards(plan.pages[number], paged: plan.pages.count > 1, lookup: lookup,
                                              pageFolder: first.deletingLastPathComponent())
        let keys = cards.map(\.key).uniqued()
        let body = header(plan: plan) + pageLinks(number, of: plan, first: first)
            + localesView(cards: cards, locales: plan.locales) + keysView(cards: cards, locales: plan.locales, keys: keys)
            + (number == 0 && plan.pages.count > 1 ? pageIndex(plan, first: first) : "")
        let title = plan.pages.count > 1 ? " · page \(number + 1) of \(plan.pages.count)" : ""
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <title>\(escape(report.style))\(title) · labelgen contact sheet</title>
            <style>
            \(Self.css)
            \(imageRules.joined(separator: "\n"))
            </style></head>
            <body>
            \(body)</body></html>

            """
    }

    /// A card per label of `page`, in the report's order, and a CSS rule per image
    /// embedding it when the sheet is one page; a paged sheet links its images.
    private func gatherCards(_ page: [Int], paged: Bool, lookup: EntryLookup,
                             pageFolder: URL) -> (cards: [Card], imageRules: [String]) {
        var cards: [Card] = []
        var imageRules: [String] = []
        for entry in page.map({ report.labels[$0] }) {
            let label = lookup.label(locale: entry.locale, key: entry.key)
            let image = label.flatMap { label in
                label.images.first { $0.scale == scale } ?? label.images.min { $0.scale < $1.scale }
            }
            var card = Card(locale: entry.locale, key: entry.key, entry: entry, label: label, image: image)
            if let image {
                let file = outputFolder.appendingPathComponent(entry.locale).appendingPathComponent(image.file)
                let output = lookup.output(locale: entry.locale)
                // Browsers take colour as straight: premultiplied images are embedded straightened.
                if paged && output?.alpha != ImageEncoding.Alpha.premultiplied.rawValue {
                    card.source = .linked(Self.relativeURL(of: file, from: pageFolder))
                } else if let bytes = try? Data(contentsOf: file), let (type, data) = Self.browserImage(bytes, output: output) {
                    let name = "i\(imageRules.count)"
                    imageRules.append(".\(name){background-image:url(data:\(type);base64,\(data.base64EncodedString()))}")
                    card.source = .embedded(className: name)
                }
            }
            cards.append(card)
        }
        return (cards, imageRules)
    }

    /// The URL of `file` relative to `folder`, each path component percent-encoded.
    static func relativeURL(of file: URL, from folder: URL) -> String {
        let target = file.standardizedFileURL.pathComponents
        let base = folder.standardizedFileURL.pathComponents
        var shared = 0
        while shared < min(target.count - 1, base.count), target[shared] == base[shared] { shared += 1 }
        let parts = Array(repeating: "..", count: base.count - shared) + target[shared...].map { component in
            component.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/")))
                ?? component
        }
        return parts.joined(separator: "/")
    }

    /// A label file as a browser shows it right: its media type and bytes. Browsers take
    /// colour as straight, so premultiplied pixels are straightened and shown as PNG.
    private static func browserImage(_ file: Data, output: Manifest.Output?) -> (type: String, data: Data)? {
        let type = WebPDecoder.isWebP(file) ? "image/webp" : "image/png"
        guard output?.alpha == ImageEncoding.Alpha.premultiplied.rawValue else { return (type, file) }
        guard let pixels = try? LabelFileDecoder.decode(file), let png = try? PNGEncoder().encode(pixels.straightened()) else {
            return nil
        }
        return ("image/png", png)
    }

    /// The title, the counts of each badge over the whole run, and the switches between
    /// the views.
    private func header(plan: PagePlan) -> String {
        "<header><h1>\(escape(report.style))</h1><p>\(escape(report.tool)) · \(plan.locales.count) locales · "
            + "\(plan.keyCount) keys · \(report.labels.count) labels · "
            + Self.badgeKinds.map { kind in
                "<span class=\"badge \(kind.css)\">\(kind.title) \(plan.badgeCounts[kind.title] ?? 0)</span>"
            }.joined(separator: " ")
            + "</p>"
            + "<nav><label><input type=\"radio\" name=\"view\" id=\"by-locale\" checked> By locale</label>"
            + "<label><input type=\"radio\" name=\"view\" id=\"by-key\"> Side by side per key</label>"
            + "<label><input type=\"checkbox\" id=\"outlines\" checked> Box outlines</label></nav>"
    }

    /// Links to the first, previous, next and last pages, and the pages near this one;
    /// it ends the header.
    private func pageLinks(_ number: Int, of plan: PagePlan, first: URL) -> String {
        guard plan.pages.count > 1 else { return "</header>\n" }
        func link(_ target: Int, _ text: String) -> String {
            target == number ? "<b>\(text)</b>"
                : "<a href=\"\(Self.relativeURL(of: Self.pageURL(first: first, number: target), from: first.deletingLastPathComponent()))\">\(text)</a>"
        }
        var links = ["Page \(number + 1) of \(plan.pages.count):"]
        if number > 0 { links.append(link(number - 1, "‹ previous")) }
        let near = Set([0, plan.pages.count - 1] + Array(max(0, number - 3)...min(plan.pages.count - 1, number + 3))).sorted()
        for (position, target) in near.enumerated() {
            if position > 0, target > near[position - 1] + 1 { links.append("…") }
            links.append(link(target, "\(target + 1)"))
        }
        if number < plan.pages.count - 1 { links.append(link(number + 1, "next ›")) }
        return "<nav class=\"pages\">" + links.joined(separator: " ") + "</nav></header>\n"
    }

    /// On the first page of several: every page with the keys it shows.
    private func pageIndex(_ plan: PagePlan, first: URL) -> String {
        var html = "<main><h2>Pages</h2><ol class=\"pages\">\n"
        for (number, keys) in plan.keyRanges.enumerated() {
            let url = Self.relativeURL(of: Self.pageURL(first: first, number: number), from: first.deletingLastPathComponent())
            html += "<li><a href=\"\(url)\">\(escape(keys.first))" + (keys.last == keys.first ? "" : " – \(escape(keys.last))")
                + "</a></li>\n"
        }
        return html + "</ol></main>\n"
    }

    /// A section per locale with its labels.
    private func localesView(cards: [Card], locales: [String]) -> String {
        var byLocale: [String: [Card]] = [:]
        for card in cards { byLocale[card.locale, default: []].append(card) }
        var html = "<main id=\"locales\">\n"
        for locale in locales where byLocale[locale] != nil {
            html += "<section class=\"locale\" id=\"locale-\(escape(locale))\"><h2>\(escape(locale))</h2><div class=\"cards\">\n"
            for card in byLocale[locale] ?? [] { html += cardHTML(card, caption: card.key) + "\n" }
            html += "</div></section>\n"
        }
        return html + "</main>\n"
    }

    /// A table row per key, a column per locale.
    private func keysView(cards: [Card], locales: [String], keys: [String]) -> String {
        var byKey: [String: [String: Card]] = [:]
        for card in cards where byKey[card.key]?[card.locale] == nil { byKey[card.key, default: [:]][card.locale] = card }
        var html = "<main id=\"keys\">\n<table><thead><tr><th>key</th>"
            + locales.map { "<th>\(escape($0))</th>" }.joined() + "</tr></thead><tbody>\n"
        for key in keys {
            html += "<tr class=\"key\"><th>\(escape(key))</th>"
            for locale in locales {
                if let card = byKey[key]?[locale] {
                    html += "<td>" + cardHTML(card, caption: locale) + "</td>"
                } else {
                    html += "<td></td>"
                }
            }
            html += "</tr>\n"
        }
        return html + "</tbody></table></main>\n"
    }
}

/// How a contact sheet's labels fall into pages, with what the header tells of them all.
private struct PagePlan {
    /// Each page's labels, as positions in the report's labels, in the report's order.
    var pages: [[Int]] = []
    /// Each page's first and last key, for the index.
    var keyRanges: [(first: String, last: String)] = []
    /// The locales, in order of first appearance.
    var locales: [String] = []
    var keyCount = 0
    /// How many labels carry each badge.
    var badgeCounts: [String: Int] = [:]

    /// Pages of about `pageSize` labels each, broken only between keys (in order of
    /// first appearance), so the side by side view of a page shows every locale of its
    /// keys although the report lists the labels table by table.
    init(report: RunReport, pageSize: Int) {
        var seenLocales: Set<String> = []
        var labelsOfKey: [String: Int] = [:]
        var keys: [String] = []
        for entry in report.labels {
            if seenLocales.insert(entry.locale).inserted { locales.append(entry.locale) }
            if labelsOfKey[entry.key] == nil { keys.append(entry.key) }
            labelsOfKey[entry.key, default: 0] += 1
            for badge in ContactSheet.badges(of: entry) { badgeCounts[badge, default: 0] += 1 }
        }
        keyCount = keys.count
        var pageOfKey: [String: Int] = [:]
        var onPage = 0
        for key in keys {
            let count = labelsOfKey[key] ?? 0
            if keyRanges.isEmpty || (onPage > 0 && onPage + count > pageSize) {
                keyRanges.append((key, key))
                onPage = 0
            }
            keyRanges[keyRanges.count - 1].last = key
            pageOfKey[key] = keyRanges.count - 1
            onPage += count
        }
        pages = Array(repeating: [], count: max(keyRanges.count, 1))
        for (position, entry) in report.labels.enumerated() { pages[pageOfKey[entry.key] ?? 0].append(position) }
    }
}

/// Each locale's manifest entries by key, read from disk, decoded one at a time as the
/// pages need them.
private struct EntryLookup {
    private let manifests: [String: PreviousManifest]
    private let entries: [String: [String: PreviousManifest.Entry]]

    init(outputFolder: URL, locales: [String]) {
        var manifests: [String: PreviousManifest] = [:]
        var entries: [String: [String: PreviousManifest.Entry]] = [:]
        for locale in locales {
            guard let manifest = PreviousManifest.read(in: outputFolder.appendingPathComponent(locale)) else { continue }
            manifests[locale] = manifest
            entries[locale] = Dictionary(manifest.entries.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        }
        self.manifests = manifests
        self.entries = entries
    }

    func label(locale: String, key: String) -> Manifest.Label? {
        guard let entry = entries[locale]?[key] else { return nil }
        return try? manifests[locale]?.label(entry)
    }

    func output(locale: String) -> Manifest.Output? {
        manifests[locale]?.header.output
    }
}

extension Array where Element: Hashable {
    /// The elements in order of first appearance, each once.
    fileprivate func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
