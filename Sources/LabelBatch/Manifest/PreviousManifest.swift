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

        /// `fontFiles` is the label's, or an equal list another entry holds already.
        init(_ label: Manifest.Label, bytes: Range<Int>, fontFiles: [String]?) {
            key = label.key
            inputHash = label.inputHash
            outcome = LabelOutcome(label)
            self.fontFiles = fontFiles
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
        try? load(folder.appendingPathComponent("manifest.json"))
    }

    /// The manifest at `url`.
    ///
    /// The file is mapped rather than read, and the pages behind the entries already
    /// indexed are given back as the reading goes, so reading a manifest of a hundred
    /// thousand labels (75 MB) never holds more than a few megabytes of it.
    ///
    /// - Throws: `POSIXError` when the file cannot be opened or is not a plain file, and
    ///   ``JSONSyntaxError`` when it is not a manifest.
    static func load(_ url: URL) throws -> PreviousManifest {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw POSIXError(POSIXError.Code(rawValue: errno) ?? .EIO) }
        do {
            var info = stat()
            guard fstat(descriptor, &info) == 0 else { throw POSIXError(POSIXError.Code(rawValue: errno) ?? .EIO) }
            guard (info.st_mode & S_IFMT) == S_IFREG else { throw POSIXError(.EINVAL) }
            // Most labels use the same few fonts: one list each, shared by their entries.
            var fontLists: Set<[String]> = []
            let (header, entries) = try withMapping(descriptor, count: Int(info.st_size)) { data, release throws(JSONSyntaxError) in
                try ManifestReader.read(data) { label, bytes in
                    release(bytes.upperBound)
                    return Entry(label, bytes: bytes, fontFiles: label.fontFiles.map { fontLists.insert($0).memberAfterInsert })
                }
            }
            return PreviousManifest(header: header, entries: entries, descriptor: descriptor)
        } catch {
            close(descriptor)
            throw error
        }
    }

    /// Runs `body` with the first `count` bytes of the file at `descriptor` mapped, and a
    /// function that gives back to the system the pages before an offset once they are
    /// read (they stay readable: touched again, they are read from the file again).
    private static func withMapping<T>(_ descriptor: Int32, count: Int,
                                       _ body: (Data, (Int) -> Void) throws(JSONSyntaxError) -> T) throws -> T {
        guard count > 0 else { return try body(Data(), { _ in }) }
        guard let base = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0), base != MAP_FAILED else {
            throw POSIXError(POSIXError.Code(rawValue: errno) ?? .EIO)
        }
        defer { munmap(base, count) }
        let page = max(4096, sysconf(Int32(_SC_PAGESIZE)))
        var released = 0
        return try body(Data(bytesNoCopy: base, count: count, deallocator: .none)) { offset in
            let end = offset / page * page
            // A few megabytes at a time: one system call per entry would cost more than the pages.
            guard end - released >= 1 << 22 else { return }
            madvise(base + released, end - released, MADV_DONTNEED)
            released = end
        }
    }

    /// The bytes of `entry` as the file has them.
    func bytes(of entry: Entry) throws -> Data {
        try EntryStore.read(descriptor, offset: entry.bytes.lowerBound, count: entry.bytes.count)
    }

    /// `entry` decoded.
    func label(_ entry: Entry) throws -> Manifest.Label {
        try ManifestReader.label(in: bytes(of: entry))
    }
}
