/// The fields of a style file and what each may hold: the table the style decoder takes
/// its field names from, and that ``jsonSchema(limits:)`` turns into a JSON Schema for
/// editors, so the two cannot disagree on what a style may contain.
///
/// Two rules of the decoder are not expressible in a JSON Schema and stay the decoder's
/// alone: gradient `locations` must not decrease, and `font.minSize` must not exceed the
/// merged `font.size`.
package enum StyleSchema {
    /// What a field holds.
    package indirect enum Kind: Sendable {
        /// A number within the bounds; `above` excludes its value.
        case number(above: Double? = nil, atLeast: Double? = nil, atMost: Double? = nil)
        /// A whole number in the range.
        case integer(ClosedRange<Int>)
        /// A non-empty string.
        case text
        case boolean
        /// `#RGB`, `#RRGGBB` or `#RRGGBBAA`.
        case color
        /// One of these strings.
        case choice([String])
        /// An object with these fields and no others.
        case object([Field])
        /// An array of `element`s; `count` bounds its length.
        case array(Kind, count: ClosedRange<Int>? = nil, unique: Bool = false)
        /// An object whose fields are free names, each holding `value`.
        case map(Kind)
        /// An object whose fields are OpenType tags (1 to 4 printable ASCII characters),
        /// each holding `value`, or `null`, which takes back an earlier layer's setting.
        case tagged(Kind)
        /// Either of the kinds.
        case either(Kind, Kind)
        /// The kind, or `null`.
        case nullable(Kind)
    }

    /// A field of a style object.
    package struct Field: Sendable {
        package let name: String
        package let kind: Kind
        /// What it does, for an editor's hover text.
        package let summary: String
        /// Where its object must give it.
        package let required: Requirement

        init(_ name: String, _ kind: Kind, _ summary: String, required: Requirement = .never) {
            self.name = name
            self.kind = kind
            self.summary = summary
            self.required = required
        }
    }

    /// Whether an object must give a field.
    package enum Requirement: Sendable {
        case never
        /// In the base style, which must be complete on its own; override layers need not.
        case inBase
        /// Wherever the object appears.
        case always
    }

    private static func names<Choice: CaseIterable & RawRepresentable>(_: Choice.Type) -> Kind
    where Choice.RawValue == String {
        .choice(Choice.allCases.map(\.rawValue))
    }

    /// The fields of a style object: the base of a style file and each override layer.
    package static func style(limits: Limits = .default) -> [Field] {
        let canvas = Double(limits.canvasSide)
        return [Field("font", .object(font(limits: limits)), "The font and its size.", required: .inBase)]
            + LayerEffects.slots.map { $0.schemaField(limits) } + [
            Field("box", .nullable(.object(box(limits: limits))),
                  "The label's frame, px at scale 1; without it the label is one unconstrained line."),
            Field("align", names(HorizontalAlignment.self), "Horizontal alignment of the lines."),
            Field("verticalAlign", names(VerticalAlignment.self), "Where the text block sits in the box's height."),
            Field("maxLines", .integer(0...limits.lines), "The most lines; 0 means no limit."),
            Field("wrap", names(WrapMode.self), "How lines break."),
            Field("wrapStyle", .nullable(names(WrapStyle.self)),
                  "balance: lines of even width; pretty: no lone last word, breaks at clause ends; greedy: fill each line. Default (null): balance when centred, else pretty."),
            Field("wordBreak", names(WordBreak.self),
                  "phrase: Japanese phrases, Chinese words and Korean words stay whole; normal: break between any CJK characters."),
            Field("lineBreak", names(LineBreakStrictness.self),
                  "How strictly kinsoku applies: strict (no small kana or prolonged sound mark starts a line), normal or loose."),
            Field("hyphenate", .boolean,
                  "Whether long words may break at dictionary hyphenation points (de, nl, fi, en) before the text shrinks."),
            Field("truncate", names(TruncationMode.self), "Where an ellipsis cuts text that cannot fit."),
            Field("lineHeight", .number(above: 0, atMost: StyleDecoder.maximumLineHeight),
                  "A multiple of the font's natural line height."),
            Field("tracking", .number(atLeast: -canvas, atMost: canvas), "Extra pixels between grapheme clusters."),
            Field("canvas", names(CanvasMode.self), "box: the image is the box; tight: the ink and its effects."),
            Field("scales", .array(.number(above: 0, atMost: limits.scale), count: 1...Int.max, unique: true),
                  "The scales drawn: 1 for name.png, 2 for name@2x.png, …"),
            Field("markup", .boolean, "Whether strings are read as markup; false draws them as written."),
            Field("direction", names(TextDirection.self), "The base direction of the text."),
            Field("samples", .map(.text), "Texts that stand for placeholders, e.g. {\"%d\": \"42\"}."),
        ]
    }

    package static func font(limits: Limits = .default) -> [Field] {
        let size = Kind.number(above: 0, atMost: limits.fontSize)
        return [
            Field("family", .nullable(.text), "The family name, e.g. \"Noto Sans\"."),
            Field("weight", .integer(1...1000), "100 thin to 900 black; 400 regular, 700 bold."),
            Field("italic", .boolean, "Whether the italic face is used."),
            Field("size", size, "The size, px at scale 1.", required: .inBase),
            Field("minSize", .nullable(size), "The smallest size fitting may shrink to, px at scale 1."),
            Field("files", .array(.text), "Font files, relative to the style file, tried before the bundled fonts."),
            Field("metrics", names(VerticalMetrics.self), "compact, or tall to keep the fonts' own tall metrics."),
            Field("features", .tagged(.either(.integer(0...OpenTypeTag.maximumFeatureValue), .boolean)),
                  "OpenType features, e.g. {\"tnum\": 1, \"liga\": 0}; 2 and up pick an alternate."),
            Field("variations", .tagged(.number(atLeast: OpenTypeTag.axisValueRange.lowerBound,
                                                atMost: OpenTypeTag.axisValueRange.upperBound)),
                  "Variable-font axis values, e.g. {\"wght\": 650, \"wdth\": 85}."),
        ]
    }

    package static let fill: [Field] = [
        Field("gradient", .object(gradient), "A gradient instead of one colour.", required: .always),
    ]

    package static let gradient: [Field] = [
        Field("colors", .array(.color, count: 2...Int.max), "At least two colours.", required: .inBase),
        Field("locations", .array(.number(atLeast: 0, atMost: 1)), "Where each colour sits, 0 to 1, not decreasing."),
        Field("scope", names(GradientScope.self), "What the gradient spans: each line or the whole text."),
        Field("angle", .number(), "The direction in degrees; 90 runs top to bottom."),
    ]

    // The effects' fields come from their own tables, which the decoder and the
    // engine read their bounds from too.
    package static func stroke(limits: Limits = .default) -> [Field] { Stroke.schemaFields(limits: limits) }
    package static func bevel(limits: Limits = .default) -> [Field] { Bevel.schemaFields(limits: limits) }
    package static func shadow(limits: Limits = .default) -> [Field] { Shadow.schemaFields(limits: limits) }

    package static func box(limits: Limits = .default) -> [Field] {
        let side = Kind.number(above: 0, atMost: Double(limits.canvasSide))
        return [
            Field("width", side, "The box's width, px at scale 1.", required: .inBase),
            Field("height", .nullable(side), "Its height; without it the box grows to its lines."),
        ]
    }

    /// Fields of the file's top level beside the base style's: the overrides, how the
    /// images are written, and the schema an editor checks the file against.
    package static let fileFields = ["locales", "keys", outputField, "$schema"]

    /// A JSON Schema (draft 2020-12) for style files under `limits`.
    package static func jsonSchema(limits: Limits = .default) -> JSONValue {
        let layer = object(style(limits: limits), base: false)
        let overrides: (String) -> JSONValue = { names in
            .object([
                JSONMember("type", .string("object")),
                JSONMember("description", .string(names)),
                JSONMember("additionalProperties", .object([JSONMember("$ref", .string("#/$defs/layer"))])),
            ])
        }
        guard case .object(var file) = object(style(limits: limits), base: true),
              case .object(var properties) = file.first(where: { $0.key == "properties" })?.value else {
            preconditionFailure("a style object is described by an object with properties")
        }
        properties += [
            JSONMember("locales", overrides("Overrides by language tag (\"ja\", \"pt-BR\"), laid over the base.")),
            JSONMember("keys", overrides("Overrides by string key or pattern (\"tip.*\"), laid over the locales'.")),
            JSONMember(outputField, {
                guard case .object(var members) = describe(.object(output), base: true) else { preconditionFailure() }
                members.insert(JSONMember("description", .string("How the images are written; for the whole run.")), at: 0)
                return .object(members)
            }()),
            JSONMember("$schema", .object([JSONMember("type", .string("string"))])),
        ]
        file = file.map { $0.key == "properties" ? JSONMember("properties", .object(properties)) : $0 }
        return .object([
            JSONMember("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
            JSONMember("title", .string("Labelgen style")),
            JSONMember("description", .string("A label style: a base style, with overrides by locale and by key.")),
        ] + file + [JSONMember("$defs", .object([JSONMember("layer", layer)]))])
    }

    private static func object(_ fields: [Field], base: Bool) -> JSONValue {
        let required = fields.filter { $0.required == .always || ($0.required == .inBase && base) }
            .map { JSONValue.string($0.name) }
        return .object([
            JSONMember("type", .string("object")),
            JSONMember("properties", .object(fields.map { field in
                JSONMember(field.name, describe(field.kind, base: base, summary: field.summary))
            })),
            JSONMember("additionalProperties", .bool(false)),
        ] + (required.isEmpty ? [] : [JSONMember("required", .array(required))]))
    }

    private static func describe(_ kind: Kind, base: Bool, summary: String? = nil) -> JSONValue {
        var members: [JSONMember]
        switch kind {
        case .number(let above, let atLeast, let atMost):
            members = [JSONMember("type", .string("number"))]
            if let above { members.append(JSONMember("exclusiveMinimum", .number(above))) }
            if let atLeast { members.append(JSONMember("minimum", .number(atLeast))) }
            if let atMost { members.append(JSONMember("maximum", .number(atMost))) }
        case .integer(let range):
            members = [JSONMember("type", .string("integer")), JSONMember("minimum", .number(Double(range.lowerBound))),
                       JSONMember("maximum", .number(Double(range.upperBound)))]
        case .text:
            members = [JSONMember("type", .string("string")), JSONMember("minLength", .number(1))]
        case .boolean:
            members = [JSONMember("type", .string("boolean"))]
        case .color:
            members = [JSONMember("type", .string("string")),
                       JSONMember("pattern", .string("^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$"))]
        case .choice(let names):
            members = [JSONMember("enum", .array(names.map(JSONValue.string)))]
        case .object(let fields):
            guard case .object(let described) = object(fields, base: base) else { preconditionFailure() }
            members = described
        case .array(let element, let count, let unique):
            members = [JSONMember("type", .string("array")), JSONMember("items", describe(element, base: base))]
            if let count, count.lowerBound > 0 { members.append(JSONMember("minItems", .number(Double(count.lowerBound)))) }
            if let count, count.upperBound < Int.max {
                members.append(JSONMember("maxItems", .number(Double(count.upperBound))))
            }
            if unique { members.append(JSONMember("uniqueItems", .bool(true))) }
        case .map(let value):
            members = [JSONMember("type", .string("object")), JSONMember("additionalProperties", describe(value, base: base))]
        case .tagged(let value):
            members = [JSONMember("type", .string("object")),
                       JSONMember("propertyNames", .object([JSONMember("pattern", .string("^[!-~]{1,4}$"))])),
                       JSONMember("additionalProperties", describe(.nullable(value), base: base))]
        case .either(let first, let second):
            members = [JSONMember("anyOf", .array([describe(first, base: base), describe(second, base: base)]))]
        case .nullable(let kind):
            members = [JSONMember("anyOf", .array([describe(kind, base: base), .object([JSONMember("type", .string("null"))])]))]
        }
        if let summary { members.insert(JSONMember("description", .string(summary)), at: 0) }
        return .object(members)
    }
}

extension JSONMember {
    fileprivate init(_ key: String, _ value: JSONValue) { self.init(key: key, value: value) }
}
