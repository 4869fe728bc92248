/// A layer effect as a style holds it: its fields with their bounds, which the style
/// decoder reads, the schema describes and the layout engine checks again on styles built
/// in code, and how far its ink reaches, which the insets, the tight canvas and the
/// renderer all take their room from.
package protocol LayerEffect: Sendable {
    /// What an object without fields (`{}`) decodes to.
    static var decodingDefault: Self { get }
    /// Whether the decoder's "not an object" message offers null, which removes the
    /// effect (a list's elements cannot be null).
    static var acceptsNull: Bool { get }
    /// The fields in style-file order, which is also the schema's, bounded by `limits`.
    static func fields(limits: Limits) -> [EffectField<Self>]
    /// Whether it draws anything; one that does not is no effect for drawing.
    var paints: Bool { get }
    /// How far its ink reaches beyond the glyphs.
    var effectReach: EffectReach { get }
}

/// How far one effect's ink reaches beyond the glyphs, px at scale 1, given in parts:
/// the insets add them per side, the renderer takes the largest distance, and a blur
/// needs its own window, so no one sum serves every consumer.
package enum EffectReach: Sendable, Hashable {
    /// Never beyond the glyphs (the fill, a bevel, inner shadows).
    case inside
    /// Grows the silhouette by `width` (0 when it paints nothing).
    case outline(width: Double)
    /// The outlined silhouette grown by `spread`, blurred by the CSS radius `blur`
    /// (sigma = blur / 2) and moved to each of `offsets`; both at least 0.
    case outside(spread: Double, blur: Double, offsets: [Offset])

    package struct Offset: Sendable, Hashable {
        package var x: Double
        package var y: Double

        package init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
    }
}

/// One number's bound. The decoder holds a file to all of it; the engine, checking
/// styles built in code, only to what keeps drawing's memory and time bounded: the
/// magnitude cap, or, with `finiteOnly`, that the number is finite.
package struct Bound {
    let sign: StyleDecoder.NumberRule
    /// The largest magnitude and the name the decoder's message gives it.
    let cap: (value: Double, name: String)?
    let measure: LimitExcess.Measure
    let finiteOnly: Bool

    init(_ sign: StyleDecoder.NumberRule, cap: (value: Double, name: String)? = nil, _ measure: LimitExcess.Measure,
         finiteOnly: Bool = false) {
        self.sign = sign
        self.cap = cap
        self.measure = measure
        self.finiteOnly = finiteOnly
    }

    var schemaKind: StyleSchema.Kind {
        let most = cap?.value
        switch sign {
        case .any: return .number(atLeast: most.map { -$0 }, atMost: most)
        case .positive: return .number(above: 0, atMost: most)
        case .nonNegative: return .number(atLeast: 0, atMost: most)
        case .unit: return .number(atLeast: 0, atMost: 1)
        }
    }

    func check(_ value: Double) throws(LimitExcess) {
        let limit = finiteOnly ? .greatestFiniteMagnitude : cap?.value ?? .greatestFiniteMagnitude
        guard value.isFinite, abs(value) <= limit else {
            throw LimitExcess(measure, value: value, limit: limit)
        }
    }
}

/// One field of an effect's object.
package struct EffectField<Effect> {
    enum Value {
        case number(WritableKeyPath<Effect, Double>, Bound)
        /// `[x, y]`, each held to the bound.
        case pair(x: WritableKeyPath<Effect, Double>, y: WritableKeyPath<Effect, Double>, Bound)
        case color(WritableKeyPath<Effect, Color>)
        /// A gradient; null keeps none.
        case gradient(WritableKeyPath<Effect, Gradient?>)
        case join(WritableKeyPath<Effect, LineJoin>)
    }

    let name: String
    let value: Value
    let summary: String

    init(_ name: String, _ value: Value, _ summary: String) {
        self.name = name
        self.value = value
        self.summary = summary
    }

    var schemaField: StyleSchema.Field {
        switch value {
        case .number(_, let bound): StyleSchema.Field(name, bound.schemaKind, summary)
        case .pair(_, _, let bound): StyleSchema.Field(name, .array(bound.schemaKind, count: 2...2), summary)
        case .color: StyleSchema.Field(name, .color, summary)
        case .gradient: StyleSchema.Field(name, .nullable(.object(StyleSchema.gradient)), summary)
        case .join: StyleSchema.Field(name, .choice(LineJoin.allCases.map(\.rawValue)), summary)
        }
    }

    func check(_ effect: Effect) throws(LimitExcess) {
        switch value {
        case .number(let at, let bound):
            try bound.check(effect[keyPath: at])
        case .pair(let x, let y, let bound):
            try bound.check(effect[keyPath: x])
            try bound.check(effect[keyPath: y])
        case .color, .gradient, .join:
            break
        }
    }
}

extension LayerEffect {
    /// The fields as the schema lists them.
    package static func schemaFields(limits: Limits) -> [StyleSchema.Field] {
        fields(limits: limits).map(\.schemaField)
    }

    /// Holds the effect to every field's bound, as the engine checks styles built in code.
    package func checkBounds(_ limits: Limits) throws(LimitExcess) {
        for field in Self.fields(limits: limits) { try field.check(self) }
    }
}
