/// Turns the JSON of one style layer into a ``LabelStyle``, checking every field.
///
/// A layer is validated on its own when the sheet is loaded (`.layer`), so that a typo
/// in any override is reported at once with its exact path. Once layers are merged the
/// result is decoded again (`.complete`); only then can required fields and rules that
/// tie fields together (minSize <= size) be checked.
struct StyleDecoder {
    enum Mode {
        /// An override or the base before merging: fields may be missing.
        case layer
        /// A merged style: required fields must be present and fields must agree.
        case complete
    }

    let file: String
    let mode: Mode
    /// Sizes beyond these are refused here, with their path, rather than when drawing.
    var limits = Limits.default

    // Field names come from the schema's table, so the decoder and the JSON Schema
    // editors check files against accept the same fields.
    static let styleFields = StyleSchema.style().map(\.name)
    static let fontFields = StyleSchema.font().map(\.name)
    static let fillFields = StyleSchema.fill.map(\.name)
    static let gradientFields = StyleSchema.gradient.map(\.name)
    static let boxFields = StyleSchema.box().map(\.name)

    /// Decodes a style object.
    ///
    /// - Parameters:
    ///   - value: The style object.
    ///   - path: Where it is in the file.
    ///   - extraFields: Fields allowed here that the caller handles (`locales`, `keys`).
    func style(_ value: JSONValue, at path: JSONPath, extraFields: [String] = []) throws(StyleError) -> LabelStyle {
        let object = try fields(of: value, at: path, allowed: Self.styleFields + extraFields)
        // A placeholder size keeps a layer without one decodable; `.complete` rejects it below.
        var style = LabelStyle(font: FontSpec(size: 0))
        if let font = object["font"] {
            style.font = try self.font(font, at: path.appending("font"))
        } else if mode == .complete {
            throw missing(path.appending("font").appending("size"))
        }
        try decodePaint(object, at: path, into: &style)
        try decodeFrame(object, at: path, into: &style)
        try decodeLines(object, at: path, into: &style)
        try decodeOutput(object, at: path, into: &style)
        if mode == .complete {
            try checkAgreement(style, at: path)
        }
        return style
    }

    /// The layer effects, each as its slot decodes it.
    private func decodePaint(_ object: [String: JSONValue], at path: JSONPath,
                             into style: inout LabelStyle) throws(StyleError) {
        for slot in LayerEffects.slots {
            if let value = object[slot.name] {
                try slot.decode(self, value, path.appending(slot.name), &style)
            }
        }
    }

    /// The box and where the text sits in it.
    private func decodeFrame(_ object: [String: JSONValue], at path: JSONPath,
                             into style: inout LabelStyle) throws(StyleError) {
        if let box = object["box"], box != .null {
            style.box = try self.box(box, at: path.appending("box"))
        }
        if let align = object["align"] {
            style.align = try choice(align, at: path.appending("align"))
        }
        if let verticalAlign = object["verticalAlign"] {
            style.verticalAlign = try choice(verticalAlign, at: path.appending("verticalAlign"))
        }
    }

    /// How lines break, fit, space out and end.
    private func decodeLines(_ object: [String: JSONValue], at path: JSONPath,
                             into style: inout LabelStyle) throws(StyleError) {
        if let maxLines = object["maxLines"] {
            style.maxLines = try integer(maxLines, at: path.appending("maxLines"), in: 0...limits.lines,
                                         expected: "an integer from 0 to \(limits.lines) (the line limit)")
        }
        if let wrap = object["wrap"] {
            style.wrap = try choice(wrap, at: path.appending("wrap"))
        }
        if let wrapStyle = object["wrapStyle"] {
            style.wrapStyle = wrapStyle == .null ? nil : try choice(wrapStyle, at: path.appending("wrapStyle"))
        }
        if let wordBreak = object["wordBreak"] {
            style.wordBreak = try choice(wordBreak, at: path.appending("wordBreak"))
        }
        if let lineBreak = object["lineBreak"] {
            style.lineBreak = try choice(lineBreak, at: path.appending("lineBreak"))
        }
        if let hyphenate = object["hyphenate"] {
            style.hyphenate = try bool(hyphenate, at: path.appending("hyphenate"))
        }
        if let truncate = object["truncate"] {
            style.truncate = try choice(truncate, at: path.appending("truncate"))
        }
        if let lineHeight = object["lineHeight"] {
            style.lineHeight = try number(lineHeight, at: path.appending("lineHeight"), .positive,
                                          limit: (Self.maximumLineHeight, "line height multiple"))
        }
        if let tracking = object["tracking"] {
            style.tracking = try number(tracking, at: path.appending("tracking"), .any,
                                        limit: (Double(limits.canvasSide), "canvas side"))
        }
    }

    /// The image, the text's reading and its samples.
    private func decodeOutput(_ object: [String: JSONValue], at path: JSONPath,
                              into style: inout LabelStyle) throws(StyleError) {
        if let canvas = object["canvas"] {
            style.canvas = try choice(canvas, at: path.appending("canvas"))
        }
        if let scales = object["scales"] {
            style.scales = try self.scales(scales, at: path.appending("scales"))
        }
        if let markup = object["markup"] {
            style.markup = try bool(markup, at: path.appending("markup"))
        }
        if let direction = object["direction"] {
            style.direction = try choice(direction, at: path.appending("direction"))
        }
        if let samples = object["samples"] {
            style.samples = try self.samples(samples, at: path.appending("samples"))
        }
    }

    // MARK: - Groups

    private func font(_ value: JSONValue, at path: JSONPath) throws(StyleError) -> FontSpec {
        let object = try fields(of: value, at: path, allowed: Self.fontFields)
        var font = FontSpec(size: 0)
        if let family = object["family"], family != .null {
            font.family = try string(family, at: path.appending("family"))
        }
        if let weight = object["weight"] {
            font.weight = try integer(weight, at: path.appending("weight"), in: 1...1000,
                                      expected: "an integer from 1 to 1000")
        }
        if let italic = object["italic"] {
            font.italic = try bool(italic, at: path.appending("italic"))
        }
        if let size = object["size"] {
            font.size = try number(size, at: path.appending("size"), .positive, limit: (limits.fontSize, "font size"))
        } else if mode == .complete {
            throw missing(path.appending("size"))
        }
        if let minSize = object["minSize"], minSize != .null {
            font.minSize = try number(minSize, at: path.appending("minSize"), .positive, limit: (limits.fontSize, "font size"))
        }
        if let metrics = object["metrics"] {
            font.metrics = try choice(metrics, at: path.appending("metrics"))
        }
        if let files = object["files"] {
            let elements = try array(files, at: path.appending("files"), expected: "an array of font file paths")
            for (index, element) in elements.enumerated() {
                font.files.append(try string(element, at: path.appending("files").appending(index)))
            }
        }
        if let features = object["features"], features != .null {
            font.features = try tagged(features, at: path.appending("features"), expected: "an object of OpenType features, like {\"tnum\": 1, \"liga\": 0}") {
                (value, path) throws(StyleError) in
                if case .bool(let flag) = value { return flag ? 1 : 0 }
                return try integer(value, at: path, in: 0...OpenTypeTag.maximumFeatureValue,
                                   expected: "0 (off), 1 (on), an alternate number up to \(OpenTypeTag.maximumFeatureValue), true or false")
            }
        }
        if let variations = object["variations"], variations != .null {
            font.variations = try tagged(variations, at: path.appending("variations"), expected: "an object of variable-font axis values, like {\"wght\": 650}") {
                (value, path) throws(StyleError) in
                guard case .number(let number) = value, OpenTypeTag.axisValueRange.contains(number) else {
                    throw mismatch(path, expected: "an axis value from -32768 to 32767", got: value)
                }
                return number
            }
        }
        return font
    }

    /// An object of OpenType tags and their values (`features`, `variations`). A `null`
    /// value drops the tag, so an override can take back what the base turned on.
    private func tagged<Value>(
        _ value: JSONValue, at objectPath: JSONPath, expected: String,
        _ read: (JSONValue, JSONPath) throws(StyleError) -> Value
    ) throws(StyleError) -> [String: Value] {
        guard case .object(let members) = value else {
            throw mismatch(objectPath, expected: expected, got: value)
        }
        var result: [String: Value] = [:]
        for member in members {
            let path = objectPath.appending(member.key)
            guard OpenTypeTag.isValid(member.key) else {
                throw failure(.invalidValue, at: path, "expected an OpenType tag of 1 to 4 ASCII characters like \"tnum\" "
                                  + "or \"wght\", got \(JSONValue.quoted(member.key))")
            }
            if member.value == .null {
                result[member.key] = nil
            } else {
                result[member.key] = try read(member.value, path)
            }
        }
        return result
    }

    func fill(_ value: JSONValue, at path: JSONPath) throws(StyleError) -> Fill {
        switch value {
        case .string:
            return .color(try color(value, at: path))
        case .object:
            let object = try fields(of: value, at: path, allowed: Self.fillFields)
            guard let gradient = object["gradient"] else {
                throw failure(.missingField, at: path,
                              "expected a colour or {\"gradient\": …}, got an object without \"gradient\"")
            }
            return .gradient(try self.gradient(gradient, at: path.appending("gradient")))
        default:
            throw mismatch(path, expected: "a colour or {\"gradient\": …}", got: value)
        }
    }

    func gradient(_ value: JSONValue, at path: JSONPath) throws(StyleError) -> Gradient {
        let object = try fields(of: value, at: path, allowed: Self.gradientFields)
        var colors: [Color] = []
        if let list = object["colors"] {
            let elements = try array(list, at: path.appending("colors"), expected: "an array of at least 2 colours")
            guard elements.count >= 2 else {
                throw mismatch(path.appending("colors"), expected: "an array of at least 2 colours",
                               got: "\(elements.count) colour" + (elements.count == 1 ? "" : "s"))
            }
            for (index, element) in elements.enumerated() {
                colors.append(try color(element, at: path.appending("colors").appending(index)))
            }
        } else if mode == .complete {
            throw missing(path.appending("colors"))
        }
        var locations: [Double]?
        if let list = object["locations"] {
            locations = try self.locations(list, at: path.appending("locations"))
        }
        if mode == .complete, let locations, locations.count != colors.count {
            throw failure(
                .conflictingFields, at: path.appending("locations"),
                "\(path.appending("locations").field) has \(locations.count) entries but "
                    + "\(path.appending("colors").field) has \(colors.count); give one location per colour")
        }
        var gradient = Gradient(colors: colors, locations: locations)
        if let scope = object["scope"] {
            gradient.scope = try choice(scope, at: path.appending("scope"))
        }
        if let angle = object["angle"] {
            gradient.angle = try number(angle, at: path.appending("angle"), .any)
        }
        return gradient
    }

    /// Range and order are checked per layer, not after merging: arrays are replaced
    /// whole, so the layer that wrote the array is the one to blame.
    private func locations(_ value: JSONValue, at path: JSONPath) throws(StyleError) -> [Double] {
        let elements = try array(value, at: path, expected: "an array of numbers in 0...1")
        var locations: [Double] = []
        for (index, element) in elements.enumerated() {
            let location = try number(element, at: path.appending(index), .unit)
            if let previous = locations.last, location < previous {
                throw failure(
                    .invalidValue, at: path.appending(index),
                    "expected locations that do not decrease, got \(JSONValue.format(location)) "
                        + "after \(JSONValue.format(previous))")
            }
            locations.append(location)
        }
        return locations
    }

    /// One outline object, or a list of outlines stacked outward (innermost first).
    func strokes(_ value: JSONValue, at path: JSONPath) throws(StyleError) -> [Stroke] {
        let expected = "a stroke object, a non-empty array of them or null"
        switch value {
        case .object: return [try effect(value, at: path)]
        case .array(let elements) where !elements.isEmpty: break
        case .array: throw mismatch(path, expected: expected, got: "an empty array")
        default: throw mismatch(path, expected: expected, got: value)
        }
        guard case .array(let elements) = value else { return [] }
        guard elements.count <= limits.strokes else {
            throw failure(.limitExceeded, at: path, "\(elements.count) strokes exceed the limit of \(limits.strokes)")
        }
        var strokes: [Stroke] = []
        for (index, element) in elements.enumerated() {
            strokes.append(try effect(element, at: path.appending(index)))
        }
        return strokes
    }

    private func box(_ value: JSONValue, at path: JSONPath) throws(StyleError) -> Box {
        let object = try fields(of: value, at: path, allowed: Self.boxFields, nullable: true)
        var box = Box(width: 0)
        if let width = object["width"] {
            box.width = try number(width, at: path.appending("width"), .positive, limit: (Double(limits.canvasSide), "canvas side"))
        } else if mode == .complete {
            throw missing(path.appending("width"))
        }
        if let height = object["height"], height != .null {
            box.height = try number(height, at: path.appending("height"), .positive, limit: (Double(limits.canvasSide), "canvas side"))
        }
        return box
    }

    private func samples(_ value: JSONValue, at path: JSONPath) throws(StyleError) -> [String: String] {
        guard case .object(let members) = value else {
            throw mismatch(path, expected: "an object of placeholder sample texts, like {\"%d\": \"42\"}", got: value)
        }
        var samples: [String: String] = [:]
        for member in members {
            samples[member.key] = try string(member.value, at: path.appending(member.key))
        }
        return samples
    }

    private func scales(_ value: JSONValue, at path: JSONPath) throws(StyleError) -> [Double] {
        let expected = "a non-empty array of numbers > 0"
        let elements = try array(value, at: path, expected: expected)
        guard !elements.isEmpty else {
            throw mismatch(path, expected: expected, got: "an empty array")
        }
        var scales: [Double] = []
        for (index, element) in elements.enumerated() {
            let scale = try number(element, at: path.appending(index), .positive, limit: (limits.scale, "scale"))
            // Two equal scales would write the same file twice.
            if scales.contains(scale) {
                throw failure(.invalidValue, at: path.appending(index), "scale \(JSONValue.format(scale)) is listed twice")
            }
            scales.append(scale)
        }
        return scales
    }

    private func checkAgreement(_ style: LabelStyle, at path: JSONPath) throws(StyleError) {
        if let minSize = style.font.minSize, minSize > style.font.size {
            let minPath = path.appending("font").appending("minSize")
            throw failure(
                .conflictingFields, at: minPath,
                "\(minPath.field) \(JSONValue.format(minSize)) is larger than "
                    + "\(path.appending("font").appending("size").field) \(JSONValue.format(style.font.size))")
        }
    }
}
