import ArgumentParser
import Foundation
import LabelBatch
import StringTables
import StyledText

/// A `labels.json`: which string tables are drawn with which style, as `labelgen config`
/// and the SwiftPM build plugin read it.
///
/// The file is one group or a list of groups:
///
/// ```json
/// { "style": "styles/score.json", "tables": ["strings/en.json", "strings/de.json"],
///   "keys": ["hud.*"], "scales": [1, 2], "folder": "Score", "atlas": 1024,
///   "format": "png", "png": "small", "alpha": "premultiplied" }
/// ```
///
/// Tables of several locales take the command line's table options as fields:
///
/// ```json
/// { "style": "styles/score.json", "tables": ["strings.csv"], "locales": ["de", "ja"],
///   "fallbackLocale": "en", "csvDelimiter": ";", "tableFormat": "csv", "xliffKeys": "file" }
/// ```
///
/// Paths are relative to the file. Each group is one `labelgen generate` run into
/// `OUT/<folder>` (by default the style's name without `.json`). Only the file's shape is
/// checked here; the run checks the style and the tables.
struct LabelsConfig: Equatable {
    /// The file's usual name, in a target folder.
    static let fileName = "labels.json"

    /// One `labelgen generate` run.
    struct Group: Equatable {
        var style: URL
        var tables: [URL]
        var keys: [String]
        var scales: [Int]?
        var atlas: Int?
        var folder: String
        /// `format`, `png` and `alpha`, over the style's `"output"`.
        var encoding = EncodingOverrides()
        /// `locales`, `fallbackLocale`, `tableFormat`, `csvDelimiter` and `xliffKeys`.
        var tableOptions = TableReadOptions()
    }

    var groups: [Group]

    /// Reads and checks `file`; every error names the file, the line and column, and the
    /// JSON path of the value at fault.
    init(contentsOf file: URL) throws(ConfigError) {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw ConfigError(file: file, place: .wholeFile, message: "$: cannot be read: \(error.localizedDescription)")
        }
        let reader = Reader(folder: file.deletingLastPathComponent())
        do {
            groups = try JSONParser.read(data) { (parser: inout JSONParser) throws(JSONSyntaxError) in
                try reader.groups(&parser)
            }
        } catch {
            throw ConfigError(file: file, place: error.place, message: error.message)
        }
    }
}

/// A mistake in `labels.json`, told as `file:line:column: $.json.path: message`.
struct ConfigError: Error, CustomStringConvertible {
    var file: URL
    var place: SourcePlace
    var message: String

    var description: String { place.message(message, in: file.path) }
}

extension LabelsConfig.Group {
    /// What the group draws: its tables in its style, as `generate` with the same options
    /// would, with the bundled fonts and no limit but the keys.
    var runInputs: RunInputs {
        RunInputs(tables: tables.map(\.path), tableOptions: tableOptions, style: style, keys: keys.map(KeyPattern.init),
                  scales: scales?.map(Double.init), atlas: atlas.map { AtlasSettings(maximumSide: $0) }, encoding: encoding)
    }

    /// The files a run reads: the style, the tables, and the pictures markup may show
    /// (`<img src="a.png"/>`, looked up beside the style and the tables). Every PNG there
    /// is more than a run may read, and safe: a run redraws only labels whose inputs changed.
    var inputs: [URL] {
        // A bundle's XLIFF files, not the bundle, change when saved; pictures are looked up
        // beside the style and the tables as given.
        var files = [style] + tables.flatMap(StringTable.filesRead)
        var folders: [URL] = []
        for file in [style] + tables where !folders.contains(file.deletingLastPathComponent()) {
            folders.append(file.deletingLastPathComponent())
        }
        for folder in folders {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in names.sorted() where name.lowercased().hasSuffix(".png") {
                files.append(folder.appendingPathComponent(name))
            }
        }
        return files
    }
}

/// Reads the groups of a labels.json from the JSON parser's pull API, so that every
/// error points at the value at fault. Unknown fields are refused: a misspelt "scale"
/// must not silently render the style's scales instead.
private struct Reader {
    var folder: URL

    static let fields: Set<String> = ["style", "tables", "keys", "scales", "atlas", "folder", "format", "png", "alpha",
                                      "locales", "fallbackLocale", "tableFormat", "csvDelimiter", "xliffKeys"]

    /// The document's groups: one object, or a non-empty list of them.
    func groups(_ parser: inout JSONParser) throws(JSONSyntaxError) -> [LabelsConfig.Group] {
        var groups: [LabelsConfig.Group] = []
        var starts: [Int] = []
        let start = parser.position
        if parser.nextIsObject() {
            starts.append(parser.position)
            groups.append(try group(&parser, at: "$"))
        } else if parser.nextIsArray() {
            try parser.readArray { (parser: inout JSONParser) throws(JSONSyntaxError) in
                let path = "$[\(groups.count)]"
                guard parser.nextIsObject() else {
                    let at = parser.position
                    throw parser.failure("\(path): expected an object, got \(Self.kind(try parser.readValue()))", at: at)
                }
                starts.append(parser.position)
                groups.append(try group(&parser, at: path))
            }
        } else {
            _ = try parser.readValue()
        }
        guard !groups.isEmpty else {
            throw parser.failure("$: expected an object or a non-empty list of objects, each with \"style\" and \"tables\"",
                                 at: start)
        }
        // Each folder is copied to the top of the bundle: two of the same name would
        // overwrite each other's labels.
        var seen: [String: Int] = [:]
        for (index, group) in groups.enumerated() {
            if let first = seen[group.folder] {
                throw parser.failure("\(groups.count == 1 ? "$" : "$[\(index)]"): writes into folder \"\(group.folder)\", "
                                     + "as group \(first) does; give one of them another \"folder\"", at: starts[index])
            }
            seen[group.folder] = index
        }
        return groups
    }

    private func group(_ parser: inout JSONParser, at path: String) throws(JSONSyntaxError) -> LabelsConfig.Group {
        let fields = try GroupFields(&parser, at: path)
        let style = try style(fields)
        return LabelsConfig.Group(style: style, tables: try tables(fields), keys: try keys(fields), scales: try scales(fields),
                                  atlas: try atlas(fields), folder: try folder(fields, style: style),
                                  encoding: try encoding(fields), tableOptions: try tableOptions(fields))
    }

    /// The table options, each read as its command-line option reads it.
    private func tableOptions(_ fields: GroupFields) throws(JSONSyntaxError) -> TableReadOptions {
        func text(_ field: String) throws(JSONSyntaxError) -> String? {
            guard let value = fields[field] else { return nil }
            guard case .string(let text) = value else { throw fields.failure(field, "expected a string, got \(Self.kind(value))") }
            return text
        }
        func parsed<Value: ArgumentSyntax>(_ field: String, _ type: Value.Type) throws(JSONSyntaxError) -> Value? {
            guard let text = try text(field) else { return nil }
            do { return try Value(argumentText: text) } catch { throw fields.failure(field, error.message) }
        }
        var options = TableReadOptions()
        options.format = try parsed("tableFormat", TableFormatName.self)?.format
        options.csvDelimiter = try parsed("csvDelimiter", CSVDelimiter.self)?.scalar
        options.xliffKeys = try parsed("xliffKeys", TableReadOptions.XLIFFKeys.self) ?? .unit
        if let tag = try text("fallbackLocale") {
            do throws(ValidationError) { options.fallbackLocale = try TableOptions.tag(tag, option: "fallbackLocale") } catch {
                throw fields.failure("fallbackLocale", error.message)
            }
        }
        if let value = fields["locales"] {
            guard case .array(let list) = value, !list.isEmpty else {
                throw fields.failure("locales", "expected a non-empty list of locale tags such as [\"de\", \"ja\"], got \(Self.kind(value))")
            }
            options.locales = try list.enumerated().map { index, element throws(JSONSyntaxError) in
                guard case .string(let tag) = element else {
                    throw fields.failure("locales[\(index)]", "expected a locale tag such as \"de\", got \(Self.kind(element))")
                }
                do throws(ValidationError) { return try TableOptions.tag(tag, option: "locales") } catch {
                    throw fields.failure("locales[\(index)]", error.message)
                }
            }
        }
        return options
    }

    private func style(_ fields: GroupFields) throws(JSONSyntaxError) -> URL {
        guard let value = fields["style"] else { throw fields.failure(nil, "missing \"style\": the style file to draw with") }
        return try existingFile(value, failure: { fields.failure("style", $0) })
    }

    private func tables(_ fields: GroupFields) throws(JSONSyntaxError) -> [URL] {
        guard case .array(let values)? = fields["tables"], !values.isEmpty else {
            throw fields.failure("tables", fields["tables"].map { "expected a non-empty list of string table paths, got \(Self.kind($0))" }
                                 ?? "missing: expected a list of string tables")
        }
        var tables: [URL] = []
        for (index, value) in values.enumerated() {
            tables.append(try existingFile(value, bundleExtension: "xcloc", failure: { fields.failure("tables[\(index)]", $0) }))
        }
        return tables
    }

    private func keys(_ fields: GroupFields) throws(JSONSyntaxError) -> [String] {
        guard let value = fields["keys"] else { return [] }
        guard case .array(let list) = value else { throw fields.failure("keys", "expected a list of key patterns, got \(Self.kind(value))") }
        var keys: [String] = []
        for (index, element) in list.enumerated() {
            guard case .string(let pattern) = element, !pattern.isEmpty else {
                throw fields.failure("keys[\(index)]", "expected a key pattern such as \"hud.*\", got \(Self.kind(element))")
            }
            keys.append(pattern)
        }
        return keys
    }

    private func scales(_ fields: GroupFields) throws(JSONSyntaxError) -> [Int]? {
        guard let value = fields["scales"] else { return nil }
        guard case .array(let list) = value, !list.isEmpty else {
            throw fields.failure("scales", "expected a non-empty list of scales such as [1, 2, 3], got \(Self.kind(value))")
        }
        return try list.enumerated().map { index, element throws(JSONSyntaxError) in
            guard let scale = Self.integer(element), scale >= 1 else {
                throw fields.failure("scales[\(index)]", "expected a whole number >= 1, got \(Self.kind(element))")
            }
            guard scale <= Self.largestScale else {
                throw fields.failure("scales[\(index)]", "expected a whole number from 1 to \(Self.largestScale), got \(scale)")
            }
            return scale
        }
    }

    private func atlas(_ fields: GroupFields) throws(JSONSyntaxError) -> Int? {
        guard let value = fields["atlas"] else { return nil }
        guard let side = Self.integer(value), side >= 1 else {
            throw fields.failure("atlas", "expected the largest sheet side in pixels, such as 1024, got \(Self.kind(value))")
        }
        guard Generate.atlasSides.contains(side) else {
            throw fields.failure("atlas", "must be \(Generate.atlasSides.lowerBound) to \(Generate.atlasSides.upperBound) pixels, got \(side)")
        }
        return side
    }

    /// `folder`, by default the style's name.
    private func folder(_ fields: GroupFields, style: URL) throws(JSONSyntaxError) -> String {
        guard let value = fields["folder"] else { return style.deletingPathExtension().lastPathComponent }
        guard case .string(let name) = value, Self.isPlainName(name) else {
            throw fields.failure("folder", "expected a folder name without \"/\", got \(Self.kind(value))")
        }
        return name
    }

    /// `format`, `png` and `alpha`, each one of its choices' names, as the style file's
    /// `"output"` takes them.
    private func encoding(_ fields: GroupFields) throws(JSONSyntaxError) -> EncodingOverrides {
        func choice<Choice: RawRepresentable & CaseIterable>(_ field: String) throws(JSONSyntaxError) -> Choice?
        where Choice.RawValue == String {
            guard let value = fields[field] else { return nil }
            guard case .string(let text) = value, let choice = Choice(rawValue: text) else {
                throw fields.failure(field, "expected one of \(Choice.allCases.map(\.rawValue).joined(separator: ", ")), got \(Self.kind(value))")
            }
            return choice
        }
        return EncodingOverrides(format: try choice("format"), png: try choice("png"), alpha: try choice("alpha"))
    }

    /// A path relative to the config file that names an existing file, or a folder with
    /// `bundleExtension` (an `.xcloc` bundle is read as one table).
    private func existingFile(_ value: JSONValue, bundleExtension: String? = nil,
                              failure: (String) -> JSONSyntaxError) throws(JSONSyntaxError) -> URL {
        guard case .string(let relative) = value, !relative.isEmpty else {
            throw failure("expected a file path relative to \(LabelsConfig.fileName), got \(Self.kind(value))")
        }
        let url = relative.hasPrefix("/") ? URL(fileURLWithPath: relative)
                                          : folder.appendingPathComponent(relative).standardizedFileURL
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder),
              !isFolder.boolValue || url.pathExtension.lowercased() == bundleExtension else {
            throw failure("\(url.path): no such file")
        }
        return url
    }

    /// The largest scale `generate --scales` takes.
    static let largestScale = 8

    /// A JSON number that is a whole number.
    static func integer(_ value: JSONValue) -> Int? {
        guard case .number(let number) = value, number == number.rounded(), abs(number) < 1e9 else { return nil }
        return Int(number)
    }

    static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.hasPrefix(".") && !name.contains("/") && !name.contains("\\")
    }

    /// How a JSON value is named in an error.
    static func kind(_ value: JSONValue) -> String {
        if case .array = value { return "a list" }
        return value.brief
    }
}

/// The members of one group, read whole before any is checked (an unknown or repeated
/// field is refused at once), with where each value starts, so that an error points at it.
private struct GroupFields {
    private let values: [String: (value: JSONValue, at: Int)]
    private let path: String
    private let start: Int
    /// The parser after the group, which turns a position into a line and column.
    private let parser: JSONParser

    init(_ parser: inout JSONParser, at path: String) throws(JSONSyntaxError) {
        let start = parser.position
        var values: [String: (value: JSONValue, at: Int)] = [:]
        try parser.readObject { (parser: inout JSONParser, name: String, nameAt: Int) throws(JSONSyntaxError) in
            guard Reader.fields.contains(name) else {
                throw parser.failure("\(path).\(name): unknown field; expected one of \(Reader.fields.sorted().joined(separator: ", "))",
                                     at: nameAt)
            }
            guard values[name] == nil else {
                throw parser.failure("\(path): duplicate key \(JSONValue.quoted(name)) in the same object", at: nameAt,
                                     kind: .duplicateKey)
            }
            let at = parser.position
            values[name] = (try parser.readValue(), at)
        }
        self.values = values
        self.path = path
        self.start = start
        self.parser = parser
    }

    subscript(name: String) -> JSONValue? { values[name]?.value }

    /// An error at the value of `field` (a name, or a name and an index), or at the group
    /// when there is none.
    func failure(_ field: String?, _ message: String) -> JSONSyntaxError {
        let at = field.flatMap { field in values[String(field.prefix { $0 != "[" })]?.at } ?? start
        return parser.failure("\(path)\(field.map { ".\($0)" } ?? ""): \(message)", at: at)
    }
}
