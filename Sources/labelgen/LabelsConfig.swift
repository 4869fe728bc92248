import Foundation

/// A `labels.json`: which string tables are drawn with which style, as `labelgen config`
/// and the SwiftPM build plugin read it.
///
/// The file is one group or a list of groups:
///
/// ```json
/// { "style": "styles/score.json", "tables": ["strings/en.json", "strings/de.json"],
///   "keys": ["hud.*"], "scales": [1, 2], "folder": "Score", "atlas": 1024 }
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
    }

    var groups: [Group]

    /// Reads and checks `file`; every error names the file and the JSON path.
    init(contentsOf file: URL) throws(ConfigError) {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw ConfigError(file: file, path: "$", message: "cannot be read: \(error.localizedDescription)")
        }
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw ConfigError(file: file, path: "$", message: "is not valid JSON (\(Self.reason(error)))")
        }
        let reader = Reader(file: file, folder: file.deletingLastPathComponent())
        switch json {
        case let object as [String: Any]:
            groups = [try reader.group(object, at: "$")]
        case let list as [Any] where !list.isEmpty:
            groups = []
            for (index, element) in list.enumerated() {
                guard let object = element as? [String: Any] else {
                    throw ConfigError(file: file, path: "$[\(index)]", message: "expected an object, got \(Reader.kind(element))")
                }
                groups.append(try reader.group(object, at: "$[\(index)]"))
            }
        default:
            throw ConfigError(file: file, path: "$", message: "expected an object or a non-empty list of objects, "
                              + "each with \"style\" and \"tables\"")
        }
        // Each folder is copied to the top of the bundle: two of the same name would
        // overwrite each other's labels.
        var seen: [String: Int] = [:]
        for (index, group) in groups.enumerated() {
            if let first = seen[group.folder] {
                throw ConfigError(file: file, path: groups.count == 1 ? "$" : "$[\(index)]",
                                  message: "writes into folder \"\(group.folder)\", as group \(first) does; "
                                  + "give one of them another \"folder\"")
            }
            seen[group.folder] = index
        }
    }

    /// JSONSerialization's message without Foundation's boilerplate around it.
    private static func reason(_ error: Error) -> String {
        let info = (error as NSError).userInfo
        return (info[NSDebugDescriptionErrorKey] as? String) ?? error.localizedDescription
    }
}

/// A mistake in `labels.json`, told as `file: $.json.path: message`.
struct ConfigError: Error, CustomStringConvertible {
    var file: URL
    var path: String
    var message: String

    var description: String { "\(file.path): \(path): \(message)" }
}

extension LabelsConfig.Group {
    /// The `labelgen generate` arguments of this group, writing into `output`.
    func generateArguments(output: URL, quiet: Bool) -> [String] {
        var arguments = tables.map(\.path) + ["--style", style.path, "--out", output.path]
        if quiet { arguments.append("--quiet") }
        for pattern in keys { arguments += ["--keys", pattern] }
        if let scales { arguments += ["--scales", scales.map(String.init).joined(separator: ",")] }
        if let atlas { arguments += ["--atlas", String(atlas)] }
        return arguments
    }

    /// The files a run reads: the style, the tables, and the pictures markup may show
    /// (`<img src="a.png"/>`, looked up beside the style and the tables). Every PNG there
    /// is more than a run may read, and safe: a run redraws only labels whose inputs changed.
    var inputs: [URL] {
        var files = [style] + tables
        var folders: [URL] = []
        for file in files where !folders.contains(file.deletingLastPathComponent()) {
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

/// Reads the fields of one group, rejecting unknown ones: a misspelt "scale" must not
/// silently render the style's scales instead.
private struct Reader {
    var file: URL
    var folder: URL

    static let fields: Set<String> = ["style", "tables", "keys", "scales", "atlas", "folder"]

    func group(_ object: [String: Any], at path: String) throws(ConfigError) -> LabelsConfig.Group {
        for name in object.keys.sorted() where !Self.fields.contains(name) {
            throw error("\(path).\(name)", "unknown field; expected one of \(Self.fields.sorted().joined(separator: ", "))")
        }
        guard let styleValue = object["style"] else { throw error(path, "missing \"style\": the style file to draw with") }
        let style = try existingFile(styleValue, at: "\(path).style")
        guard let tableValues = object["tables"] as? [Any], !tableValues.isEmpty else {
            throw error("\(path).tables", object["tables"] == nil
                        ? "missing: expected a list of string tables"
                        : "expected a non-empty list of string table paths, got \(Self.kind(object["tables"]!))")
        }
        var tables: [URL] = []
        for (index, value) in tableValues.enumerated() {
            tables.append(try existingFile(value, at: "\(path).tables[\(index)]"))
        }
        var keys: [String] = []
        if let value = object["keys"] {
            guard let list = value as? [Any] else { throw error("\(path).keys", "expected a list of key patterns, got \(Self.kind(value))") }
            for (index, element) in list.enumerated() {
                guard let pattern = element as? String, !pattern.isEmpty else {
                    throw error("\(path).keys[\(index)]", "expected a key pattern such as \"hud.*\", got \(Self.kind(element))")
                }
                keys.append(pattern)
            }
        }
        var scales: [Int]?
        if let value = object["scales"] {
            guard let list = value as? [Any], !list.isEmpty else {
                throw error("\(path).scales", "expected a non-empty list of scales such as [1, 2, 3], got \(Self.kind(value))")
            }
            scales = try list.enumerated().map { index, element throws(ConfigError) in
                guard let scale = Self.integer(element), scale >= 1 else {
                    throw error("\(path).scales[\(index)]", "expected a whole number >= 1, got \(Self.kind(element))")
                }
                return scale
            }
        }
        var atlas: Int?
        if let value = object["atlas"] {
            guard let side = Self.integer(value), side >= 1 else {
                throw error("\(path).atlas", "expected the largest sheet side in pixels, such as 1024, got \(Self.kind(value))")
            }
            atlas = side
        }
        let folder: String
        if let value = object["folder"] {
            guard let name = value as? String, Self.isPlainName(name) else {
                throw error("\(path).folder", "expected a folder name without \"/\", got \(Self.kind(value))")
            }
            folder = name
        } else {
            folder = style.deletingPathExtension().lastPathComponent
        }
        return LabelsConfig.Group(style: style, tables: tables, keys: keys, scales: scales, atlas: atlas, folder: folder)
    }

    /// A path relative to the config file that names an existing file.
    private func existingFile(_ value: Any, at path: String) throws(ConfigError) -> URL {
        guard let relative = value as? String, !relative.isEmpty else {
            throw error(path, "expected a file path relative to \(LabelsConfig.fileName), got \(Self.kind(value))")
        }
        let url = relative.hasPrefix("/") ? URL(fileURLWithPath: relative)
                                          : folder.appendingPathComponent(relative).standardizedFileURL
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else {
            throw error(path, "\(url.path): no such file")
        }
        return url
    }

    private func error(_ path: String, _ message: String) -> ConfigError {
        ConfigError(file: file, path: path, message: message)
    }

    /// A JSON number that is a whole number, not `true` (which reads as the number 1).
    static func integer(_ value: Any) -> Int? {
        guard let number = value as? NSNumber, !isBoolean(value), number.doubleValue == number.doubleValue.rounded(),
              abs(number.doubleValue) < 1e9 else { return nil }
        return number.intValue
    }

    /// Whether JSONSerialization read `true` or `false`: a Swift `Bool`, or an `NSNumber`
    /// holding a C `char`, depending on the platform's Foundation.
    static func isBoolean(_ value: Any) -> Bool {
        if type(of: value) == Bool.self { return true }
        guard let number = value as? NSNumber else { return false }
        return String(cString: number.objCType) == "c"
    }

    static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.hasPrefix(".") && !name.contains("/") && !name.contains("\\")
    }

    /// How a JSON value is named in an error.
    static func kind(_ value: Any) -> String {
        switch value {
        case is NSNull: return "null"
        case let string as String: return "\"\(string)\""
        case let number as NSNumber:
            if isBoolean(value) { return number.boolValue ? "true" : "false" }
            return "\(number)"
        case is [Any]: return "a list"
        case is [String: Any]: return "an object"
        default: return "\(value)"
        }
    }
}
