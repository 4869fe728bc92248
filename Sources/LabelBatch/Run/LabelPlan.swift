import Foundation
import StringTables
import StyledText

/// The labels of some tables in one style, checked before any pixel is drawn: styles
/// merge for every key, markup parses, locales are safe folder names, and no two keys
/// share a file name.
struct LabelPlan {
    var labels: [PlannedLabel] = []
    /// Table keys already given a file, per locale, by lowercased file name.
    private var namesByLocale: [String: [String: String]] = [:]
    /// The style of the label planned last: labels in a row mostly share one.
    private var lastStyle: SharedStyle?

    init(tables: [StringTable], sheet: StyleSheet, patterns: [KeyPattern], scaleOverride: [Double]?) throws(BatchError) {
        for table in tables {
            guard Self.isSafeLocale(table.locale) else {
                throw .unsafeLocale(table: table.source, locale: table.locale)
            }
            for entry in table.entries where patterns.isEmpty || patterns.contains(where: { $0.matches(entry.key) }) {
                try claimFileName(for: entry.key, in: table)
                let style: LabelStyle
                do { style = try sheet.style(forKey: entry.key, locale: table.locale) } catch { throw .style(error) }
                if lastStyle?.style != style { lastStyle = SharedStyle(style) }
                labels.append(try Self.label(entry, of: table, style: lastStyle!, scales: scaleOverride ?? style.scales))
            }
        }
    }

    /// Reserves the file name of `key`, or throws if another key of the locale has it.
    private mutating func claimFileName(for key: String, in table: StringTable) throws(BatchError) {
        guard !key.isEmpty else { throw .emptyKey(table: table.source) }
        // Keys that differ only in case would overwrite each other on case-insensitive disks.
        let folded = FileNames.safeName(forKey: key).lowercased()
        if let other = namesByLocale[table.locale]?[folded] {
            throw .sameFileName(table: table.source, locale: table.locale, firstKey: other, secondKey: key)
        }
        namesByLocale[table.locale, default: [:]][folded] = key
    }

    private static func label(_ entry: StringTable.Entry, of table: StringTable, style shared: SharedStyle,
                              scales: [Double]) throws(BatchError) -> PlannedLabel {
        let style = shared.style
        // Samples stand for text the game inserts at run time, which it escapes;
        // so a sample such as "<Bob>" shows as written.
        let samples = style.markup ? style.samples.mapValues(Markup.escaped) : style.samples
        // A table's bold and italic codes are markup only where the style reads markup.
        let value = style.markup ? entry.value : entry.details?.plainValue ?? entry.value
        let filled = Placeholders.fill(value, samples: samples)
        let styled: StyledString
        if style.markup {
            do throws(MarkupError) {
                styled = try Markup.parse(filled.text)
            } catch {
                // Where the translator's string is at fault, its columns point into it.
                do throws(MarkupError) { _ = try Markup.parse(entry.value) } catch {
                    throw .markup(table: table.source, key: entry.key, error)
                }
                throw .markup(table: table.source, key: entry.key, error)
            }
        } else {
            styled = StyledString(filled.text)
        }
        let images = styled.runs.compactMap { $0.attributes.image?.source }
        return PlannedLabel(key: entry.key, text: filled.text, unfilledPlaceholders: filled.unfilled,
                            images: images, locale: table.locale, source: table.source, details: entry.details,
                            sharedStyle: shared, scales: scales, status: .notRendered)
    }

    /// Whether `tag` can name a folder: ASCII letters, digits and inner hyphens.
    static func isSafeLocale(_ tag: String) -> Bool {
        !tag.isEmpty && tag.utf8.count <= 64 && tag.first != "-"
            && tag.unicodeScalars.allSatisfy { ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "-" }
    }
}
