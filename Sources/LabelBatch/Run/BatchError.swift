import Foundation
import LabelLayout
import StyledText
import TextRender

/// Why a run stopped. No file is ever left half-written: a run that fails while planning
/// or drawing leaves the files in the output folder as they were, and one that fails
/// while committing has replaced some of them whole and left the rest as they were.
///
/// Each case's `description` names the file and the place in it, and says what was
/// expected.
public enum BatchError: Error, Sendable, CustomStringConvertible {
    /// A table's locale cannot name a folder: it must be a language tag like `de` or
    /// `zh-Hans`.
    case unsafeLocale(table: String, locale: String)
    /// A table has an empty key, which cannot name a file.
    case emptyKey(table: String)
    /// Two keys of a table would write the same file in its locale folder (they differ
    /// only in case, which case-insensitive disks do not tell apart).
    case sameFileName(table: String, locale: String, firstKey: String, secondKey: String)
    /// The style sheet has no valid style for a key and locale.
    case style(StyleError)
    /// A string's markup is malformed.
    case markup(table: String, key: String, MarkupError)
    /// The output folder exists and is a file.
    case outputNotAFolder(path: String)
    /// Another run is writing the output folder, which it holds locked; `holder` is its
    /// process id, nil when the system does not tell it.
    case outputFolderLocked(path: String, holder: Int32?)
    /// A locale folder in the output folder is a symbolic link, which a run does not
    /// follow.
    case localeFolderIsLink(path: String, target: String)
    /// A locale folder in the output folder exists and is a file.
    case localeFolderNotAFolder(path: String)
    /// A label could not be laid out, e.g. because the style names a font that does not
    /// exist. `style` is the style sheet's name.
    case layout(style: String, table: String, key: String, locale: String, LayoutError)
    /// A label could not be drawn.
    case render(table: String, key: String, RenderError)
    /// A drawn label could not be encoded as PNG.
    case encode(table: String, key: String, ImageError)
    /// A file could not be written; `reason` is the system's, e.g. "No space left on device".
    case cannotWrite(path: String, reason: String)
    /// An image could not be read for a golden check (an output, or the golden image),
    /// or to be packed into an atlas.
    case unreadableImage(ImageError)
    /// A run with atlases was given a shard: a locale's sheets need every one of its
    /// labels in one run.
    case atlasWithShard(Shard)
    /// A key's file name would be the name of an atlas sheet (`atlas-0.png`).
    case atlasNameTaken(table: String, key: String)
    /// A label image, with its extruded edge, is wider or taller than an atlas sheet
    /// may be. `width` and `height` are the image's trimmed size at `scale`.
    case atlasFrameTooLarge(locale: String, key: String, scale: Double, width: Int, height: Int, settings: AtlasSettings)
    /// A label image kept from an earlier run is not the one its manifest entry
    /// describes, so it cannot go into an atlas as it is.
    case atlasSourceChanged(path: String)

    /// The message for a person.
    public var description: String {
        switch self {
        case .unsafeLocale(let table, let locale):
            return "\(table): locale \"\(locale)\" is not a language tag like de or zh-Hans"
        case .emptyKey(let table):
            return "\(table): an empty key cannot name a file"
        case .sameFileName(let table, let locale, let first, let second):
            return "\(table): keys \"\(first)\" and \"\(second)\" would write the same file in \(locale)/"
        case .style(let error):
            return error.description
        case .markup(let table, let key, let error):
            return "\(table): key \"\(key)\": markup \(error)"
        case .outputNotAFolder(let path):
            return "\(path): exists and is not a folder; expected the folder for the labels"
        case .outputFolderLocked(let path, let holder):
            return "\(path): another run\(holder.map { " (process \($0))" } ?? "") is writing this folder; "
                + "wait for it to finish"
        case .localeFolderIsLink(let path, let target):
            return "\(path): is a symbolic link (to \(target)); labels are written only inside the output folder, "
                + "never through links in it"
        case .localeFolderNotAFolder(let path):
            return "\(path): exists and is not a folder; expected the folder for this locale's labels"
        case .layout(let style, let table, let key, let locale, let error):
            return "\(style): key \"\(key)\" (locale \(locale), \(table)): \(error)"
        case .render(let table, let key, let error):
            return "\(table): key \"\(key)\": \(error)"
        case .encode(let table, let key, let error):
            return "\(table): key \"\(key)\": \(error)"
        case .cannotWrite(let path, let reason):
            return "\(path): cannot write: \(reason)"
        case .unreadableImage(let error):
            return error.description
        case .atlasWithShard(let shard):
            return "shard \(shard.index)/\(shard.count) draws only some labels of each locale, and an atlas needs all of them; "
                + "draw the shards without atlases, then pack them in one more run over the same folder, which draws nothing again"
        case .atlasNameTaken(let table, let key):
            return "\(table): key \"\(key)\" would write \(FileNames.safeName(forKey: key)).png, the name of an atlas sheet; "
                + "rename the key or make this run without atlases"
        case .atlasFrameTooLarge(let locale, let key, let scale, let width, let height, let settings):
            let edge = 2 * settings.extrusion
            return "key \"\(key)\" (locale \(locale)) at @\(FileNames.scaleText(scale))x is \(width)x\(height) pixels"
                + (edge > 0 ? ", \(width + edge)x\(height + edge) with its extruded edge" : "")
                + " (without its transparent margin); an atlas sheet holds at most "
                + "\(settings.maximumSide)x\(settings.maximumSide) pixels"
        case .atlasSourceChanged(let path):
            return "\(path): changed since the run that drew it (its content hash is not the manifest's); "
                + "draw it again with --force"
        }
    }

    /// The error for a failed write to `url`.
    static func cannotWrite(_ url: URL, _ error: any Error) -> BatchError {
        .cannotWrite(path: url.path, reason: AtomicWriter.reason(error))
    }
}
