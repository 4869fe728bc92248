import Dispatch
import Foundation
import LabelLayout
import StyledText
import TextRender

/// One label drawn at every scale, with its images staged and its manifest entry stored
/// (``EntryStore``): what a run keeps of it until the commit.
struct DrawnLabel: Sendable {
    /// Where its manifest entry lies in the run's entry store.
    var entry: EntryStore.Entry
    /// Images written under temporary names, to be renamed into place; an image whose
    /// file already holds its bytes has none.
    var staged: [AtomicWriter.Staged]
    /// Layout and drawing time of all scales.
    var seconds: Double
    /// What its images came out as, for the report.
    var outcome: LabelOutcome

    /// Removes the staged images.
    func discard() {
        staged.forEach(AtomicWriter.discard)
    }
}

/// One label as ``LabelRenderer`` draws it: its manifest entry and its images' bytes.
struct Drawing {
    var manifest: Manifest.Label
    var files: [(name: String, data: Data)]
    /// Path to family of every font file the label's glyphs come from.
    var fontFiles: [String: String]
    /// Layout and drawing time of all scales.
    var seconds: Double

    /// Puts the images on disk beside their targets in `folder` (a path ending in `/`),
    /// under temporary names.
    /// - Returns: The staged files; if one cannot be written, none stays.
    func stage(in folder: String) throws(BatchError) -> [AtomicWriter.Staged] {
        var staged: [AtomicWriter.Staged] = []
        for file in files {
            do {
                if let file = try AtomicWriter.stage(file.data, named: file.name, in: folder) { staged.append(file) }
            } catch {
                staged.forEach(AtomicWriter.discard)
                throw .cannotWrite(URL(fileURLWithPath: folder + file.name), error)
            }
        }
        return staged
    }
}

/// Lays out and draws the labels of a run, as the manifest records them.
struct LabelRenderer {
    let engine: LayoutEngine
    let styleName: String
    private let renderer = Renderer()
    private let encoder: ImageEncoder
    /// Encodes the labels' manifest entries; one per thread, as each is a class.
    let entryEncoder = JSONFile.encoder()

    init(engine: LayoutEngine, styleName: String, encoding: ImageEncoding) {
        self.engine = engine
        self.styleName = styleName
        encoder = ImageEncoder(encoding)
    }

    func render(_ label: PlannedLabel, inputHash: String) throws(BatchError) -> Drawing {
        let start = DispatchTime.now()
        let layout: TextLayout
        do {
            layout = try engine.layout(label.styled(), parsedFrom: label.text.unicodeScalars.count,
                                       style: label.style, locale: label.locale)
        } catch {
            throw .layout(style: styleName, table: label.source, key: label.key, locale: label.locale, error)
        }
        var images: [Manifest.Image] = []
        var files: [(name: String, data: Data)] = []
        for scale in label.scales {
            let rendered: DrawnImage
            do { rendered = try DrawnImage(layout, scale: scale, renderer: renderer, encoder: encoder) } catch {
                switch error {
                case .render(let error): throw .render(table: label.source, key: label.key, error)
                case .encode(let error): throw .encode(table: label.source, key: label.key, error)
                }
            }
            let file = FileNames.fileName(forKey: label.key, scale: scale, extension: encoder.encoding.fileExtension)
            files.append((file, rendered.bytes))
            images.append(rendered.manifestImage(file: file, scale: scale))
        }
        var fontFiles: [String: String] = [:]
        for run in layout.lines.flatMap(\.runs) { fontFiles[run.face.path] = run.face.family }
        let manifest = Self.manifestLabel(label, layout: layout, images: images, fontFiles: fontFiles, inputHash: inputHash)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        return Drawing(manifest: manifest, files: files, fontFiles: fontFiles, seconds: seconds)
    }

    private static func manifestLabel(_ label: PlannedLabel, layout: TextLayout, images: [Manifest.Image],
                                      fontFiles: [String: String], inputHash: String) -> Manifest.Label {
        var manifest = Manifest.Label(
            key: label.key, text: label.text, fontSize: layout.fontSize.manifestRounded,
            requestedFontSize: layout.requestedFontSize, fit: layout.fitOutcome.rawValue,
            truncated: layout.isTruncated, lines: layout.lines.map(\.drawnText),
            hyphenated: layout.lines.contains(where: \.endsInHyphen) ? layout.lines.map(\.endsInHyphen) : nil,
            box: Manifest.Size(width: layout.bounds.width.manifestRounded, height: layout.bounds.height.manifestRounded),
            missingCharacters: layout.missingCharacters.isEmpty ? nil
                : layout.missingCharacters.map { String(format: "U+%04X", $0.value) },
            fallbackFonts: layout.fallbackFaces.isEmpty ? nil : layout.fallbackFaces.map(\.family),
            images: images, fontFiles: fontFiles.keys.map { URL(fileURLWithPath: $0).lastPathComponent }.sorted(),
            inputHash: inputHash)
        manifest.fallback = label.details?.fallbackLocale
        manifest.limit = label.details?.limit?.width.map { width in
            Manifest.WidthLimit(width: width, drawn: drawnWidth(of: layout, style: label.style))
        }
        return manifest
    }

    /// How wide a translation tool's pixel limit sees the label: the text's ink with the
    /// outline around it, px at scale 1, rounded up. The box and the shadows are not the
    /// text's width, and a shrunk text counts at the size it was drawn.
    static func drawnWidth(of layout: TextLayout, style: LabelStyle) -> Int {
        guard !layout.inkBounds.isEmpty else { return 0 }
        let outline = style.stroke?.reach ?? 0
        return Int((layout.inkBounds.width + 2 * outline - 1e-9).rounded(.up))
    }
}

/// One scale of a label: drawn, encoded, and measured for the manifest.
private struct DrawnImage {
    var bytes: Data
    var width: Int
    var height: Int
    var boxOrigin: [Int]
    var baselines: [Int]

    enum Failure: Error {
        case render(RenderError)
        case encode(ImageError)
    }

    init(_ layout: TextLayout, scale: Double, renderer: Renderer, encoder: ImageEncoder) throws(Failure) {
        let rendered: RenderedLabel
        do { rendered = try renderer.render(layout, scale: scale) } catch { throw .render(error) }
        do { bytes = try encoder.encode(rendered.image) } catch { throw .encode(error) }
        width = rendered.image.width
        height = rendered.image.height
        boxOrigin = [rendered.boxOriginX, rendered.boxOriginY]
        baselines = rendered.baselines
    }

    func manifestImage(file: String, scale: Double) -> Manifest.Image {
        Manifest.Image(scale: scale, file: file, width: width, height: height,
                       boxOrigin: boxOrigin, baselines: baselines, hash: ContentHash.fileHex(of: bytes))
    }
}
