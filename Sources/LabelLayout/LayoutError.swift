import StyledText

/// Why a label could not be laid out.
public enum LayoutError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A font file exists in the style or the font folder but cannot be used.
    case fontUnreadable(path: String, reason: String)
    /// No font, bundled or installed, matches the style's family.
    case fontNotFound(family: String, searched: [String])
    /// The bundled fonts are not where they should be (a folder that does not exist, or
    /// no resource bundle and no `Fonts/` folder), and the style pins no files of its own.
    case bundledFontsMissing(searched: [String])
    /// ICU could not create a break iterator (its error name is attached).
    case breakIterator(locale: String, icuError: String)
    /// The style or text asks for more than the engine's `Limits` allow; the excess
    /// says what, how much, and the limit.
    case limitExceeded(LimitExcess)
    /// A run of styled text has a font size that is not a positive number (a
    /// `RunSize` built in code; markup refuses such sizes itself).
    case invalidRunSize(RunSize)
    /// A font feature or variation axis is not a valid OpenType tag, or its value is out
    /// of range (`FontSpec.features`, `FontSpec.variations` or `TextAttributes` built in
    /// code; style files and markup refuse such settings themselves).
    case invalidFontSetting(tag: String, reason: String)
    /// The text's markup is malformed (the error gives line and column).
    case markup(MarkupError)
    /// An inline image cannot be found or is not a PNG.
    case imageUnreadable(source: String, reason: String)
    /// A bundled hyphenation dictionary is missing or libhyphen cannot read it.
    case hyphenationDictionaryUnreadable(path: String)
    /// A style sheet's layers merge into a style whose fields disagree for the key and
    /// locale asked for (`StyleSheet.style(forKey:locale:)`).
    case style(StyleError)

    /// The error in words, naming the file, font, locale or limit at fault.
    public var description: String {
        switch self {
        case let .fontUnreadable(path, reason):
            return "\(path): cannot use this font: \(reason)"
        case let .fontNotFound(family, searched):
            let places = searched.isEmpty ? "" : " (searched \(searched.joined(separator: ", ")))"
            return "no font for family \"\(family)\"\(places)"
        case let .bundledFontsMissing(searched):
            return "the bundled fonts are missing: no font folder at \(searched.joined(separator: ", ")); "
                + "set LABELGEN_FONTS to Labelgen's Fonts/ folder or pass FontSources(bundledDirectories:)"
        case let .breakIterator(locale, icuError):
            return "ICU cannot break lines for locale \"\(locale)\": \(icuError)"
        case let .limitExceeded(excess):
            return excess.description
        case .invalidRunSize:
            return "a run's font size must be a positive number"
        case let .invalidFontSetting(tag, reason):
            return "font setting \"\(tag)\": \(reason)"
        case let .markup(error):
            return "markup \(error)"
        case let .imageUnreadable(source, reason):
            return "inline image \"\(source)\": \(reason)"
        case let .hyphenationDictionaryUnreadable(path):
            return "\(path): cannot read this hyphenation dictionary"
        case let .style(error):
            return error.description
        }
    }
}

extension LayoutError {
    /// The layout error of the same name as a font error.
    package init(_ error: FontError) {
        switch error {
        case let .fontUnreadable(path, reason): self = .fontUnreadable(path: path, reason: reason)
        case let .fontNotFound(family, searched): self = .fontNotFound(family: family, searched: searched)
        case let .bundledFontsMissing(searched): self = .bundledFontsMissing(searched: searched)
        }
    }
}

extension FontResolver {
    /// `chain(for:language:)` with its error as layout reports it.
    func layoutChain(for font: FontSpec, language: String) throws(LayoutError) -> [FontFace] {
        do {
            return try chain(for: font, language: language)
        } catch {
            throw LayoutError(error)
        }
    }
}
