import Foundation

/// Reads a manifest as `JSONDecoder` would, several times faster: a re-run with nothing
/// to draw reads every locale's manifest, and through `Codable` that was a third of its
/// time. A document it does not take (anything unusual, see ``JSONReader``) is left to
/// `JSONDecoder`, so what a manifest means never depends on which of them read it.
enum ManifestReader {
    static func decode(_ data: Data) -> Manifest? {
        if let manifest = try? read([UInt8](data)) { return manifest }
        return try? JSONDecoder().decode(Manifest.self, from: data)
    }

    /// The manifest in `bytes`, by the fast reader alone.
    static func read(_ bytes: [UInt8]) throws(JSONReader.Malformed) -> Manifest {
        var reader = JSONReader(bytes)
        let manifest = try manifest(&reader)
        try reader.end()
        return manifest
    }

    private typealias Malformed = JSONReader.Malformed

    /// Sets `slot` from `read`, failing for a key given twice.
    private static func once<Value>(_ slot: inout Value?, _ read: () throws(Malformed) -> Value) throws(Malformed) {
        guard slot == nil else { throw Malformed() }
        slot = try read()
    }

    /// A value that may be `null`.
    private static func optional<Value>(_ reader: inout JSONReader,
                                        _ read: (inout JSONReader) throws(Malformed) -> Value) throws(Malformed) -> Value? {
        try reader.null() ? nil : try read(&reader)
    }

    private static func required<Value>(_ value: Value?) throws(Malformed) -> Value {
        guard let value else { throw Malformed() }
        return value
    }

    private static func strings(_ reader: inout JSONReader) throws(Malformed) -> [String] {
        try reader.array { (reader: inout JSONReader) throws(Malformed) in try reader.string() }
    }

    private static func ints(_ reader: inout JSONReader) throws(Malformed) -> [Int] {
        try reader.array { (reader: inout JSONReader) throws(Malformed) in try reader.int() }
    }

    private static func manifest(_ reader: inout JSONReader) throws(Malformed) -> Manifest {
        var tool: String?, locale: String?, style: String?
        var fonts: [Manifest.Font]??, inputs: Manifest.Inputs??, labels: [Manifest.Label]?, atlas: Manifest.Atlas??
        try reader.object { (reader: inout JSONReader, key) throws(Malformed) in
            switch key {
            case "tool": try once(&tool) { () throws(Malformed) in try reader.string() }
            case "locale": try once(&locale) { () throws(Malformed) in try reader.string() }
            case "style": try once(&style) { () throws(Malformed) in try reader.string() }
            case "fonts": try once(&fonts) { () throws(Malformed) in
                try optional(&reader) { (reader: inout JSONReader) throws(Malformed) in try reader.array(of: font) }
            }
            case "inputs": try once(&inputs) { () throws(Malformed) in try optional(&reader, Self.inputs) }
            case "labels": try once(&labels) { () throws(Malformed) in try reader.array(of: label) }
            case "atlas": try once(&atlas) { () throws(Malformed) in try optional(&reader, Self.atlas) }
            default: try reader.skipValue()
            }
        }
        return Manifest(tool: try required(tool), locale: try required(locale), style: try required(style),
                        fonts: fonts ?? nil, inputs: inputs ?? nil, labels: try required(labels),
                        atlas: atlas ?? nil)
    }

    private static func label(_ reader: inout JSONReader) throws(Malformed) -> Manifest.Label {
        var key: String?, text: String?, fontSize: Double?, requestedFontSize: Double?, fit: String?
        var truncated: Bool?, lines: [String]?, box: Manifest.Size?, images: [Manifest.Image]?
        var missingCharacters: [String]??, fallbackFonts: [String]??, fontFiles: [String]??, inputHash: String??
        try reader.object { (reader: inout JSONReader, name) throws(Malformed) in
            switch name {
            case "key": try once(&key) { () throws(Malformed) in try reader.string() }
            case "text": try once(&text) { () throws(Malformed) in try reader.string() }
            case "fontSize": try once(&fontSize) { () throws(Malformed) in try reader.double() }
            case "requestedFontSize": try once(&requestedFontSize) { () throws(Malformed) in try reader.double() }
            case "fit": try once(&fit) { () throws(Malformed) in try reader.string() }
            case "truncated": try once(&truncated) { () throws(Malformed) in try reader.bool() }
            case "lines": try once(&lines) { () throws(Malformed) in try strings(&reader) }
            case "box": try once(&box) { () throws(Malformed) in try size(&reader) }
            case "images": try once(&images) { () throws(Malformed) in try reader.array(of: image) }
            case "missingCharacters": try once(&missingCharacters) { () throws(Malformed) in try optional(&reader, strings) }
            case "fallbackFonts": try once(&fallbackFonts) { () throws(Malformed) in try optional(&reader, strings) }
            case "fontFiles": try once(&fontFiles) { () throws(Malformed) in try optional(&reader, strings) }
            case "inputHash": try once(&inputHash) { () throws(Malformed) in
                try optional(&reader) { (reader: inout JSONReader) throws(Malformed) in try reader.string() }
            }
            default: try reader.skipValue()
            }
        }
        return Manifest.Label(
            key: try required(key), text: try required(text), fontSize: try required(fontSize),
            requestedFontSize: try required(requestedFontSize), fit: try required(fit),
            truncated: try required(truncated), lines: try required(lines), box: try required(box),
            missingCharacters: missingCharacters ?? nil, fallbackFonts: fallbackFonts ?? nil,
            images: try required(images), fontFiles: fontFiles ?? nil, inputHash: inputHash ?? nil)
    }

    private static func image(_ reader: inout JSONReader) throws(Malformed) -> Manifest.Image {
        var scale: Double?, file: String?, width: Int?, height: Int?, boxOrigin: [Int]?, baselines: [Int]?
        var hash: String?, atlas: Manifest.AtlasFrame??
        try reader.object { (reader: inout JSONReader, key) throws(Malformed) in
            switch key {
            case "scale": try once(&scale) { () throws(Malformed) in try reader.double() }
            case "file": try once(&file) { () throws(Malformed) in try reader.string() }
            case "width": try once(&width) { () throws(Malformed) in try reader.int() }
            case "height": try once(&height) { () throws(Malformed) in try reader.int() }
            case "boxOrigin": try once(&boxOrigin) { () throws(Malformed) in try ints(&reader) }
            case "baselines": try once(&baselines) { () throws(Malformed) in try ints(&reader) }
            case "hash": try once(&hash) { () throws(Malformed) in try reader.string() }
            case "atlas": try once(&atlas) { () throws(Malformed) in try optional(&reader, atlasFrame) }
            default: try reader.skipValue()
            }
        }
        return Manifest.Image(scale: try required(scale), file: try required(file), width: try required(width),
                              height: try required(height), boxOrigin: try required(boxOrigin),
                              baselines: try required(baselines), hash: try required(hash), atlas: atlas ?? nil)
    }

    private static func atlasFrame(_ reader: inout JSONReader) throws(Malformed) -> Manifest.AtlasFrame {
        var sheet: String?, frame: [Int]?, offset: [Int]?
        try reader.object { (reader: inout JSONReader, key) throws(Malformed) in
            switch key {
            case "sheet": try once(&sheet) { () throws(Malformed) in try reader.string() }
            case "frame": try once(&frame) { () throws(Malformed) in try ints(&reader) }
            case "offset": try once(&offset) { () throws(Malformed) in try ints(&reader) }
            default: try reader.skipValue()
            }
        }
        return Manifest.AtlasFrame(sheet: try required(sheet), frame: try required(frame), offset: try required(offset))
    }

    private static func atlas(_ reader: inout JSONReader) throws(Malformed) -> Manifest.Atlas {
        var maximumSide: Int?, padding: Int?, extrusion: Int?, sheets: [Manifest.Sheet]?
        try reader.object { (reader: inout JSONReader, key) throws(Malformed) in
            switch key {
            case "maximumSide": try once(&maximumSide) { () throws(Malformed) in try reader.int() }
            case "padding": try once(&padding) { () throws(Malformed) in try reader.int() }
            case "extrusion": try once(&extrusion) { () throws(Malformed) in try reader.int() }
            case "sheets": try once(&sheets) { () throws(Malformed) in try reader.array(of: sheet) }
            default: try reader.skipValue()
            }
        }
        return Manifest.Atlas(maximumSide: try required(maximumSide), padding: try required(padding),
                              extrusion: try required(extrusion), sheets: try required(sheets))
    }

    private static func sheet(_ reader: inout JSONReader) throws(Malformed) -> Manifest.Sheet {
        var scale: Double?, image: String?, data: String?, width: Int?, height: Int?, hash: String?
        try reader.object { (reader: inout JSONReader, key) throws(Malformed) in
            switch key {
            case "scale": try once(&scale) { () throws(Malformed) in try reader.double() }
            case "image": try once(&image) { () throws(Malformed) in try reader.string() }
            case "data": try once(&data) { () throws(Malformed) in try reader.string() }
            case "width": try once(&width) { () throws(Malformed) in try reader.int() }
            case "height": try once(&height) { () throws(Malformed) in try reader.int() }
            case "hash": try once(&hash) { () throws(Malformed) in try reader.string() }
            default: try reader.skipValue()
            }
        }
        return Manifest.Sheet(scale: try required(scale), image: try required(image), data: try required(data),
                              width: try required(width), height: try required(height), hash: try required(hash))
    }

    private static func inputs(_ reader: inout JSONReader) throws(Malformed) -> Manifest.Inputs {
        var hash: String?, labels: Int?
        try reader.object { (reader: inout JSONReader, key) throws(Malformed) in
            switch key {
            case "hash": try once(&hash) { () throws(Malformed) in try reader.string() }
            case "labels": try once(&labels) { () throws(Malformed) in try reader.int() }
            default: try reader.skipValue()
            }
        }
        return Manifest.Inputs(hash: try required(hash), labels: try required(labels))
    }

    private static func size(_ reader: inout JSONReader) throws(Malformed) -> Manifest.Size {
        var width: Double?, height: Double?
        try reader.object { (reader: inout JSONReader, key) throws(Malformed) in
            switch key {
            case "width": try once(&width) { () throws(Malformed) in try reader.double() }
            case "height": try once(&height) { () throws(Malformed) in try reader.double() }
            default: try reader.skipValue()
            }
        }
        return Manifest.Size(width: try required(width), height: try required(height))
    }

    private static func font(_ reader: inout JSONReader) throws(Malformed) -> Manifest.Font {
        var file: String?, family: String?, hash: String?
        try reader.object { (reader: inout JSONReader, key) throws(Malformed) in
            switch key {
            case "file": try once(&file) { () throws(Malformed) in try reader.string() }
            case "family": try once(&family) { () throws(Malformed) in try reader.string() }
            case "hash": try once(&hash) { () throws(Malformed) in try reader.string() }
            default: try reader.skipValue()
            }
        }
        return Manifest.Font(file: try required(file), family: try required(family), hash: try required(hash))
    }
}
