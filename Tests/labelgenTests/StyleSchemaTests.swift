import Foundation
import StyledText
import Testing

/// `labelgen schema`, the committed docs/style.schema.json, and whether the schema and the
/// style decoder agree: a real JSON Schema validator (Python's jsonschema) and
/// `StyleSheet` judge the same documents.
@Suite("labelgen schema: the style JSON Schema")
struct StyleSchemaTests {
    static let committed = CLI.packageRoot.appendingPathComponent("docs/style.schema.json")
    static let python = "/usr/bin/python3"
    static let validator = CLI.packageRoot.appendingPathComponent("scripts/validate-styles.py").path
    static var hasValidator: Bool {
        (try? Shell.run(python, ["-c", "import jsonschema"]).status) == 0
    }

    @Test("the committed schema is the one labelgen schema prints, and --out writes the same")
    func committedSchemaIsCurrent() async throws {
        let printed = try await CLI.run(["schema"])
        #expect(printed.status == 0, "\(printed)")
        let committed = try String(contentsOf: Self.committed, encoding: .utf8)
        #expect(printed.stdout == committed, "docs/style.schema.json is stale: run labelgen schema --out docs/style.schema.json")

        let tmp = try TempDir()
        defer { tmp.remove() }
        let written = try await CLI.run(["schema", "--out", tmp("style.schema.json").path])
        #expect(written.status == 0 && written.stdout.isEmpty, "\(written)")
        #expect(try String(contentsOf: tmp("style.schema.json"), encoding: .utf8) == committed)
    }

    @Test("every demo and benchmark style names the schema and is valid against it",
          .enabled(if: hasValidator, "needs Python's jsonschema (Debian package python3-jsonschema)"))
    func demoStylesValidate() throws {
        let folders = ["Localizations/styles", "Benchmarks/styles"].map { CLI.packageRoot.appendingPathComponent($0) }
        let styles = try folders.flatMap { folder in
            try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "json" }
        }
        #expect(styles.count >= 7)
        for style in styles {
            let root = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: style)) as? [String: Any])
            let named = try #require(root["$schema"] as? String, "\(style.lastPathComponent) has no $schema")
            let resolved = style.deletingLastPathComponent().appendingPathComponent(named).standardizedFileURL
            #expect(resolved.path == Self.committed.standardizedFileURL.path, "\(style.path) names \(named)")
        }
        let (status, output) = try Shell.run(Self.python, [Self.validator, Self.committed.path] + styles.map(\.path))
        #expect(status == 0, "\(output)")
    }

    @Test("the schema and the decoder accept and reject the same values of every field, in the base and in overrides",
          .enabled(if: hasValidator, "needs Python's jsonschema (Debian package python3-jsonschema)"))
    func schemaAgreesWithDecoder() throws {
        var cases: [SchemaCase] = []
        for field in StyleSchema.style() {
            for value in Probe.values(for: field.kind) {
                cases.append(SchemaCase(path: [field.name], value: value, inOverride: false))
                cases.append(SchemaCase(path: [field.name], value: value, inOverride: true))
            }
            cases += Probe.nested(field, path: [field.name])
        }
        // Fields the schema does not know, at every level, and required fields left out.
        cases += [
            SchemaCase(path: ["colour"], value: "#FFF", inOverride: false),
            SchemaCase(path: ["font", "wieght"], value: 700, inOverride: true),
            SchemaCase(path: ["stroke", "colour"], value: "#000", inOverride: false),
            SchemaCase(path: ["fill"], value: ["gradient": ["angle": 90]] as [String: Any], inOverride: false),
            SchemaCase(path: ["fill"], value: ["gradient": ["angle": 90]] as [String: Any], inOverride: true),
            SchemaCase(path: ["box"], value: ["height": 10] as [String: Any], inOverride: false),
            SchemaCase(path: ["box"], value: ["height": 10] as [String: Any], inOverride: true),
            SchemaCase(path: ["$schema"], value: 1, inOverride: false),
            SchemaCase(path: ["$schema"], value: "style.schema.json", inOverride: false),
        ]
        let documents = try cases.map { try $0.document() }
        let tmp = try TempDir()
        defer { tmp.remove() }
        let casesFile = tmp("cases.json")
        try JSONSerialization.data(withJSONObject: documents).write(to: casesFile)
        let (status, output) = try Shell.run(Self.python, [Self.validator, Self.committed.path, "--cases", casesFile.path])
        try #require(status == 0, "\(output)")
        let verdicts = try #require(JSONSerialization.jsonObject(with: Data(output.utf8)) as? [Bool], "\(output)")
        try #require(verdicts.count == cases.count)

        var disagreements: [String] = []
        var accepted = 0
        for (index, (probe, document)) in zip(cases, documents).enumerated() {
            let data = try JSONSerialization.data(withJSONObject: document)
            let decoded = (try? StyleSheet(json: data, source: "case.json")) != nil
            accepted += decoded ? 1 : 0
            // The two rules a JSON Schema cannot state: locations that do not decrease,
            // and minSize not above size; only there may the decoder be stricter.
            let decoderOnlyRule = probe.probed == "locations" || probe.probed == "minSize"
            if decoded != verdicts[index], !(decoderOnlyRule && verdicts[index] && !decoded) {
                disagreements.append("\(probe): decoder \(decoded ? "accepts" : "rejects"), schema "
                                     + (verdicts[index] ? "accepts" : "rejects"))
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) of \(cases.count): \(disagreements.prefix(8))")
        // Both kinds of verdict were tried, plenty of each.
        #expect(accepted > cases.count / 4 && accepted < cases.count * 3 / 4, "\(accepted) of \(cases.count) accepted")
    }
}

/// One value at one place in a style file: in the base, or in a `locales` override.
struct SchemaCase: CustomStringConvertible {
    var path: [String]
    var value: Any
    var inOverride: Bool
    /// The field whose value is probed: the last of `path`, or one inside `value`.
    var probed: String

    init(path: [String], value: Any, inOverride: Bool, probed: String? = nil) {
        self.path = path
        self.value = value
        self.inOverride = inOverride
        self.probed = probed ?? path.last!
    }

    var description: String {
        let written = (try? JSONSerialization.data(withJSONObject: [value], options: [.fragmentsAllowed, .sortedKeys]))
            .map { String(decoding: $0, as: UTF8.self).dropFirst().dropLast() } ?? "?"
        return (inOverride ? "locales.ja." : "") + path.joined(separator: ".") + " = " + written
    }

    /// A whole style file: a complete base (font size 20), with the value placed.
    func document() throws -> [String: Any] {
        let base: [String: Any] = ["font": ["size": 20]]
        if path == ["$schema"] { return base.merging(["$schema": value]) { $1 } }
        if inOverride { return base.merging(["locales": ["ja": Self.placing(value, at: path, in: [:])]]) { $1 } }
        return Self.placing(value, at: path, in: base)
    }

    private static func placing(_ value: Any, at path: [String], in object: [String: Any]) -> [String: Any] {
        var object = object
        guard let first = path.first else { return object }
        if path.count == 1 {
            object[first] = value
        } else {
            object[first] = placing(value, at: Array(path.dropFirst()), in: object[first] as? [String: Any] ?? [:])
        }
        return object
    }
}

/// Values on both sides of each boundary a field kind sets.
enum Probe {
    static func values(for kind: StyleSchema.Kind) -> [Any] {
        switch kind {
        case .number(let above, let atLeast, let atMost):
            var values: [Any] = ["1", true, NSNull()]
            if let above { values += [above, above + 0.5] }
            if let atLeast { values += [atLeast, atLeast - 0.5] }
            if let atMost { values += [atMost, atMost + 0.5] }
            if above == nil && atLeast == nil && atMost == nil { values += [-1e6, 0, 1e6] }
            return values
        case .integer(let range):
            return [range.lowerBound, range.lowerBound - 1, range.upperBound, range.upperBound + 1,
                    Double(range.lowerBound) + 0.5, "\(range.lowerBound)", false]
        case .text:
            return ["a", "", 1, NSNull()]
        case .boolean:
            return [true, false, 1, "true"]
        case .color:
            return ["#FFF", "#FFFFFF", "#FFFFFF80", "#ffffff", "FFF", "#FFFF", "#GGG", "#FFFFFFF", 0]
        case .choice(let names):
            return names + ["bogus", "", 1]
        case .object:
            return [[:] as [String: Any], ["bogus": 1] as [String: Any], 1, "x", NSNull()]
        case .array(let element, let count, let unique):
            let sample = values(for: element).first!
            let differing = values(for: element).filter { !($0 is String) || element.isTextual }
            var result: [Any] = [[Any](), "x", NSNull(), [NSNull()] as [Any]]
            if let count, count.lowerBound > 0 {
                result.append(Array(distinctValues(of: element, differing).prefix(count.lowerBound)))
                if count.lowerBound > 1 { result.append(Array(distinctValues(of: element, differing).prefix(count.lowerBound - 1))) }
            } else {
                result.append([sample])
            }
            if let count, count.upperBound < 100 {
                result.append(Array(repeating: sample, count: count.upperBound))
                result.append(Array(repeating: sample, count: count.upperBound + 1))
            }
            if unique { result.append([sample, sample]) }
            return result
        case .map(let value):
            return values(for: value).map { ["%d": $0] as [String: Any] } + [1, [:] as [String: Any]]
        case .tagged(let value):
            return values(for: value).map { ["tnum": $0] as [String: Any] }
                + [["tnum": NSNull()] as [String: Any], ["toolong": 1] as [String: Any], ["": 1] as [String: Any],
                   ["a b": 1] as [String: Any], 1, [:] as [String: Any]]
        case .either(let first, let second):
            return values(for: first) + values(for: second)
        case .nullable(let kind):
            return values(for: kind) + [NSNull()]
        }
    }

    /// Cases for the fields inside an object field (and inside the objects of an array
    /// or of `either`), each placed alone in its object.
    static func nested(_ field: StyleSchema.Field, path: [String]) -> [SchemaCase] {
        guard let fields = objectFields(of: field.kind) else { return [] }
        // An object that must name some fields gets them, so each case tests one value.
        let filler = fields.filter { $0.required == .always }
        var cases: [SchemaCase] = []
        for inner in fields {
            for value in values(for: inner.kind) {
                for inOverride in [false, true] {
                    var object: [String: Any] = [:]
                    for required in filler where required.name != inner.name {
                        object[required.name] = [:] as [String: Any]
                    }
                    object[inner.name] = value
                    var wrapped = wrap(object, in: field.kind)
                    // The base must complete what the field's object needs.
                    if !inOverride, path == ["font"], inner.name != "size" { object["size"] = 20; wrapped = object }
                    if !inOverride, path == ["box"], inner.name != "width" { object["width"] = 100; wrapped = object }
                    if !inOverride, path == ["fill"], inner.name == "gradient" { wrapped = ["gradient": value] }
                    cases.append(SchemaCase(path: path, value: wrapped, inOverride: inOverride, probed: inner.name))
                }
            }
            cases += nested(inner, path: path + [inner.name]).filter { _ in path != ["fill"] }
        }
        if path == ["fill"] { cases += gradientCases() }
        return cases
    }

    /// Each gradient field inside `fill.gradient`, with the two colours a base needs.
    private static func gradientCases() -> [SchemaCase] {
        StyleSchema.gradient.flatMap { inner in
            values(for: inner.kind).flatMap { value in
                [false, true].map { inOverride in
                    var gradient: [String: Any] = inner.name == "colors" ? [:] : ["colors": ["#000", "#FFF"]]
                    if inner.name == "locations", !inOverride { gradient["colors"] = ["#000", "#FFF"] }
                    gradient[inner.name] = value
                    return SchemaCase(path: ["fill"], value: ["gradient": gradient], inOverride: inOverride, probed: inner.name)
                }
            }
        }
    }

    private static func objectFields(of kind: StyleSchema.Kind) -> [StyleSchema.Field]? {
        switch kind {
        case .object(let fields): fields
        case .nullable(let inner), .array(let inner, _, _): objectFields(of: inner)
        case .either(let first, let second): objectFields(of: first) ?? objectFields(of: second)
        default: nil
        }
    }

    private static func wrap(_ object: [String: Any], in kind: StyleSchema.Kind) -> Any {
        switch kind {
        case .array: [object]
        default: object
        }
    }

    /// Distinct valid-looking values for arrays that need several.
    private static func distinctValues(of element: StyleSchema.Kind, _ fallback: [Any]) -> [Any] {
        switch element {
        case .color: ["#000", "#FFF", "#F00"]
        case .number(_, let atLeast, let atMost):
            [atLeast ?? 0.25, (atMost ?? 1) / 2, atMost ?? 1].map { max($0, 0.25) }
        default: fallback
        }
    }
}

extension StyleSchema.Kind {
    fileprivate var isTextual: Bool {
        switch self {
        case .text, .color, .choice: true
        default: false
        }
    }
}
