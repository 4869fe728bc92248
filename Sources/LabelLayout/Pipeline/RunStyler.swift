import Foundation
import StyledText

extension StyledRun {
    /// Whether the two runs shape alike: same faces, size and slant, no pictures. Such
    /// runs may differ in paint, which is applied to the glyphs after shaping.
    func shapesLike(_ other: StyledRun) -> Bool {
        image == nil && other.image == nil && scale == other.scale && weight == other.weight && features == other.features
            && italic == other.italic && chain.count == other.chain.count && zip(chain, other.chain).allSatisfy { $0 === $1 }
    }
}

/// Resolves the runs of a styled text against the label's style: the faces each run's
/// weight, slant and family select, its size relative to the style's, its stroke and its
/// inline picture. Runs that differ only in colour or decoration share one face chain.
struct RunStyler {
    let resolver: FontResolver
    let images: InlineImageLoader

    func resolve(_ text: StyledString, style: LabelStyle, locale: String) throws(LayoutError) -> [StyledRun] {
        var chains: [FontSpec: [FontFace]] = [:]
        var runs: [StyledRun] = []
        runs.reserveCapacity(text.runs.count)
        for run in text.runs {
            let attributes = run.attributes
            var font = style.font
            if let weight = attributes.weight { font.weight = weight }
            if let italic = attributes.italic { font.italic = italic }
            if let family = attributes.family { font.family = family; font.files = [] }
            font.features.merge(attributes.features) { $1 }
            font.variations.merge(attributes.variations) { $1 }
            var scale = 1.0
            if let size = attributes.size {
                scale = size.factor(base: style.font.size)
                guard scale.isFinite, scale > 0 else { throw .invalidRunSize(size) }
            }
            let chain: [FontFace]
            if let known = chains[font] {
                chain = known
            } else {
                try Self.check(font)
                chain = try resolver.layoutChain(for: font, language: locale)
                chains[font] = chain
            }
            var image: ColorBitmap?
            if let inline = attributes.image {
                let picture = try images.load(inline.source)
                // Default height: one em of the run's size, the same in every script (a
                // face's ascent would make icons in Arabic half again as tall as in Latin).
                let height = inline.height.map { $0 / style.font.size / scale } ?? 1
                let width = height * Double(picture.width) / Double(max(1, picture.height))
                let bottom = Self.bottom(of: height, aligned: inline.alignment, in: chain[0])
                image = ColorBitmap(png: picture.png, minX: 0, minY: bottom, maxX: width, maxY: bottom + height,
                                    source: picture.path)
            }
            runs.append(StyledRun(
                range: run.range, attributes: attributes, scale: scale, chain: chain,
                weight: font.weight, italic: font.italic,
                stroke: attributes.stroke.map { $0.resolved(over: style.stroke) } ?? style.stroke,
                image: image, features: font.features))
        }
        return runs
    }

    /// Where a picture `height` em tall starts, in em above the baseline (negative
    /// below), to sit as `alignment` asks beside text in `face`.
    static func bottom(of height: Double, aligned alignment: InlineImage.Alignment, in face: FontFace) -> Double {
        switch alignment {
        case .baseline: 0
        case .middle: face.xHeight / 2 - height / 2
        case .center: (face.ascender - face.descender) / 2 - height / 2
        }
    }

    /// Settings made in code get the checks the style decoder and markup make.
    private static func check(_ font: FontSpec) throws(LayoutError) {
        for (tag, value) in font.features {
            guard OpenTypeTag.isValid(tag) else { throw .invalidFontSetting(tag: tag, reason: Self.badTag) }
            guard (0...OpenTypeTag.maximumFeatureValue).contains(value) else {
                throw .invalidFontSetting(tag: tag, reason: "a feature value is from 0 to \(OpenTypeTag.maximumFeatureValue), got \(value)")
            }
        }
        for (tag, value) in font.variations {
            guard OpenTypeTag.isValid(tag) else { throw .invalidFontSetting(tag: tag, reason: Self.badTag) }
            guard OpenTypeTag.axisValueRange.contains(value) else {
                throw .invalidFontSetting(tag: tag, reason: "an axis value is from -32768 to 32767, got \(value)")
            }
        }
    }

    private static let badTag = "expected an OpenType tag of 1 to 4 printable ASCII characters, like \"tnum\" or \"wght\""
}

/// Reads inline pictures (PNG files) once per engine: the bytes and the pixel size from
/// the header, checked against the limits before anything is decoded.
final class InlineImageLoader: Sendable {
    struct Picture: Sendable {
        /// The file it was read from, which messages name.
        var path: String
        var png: [UInt8]
        var width: Int
        var height: Int
    }

    private let directories: [String]
    private let limits: Limits
    private let cache = LockedCache<String, Picture>()

    init(directories: [String], limits: Limits) {
        self.directories = directories
        self.limits = limits
    }

    func load(_ source: String) throws(LayoutError) -> Picture {
        if let cached = cache.withLock({ $0[source] }) { return cached }
        let path = try locate(source)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .imageUnreadable(source: source, reason: "\(path) cannot be read")
        }
        let bytes = [UInt8](data)
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
            throw .imageUnreadable(source: source, reason: "\(path) is not a PNG file")
        }
        func be32(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        let width = be32(16), height = be32(20)
        guard width > 0, height > 0 else {
            throw .imageUnreadable(source: source, reason: "\(path) has no pixels")
        }
        if max(width, height) > limits.canvasSide {
            throw .limitExceeded(LimitExcess(.inlineImageSide(source: source, width: width, height: height),
                                             value: Double(max(width, height)), limit: Double(limits.canvasSide)))
        }
        if Double(width) * Double(height) > Double(limits.canvasPixels) {
            throw .limitExceeded(LimitExcess(.inlineImagePixels(source: source, width: width, height: height),
                                             value: Double(width) * Double(height), limit: Double(limits.canvasPixels)))
        }
        let picture = Picture(path: path, png: bytes, width: width, height: height)
        cache.withLock { $0[source] = picture }
        return picture
    }

    func locate(_ source: String) throws(LayoutError) -> String {
        guard !source.isEmpty else { throw .imageUnreadable(source: source, reason: "no file name") }
        if source.hasPrefix("/") {
            guard FileManager.default.fileExists(atPath: source) else {
                throw .imageUnreadable(source: source, reason: "no such file")
            }
            return source
        }
        let folders = directories + [FileManager.default.currentDirectoryPath]
        for folder in folders {
            let candidate = URL(fileURLWithPath: folder).appendingPathComponent(source).standardizedFileURL.path
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue {
                return candidate
            }
        }
        throw .imageUnreadable(source: source, reason: "no such file (looked in \(folders.joined(separator: ", ")))")
    }
}
