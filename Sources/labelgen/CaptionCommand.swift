import ArgumentParser
import Captions
import Foundation
import LabelLayout
import StyledText
import TextRender

/// `labelgen caption`: burns a meme-style caption onto a photo.
struct CaptionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "caption",
        abstract: "Burn a meme-style caption onto a photo.",
        discussion: """
            Reads a PNG or JPEG photo (recognized by its content, not its name), draws the \
            caption over it and writes the result at the photo's full resolution, as PNG \
            or JPEG by the extension of --out (.png, .jpg, .jpeg). JPEG photos are turned \
            upright by their EXIF orientation first.

            Sizes: the style's sizes (font.size, font.minSize, stroke, shadows, tracking) \
            are pixels on a photo 1000 px wide and grow with the photo's width, so a \
            4000 px photo gets text four times as large. The caption's box is the photo's \
            width less a margin on each side (4% of the shorter side) and at most a third \
            of its height; the text wraps and shrinks to fit (down to font.minSize, or a \
            quarter of font.size when the style has none), then is truncated as the style \
            says. The style's box, verticalAlign, canvas and scales do not apply.

            --crop square first cuts the photo to its centred square. --frame lays an \
            image (a PNG with transparency, typically) over the finished picture, \
            stretched to its size if the sizes differ. JPEG output has no transparency: \
            transparent parts are laid over white.

            Exit status: 0 done, 2 bad input or usage, 130 or 143 interrupted.

            Examples:
              labelgen caption cat.jpg --text "TOP TEXT" --bottom-text "BOTTOM TEXT" \\
                --style meme.json --out meme.jpg
              labelgen caption cat.png --text "Ça alors" --locale fr --position bottom \\
                --crop square --frame frame.png --style meme.json --out meme.png
            """)

    enum Position: String, CaseIterable, ExpressibleByArgument {
        case top, bottom

        var captionPosition: CaptionPosition { self == .top ? .top : .bottom }
    }

    enum Crop: String, CaseIterable, ExpressibleByArgument {
        case square
    }

    /// Output formats, by extension.
    enum OutputFormat {
        case png, jpeg

        init?(path: String) {
            switch URL(fileURLWithPath: path).pathExtension.lowercased() {
            case "png": self = .png
            case "jpg", "jpeg": self = .jpeg
            default: return nil
            }
        }
    }

    @Argument(help: ArgumentHelp("The photo (PNG or JPEG).", valueName: "image"),
              completion: .file(extensions: ["png", "jpg", "jpeg"]))
    var image: String

    @Option(help: ArgumentHelp("The caption (a newline in it starts a new line).", valueName: "text"))
    var text: String

    @Option(name: .customLong("bottom-text"),
            help: ArgumentHelp("A second caption along the bottom edge (with --position top, the default).", valueName: "text"))
    var bottomText: String?

    @Option(help: ArgumentHelp("The caption style file (JSON), e.g. Localizations/styles/meme.json.", valueName: "style.json"),
            completion: .file(extensions: ["json"]))
    var style: String

    @Option(help: ArgumentHelp("The output file: .png or .jpg/.jpeg.", valueName: "file"),
            completion: .file(extensions: ["png", "jpg", "jpeg"]))
    var out: String

    @Option(help: ArgumentHelp("The edge --text goes along.", valueName: "top|bottom"))
    var position: Position = .top

    @Option(help: ArgumentHelp("An image laid over the result, stretched to its size if needed.", valueName: "frame.png"),
            completion: .file(extensions: ["png"]))
    var frame: String?

    @Option(help: ArgumentHelp("Crop the photo first: `square` keeps the centred square.", valueName: "square"))
    var crop: Crop?

    @Option(help: ArgumentHelp("The text's locale, for the style's locale overrides, fonts and line breaking.", valueName: "tag"))
    var locale: String = "en"

    @Option(help: ArgumentHelp("The key whose overrides in the style's `keys` apply.", valueName: "key"))
    var key: String = "caption"

    @OptionGroup var fontOptions: FontOptions

    @Option(help: ArgumentHelp("JPEG quality, 1 to 100 (default 90); only for .jpg/.jpeg output.", valueName: "n"))
    var quality: Int?

    func validate() throws {
        guard let format = OutputFormat(path: out) else {
            throw ValidationError("\(out): cannot write this file type; --out must end in .png, .jpg or .jpeg")
        }
        if let quality {
            guard format == .jpeg else { throw ValidationError("--quality applies to JPEG output only, and \(out) is a PNG") }
            guard (1...100).contains(quality) else { throw ValidationError("--quality must be 1 to 100, got \(quality)") }
        }
        if bottomText != nil && position == .bottom {
            throw ValidationError("--bottom-text needs --text at the top; both were given for the bottom")
        }
    }

    func run() throws {
        let styleURL = URL(fileURLWithPath: style)
        let captionStyle: LabelStyle
        do {
            captionStyle = try StyleSheet(contentsOf: styleURL).style(forKey: key, locale: locale)
        } catch {
            throw Failure.badInput(error.description)
        }

        let decoder = ImageDecoder()
        var photo = try Self.decode(image, with: decoder)
        let overlay = try frame.map { try Self.decode($0, with: decoder) }
        if crop == .square { photo = photo.croppedToSquare() }

        var captions = [Caption(text, at: position.captionPosition)]
        if let bottomText { captions.append(Caption(bottomText, at: .bottom)) }
        let styleFolder = styleURL.deletingLastPathComponent().path
        let captioner = Captioner(engine: LayoutEngine(fonts: try fontOptions.sources(styleFolder: styleFolder),
                                                       imageDirectories: [styleFolder]))
        let result: CaptionedImage
        do {
            result = try captioner.caption(photo, with: captions, style: captionStyle, locale: locale)
        } catch let error as LayoutError {
            throw Failure.badInput("\(styleURL.lastPathComponent): \(error)")
        } catch {
            throw Failure.badInput("\(image): \(error)")
        }

        var picture = result.image
        if let overlay, let frame {
            do {
                picture.composite(try overlay.scaled(toWidth: picture.width, height: picture.height), atX: 0, y: 0)
            } catch {
                throw Failure.badInput("\(frame): \(error)")
            }
        }

        let data: Data
        do {
            switch OutputFormat(path: out)! {
            case .png: data = try PNGEncoder().encode(picture)
            case .jpeg: data = try JPEGEncoder(quality: quality ?? 90).encode(picture)
            }
        } catch {
            throw Failure.badInput("\(out): cannot encode the image: \(error)")
        }
        let url = URL(fileURLWithPath: out)
        do {
            try AtomicWriter.write(data, to: url)
        } catch {
            throw Failure.badInput("\(url.path): cannot write: \(AtomicWriter.reason(error))")
        }

        for placed in result.captions {
            let layout = placed.layout
            if layout.isTruncated {
                Self.warn("the \(placed.caption.position.rawValue) caption did not fit and was shortened to "
                          + "\"\(layout.lineTexts.joined(separator: " "))\"")
            }
            if !layout.missingCharacters.isEmpty {
                Self.warn("no font covers " + layout.missingCharacters.map { String(format: "U+%04X", $0.value) }
                    .joined(separator: ", ") + " in the \(placed.caption.position.rawValue) caption")
            }
        }
    }

    private static func decode(_ path: String, with decoder: ImageDecoder) throws -> RGBAImage {
        do {
            return try decoder.decode(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw Failure.badInput(error.description)
        }
    }

    /// Prints `labelgen: warning: …` on standard error; the caption is still written.
    private static func warn(_ message: String) {
        FileHandle.standardError.write(Data("labelgen: warning: \(message)\n".utf8))
    }
}
