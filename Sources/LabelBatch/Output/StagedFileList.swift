import Foundation
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Staged files waiting for their commit, listed on disk rather than in memory: a run
/// drawn a locale at a time keeps every locale's staged images until the last locale
/// is drawn, and ten locales of twenty thousand labels would hold eight megabytes of
/// names. Read back in the order they were added.
///
/// The list is a nameless file in the output folder (``AtomicWriter/openNameless(in:for:)``),
/// gone with its descriptor however the run ends.
final class StagedFileList: @unchecked Sendable {
    // @unchecked: appended to by one thread (the run's), then only read.
    private let descriptor: Int32
    /// The folders of the files, each once; a file names its folder by index.
    private var folders: [String] = []
    private var folderIndex: [String: UInt32] = [:]
    /// Bytes not yet written, and the length of those written.
    private var pending = Data()
    private var written = 0
    /// How many files the list holds.
    private(set) var count = 0

    /// An empty list kept in `folder`, which must exist.
    /// - Throws: The file system's error when the file cannot be made.
    init(in folder: URL) throws {
        descriptor = try AtomicWriter.openNameless(in: folder, for: "staged-files")
    }

    deinit { close(descriptor) }

    /// Every folder a listed file is in.
    var allFolders: [String] { folders }

    /// Adds `files` after those added before.
    /// - Throws: The file system's error, such as a full disk.
    func append(_ files: some Sequence<AtomicWriter.Staged>) throws {
        for file in files {
            let folder: UInt32
            if let known = folderIndex[file.folder] {
                folder = known
            } else {
                folder = UInt32(folders.count)
                folders.append(file.folder)
                folderIndex[file.folder] = folder
            }
            let name = Data(file.name.utf8)
            for field in [folder, file.tag, UInt32(name.count)] {
                withUnsafeBytes(of: field.littleEndian) { pending.append(contentsOf: $0) }
            }
            pending.append(name)
            count += 1
            if pending.count >= 1 << 16 { try flush() }
        }
        try flush()
    }

    /// Calls `body` with each file, in the order they were added.
    /// - Throws: The file system's error, or what `body` throws.
    func forEach(_ body: (AtomicWriter.Staged) throws -> Void) throws {
        var offset = 0
        var buffer = Data()
        var start = 0
        func field(_ at: Int) -> UInt32 {
            buffer.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: at, as: UInt32.self)) }
        }
        while true {
            // An entry is 12 bytes and its name: read on until a whole one is there.
            if buffer.count - start >= 12, buffer.count - start >= 12 + Int(field(start + 8)) {
                let length = Int(field(start + 8))
                let name = String(decoding: buffer[(start + 12)..<(start + 12 + length)], as: UTF8.self)
                try body(AtomicWriter.Staged(folder: folders[Int(field(start))], name: name, tag: field(start + 4)))
                start += 12 + length
                continue
            }
            guard offset < written else { break }
            let chunk = min(1 << 16, written - offset)
            buffer = buffer.subdata(in: start..<buffer.count) + (try EntryStore.read(descriptor, offset: offset, count: chunk))
            start = 0
            offset += chunk
        }
    }

    private func flush() throws {
        guard !pending.isEmpty else { return }
        try EntryStore.write(pending, to: descriptor, at: written)
        written += pending.count
        pending.removeAll(keepingCapacity: true)
    }
}
