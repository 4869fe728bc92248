/// The layer effects a style holds, one slot each, in style-file order (which the schema
/// keeps; the order they are drawn in is the renderer's). A slot is everything the
/// decoder, the schema, the layout engine and the reach of ink need from the effect, so
/// a new effect is one line here and its own files.
package enum LayerEffects {
    package static let slots: [EffectSlot] = [
        .fill("The text's colour, or {\"gradient\": …}."),
        .outlines("An outline outside the glyphs, or a list of outlines stacked outward; null removes them."),
        .list("shadows", noun: "shadow", get: { $0.shadows }, set: { $0.shadows = $1 },
              "Drop shadows, drawn under the text in order."),
        .list("innerShadows", noun: "shadow", get: { $0.innerShadows }, set: { $0.innerShadows = $1 }, inside: true,
              "Shadows inside the glyphs, over the fill; at offset [0, 0] in a light colour, an inner glow."),
        .optional("bevel", get: { $0.bevel }, set: { $0.bevel = $1 },
                  "Lights the glyphs as if raised, as an inner bevel; null removes it."),
        .optional("extrude", get: { $0.extrude }, set: { $0.extrude = $1 },
                  "The glyphs and their outlines swept along an angle, as 3D letters' sides, under the outlines; null removes it."),
    ]

    /// Every effect of `style` whose ink leaves the glyphs, as the slots list them,
    /// painting or not (a transparent shadow still counts where room is reserved).
    package static func outside(of style: LabelStyle) -> [(reach: EffectReach, paints: Bool)] {
        slots.flatMap { $0.reaches(style) }.filter {
            if case .outside = $0.reach { return true }
            return false
        }
    }
}

/// One style field that holds a layer effect.
package struct EffectSlot: Sendable {
    /// The style field.
    package let name: String
    let summary: String
    let kind: @Sendable (Limits) -> StyleSchema.Kind
    /// Decodes a value given for the field (null included) into the style.
    let decode: @Sendable (StyleDecoder, JSONValue, JSONPath, inout LabelStyle) throws(StyleError) -> Void
    /// Holds a style built in code to the same bounds: counts first, then each effect's fields.
    package let check: @Sendable (LabelStyle, Limits) throws(LimitExcess) -> Void
    /// Each effect the field holds in `style`: its reach, and whether it paints.
    package let reaches: @Sendable (LabelStyle) -> [(reach: EffectReach, paints: Bool)]

    func schemaField(_ limits: Limits) -> StyleSchema.Field {
        StyleSchema.Field(name, kind(limits), summary)
    }

    /// An effect the style has at most one of; null removes it.
    static func optional<E: LayerEffect>(
        _ name: String, get: @escaping @Sendable (LabelStyle) -> E?,
        set: @escaping @Sendable (inout LabelStyle, E) -> Void, _ summary: String
    ) -> EffectSlot {
        EffectSlot(
            name: name, summary: summary,
            kind: { .nullable(.object(E.schemaFields(limits: $0))) },
            decode: { decoder, value, path, style throws(StyleError) in
                guard value != .null else { return }
                set(&style, try decoder.effect(value, at: path) as E)
            },
            check: { style, limits throws(LimitExcess) in try get(style)?.checkBounds(limits) },
            reaches: { style in get(style).map { [($0.effectReach, $0.paints)] } ?? [] })
    }

    /// A list of effects, at most `Limits.shadows` long; with `inside`, clipped to the
    /// glyphs whatever their own reach (a shadow cast inside them).
    static func list<E: LayerEffect>(
        _ name: String, noun: String, get: @escaping @Sendable (LabelStyle) -> [E],
        set: @escaping @Sendable (inout LabelStyle, [E]) -> Void, inside: Bool = false, _ summary: String
    ) -> EffectSlot {
        EffectSlot(
            name: name, summary: summary,
            kind: { .array(.object(E.schemaFields(limits: $0)), count: 0...$0.shadows) },
            decode: { decoder, value, path, style throws(StyleError) in
                let elements = try decoder.array(value, at: path, expected: "an array of \(noun) objects")
                guard elements.count <= decoder.limits.shadows else {
                    throw decoder.failure(.limitExceeded, at: path,
                                          "\(elements.count) \(noun)s exceed the limit of \(decoder.limits.shadows)")
                }
                var effects: [E] = []
                for (index, element) in elements.enumerated() {
                    effects.append(try decoder.effect(element, at: path.appending(index)))
                }
                set(&style, effects)
            },
            check: { style, limits throws(LimitExcess) in
                let effects = get(style)
                if effects.count > limits.shadows {
                    throw LimitExcess(.shadowCount, value: Double(effects.count), limit: Double(limits.shadows))
                }
                for effect in effects { try effect.checkBounds(limits) }
            },
            reaches: { style in get(style).map { (inside ? .inside : $0.effectReach, $0.paints) } })
    }

    /// `"stroke"`: one outline, or a list stacked outward whose first is the style's
    /// ``LabelStyle/stroke`` (the one markup changes) and the rest its outer strokes.
    static func outlines(_ summary: String) -> EffectSlot {
        EffectSlot(
            name: "stroke", summary: summary,
            kind: { limits in
                let stroke = Stroke.schemaFields(limits: limits)
                return .nullable(.either(.object(stroke), .array(.object(stroke), count: 1...limits.strokes)))
            },
            decode: { decoder, value, path, style throws(StyleError) in
                guard value != .null else { return }
                let strokes = try decoder.strokes(value, at: path)
                style.stroke = strokes.first
                style.outerStrokes = Array(strokes.dropFirst())
            },
            check: { style, limits throws(LimitExcess) in
                try style.stroke?.checkBounds(limits)
                let count = style.outerStrokes.count + 1
                if count > limits.strokes {
                    throw LimitExcess(.strokeCount, value: Double(count), limit: Double(limits.strokes))
                }
                for stroke in style.outerStrokes { try stroke.checkBounds(limits) }
            },
            reaches: { style in ([style.stroke].compactMap { $0 } + style.outerStrokes).map { ($0.effectReach, $0.paints) } })
    }

    /// `"fill"`: a colour or a gradient, always inside the glyphs.
    static func fill(_ summary: String) -> EffectSlot {
        EffectSlot(
            name: "fill", summary: summary,
            kind: { _ in .either(.color, .object(StyleSchema.fill)) },
            decode: { decoder, value, path, style throws(StyleError) in style.fill = try decoder.fill(value, at: path) },
            check: { _, _ in },
            reaches: { _ in [(.inside, true)] })
    }
}

extension StyleDecoder {
    /// One effect's object: unknown fields refused, each given field read and held to its bound.
    func effect<E: LayerEffect>(_ value: JSONValue, at path: JSONPath) throws(StyleError) -> E {
        let fields = E.fields(limits: limits)
        let object = try self.fields(of: value, at: path, allowed: fields.map(\.name), nullable: E.acceptsNull)
        var effect = E.decodingDefault
        for field in fields {
            guard let given = object[field.name] else { continue }
            let at = path.appending(field.name)
            switch field.value {
            case .number(let keyPath, let bound):
                effect[keyPath: keyPath] = try number(given, at: at, bound.sign, limit: bound.cap)
            case .pair(let x, let y, let bound):
                let expected = "an array of 2 numbers [x, y]"
                let elements = try array(given, at: at, expected: expected)
                guard elements.count == 2 else { throw mismatch(at, expected: expected, got: "\(elements.count) elements") }
                effect[keyPath: x] = try number(elements[0], at: at.appending(0), bound.sign, limit: bound.cap)
                effect[keyPath: y] = try number(elements[1], at: at.appending(1), bound.sign, limit: bound.cap)
            case .color(let keyPath):
                effect[keyPath: keyPath] = try color(given, at: at)
            case .gradient(let keyPath):
                if given != .null { effect[keyPath: keyPath] = try gradient(given, at: at) }
            case .join(let keyPath):
                effect[keyPath: keyPath] = try choice(given, at: at)
            }
        }
        return effect
    }
}
