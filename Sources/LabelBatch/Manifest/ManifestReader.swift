import Foundation
import StyledText

/// Reads a manifest with the strict JSON parser's pull API, field by field into the
/// model: a re-run with nothing to draw reads every locale's manifest, and through
/// `Codable` that was a third of its time. It takes what `JSONDecoder` takes and reads
/// the same values, except that integers must be plain digits and a field given twice
/// is refused; labelgen never writes either. A manifest it refuses counts as unreadable.
enum ManifestReader {
    static func decode(_ data: Data) -> Manifest? {
        try? read(data)
    }

    /// The manifest in `data`, or where and why it cannot be read.
    static func read(_ data: Data) throws(JSONSyntaxError) -> Manifest {
        try JSONParser.read(data) { (reader: inout JSONParser) throws(JSONSyntaxError) in
            var (manifest, labels) = try Self.manifest(&reader, label: label)
            manifest.labels = labels
            return manifest
        }
    }

    /// The manifest in `data` without its labels, and what `entry` makes of each label,
    /// given the label and where its bytes lie in `data` (from its `{` to its `}`).
    static func read<Entry>(_ data: Data, entry: (Manifest.Label, Range<Int>) -> Entry)
        throws(JSONSyntaxError) -> (header: Manifest, entries: [Entry]) {
        try JSONParser.read(data) { (reader: inout JSONParser) throws(JSONSyntaxError) in
            try Self.manifest(&reader) { (reader: inout JSONParser) throws(JSONSyntaxError) in
                let start = reader.position
                let label = try Self.label(&reader)
                return entry(label, start..<reader.position)
            }
        }
    }

    /// One label's entry, as ``JSONFileLayout/element(_:encoder:)`` writes it.
    static func label(in data: Data) throws(JSONSyntaxError) -> Manifest.Label {
        try JSONParser.read(data) { (reader: inout JSONParser) throws(JSONSyntaxError) in try label(&reader) }
    }

    /// What ``once(_:_:)`` throws for a field given twice; ``object(_:_:)`` puts it at
    /// the field's name.
    private static let repeated = JSONSyntaxError(.duplicateKey, line: 0, column: 0, message: "")

    /// Reads an object's members with `member`, refusing a known field given twice.
    private static func object(_ reader: inout JSONParser,
                               _ member: (inout JSONParser, String) throws(JSONSyntaxError) -> Void) throws(JSONSyntaxError) {
        try reader.readObject { (reader: inout JSONParser, key: String, keyPosition: Int) throws(JSONSyntaxError) in
            do throws(JSONSyntaxError) {
                try member(&reader, key)
            } catch where error == repeated {
                throw reader.failure("duplicate key \(JSONValue.quoted(key)) in the same object", at: keyPosition,
                                     kind: .duplicateKey)
            }
        }
    }

    /// Sets `slot` from `read`, failing for a field given twice.
    private static func once<Value>(_ slot: inout Value?, _ read: () throws(JSONSyntaxError) -> Value) throws(JSONSyntaxError) {
        guard slot == nil else { throw repeated }
        slot = try read()
    }

    /// A value that may be `null`.
    private static func optional<Value>(_ reader: inout JSONParser,
                                        _ read: (inout JSONParser) throws(JSONSyntaxError) -> Value) throws(JSONSyntaxError) -> Value? {
        try reader.readNull() ? nil : try read(&reader)
    }

    /// `value`, or an error at the end of the object that lacks field `name`.
    private static func required<Value>(_ value: Value?, _ name: String, _ reader: JSONParser) throws(JSONSyntaxError) -> Value {
        guard let value else { throw reader.failure("missing \(JSONValue.quoted(name))", at: reader.position - 1) }
        return value
    }

    private static func strings(_ reader: inout JSONParser) throws(JSONSyntaxError) -> [String] {
        try reader.readArray { (reader: inout JSONParser) throws(JSONSyntaxError) in try reader.readString() }
    }

    private static func ints(_ reader: inout JSONParser) throws(JSONSyntaxError) -> [Int] {
        try reader.readArray { (reader: inout JSONParser) throws(JSONSyntaxError) in try reader.readInt() }
    }

    /// The manifest's fields, with its labels left out, and what `label` read of each.
    private static func manifest<Entry>(_ reader: inout JSONParser, label: (inout JSONParser) throws(JSONSyntaxError) -> Entry)
        throws(JSONSyntaxError) -> (Manifest, [Entry]) {
        var tool: String?, locale: String?, style: String?, output: Manifest.Output??
        var fonts: [Manifest.Font]??, inputs: Manifest.Inputs??, labels: [Entry]?, atlas: Manifest.Atlas??
        try object(&reader) { (reader: inout JSONParser, key) throws(JSONSyntaxError) in
            switch key {
            case "tool": try once(&tool) { () throws(JSONSyntaxError) in try reader.readString() }
            case "locale": try once(&locale) { () throws(JSONSyntaxError) in try reader.readString() }
            case "style": try once(&style) { () throws(JSONSyntaxError) in try reader.readString() }
            case "output": try once(&output) { () throws(JSONSyntaxError) in try optional(&reader, Self.output) }
            case "fonts": try once(&fonts) { () throws(JSONSyntaxError) in
                try optional(&reader) { (reader: inout JSONParser) throws(JSONSyntaxError) in try reader.readArray(of: font) }
            }
            case "inputs": try once(&inputs) { () throws(JSONSyntaxError) in try optional(&reader, Self.inputs) }
            case "labels": try once(&labels) { () throws(JSONSyntaxError) in try reader.readArray(of: label) }
            case "atlas": try once(&atlas) { () throws(JSONSyntaxError) in try optional(&reader, Self.atlas) }
            default: try reader.skipValue()
            }
        }
        let manifest = Manifest(tool: try required(tool, "tool", reader), locale: try required(locale, "locale", reader),
                                style: try required(style, "style", reader), output: output ?? nil, fonts: fonts ?? nil,
                                inputs: inputs ?? nil, labels: [], atlas: atlas ?? nil)
        return (manifest, try required(labels, "labels", reader))
    }

    private static func label(_ reader: inout JSONParser) throws(JSONSyntaxError) -> Manifest.Label {
        var key: String?, text: String?, fontSize: Double?, requestedFontSize: Double?, fit: String?
        var truncated: Bool?, lines: [String]?, hyphenated: [Bool]??, box: Manifest.Size?, images: [Manifest.Image]?
        var missingCharacters: [String]??, fallbackFonts: [String]??, fontFiles: [String]??, inputHash: String??
        var fallback: String??, limit: Manifest.WidthLimit??
        try object(&reader) { (reader: inout JSONParser, name) throws(JSONSyntaxError) in
            switch name {
            case "key": try once(&key) { () throws(JSONSyntaxError) in try reader.readString() }
            case "text": try once(&text) { () throws(JSONSyntaxError) in try reader.readString() }
            case "fontSize": try once(&fontSize) { () throws(JSONSyntaxError) in try reader.readDouble() }
            case "requestedFontSize": try once(&requestedFontSize) { () throws(JSONSyntaxError) in try reader.readDouble() }
            case "fit": try once(&fit) { () throws(JSONSyntaxError) in try reader.readString() }
            case "truncated": try once(&truncated) { () throws(JSONSyntaxError) in try reader.readBool() }
            case "lines": try once(&lines) { () throws(JSONSyntaxError) in try strings(&reader) }
            case "hyphenated": try once(&hyphenated) { () throws(JSONSyntaxError) in
                try optional(&reader) { (reader: inout JSONParser) throws(JSONSyntaxError) in
                    try reader.readArray { (reader: inout JSONParser) throws(JSONSyntaxError) in try reader.readBool() }
                }
            }
            case "box": try once(&box) { () throws(JSONSyntaxError) in try size(&reader) }
            case "images": try once(&images) { () throws(JSONSyntaxError) in try reader.readArray(of: image) }
            case "missingCharacters": try once(&missingCharacters) { () throws(JSONSyntaxError) in try optional(&reader, strings) }
            case "fallbackFonts": try once(&fallbackFonts) { () throws(JSONSyntaxError) in try optional(&reader, strings) }
            case "fontFiles": try once(&fontFiles) { () throws(JSONSyntaxError) in try optional(&reader, strings) }
            case "inputHash": try once(&inputHash) { () throws(JSONSyntaxError) in
                try optional(&reader) { (reader: inout JSONParser) throws(JSONSyntaxError) in try reader.readString() }
            }
            case "fallback": try once(&fallback) { () throws(JSONSyntaxError) in
                try optional(&reader) { (reader: inout JSONParser) throws(JSONSyntaxError) in try reader.readString() }
            }
            case "limit": try once(&limit) { () throws(JSONSyntaxError) in try optional(&reader, widthLimit) }
            default: try reader.skipValue()
            }
        }
        var label = Manifest.Label(
            key: try required(key, "key", reader), text: try required(text, "text", reader), fontSize: try required(fontSize, "fontSize", reader),
            requestedFontSize: try required(requestedFontSize, "requestedFontSize", reader), fit: try required(fit, "fit", reader),
            truncated: try required(truncated, "truncated", reader), lines: try required(lines, "lines", reader),
            hyphenated: hyphenated ?? nil, box: try required(box, "box", reader),
            missingCharacters: missingCharacters ?? nil, fallbackFonts: fallbackFonts ?? nil,
            images: try required(images, "images", reader), fontFiles: fontFiles ?? nil, inputHash: inputHash ?? nil)
        label.fallback = fallback ?? nil
        label.limit = limit ?? nil
        return label
    }

    private static func widthLimit(_ reader: inout JSONParser) throws(JSONSyntaxError) -> Manifest.WidthLimit {
        var width: Int?, drawn: Int?
        try object(&reader) { (reader: inout JSONParser, key) throws(JSONSyntaxError) in
            switch key {
            case "width": try once(&width) { () throws(JSONSyntaxError) in try reader.readInt() }
            case "drawn": try once(&drawn) { () throws(JSONSyntaxError) in try reader.readInt() }
            default: try reader.skipValue()
            }
        }
        return Manifest.WidthLimit(width: try required(width, "width", reader), drawn: try required(drawn, "drawn", reader))
    }

    private static func output(_ reader: inout JSONParser) throws(JSONSyntaxError) -> Manifest.Output {
        var format: String?, png: String??, alpha: String?
        try object(&reader) { (reader: inout JSONParser, key) throws(JSONSyntaxError) in
            switch key {
            case "format": try once(&format) { () throws(JSONSyntaxError) in try reader.readString() }
            case "png": try once(&png) { () throws(JSONSyntaxError) in
                try optional(&reader) { (reader: inout JSONParser) throws(JSONSyntaxError) in try reader.readString() }
            }
            case "alpha": try once(&alpha) { () throws(JSONSyntaxError) in try reader.readString() }
            default: try reader.skipValue()
            }
        }
        return Manifest.Output(format: try required(format, "format", reader), png: png ?? nil,
                               alpha: try required(alpha, "alpha", reader))
    }

    private static func image(_ reader: inout JSONParser) throws(JSONSyntaxError) -> Manifest.Image {
        var scale: Double?, file: String?, width: Int?, height: Int?, boxOrigin: [Int]?, baselines: [Int]?
        var hash: String?, atlas: Manifest.AtlasFrame??
        try object(&reader) { (reader: inout JSONParser, key) throws(JSONSyntaxError) in
            switch key {
            case "scale": try once(&scale) { () throws(JSONSyntaxError) in try reader.readDouble() }
            case "file": try once(&file) { () throws(JSONSyntaxError) in try reader.readString() }
            case "width": try once(&width) { () throws(JSONSyntaxError) in try reader.readInt() }
            case "height": try once(&height) { () throws(JSONSyntaxError) in try reader.readInt() }
            case "boxOrigin": try once(&boxOrigin) { () throws(JSONSyntaxError) in try ints(&reader) }
            case "baselines": try once(&baselines) { () throws(JSONSyntaxError) in try ints(&reader) }
            case "hash": try once(&hash) { () throws(JSONSyntaxError) in try reader.readString() }
            case "atlas": try once(&atlas) { () throws(JSONSyntaxError) in try optional(&reader, atlasFrame) }
            default: try reader.skipValue()
            }
        }
        return Manifest.Image(scale: try required(scale, "scale", reader), file: try required(file, "file", reader), width: try required(width, "width", reader),
                              height: try required(height, "height", reader), boxOrigin: try required(boxOrigin, "boxOrigin", reader),
                              baselines: try required(baselines, "baselines", reader), hash: try required(hash, "hash", reader), atlas: atlas ?? nil)
    }

    private static func atlasFrame(_ reader: inout JSONParser) throws(JSONSyntaxError) -> Manifest.AtlasFrame {
        var sheet: String?, frame: [Int]?, offset: [Int]?
        try object(&reader) { (reader: inout JSONParser, key) throws(JSONSyntaxError) in
            switch key {
            case "sheet": try once(&sheet) { () throws(JSONSyntaxError) in try reader.readString() }
            case "frame": try once(&frame) { () throws(JSONSyntaxError) in try ints(&reader) }
            case "offset": try once(&offset) { () throws(JSONSyntaxError) in try ints(&reader) }
            default: try reader.skipValue()
            }
        }
        return Manifest.AtlasFrame(sheet: try required(sheet, "sheet", reader), frame: try required(frame, "frame", reader), offset: try required(offset, "offset", reader))
    }

    private static func atlas(_ reader: inout JSONParser) throws(JSONSyntaxError) -> Manifest.Atlas {
        var maximumSide: Int?, padding: Int?, extrusion: Int?, sheets: [Manifest.Sheet]?
        try object(&reader) { (reader: inout JSONParser, key) throws(JSONSyntaxError) in
            switch key {
            case "maximumSide": try once(&maximumSide) { () throws(JSONSyntaxError) in try reader.readInt() }
            case "padding": try once(&padding) { () throws(JSONSyntaxError) in try reader.readInt() }
            case "extrusion": try once(&extrusion) { () throws(JSONSyntaxError) in try reader.readInt() }
            case "sheets": try once(&sheets) { () throws(JSONSyntaxError) in try reader.readArray(of: sheet) }
            default: try reader.skipValue()
            }
        }
        return Manifest.Atlas(maximumSide: try required(maximumSide, "maximumSide", reader), padding: try required(padding, "padding", reader),
                              extrusion: try required(extrusion, "extrusion", reader), sheets: try required(sheets, "sheets", reader))
    }

    private static func sheet(_ reader: inout JSONParser) throws(JSONSyntaxError) -> Manifest.Sheet {
        var scale: Double?, image: String?, data: String?, width: Int?, height: Int?, hash: String?
        try object(&reader) { (reader: inout JSONParser, key) throws(JSONSyntaxError) in
            switch key {
            case "scale": try once(&scale) { () throws(JSONSyntaxError) in try reader.readDouble() }
            case "image": try once(&image) { () throws(JSONSyntaxError) in try reader.readString() }
            case "data": try once(&data) { () throws(JSONSyntaxError) in try reader.readString() }
            case "width": try once(&width) { () throws(JSONSyntaxError) in try reader.readInt() }
            case "height": try once(&height) { () throws(JSONSyntaxError) in try reader.readInt() }
            case "hash": try once(&hash) { () throws(JSONSyntaxError) in try reader.readString() }
            default: try reader.skipValue()
            }
        }
        return Manifest.Sheet(scale: try required(scale, "scale", reader), image: try required(image, "image", reader), data: try required(data, "data", reader),
                              width: try required(width, "width", reader), height: try required(height, "height", reader), hash: try required(hash, "hash", reader))
    }

    private static func inputs(_ reader: inout JSONParser) throws(JSONSyntaxError) -> Manifest.Inputs {
        var hash: String?, labels: Int?
        try object(&reader) { (reader: inout JSONParser, key) throws(JSONSyntaxError) in
            switch key {
            case "hash": try once(&hash) { () throws(JSONSyntaxError) in try reader.readString() }
            case "labels": try once(&labels) { () throws(JSONSyntaxError) in try reader.readInt() }
            default: try reader.skipValue()
            }
        }
        return Manifest.Inputs(hash: try required(hash, "hash", reader), labels: try required(labels, "labels", reader))
    }

    private static func size(_ reader: inout JSONParser) throws(JSONSyntaxError) -> Manifest.Size {
        var width: Double?, height: Double?
        try object(&reader) { (reader: inout JSONParser, key) throws(JSONSyntaxError) in
            switch key {
            case "width": try once(&width) { () throws(JSONSyntaxError) in try reader.readDouble() }
            case "height": try once(&height) { () throws(JSONSyntaxError) in try reader.readDouble() }
            default: try reader.skipValue()
            }
        }
        return Manifest.Size(width: try required(width, "width", reader), height: try required(height, "height", reader))
    }

    private static func font(_ reader: inout JSONParser) throws(JSONSyntaxError) -> Manifest.Font {
        var file: String?, family: String?, hash: String?
        try object(&reader) { (reader: inout JSONParser, key) throws(JSONSyntaxError) in
            switch key {
            case "file": try once(&file) { () throws(JSONSyntaxError) in try reader.readString() }
            case "family": try once(&family) { () throws(JSONSyntaxError) in try reader.readString() }
            case "hash": try once(&hash) { () throws(JSONSyntaxError) in try reader.readString() }
            default: try reader.skipValue()
            }
        }
        return Manifest.Font(file: try required(file, "file", reader), family: try required(family, "family", reader), hash: try required(hash, "hash", reader))
    }
}
