import Foundation

/// A style file: a base style plus per-locale and per-key overrides.
///
/// ```swift
/// let sheet = try StyleSheet(contentsOf: URL(fileURLWithPath: "score.json"))
/// let style = try sheet.style(forKey: "hud.title", locale: "ja-JP")
/// ```
///
/// Overrides merge in the order base < `locales[lang]` < `locales[lang-REGION]` <
/// `keys[key]`. Objects (`font`, `stroke`, `box`, `fill.gradient`) merge field by field;
/// arrays and single values replace; `"stroke": null` or `"box": null` removes them.
///
/// Locale tags match case-insensitively with `_` or `-`; an entry applies when its
/// language matches and its other subtags all appear in the locale, fewer subtags
/// first (for `zh-Hans-CN`: `zh` < `zh-Hans` < `zh-Hans-CN`), ties in file order.
///
/// Extension: a `keys` entry may be a pattern in which `*` matches any characters
/// (`"tip.*"`). Matching patterns apply from least to most specific (fewer literal
/// characters first, then more `*`, then file order), and the exact key applies last.
///
/// Every layer is checked when the file is loaded, so ``style(forKey:locale:)`` fails
/// only on rules between fields of the merged style.
public struct StyleSheet: Sendable, Hashable {
    /// The file name used in messages, e.g. `score.json`.
    public let source: String
    /// The base layer alone, without overrides.
    public let base: LabelStyle
    /// How the images of a run in this style are written: the file's `"output"`, PNG,
    /// fast, straight alpha by default.
    public let output: ImageEncoding
    /// The sheet's canonical JSON (compact, style fields sorted, override order kept):
    /// stable across runs and formatting, different whenever any style would differ.
    public let fingerprint: String

    /// The top-level object without `locales` and `keys`.
    let baseLayer: JSONValue
    /// In file order; order breaks ties between equally specific tags.
    let localeLayers: [LocaleLayer]
    /// In file order; order breaks ties between equally specific patterns.
    let keyLayers: [KeyLayer]
    /// Merged styles and fingerprints by the layers they merge, shared by the sheet's copies.
    private let merges = MergeCache()

    /// Top-level fields that are not part of the base style.
    private static let overrideFields = StyleSchema.fileFields

    /// Parses and checks a style file.
    ///
    /// - Parameters:
    ///   - json: The file's contents.
    ///   - source: The file name to use in messages.
    /// - Throws: A ``StyleError`` naming the place of the first problem.
    public init(json: Data, source: String) throws(StyleError) {
        self.source = source
        let root: JSONValue
        do {
            root = try JSONParser.parse(json)
        } catch {
            throw StyleError(error, file: source)
        }
        let rootPath = JSONPath()
        if let schema = root["$schema"] {
            guard case .string = schema else {
                throw StyleError(.invalidValue, file: source, place: SourcePlace(rootPath.appending("$schema")),
                                 message: "expected the address of a JSON Schema, got \(schema.brief)")
            }
        }
        base = try StyleDecoder(file: source, mode: .complete).style(root, at: rootPath, extraFields: Self.overrideFields)
        let layerDecoder = StyleDecoder(file: source, mode: .layer)
        output = try root[StyleSchema.outputField].map { value throws(StyleError) in
            try layerDecoder.output(value, at: rootPath.appending(StyleSchema.outputField))
        } ?? ImageEncoding()

        var localeLayers: [LocaleLayer] = []
        if let locales = root["locales"] {
            let path = rootPath.appending("locales")
            for member in try Self.members(of: locales, at: path, file: source, expected: "language tags") {
                let memberPath = path.appending(member.key)
                guard let tag = LanguageTag(member.key) else {
                    throw StyleError(
                        .invalidValue, file: source, place: SourcePlace(memberPath),
                        message: "expected a language tag such as \"ja\", \"pt-BR\" or \"zh-Hans\", "
                            + "got \(JSONValue.quoted(member.key))")
                }
                if let earlier = localeLayers.first(where: { $0.tag == tag }) {
                    throw StyleError(
                        .duplicateKey, file: source, place: SourcePlace(memberPath),
                        message: "\(JSONValue.quoted(member.key)) is the same locale as "
                            + "\(JSONValue.quoted(earlier.tag.normalized)) given earlier")
                }
                try Self.refuseOutput(in: member.value, at: memberPath, file: source)
                _ = try layerDecoder.style(member.value, at: memberPath)
                localeLayers.append(LocaleLayer(tag: tag, style: member.value))
            }
        }
        var keyLayers: [KeyLayer] = []
        if let keys = root["keys"] {
            let path = rootPath.appending("keys")
            for member in try Self.members(of: keys, at: path, file: source, expected: "string keys") {
                let memberPath = path.appending(member.key)
                guard !member.key.isEmpty else {
                    throw StyleError(.invalidValue, file: source, place: SourcePlace(memberPath),
                                     message: "expected a string key or pattern, got an empty name")
                }
                try Self.refuseOutput(in: member.value, at: memberPath, file: source)
                _ = try layerDecoder.style(member.value, at: memberPath)
                keyLayers.append(KeyLayer(pattern: member.key, style: member.value))
            }
        }
        guard case .object(let members) = root else {
            preconditionFailure("the base style decoded, so the root is an object")
        }
        baseLayer = .object(members.filter { !Self.overrideFields.contains($0.key) })
        self.localeLayers = localeLayers
        self.keyLayers = keyLayers
        // The schema line tells editors how to check the file; it changes no label.
        fingerprint = Self.canonicalText(.object(members.filter { $0.key != "$schema" }))
    }

    /// One run writes one kind of file, so `"output"` in an override is a mistake worth
    /// its own message.
    private static func refuseOutput(in layer: JSONValue, at path: JSONPath, file: String) throws(StyleError) {
        guard layer[StyleSchema.outputField] != nil else { return }
        throw StyleError(.unknownField, file: file, place: SourcePlace(path.appending(StyleSchema.outputField)),
                         message: "\"output\" applies to the whole run; set it at the top of the style file")
    }

    /// Reads and checks a style file.
    ///
    /// - Parameter url: The file; its last path component names it in messages.
    /// - Throws: A ``StyleError`` if the file cannot be read or is not a valid style.
    public init(contentsOf url: URL) throws(StyleError) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw StyleError(.unreadableFile, file: url.lastPathComponent, place: .wholeFile,
                             message: "cannot read \(url.path): \(Self.reason(error, reading: url))")
        }
        try self.init(json: data, source: url.lastPathComponent)
    }

    /// The style for one string key in one locale: the base with every matching
    /// override laid over it.
    ///
    /// - Parameters:
    ///   - key: The string key, e.g. `hud.title`.
    ///   - locale: A BCP 47 tag such as `ja`, `pt-BR` or `zh_Hans_CN`.
    /// - Throws: A ``StyleError`` when the merged style is not valid: fields that disagree,
    ///   e.g. `font.minSize` larger than `font.size` (``StyleErrorKind/conflictingFields``),
    ///   or a gradient to which no layer gives colours (``StyleErrorKind/missingField``).
    ///   Its place names the key and locale.
    public func style(forKey key: String, locale: String) throws(StyleError) -> LabelStyle {
        let selection = layerSelection(forKey: key, locale: Self.requestedTag(locale))
        guard selection != LayerSelection() else { return base }
        if let known = merges.style(for: selection) { return known }
        do {
            let style = try StyleDecoder(file: source, mode: .complete).style(merged(layers(selection)), at: JSONPath())
            merges.remember(style, for: selection)
            return style
        } catch {
            let place = JSONPath().appending("keys").appending(key).description + " (locale \(locale))"
            throw StyleError(error.kind, file: source, place: .jsonPath(place), message: error.message)
        }
    }

    /// A stable text that changes exactly when the merged style of `key` in `locale`
    /// changes, for rebuilding only the labels whose style changed.
    ///
    /// - Parameters:
    ///   - key: The string key.
    ///   - locale: A BCP 47 tag.
    public func fingerprint(forKey key: String, locale: String) -> String {
        let selection = layerSelection(forKey: key, locale: Self.requestedTag(locale))
        if let known = merges.fingerprint(for: selection) { return known }
        let text = Self.canonicalText(merged(layers(selection)))
        merges.remember(text, for: selection)
        return text
    }

    /// Whether two sheets have the same ``source`` and content (their ``fingerprint``),
    /// however their files were formatted.
    public static func == (lhs: StyleSheet, rhs: StyleSheet) -> Bool {
        lhs.source == rhs.source && lhs.fingerprint == rhs.fingerprint
    }

    /// Hashes the ``source`` and ``fingerprint``, which decide equality.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(source)
        hasher.combine(fingerprint)
    }

    // MARK: - Helpers

    private func merged(_ layers: [JSONValue]) -> JSONValue {
        layers.dropFirst().reduce(layers[0]) { $0.merging($1) }
    }

    /// Accepts what callers pass around as a locale, including POSIX forms (`de_DE.UTF-8`).
    private static func requestedTag(_ locale: String) -> LanguageTag? {
        let trimmed = locale.prefix { $0 != "." && $0 != "@" }
        return LanguageTag(String(trimmed))
    }

    private static func members(
        of value: JSONValue, at path: JSONPath, file: String, expected: String
    ) throws(StyleError) -> [JSONMember] {
        guard case .object(let members) = value else {
            throw StyleError(.invalidValue, file: file, place: SourcePlace(path),
                             message: "expected an object whose fields are \(expected), got \(value.brief)")
        }
        return members
    }

    /// Style objects are sorted so formatting and field order do not matter; the order
    /// of `locales` and `keys` entries is kept because it breaks specificity ties.
    private static func canonicalText(_ value: JSONValue) -> String {
        value.text(sortingKeys: { path in
            path.components != [.key("locales")] && path.components != [.key("keys")]
        })
    }

    /// Foundation's file error text without its generic lead-in, which says nothing.
    package static func reason(_ error: any Error, reading url: URL? = nil) -> String {
        var isFolder: ObjCBool = false
        if let url, FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
            return "it is a folder, not a file"
        }
        // The system's words ("Permission denied"), not Foundation's "error 256".
        // On Linux Foundation puts a Swift POSIXError there, which is no NSError.
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey]
        if let posix = underlying as? POSIXError {
            return String(cString: strerror(posix.code.rawValue))
        }
        if let underlying = underlying as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        let text = (error as NSError).localizedDescription
        let leadIn = "The operation could not be completed. "
        return text.hasPrefix(leadIn) ? String(text.dropFirst(leadIn.count)) : text
    }
}

/// What merging a selection of layers gave, kept per selection: a table of ten thousand
/// keys usually has a handful, and merging is most of the cost of a run with nothing to
/// draw. Shared by every thread using the sheet.
private final class MergeCache: Sendable {
    private let styles = LockedCache<LayerSelection, LabelStyle>()
    private let fingerprints = LockedCache<LayerSelection, String>()

    func style(for selection: LayerSelection) -> LabelStyle? {
        styles.withLock { $0[selection] }
    }

    func remember(_ style: LabelStyle, for selection: LayerSelection) {
        styles.withLock { $0[selection] = style }
    }

    func fingerprint(for selection: LayerSelection) -> String? {
        fingerprints.withLock { $0[selection] }
    }

    func remember(_ fingerprint: String, for selection: LayerSelection) {
        fingerprints.withLock { $0[selection] = fingerprint }
    }
}
