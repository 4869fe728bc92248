import CHarfBuzz

/// One axis of a variable font (`wght`, `wdth`, `opsz`, …) and the values it takes.
public struct VariationAxis: Sendable, Hashable {
    /// The axis tag, e.g. `wght`, without trailing spaces.
    public let tag: String
    /// The smallest value the font supports.
    public let minimum: Double
    /// The value the font is drawn at when the axis is not set.
    public let defaultValue: Double
    /// The largest value the font supports.
    public let maximum: Double

    /// The axes of `face`'s fvar table, in order; empty for a font that is not variable.
    static func axes(of face: OpaquePointer) -> [VariationAxis] {
        var count = hb_ot_var_get_axis_count(face)
        guard count > 0 else { return [] }
        var infos = [hb_ot_var_axis_info_t](repeating: hb_ot_var_axis_info_t(), count: Int(count))
        _ = hb_ot_var_get_axis_infos(face, 0, &count, &infos)
        return infos.prefix(Int(count)).map { info in
            VariationAxis(tag: tagString(info.tag), minimum: Double(info.min_value),
                          defaultValue: Double(info.default_value), maximum: Double(info.max_value))
        }
    }

    /// `wdth=85 wght=650`: axis values in tag order, for descriptions.
    static func describe(_ variations: [String: Double]) -> String {
        variations.sorted { $0.key < $1.key }.map { tag, value in
            let number = value == value.rounded() ? String(Int(value)) : String(value)
            return "\(tag)=\(number)"
        }.joined(separator: " ")
    }

    private static func tagString(_ tag: hb_tag_t) -> String {
        let bytes = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: tag >> $0) }
        return String(decoding: bytes, as: UTF8.self).trimmingTrailingSpaces()
    }
}

private extension String {
    func trimmingTrailingSpaces() -> String {
        var result = self
        while result.hasSuffix(" ") { result.removeLast() }
        return result
    }
}

extension FontFace {
    /// The axis values this face is drawn at for a style's `font.variations` and weight.
    ///
    /// Axes the face lacks are ignored, so one setting can apply to a whole fallback
    /// chain; values are clamped to the axis range, as CSS and HarfBuzz do. Without a
    /// `wght` entry the weight sets the `wght` axis, so `<b>` emboldens a variable face.
    /// Values at the axis default are left out: the default instance is the face itself.
    func resolvedVariations(_ requested: [String: Double], weight: Int) -> [String: Double] {
        guard !axes.isEmpty else { return [:] }
        var wanted = requested
        if wanted["wght"] == nil { wanted["wght"] = Double(weight) }
        var resolved: [String: Double] = [:]
        for axis in axes {
            guard let value = wanted[axis.tag] else { continue }
            let clamped = min(max(value, axis.minimum), axis.maximum)
            if clamped != axis.defaultValue { resolved[axis.tag] = clamped }
        }
        return resolved
    }

    /// A face of the same file drawn at `variations` (as ``resolvedVariations(_:weight:)``
    /// gives them). It shares this face's HarfBuzz face and has a font of its own, so
    /// shaping, outlines, ink boxes and metrics all follow the axes.
    func instance(at variations: [String: Double]) -> FontFace {
        let sharedFace = hb_face_reference(face)!
        let font = hb_font_create(sharedFace)!
        let settings = variations.sorted { $0.key < $1.key }.map { tag, value in
            hb_variation_t(tag: hb_tag_from_string(tag, -1), value: Float(value))
        }
        hb_font_set_variations(font, settings, UInt32(settings.count))
        hb_font_make_immutable(font)
        return FontFace(path: path, index: index, family: family,
                        weight: variations["wght"].map { Int($0.rounded()) } ?? weight,
                        face: sharedFace, font: font, axes: axes, variations: variations)
    }
}
