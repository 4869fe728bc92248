import Foundation
import TextRender

/// One self-contained HTML page showing every label of a run (`--contact-sheet FILE`), for
/// review by people who do not read manifests: grouped by locale, or one row per key
/// across locales; each image on a checkerboard (so transparency and shadows show) with
/// its box outlined, and badges for labels that were shrunk, truncated, overflow, use a
/// fallback font, miss characters or were not drawn.
///
/// The page is built from what the run left on disk (each locale's manifest and images),
/// so it shows unchanged labels as well as redrawn ones. Images are embedded as data
/// URIs, once each, in a style sheet both views share; only one scale is embedded
/// (1 by default) to keep the file small.
package struct ContactSheet: Sendable {
    /// The run's report: which labels to show, in which order, and their status.
    package var report: RunReport
    /// The run's output folder, holding `<locale>/manifest.json` and the images.
    package var outputFolder: URL
    /// The scale whose images are embedded; a label without it shows its smallest scale.
    package var scale: Double

    /// The page of the run `report` describes, whose outputs are in `outputFolder`,
    /// showing the images of `scale`.
    package init(report: RunReport, outputFolder: URL, scale: Double = 1) {
        self.report = report
        self.outputFolder = outputFolder
        self.scale = scale
    }

    /// One label as the page shows it.
    private struct Card {
        var locale: String
        var key: String
        var entry: RunReport.Entry
        var label: Manifest.Label?
        var image: Manifest.Image?
        /// CSS class of the embedded image, nil when there is none.
        var imageClass: String?
    }

    /// The page's bytes (UTF-8). Labels whose manifest entry or image cannot be read
    /// show as "no image".
    package func html() -> Data {
        Data(page().utf8)
    }

    /// The page as `labelgen --watch` writes it, which reloads itself while it is open
    /// whenever the run writes it again, and the script that tells it when: write the
    /// page first, then the script, to ``reloadScriptURL(forPage:)``.
    ///
    /// A page opened from disk (`file://`) cannot fetch a file, but it can load a
    /// script: every second it loads the script again, which names the generation of
    /// the page on disk (a hash of its content), and reloads when that is not its own.
    /// A run that changes nothing on the page leaves both files as they were.
    ///
    /// - Parameter page: Where the page is written; the script goes beside it.
    package func reloadingHTML(page: URL) -> (page: Data, script: Data) {
        var html = self.page()
        let generation = ContentHash.hex(of: Data(html.utf8))
        let name = Self.reloadScriptURL(forPage: page).lastPathComponent
        let source = name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? name
        let script = Self.reloadingScript
            .replacingOccurrences(of: "GENERATION", with: generation)
            .replacingOccurrences(of: "SOURCE", with: source)
        // Text from the tables is escaped, so the first end of the head is the page's own.
        if let end = html.range(of: "</head>") { html.insert(contentsOf: script, at: end.lowerBound) }
        return (Data(html.utf8), Data("labelgenGeneration(\"\(generation)\");\n".utf8))
    }

    /// The script beside `page` that tells an open page made by ``reloadingHTML(page:)``
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

    private func page() -> String {
        let (cards, imageRules) = gatherCards()
        let locales = report.labels.map(\.locale).uniqued()
        let keys = report.labels.map(\.key).uniqued()
        let body = header(cards: cards, locales: locales, keys: keys)
            + localesView(cards: cards, locales: locales) + keysView(cards: cards, locales: locales, keys: keys)
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <title>\(escape(report.style)) · labelgen contact sheet</title>
            <style>
            \(Self.css)
            \(imageRules.joined(separator: "\n"))
            </style></head>
            <body>
            \(body)</body></html>

            """
    }

    /// A card per label of the report, and a CSS rule per image embedding it.
    private func gatherCards() -> (cards: [Card], imageRules: [String]) {
        var manifests: [String: Manifest] = [:]
        for locale in Set(report.labels.map(\.locale)) {
            manifests[locale] = Manifest.previous(in: outputFolder.appendingPathComponent(locale))
        }
        var cards: [Card] = []
        var imageRules: [String] = []
        for entry in report.labels {
            let label = manifests[entry.locale]?.labels.first { $0.key == entry.key }
            let image = label.flatMap { label in
                label.images.first { $0.scale == scale } ?? label.images.min { $0.scale < $1.scale }
            }
            var card = Card(locale: entry.locale, key: entry.key, entry: entry, label: label, image: image)
            if let image, let file = try? Data(contentsOf: outputFolder.appendingPathComponent(entry.locale)
                .appendingPathComponent(image.file)),
               let (type, data) = Self.browserImage(file, output: manifests[entry.locale]?.output) {
                let name = "i\(imageRules.count)"
                imageRules.append(".\(name){background-image:url(data:\(type);base64,\(data.base64EncodedString()))}")
                card.imageClass = name
            }
            cards.append(card)
        }
        return (cards, imageRules)
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

    /// The title, the counts of each badge, and the switches between the views.
    private func header(cards: [Card], locales: [String], keys: [String]) -> String {
        "<header><h1>\(escape(report.style))</h1><p>\(escape(report.tool)) · \(locales.count) locales · "
            + "\(keys.count) keys · \(report.labels.count) labels · "
            + Self.badgeKinds.map { kind in
                "<span class=\"badge \(kind.css)\">\(kind.title) \(cards.filter { badges(of: $0).contains(kind.title) }.count)</span>"
            }.joined(separator: " ")
            + "</p>"
            + "<nav><label><input type=\"radio\" name=\"view\" id=\"by-locale\" checked> By locale</label>"
            + "<label><input type=\"radio\" name=\"view\" id=\"by-key\"> Side by side per key</label>"
            + "<label><input type=\"checkbox\" id=\"outlines\" checked> Box outlines</label></nav></header>\n"
    }

    /// A section per locale with its labels.
    private func localesView(cards: [Card], locales: [String]) -> String {
        var html = "<main id=\"locales\">\n"
        for locale in locales {
            html += "<section class=\"locale\" id=\"locale-\(escape(locale))\"><h2>\(escape(locale))</h2><div class=\"cards\">\n"
            for card in cards where card.locale == locale { html += cardHTML(card, caption: card.key) + "\n" }
            html += "</div></section>\n"
        }
        return html + "</main>\n"
    }

    /// A table row per key, a column per locale.
    private func keysView(cards: [Card], locales: [String], keys: [String]) -> String {
        var html = "<main id=\"keys\">\n<table><thead><tr><th>key</th>"
            + locales.map { "<th>\(escape($0))</th>" }.joined() + "</tr></thead><tbody>\n"
        for key in keys {
            html += "<tr class=\"key\"><th>\(escape(key))</th>"
            for locale in locales {
                if let card = cards.first(where: { $0.key == key && $0.locale == locale }) {
                    html += "<td>" + cardHTML(card, caption: locale) + "</td>"
                } else {
                    html += "<td></td>"
                }
            }
            html += "</tr>\n"
        }
        return html + "</tbody></table></main>\n"
    }

    // MARK: - Pieces

    private func cardHTML(_ card: Card, caption: String) -> String {
        var html = "<figure class=\"card\" data-locale=\"\(escape(card.locale))\" data-key=\"\(escape(card.key))\">"
        if let image = card.image, let imageClass = card.imageClass, let label = card.label {
            let origin = image.boxOrigin.count == 2 ? image.boxOrigin : [0, 0]
            let boxWidth = Int((label.box.width * image.scale).rounded())
            let boxHeight = Int((label.box.height * image.scale).rounded())
            html += "<div class=\"checker\" style=\"width:\(image.width)px;height:\(image.height)px\">"
                + "<div class=\"img \(imageClass)\" style=\"width:\(image.width)px;height:\(image.height)px\"></div>"
                + "<div class=\"box\" style=\"left:\(origin[0])px;top:\(origin[1])px;width:\(boxWidth)px;height:\(boxHeight)px\"></div>"
                + "</div>"
        } else {
            html += "<div class=\"missing\">no image</div>"
        }
        let lines = card.label?.lines.map { "<span dir=\"auto\">\(escape($0))</span>" }.joined(separator: "<br>") ?? ""
        var details = [String]()
        if let fontSize = card.entry.fontSize {
            details.append("\(Self.number(fontSize))/\(Self.number(card.entry.requestedFontSize)) px")
        }
        details += card.entry.fallbackFonts.map { "fallback \($0)" }
        details += card.entry.missingCharacters.map { "missing \($0)" }
        details += card.entry.unfilledPlaceholders.map { "no sample for \($0)" }
        details += card.entry.failures
        html += "<figcaption><b>\(escape(caption))</b> "
            + badges(of: card).map { title in
                "<span class=\"badge \(Self.badgeKinds.first { $0.title == title }?.css ?? "")\">\(title)</span>"
            }.joined(separator: " ")
            + "<small>\(details.map(escape).joined(separator: " · "))</small>"
            + (lines.isEmpty ? "" : "<q>\(lines)</q>") + "</figcaption></figure>"
        return html
    }

    private static let badgeKinds: [(title: String, css: String)] = [
        ("shrunk", "shrunk"), ("truncated", "truncated"), ("overflows", "overflows"),
        ("fallback font", "fallback"), ("missing glyphs", "missing-glyphs"),
        ("not drawn", "not-drawn"), ("fails", "fails"),
    ]

    private func badges(of card: Card) -> [String] {
        var badges: [String] = []
        let entry = card.entry
        if entry.fit == "shrunk" { badges.append("shrunk") }
        if entry.truncated == true { badges.append("truncated") }
        if entry.fit == "overflows" { badges.append("overflows") }
        if !entry.fallbackFonts.isEmpty { badges.append("fallback font") }
        if !entry.missingCharacters.isEmpty { badges.append("missing glyphs") }
        if entry.status == .notRendered { badges.append("not drawn") }
        if !entry.failures.isEmpty { badges.append("fails") }
        return badges
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }

    private func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// The two views are switched by the radio buttons with CSS alone, so the page works
    /// where scripts are blocked (mail attachments, CI artifact viewers).
    private static let css = """
        body{font:13px/1.35 system-ui,sans-serif;margin:0;background:#f4f4f6;color:#222}
        header{position:sticky;top:0;background:#fff;border-bottom:1px solid #ccd;padding:8px 16px;z-index:2}
        h1{font-size:18px;margin:0 0 4px}h2{font-size:15px;margin:16px 0 8px;padding-top:4px;border-top:1px solid #ccd}
        header p{margin:0 0 6px}nav label{margin-right:16px}
        main{padding:0 16px 16px}
        body:has(#by-locale:checked) #keys{display:none}
        body:has(#by-key:checked) #locales{display:none}
        body:not(:has(#outlines:checked)) .box{display:none}
        .cards{display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start}
        .card{margin:0;background:#fff;border:1px solid #dde;border-radius:4px;padding:6px;max-width:100%}
        .checker{position:relative;overflow:visible;background-color:#fff;
          background-image:conic-gradient(#d8d8d8 25%,#fff 0 50%,#d8d8d8 0 75%,#fff 0);background-size:16px 16px}
        .img{position:absolute;left:0;top:0;background-repeat:no-repeat}
        .box{position:absolute;outline:1px dashed #e0007a;pointer-events:none}
        .missing{padding:16px;color:#a00;background:#fee}
        figcaption{margin-top:4px;max-width:480px}
        figcaption small{display:block;color:#667}
        figcaption q{display:block;color:#334;quotes:none;white-space:pre-wrap}
        .badge{display:inline-block;border-radius:8px;padding:0 6px;font-size:11px;color:#fff;background:#889}
        .badge.shrunk{background:#c77d00}.badge.truncated{background:#c0262d}.badge.overflows{background:#8a0f55}
        .badge.fallback{background:#2a62c9}.badge.missing-glyphs{background:#6a1b9a}
        .badge.not-drawn{background:#555}.badge.fails{background:#000}
        table{border-collapse:collapse}th{text-align:left;vertical-align:top;padding:6px;font-weight:600}
        td{vertical-align:top;padding:4px}tr.key{border-top:1px solid #ccd}
        """
}

extension Array where Element: Hashable {
    /// The elements in order of first appearance, each once.
    fileprivate func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
