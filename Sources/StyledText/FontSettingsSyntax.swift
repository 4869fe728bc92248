/// The text form of OpenType feature and axis settings in markup, as Pango's
/// `font_features` and HarfBuzz's `hb_feature_from_string` / `hb_variation_from_string`
/// write them: entries apart by commas or spaces.
enum FontSettingsSyntax {
    /// `tnum` or `+tnum` turns a feature on, `-liga` off, `salt=2` picks an alternate
    /// (`=on` and `=off` also work). Nil when any entry is malformed or the list is empty.
    static func features(_ text: String) -> [String: Int]? {
        var result: [String: Int] = [:]
        for entry in entries(text) {
            var name = entry
            var value = 1
            if let equals = entry.firstIndex(of: "=") {
                name = entry[..<equals]
                let written = entry[entry.index(after: equals)...]
                switch written {
                case "on": value = 1
                case "off": value = 0
                default:
                    guard !written.isEmpty, written.allSatisfy(\.isASCIIDigit), written.count <= 5,
                          let number = Int(written), number <= OpenTypeTag.maximumFeatureValue else { return nil }
                    value = number
                }
            } else if entry.first == "-" {
                name = entry.dropFirst()
                value = 0
            } else if entry.first == "+" {
                name = entry.dropFirst()
            }
            guard OpenTypeTag.isValid(String(name)) else { return nil }
            result[String(name)] = value
        }
        return result.isEmpty ? nil : result
    }

    /// `wght=650, wdth=85`: every entry an axis tag, `=` and a plain decimal (a leading
    /// `-` allowed). Nil when any entry is malformed or the list is empty.
    static func variations(_ text: String) -> [String: Double]? {
        var result: [String: Double] = [:]
        for entry in entries(text) {
            guard let equals = entry.firstIndex(of: "=") else { return nil }
            let name = String(entry[..<equals])
            var written = entry[entry.index(after: equals)...]
            let negative = written.first == "-"
            if negative { written = written.dropFirst() }
            guard OpenTypeTag.isValid(name), !written.isEmpty, written.last != ".",
                  written.allSatisfy({ $0.isASCIIDigit || $0 == "." }), written.filter({ $0 == "." }).count <= 1,
                  let magnitude = Double(written) else { return nil }
            let value = negative ? -magnitude : magnitude
            guard OpenTypeTag.axisValueRange.contains(value) else { return nil }
            result[name] = value
        }
        return result.isEmpty ? nil : result
    }

    private static func entries(_ text: String) -> [Substring] {
        text.split(whereSeparator: { $0 == "," || $0.isWhitespace })
    }
}

private extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
