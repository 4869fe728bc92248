import StyledText

/// The catalog of an XLIFF file as its units arrive: the source language's strings and
/// the target language's, keys claimed once across every `<file>`.
struct XLIFFCatalogBuilder {
    let source: String
    let options: TableReadOptions
    let mode: ReadingMode
    private(set) var sourceLanguage: String?
    /// Nil until known, and for a file with no target language.
    private var targetLanguage: String?
    /// The first `<file>`'s languages and place, which every other must repeat.
    private var firstFile: (source: String, target: String?, place: SourcePlace)?
    private var sourceContent = TableContent()
    private var targetContent = TableContent()
    private var claims: KeyClaims<SourcePlace>
    /// The units of the key being read, held until a unit of another key arrives, since
    /// an Xcode key's substitutions follow its text.
    private var group: XcodeKeyGroup?
    /// The `<file>` being read: `original`, else `id`, for keys by file.
    private var fileName: String?

    init(source: String, options: TableReadOptions, mode: ReadingMode) {
        self.source = source
        self.options = options
        self.mode = mode
        claims = KeyClaims(hashed: mode.hashed)
    }

    /// Whether the file is drawn in its source language: it names no target language,
    /// or its own.
    private var drawsSource: Bool { targetLanguage == nil || targetLanguage == sourceLanguage }

    /// Strings of a locale nobody asked for need not be made: the target's when
    /// `--locales` leaves it out, the source's unless it is drawn, the fallback, named by
    /// `--locales` or wanted for pseudo-locales. Most runs draw only the target, and
    /// skipping the source halves the strings made per unit.
    private var keepsSourceStrings: Bool {
        drawsSource || options.readsSourceLanguage
            || options.locales.map { $0.contains(sourceLanguage ?? "") } == true
            || options.fallbackLocale.map(StringTable.normalizedLocale) == sourceLanguage
    }

    private var keepsTargetStrings: Bool {
        options.locales.map { $0.contains(targetLanguage ?? "") } ?? true
    }

    /// A `<file>` begins, with its languages (XLIFF 2 gives them once, on `<xliff>`).
    mutating func beginFile(name: String?, sourceLanguage: String, targetLanguage: String?,
                            place: SourcePlace) throws(StringTableError) {
        let sourceTag = try locale(sourceLanguage, attribute: "source language", place: place)
        let targetTag = try targetLanguage.map { text throws(StringTableError) in
            try locale(text, attribute: "target language", place: place)
        }
        if let first = firstFile {
            if first.source != sourceTag || first.target != targetTag {
                let which = first.source != sourceTag ? "source" : "target"
                let this = (which == "source" ? sourceTag : targetTag) ?? "none"
                let that = (which == "source" ? first.source : first.target) ?? "none"
                throw StringTableError(.invalidValue, file: source, place: place,
                                       message: "this <file>'s \(which) language is \(this), but the <file> at \(first.place) has "
                                           + "\(that); expected one \(which) language in every <file> of the XLIFF file")
            }
        } else {
            firstFile = (sourceTag, targetTag, place)
            self.sourceLanguage = sourceTag
            self.targetLanguage = targetTag
        }
        fileName = name
    }

    /// Adds a unit of the current `<file>`.
    mutating func add(_ unit: XLIFFUnit) throws(StringTableError) {
        let (base, variation) = try XcodeVariation.parse(unit.key, source: source, place: unit.place)
        if group?.base != base {
            try flushGroup()
            group = XcodeKeyGroup(base: base)
        }
        group!.add(unit, variation)
    }

    /// The current `<file>` ends.
    mutating func endFile() throws(StringTableError) {
        try flushGroup()
    }

    private mutating func flushGroup() throws(StringTableError) {
        guard let group else { return }
        self.group = nil
        // Nearly every key is one unit without variations: its only variant is itself.
        if group.substitutions.isEmpty, group.texts.count == 1, let (suffix, unit) = group.texts.first {
            try emit(suffix.isEmpty ? group.base : group.base + suffix, unit)
            return
        }
        for variant in try group.variants(source: source) {
            try emit(variant.key, variant.unit)
        }
    }

    private mutating func emit(_ name: String, _ unit: XLIFFUnit) throws(StringTableError) {
        var key = name
        if options.xliffKeys == .file {
            guard let fileName else {
                throw StringTableError(.missingField, file: source, place: unit.place,
                                       message: "keys by file need the <file>'s original or id attribute, which this unit's <file> lacks")
            }
            key = fileName + "/" + name
        }
        if case .repeated(let earlier) = claims.claim(key, at: unit.place) {
            throw StringTableError(.duplicateKey, file: source, place: unit.place,
                                   message: "key \(JSONValue.quoted(key)) is already defined" + (earlier.map { " at \($0)" } ?? "")
                                       + (options.xliffKeys == .file ? "" : "; to key units by file, pass --xliff-keys file"))
        }
        let keeps = mode.keeps(key)
        let keepsTarget = keeps && keepsTargetStrings && unit.target != nil
        let targetDetails = keepsTarget || (keeps && drawsSource) ? details(unit, text: unit.target ?? unit.source) : nil
        if drawsSource {
            let text = unit.target ?? unit.source
            if keeps { sourceContent.entries.append(StringTable.Entry(key: key, value: text.value, details: targetDetails)) }
            return
        }
        if keeps, keepsSourceStrings {
            let sourceDetails = details(unit, text: unit.source)
            let shared = sourceDetails == targetDetails ? targetDetails : sourceDetails
            sourceContent.entries.append(StringTable.Entry(key: key, value: unit.source.value, details: shared))
        }
        guard keepsTargetStrings else { return }
        if let target = unit.target {
            if keeps { targetContent.entries.append(StringTable.Entry(key: key, value: target.value, details: targetDetails)) }
        } else {
            targetContent.untranslatedKeys.append(key)
        }
    }

    private func details(_ unit: XLIFFUnit, text: XLIFFText) -> EntryDetails? {
        // Most units say nothing beyond their text; asking first spares an allocation each.
        let plainIsValue = text.plain == text.value
        if unit.note == nil, unit.limit == nil, text.ignoredCodes.isEmpty, plainIsValue { return nil }
        let details = EntryDetails(note: unit.note, limit: unit.limit, ignoredCodes: text.ignoredCodes,
                                   plainValue: plainIsValue ? nil : text.plain)
        return details.isEmpty ? nil : details
    }

    private func locale(_ text: String, attribute: String, place: SourcePlace) throws(StringTableError) -> String {
        guard let tag = LanguageTag(text) else {
            throw StringTableError(.invalidValue, file: source, place: place,
                                   message: "expected the \(attribute) to be a language tag such as de or zh-Hans, got "
                                       + JSONValue.quoted(text))
        }
        return tag.normalized
    }

    /// The catalog read: the source language's strings, source-only when the file is
    /// drawn in a target language, then that language's.
    func catalog() throws(StringTableError) -> StringCatalog {
        guard let sourceLanguage else {
            throw StringTableError(.missingField, file: source, place: .wholeFile,
                                   message: "no <file> element; expected <file source-language=\"…\"> in <xliff>")
        }
        guard let targetLanguage, !drawsSource else {
            return StringCatalog(sourceLanguage: sourceLanguage,
                                 localizations: [StringCatalog.Localization(locale: sourceLanguage, content: sourceContent)])
        }
        return StringCatalog(sourceLanguage: sourceLanguage, localizations: [
            StringCatalog.Localization(locale: sourceLanguage, content: sourceContent, isSourceOnly: true),
            StringCatalog.Localization(locale: targetLanguage, content: targetContent),
        ])
    }
}
