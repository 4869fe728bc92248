import Dispatch
import Foundation
import LabelCore
import TextRender

/// One locale's sprite sheets, packed and staged beside their targets under temporary
/// names, waiting for ``BatchRun/commit(_:)`` like the drawn images.
struct PackedAtlas: Sendable {
    /// The manifest's record of the sheets.
    let record: Manifest.Atlas
    /// Each image's frame, by the image's file name.
    let frames: [String: Manifest.AtlasFrame]
    /// The sheets and data files whose bytes changed, under temporary names.
    let staged: [AtomicWriter.Staged]

    /// Removes the staged files.
    func discard() { staged.forEach(AtomicWriter.discard) }
}

/// Packs the images of one locale's manifest into sprite sheets, scale by scale: reads
/// each label's image (the one just drawn, or the one an earlier run left) and measures
/// it without its transparent margin (``TrimmedSprite``), places the frames
/// (``AtlasPacker``), then draws the sheets one at a time with extruded edges
/// (``AtlasSheet``), reading their images again, and stages each with its TexturePacker
/// data (``TexturePackerJSON``): memory holds one sheet, not the locale's images.
///
/// The sheets depend only on the manifest's labels and their images' bytes, so the same
/// labels give the same sheets whatever was drawn in this run and on how many threads.
struct AtlasBuilder: Sendable {
    let settings: AtlasSettings
    let locale: String
    /// The locale folder.
    let folder: URL
    /// Images drawn in this run that are still under their temporary names, by target path.
    let stagedImages: [String: String]
    /// The manifest the previous run left in the folder, whose sheets may still fit; its
    /// entries are decoded one at a time.
    let previous: PreviousManifest?
    /// How many images are read and measured at once.
    let jobs: Int
    /// Frames each thread decodes per turn while a sheet is drawn: enough that handing
    /// them out costs nothing, few enough that they take little room beside the sheet.
    static let framesPerThread = 16
    /// Writes the sheets as the run writes its labels. Their pixels come from those
    /// files, so they are stored as they are: premultiplied already when the run is.
    let encoder: ImageEncoder

    /// What packing needs of a label: its key, and of each image what a sheet depends
    /// on, without the rest of its manifest entry (box, baselines, frame), so a locale
    /// of a hundred thousand labels is packed holding little.
    struct Label: Sendable {
        let key: String
        let images: [Image]

        /// An image's scale, file name and content hash: its sheet and frame follow from
        /// these and the label's key alone.
        struct Image: Sendable, Equatable {
            let scale: Double
            let file: String
            let hash: String

            init(_ image: Manifest.Image) {
                scale = image.scale
                file = image.file
                hash = image.hash
            }
        }

        init(_ label: Manifest.Label) {
            key = label.key
            images = label.images.map(Image.init)
        }
    }

    /// The sheets of `labels` (a locale's manifest entries, sorted by key), staged; nil
    /// when the labels have no images.
    ///
    /// Every image is read and checked before any sheet is staged, so a frame too large
    /// for a sheet stops the run with nothing written.
    func build(_ labels: [Label]) throws(BatchError) -> PackedAtlas? {
        if let kept = previousSheets(for: labels) { return kept }
        let scales = Set(labels.flatMap { $0.images.map(\.scale) }).sorted()
        guard !scales.isEmpty else { return nil }
        var sheets: [Manifest.Sheet] = []
        var frames: [String: Manifest.AtlasFrame] = [:]
        var staged: [AtomicWriter.Staged] = []
        do throws(BatchError) {
            for scale in scales {
                let images = labels.compactMap { label in label.images.first { $0.scale == scale }.map { (label.key, $0) } }
                // Every image is measured before any sheet is drawn, so a frame too large
                // stops the run before a sheet is staged.
                var sprites: [TrimmedSprite] = []
                sprites.reserveCapacity(images.count)
                // Reading is decoding every image: on every core, checked in order after.
                let measured = images.concurrentMap(jobs: jobs) { item in
                    Result { () throws(BatchError) in TrimmedSprite(try read(item.1)) }
                }
                for ((key, _), result) in zip(images, measured) {
                    let sprite = try result.get()
                    let edge = 2 * settings.extrusion
                    if sprite.width + edge > settings.maximumSide || sprite.height + edge > settings.maximumSide {
                        throw .atlasFrameTooLarge(locale: locale, key: key, scale: scale, width: sprite.width,
                                                  height: sprite.height, settings: settings)
                    }
                    sprites.append(sprite)
                }
                let laidOut = try layOut(sprites, images: images, scale: scale, staging: &staged)
                sheets += laidOut.sheets
                for (index, frame) in laidOut.frames.enumerated() { frames[images[index].1.file] = frame }
            }
        } catch {
            staged.forEach(AtomicWriter.discard)
            throw error
        }
        let record = Manifest.Atlas(maximumSide: settings.maximumSide, padding: settings.padding,
                                    extrusion: settings.extrusion, sheets: sheets)
        return PackedAtlas(record: record, frames: frames, staged: staged)
    }

    /// The previous run's sheets, when they hold exactly these images, were packed the
    /// same way, and are still on disk as it wrote them: packing again would give the
    /// same bytes, after reading every image. A run with nothing changed so stays fast.
    private func previousSheets(for labels: [Label]) -> PackedAtlas? {
        guard let previous, let record = previous.header.atlas, previous.header.tool == Labelgen.tool,
              record.maximumSide == settings.maximumSide, record.padding == settings.padding,
              record.extrusion == settings.extrusion, previous.header.output == Manifest.Output(encoder.encoding),
              previous.entries.count == labels.count else { return nil }
        var frames: [String: Manifest.AtlasFrame] = [:]
        var framesBySheet: [String: [String: Manifest.AtlasFrame]] = [:]
        for (entry, now) in zip(previous.entries, labels) {
            guard entry.key == now.key, let label = try? previous.label(entry),
                  label.images.map(Label.Image.init) == now.images else { return nil }
            for image in label.images {
                guard let frame = image.atlas else { return nil }
                frames[image.file] = frame
                framesBySheet[frame.sheet, default: [:]][label.key] = frame
            }
        }
        for sheet in record.sheets {
            guard let bytes = FileManager.default.contents(atPath: folder.appendingPathComponent(sheet.image).path),
                  ContentHash.fileHex(of: bytes) == sheet.hash,
                  dataFileMatches(sheet, frames: framesBySheet[sheet.image] ?? [:]) else { return nil }
        }
        return PackedAtlas(record: record, frames: frames, staged: [])
    }

    /// Whether the sheet's data file still says what the manifest does: its image, size
    /// and every frame. The manifest keeps no hash of it, and a damaged or edited one
    /// must be written again, as a damaged sheet is.
    private func dataFileMatches(_ sheet: Manifest.Sheet, frames: [String: Manifest.AtlasFrame]) -> Bool {
        guard let bytes = FileManager.default.contents(atPath: folder.appendingPathComponent(sheet.data).path),
              let data = try? JSONDecoder().decode(TexturePackerJSON.self, from: bytes),
              data.meta.image == sheet.image, data.meta.size == .init(w: sheet.width, h: sheet.height),
              data.meta.premultiplyAlpha == (encoder.encoding.alpha == .premultiplied),
              data.meta.scale == FileNames.scaleText(sheet.scale), data.meta.version == Labelgen.version else { return false }
        let listed = data.frames.mapValues { frame in
            Manifest.AtlasFrame(sheet: sheet.image, frame: [frame.frame.x, frame.frame.y, frame.frame.w, frame.frame.h],
                                offset: [frame.spriteSourceSize.x, frame.spriteSourceSize.y])
        }
        return listed == frames
    }

    /// The sheets of one scale, each staged (added to `staged`) as soon as it is drawn,
    /// and each sprite's frame on them, in the sprites' order. `images` are the sprites'
    /// keys and images, read again for their pixels sheet by sheet.
    private func layOut(_ sprites: [TrimmedSprite], images: [(String, Label.Image)], scale: Double,
                        staging staged: inout [AtomicWriter.Staged]) throws(BatchError)
        -> (sheets: [Manifest.Sheet], frames: [Manifest.AtlasFrame]) {
        let e = settings.extrusion
        let placements = AtlasPacker(side: settings.maximumSide, padding: settings.padding)
            .pack(sprites.map { AtlasPacker.Item(width: $0.width + 2 * e, height: $0.height + 2 * e) })
        let sheetCount = (placements.map(\.sheet).max() ?? -1) + 1
        var members = [[Int]](repeating: [], count: sheetCount)
        for (index, placement) in placements.enumerated() { members[placement.sheet].append(index) }
        var sheets: [Manifest.Sheet] = []
        var frames = [Manifest.AtlasFrame?](repeating: nil, count: sprites.count)
        for number in 0..<sheetCount {
            // The sheet ends where its last extruded frame does: no padding at the edge.
            let width = members[number].map { placements[$0].x + sprites[$0].width + 2 * e }.max()!
            let height = members[number].map { placements[$0].y + sprites[$0].height + 2 * e }.max()!
            let imageName = FileNames.sheetName(number: number, scale: scale, suffix: encoder.encoding.fileExtension)
            var data = TexturePackerJSON(frames: [:], meta: .init(
                app: "labelgen", version: Labelgen.version, image: imageName, format: "RGBA8888",
                size: .init(w: width, h: height), scale: FileNames.scaleText(scale),
                premultiplyAlpha: encoder.encoding.alpha == .premultiplied))
            var sheet = AtlasSheet(width: width, height: height, extrusion: e)
            // The sheet's frames are decoded on every core a few at a time and drawn as
            // they come, so only those few are held beside the sheet.
            let batch = max(1, jobs) * Self.framesPerThread
            for start in stride(from: 0, to: members[number].count, by: batch) {
                let chunk = Array(members[number][start..<min(start + batch, members[number].count)])
                let pixels = chunk.concurrentMap(jobs: jobs) { index in
                    Result { () throws(BatchError) in sprites[index].pixels(of: try read(images[index].1)) }
                }
                for (index, framePixels) in zip(chunk, pixels) {
                    let sprite = sprites[index], x = placements[index].x + e, y = placements[index].y + e
                    sheet.draw(AtlasSheet.Frame(pixels: try framePixels.get(), x: x, y: y))
                    data.frames[images[index].0] = TexturePackerJSON.Frame(
                        frame: .init(x: x, y: y, w: sprite.width, h: sprite.height), rotated: false, trimmed: sprite.isTrimmed,
                        spriteSourceSize: .init(x: sprite.offsetX, y: sprite.offsetY, w: sprite.width, h: sprite.height),
                        sourceSize: .init(w: sprite.sourceWidth, h: sprite.sourceHeight))
                    frames[index] = Manifest.AtlasFrame(sheet: imageName, frame: [x, y, sprite.width, sprite.height],
                                                        offset: [sprite.offsetX, sprite.offsetY])
                }
            }
            let file: Data
            do {
                file = try encoder.encode(stored: sheet.image)
            } catch {
                throw .cannotWrite(path: folder.appendingPathComponent(imageName).path, reason: "\(error)")
            }
            let dataName = FileNames.sheetName(number: number, scale: scale, suffix: "json")
            // Integers and strings only: encoding cannot fail.
            let json = (try? JSONFile.encode(data)) ?? Data()
            let record = Manifest.Sheet(scale: scale, image: imageName, data: dataName, width: width, height: height,
                                        hash: ContentHash.fileHex(of: file))
            try stage([(record.image, file), (record.data, json)], into: &staged)
            sheets.append(record)
        }
        return (sheets, frames.map { $0! })
    }

    /// The pixels of `image`: the file just drawn if it is staged, else the one on disk,
    /// which must still be what the manifest entry describes.
    private func read(_ image: Label.Image) throws(BatchError) -> RGBAImage {
        let path = folder.appendingPathComponent(image.file).path
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: stagedImages[path] ?? path))
        } catch {
            throw .unreadableImage(.file(path, .unreadableFile(reason: AtomicWriter.reason(error))))
        }
        guard ContentHash.fileHex(of: data) == image.hash else { throw .atlasSourceChanged(path: path) }
        do {
            return try LabelFileDecoder.decode(data)
        } catch {
            throw .unreadableImage(.file(path, error))
        }
    }

    /// Stages the files whose bytes changed, adding them to `staged`.
    private func stage(_ files: [(name: String, bytes: Data)], into staged: inout [AtomicWriter.Staged]) throws(BatchError) {
        for (name, bytes) in files {
            let url = folder.appendingPathComponent(name)
            do {
                if let file = try AtomicWriter.stage(bytes, for: url) { staged.append(file) }
            } catch {
                throw .cannotWrite(url, error)
            }
        }
    }
}

extension BatchRun {
    /// The sheets of every locale of the plan, staged; see ``AtlasBuilder``.
    ///
    /// - Throws: ``BatchError/atlasFrameTooLarge(locale:key:scale:width:height:settings:)``,
    ///   or an image that cannot be read; every sheet staged so far is removed first.
    func packAtlases(_ rendered: RenderedBatch, settings: AtlasSettings) throws(BatchError) -> [String: PackedAtlas] {
        let plan = rendered.plan
        var stagedImages: [String: String] = [:]
        for label in rendered.drawn.all {
            for file in label.staged { stagedImages[file.target] = file.temporary }
        }
        let tableKeys = keysStillInTables(listedIn: plan.previous)
        let locales = plan.manifestLocales
        let builders = locales.map { locale in
            AtlasBuilder(settings: settings, locale: locale, folder: outputFolder.appendingPathComponent(locale),
                         stagedImages: stagedImages, previous: plan.previous[locale], jobs: jobs, encoder: ImageEncoder(imageEncoding))
        }
        // A locale at a time, its images read on every core; each one's sheets depend on
        // its labels alone.
        var atlases: [String: PackedAtlas] = [:]
        for (locale, builder) in zip(locales, builders) {
            let update = ManifestUpdate(run: self, rendered: rendered, locale: locale, tableKeys: tableKeys)
            let labels: [AtlasBuilder.Label]
            do { labels = try update.listed.map { AtlasBuilder.Label(try update.label($0)) } } catch {
                atlases.values.forEach { $0.discard() }
                throw .cannotWrite(update.folder.appendingPathComponent("manifest.json"), error)
            }
            do { atlases[locale] = try builder.build(labels) } catch {
                atlases.values.forEach { $0.discard() }
                throw error
            }
        }
        return atlases
    }
}
