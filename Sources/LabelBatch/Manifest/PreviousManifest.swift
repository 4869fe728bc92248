import Foundation
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// The manifest an earlier run left in a locale folder, as a run reads it: its fields,
/// and of each label only what the run decides with. Every entry's bytes stay in the
/// file, which stays open, and are read again when the entry is carried over or looked
/// at, so a folder of a hundred thousand labels costs a few hundred bytes a label, not
/// the whole manifest decoded.
///
/// The file stays readable after the run replaces it: the open descriptor keeps the
/// earlier file's bytes.
final class PreviousManifest: Sendable {
    /// What a run needs of one label's entry without decoding it again; a class, so
    /// that the label a run keeps points at it rather than holding a copy.
    final class Entry: Sendable {
        /// The string key.
        let key: String
        /// The hash of the inputs its images were drawn from.
        let inputHash: String?
        /// What its images came out as, for the report.
        let outcome: LabelOutcome
        /// Its image files, one per scale.
        var files: [String] { outcome.files }
        /// The font files its glyphs come from.
        let fontFiles: [String]?
        /// Where its bytes lie in the file, from its `{` to its `}`.
        let bytes: Range<Int>

        init(_ label: Manifest.Label, bytes: Range<Int>) {
            key = label.key
            inputHash = label.inputHash
            outcome = LabelOutcome(label)
            fontFiles = label.fontFiles
            self.bytes = bytes
        }
    }

    /// The manifest's fields; its ``Manifest/labels`` are left empty (see ``entries``).
    let header: Manifest
    /// Every label, in the file's order, which is by key.
    let entries: [Entry]
    private let descriptor: Int32

    private init(header: Manifest, entries: [Entry], descriptor: Int32) {
        self.header = header
        self.entries = entries
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// The manifest in `folder`, or nil when there is none or it cannot be read (then
    /// every label is drawn again and nothing is deleted).
    static func read(in folder: URL) -> PreviousManifest? {
        let descriptor = open(folder.appendingPathComponent("manifest.json").path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
              let data = try? EntryStore.read(descriptor, offset: 0, count: Int(info.st_size)),
              let (header, entries) = try? ManifestReader.read(data, entry: Entry.init) else {
            close(descriptor)
            return nil
        }
        return PreviousManifest(header: header, entries: entries, descriptor: descriptor)
    }

    /// The bytes of `entry` as the file has them.
    func bytes(of entry: Entry) throws -> Data {
        try EntryStore.read(descriptor, offset: entry.bytes.lowerBound, count: entry.bytes.count)
    }

    /// `entry` decoded.
    func label(_ entry: Entry) throws -> Manifest.Label {
        try ManifestReader.label(in: bytes(of: entry))
    }

    /// The whole manifest, every label decoded: for the few who need all of it at once
    /// (sprite sheets), or nil if the file cannot be read again.
    func manifest() -> Manifest? {
        var manifest = header
        do { manifest.labels = try entries.map(label) } catch { return nil }
        return manifest
    }
}
