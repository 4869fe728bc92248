import Foundation

/// The HTML of a contact sheet's pieces: cards, badges, the style sheet.
extension ContactSheet {
    /// One label: its image on a checkerboard with its box outlined, then its badges,
    /// details and lines.
    func cardHTML(_ card: Card, caption: String) -> String {
        var html = "<figure class=\"card\" data-locale=\"\(escape(card.locale))\" data-key=\"\(escape(card.key))\">"
        if let image = card.image, let source = card.source, let label = card.label {
            let origin = image.boxOrigin.count == 2 ? image.boxOrigin : [0, 0]
            let boxWidth = Int((label.box.width * image.scale).rounded())
            let boxHeight = Int((label.box.height * image.scale).rounded())
            html += "<div class=\"checker\" style=\"width:\(image.width)px;height:\(image.height)px\">"
                + source.html(width: image.width, height: image.height)
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
        if let fallback = card.entry.fallback { details.append("text from \(fallback)") }
        if let limit = card.entry.limit { details.append("\(limit.drawn) of \(limit.width) px allowed") }
        if let note = card.entry.note { details.append("note: \(note)") }
        details += card.entry.failures
        html += "<figcaption><b>\(escape(caption))</b> "
            + Self.badges(of: card.entry).map { title in
                "<span class=\"badge \(Self.badgeKinds.first { $0.title == title }?.css ?? "")\">\(title)</span>"
            }.joined(separator: " ")
            + "<small>\(details.map(escape).joined(separator: " · "))</small>"
            + (lines.isEmpty ? "" : "<q>\(lines)</q>") + "</figcaption></figure>"
        return html
    }

    static let badgeKinds: [(title: String, css: String)] = [
        ("shrunk", "shrunk"), ("truncated", "truncated"), ("overflows", "overflows"),
        ("fallback font", "fallback"), ("missing glyphs", "missing-glyphs"),
        ("not drawn", "not-drawn"), ("over its limit", "over-limit"), ("fails", "fails"),
    ]

    static func badges(of entry: RunReport.Entry) -> [String] {
        var badges: [String] = []
        if entry.fit == "shrunk" { badges.append("shrunk") }
        if entry.truncated == true { badges.append("truncated") }
        if entry.fit == "overflows" { badges.append("overflows") }
        if !entry.fallbackFonts.isEmpty { badges.append("fallback font") }
        if !entry.missingCharacters.isEmpty { badges.append("missing glyphs") }
        if entry.status == .notRendered { badges.append("not drawn") }
        if entry.isOverLimit { badges.append("over its limit") }
        if !entry.failures.isEmpty { badges.append("fails") }
        return badges
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }

    func escape(_ text: String) -> String {
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
    static let css = """
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
        nav.pages{margin-top:4px}nav.pages a,nav.pages b{margin-right:6px}
        ol.pages{columns:3;padding:0 16px 16px 40px}
        .box{position:absolute;outline:1px dashed #e0007a;pointer-events:none}
        .missing{padding:16px;color:#a00;background:#fee}
        figcaption{margin-top:4px;max-width:480px}
        figcaption small{display:block;color:#667}
        figcaption q{display:block;color:#334;quotes:none;white-space:pre-wrap}
        .badge{display:inline-block;border-radius:8px;padding:0 6px;font-size:11px;color:#fff;background:#889}
        .badge.shrunk{background:#c77d00}.badge.truncated{background:#c0262d}.badge.overflows{background:#8a0f55}
        .badge.fallback{background:#2a62c9}.badge.missing-glyphs{background:#6a1b9a}
        .badge.not-drawn{background:#555}.badge.over-limit{background:#b3261e}.badge.fails{background:#000}
        table{border-collapse:collapse}th{text-align:left;vertical-align:top;padding:6px;font-weight:600}
        td{vertical-align:top;padding:4px}tr.key{border-top:1px solid #ccd}
        """
}
