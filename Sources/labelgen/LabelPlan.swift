import Foundation
import StringTables
import StyledText

/// One label to render: a key of one table with its merged style.
struct PlannedLabel: Sendable {
    var key: String
    /// The text to draw: the table's string with placeholders filled from the style's samples.
    var text: String
    /// Placeholders the style has no sample for: such a label is not drawn, never with a raw `%d`.
    var unfilledPlaceholders: [String]
    /// Inline images the markup names (`<img src>`), whose contents decide the label too.
    var images: [String]
    var locale: String
    var source: String
    var style: LabelStyle
    var scales: [Double]
}

/// Everything a run will render, checked before any pixel is drawn: styles merge for
/// every key, locales are safe folder names, and no two keys share a file name.
struct LabelPlan {
    var labels: [PlannedLabel] = []

    init(tables: [StringTable], sheet: StyleSheet, patterns: [KeyPattern], scaleOverride: [Double]?) throws {
        var namesByLocale: [String: [String: String]] = [:]
        for table in tables {
            guard Self.isSafeLocale(table.locale) else {
                throw Failure.badInput("\(table.source): locale \"\(table.locale)\" is not a language tag like de or zh-Hans")
            }
            for entry in table.entries where patterns.isEmpty || patterns.contains(where: { $0.matches(entry.key) }) {
                guard !entry.key.isEmpty else {
                    throw Failure.badInput("\(table.source): an empty key cannot name a file")
                }
                // Keys that differ only in case would overwrite each other on case-insensitive disks.
                let folded = FileNames.safeName(forKey: entry.key).lowercased()
                if let other = namesByLocale[table.locale]?[folded] {
                    throw Failure.badInput("\(table.source): keys \"\(other)\" and \"\(entry.key)\" would write the same file in \(table.locale)/")
                }
                namesByLocale[table.locale, default: [:]][folded] = entry.key
                let style: LabelStyle
                do {
                    style = try sheet.style(forKey: entry.key, locale: table.locale)
                } catch {
                    throw Failure.badInput(error.description)
                }
                // Markup is checked as the translator wrote it, so columns point into their string.
                var images: [String] = []
                if style.markup {
                    do throws(MarkupError) {
                        images = try Markup.parse(entry.value).runs.compactMap { $0.attributes.image?.source }
                    } catch {
                        throw Failure.badInput("\(table.source): key \"\(entry.key)\": markup \(error)")
                    }
                }
                // Samples stand for text the game inserts at run time, which it escapes;
                // so a sample such as "<Bob>" shows as written.
                let samples = style.markup ? style.samples.mapValues(Markup.escaped) : style.samples
                let filled = Placeholders.fill(entry.value, samples: samples)
                labels.append(PlannedLabel(key: entry.key, text: filled.text, unfilledPlaceholders: filled.unfilled,
                                           images: images, locale: table.locale,
                                           source: table.source, style: style,
                                           scales: scaleOverride ?? style.scales))
            }
        }
    }

    static func isSafeLocale(_ tag: String) -> Bool {
        !tag.isEmpty && tag.utf8.count <= 64 && tag.first != "-"
            && tag.unicodeScalars.allSatisfy { ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "-" }
    }
}
