/// Where labels get their styles from, by key and locale: a ``StyleSheet``, which merges
/// its `locales` and `keys` overrides over its base, or one ``LabelStyle`` used for every
/// key and locale. APIs that style many labels take either.
public protocol LabelStyleSource: Sendable {
    /// The style of the label `key` in `locale`.
    ///
    /// - Throws: A ``StyleError`` when the merged style is invalid.
    func style(forKey key: String, locale: String) throws(StyleError) -> LabelStyle
}

extension StyleSheet: LabelStyleSource {}

extension LabelStyle: LabelStyleSource {
    /// This style, whatever the key and locale.
    public func style(forKey key: String, locale: String) -> LabelStyle { self }
}
