import Foundation
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Removes the files that runs killed before their commit staged in an output folder and
/// could not remove themselves, and nothing else.
///
/// A run stages each file under a name of one exact form (``AtomicWriter/stagingProcess(ofName:)``),
/// and only in the folders it writes, so only those folders are looked into: the top of the
/// output folder, the locale folders that hold a manifest labelgen wrote or that the run
/// writes, and `_diff/<locale>` for each of them. Never a folder deeper, never one reached
/// through a symbolic link, never one nothing names: a user's `OUT/notes/drafts/` is theirs.
///
/// Who a staged file belongs to is decided by folder locks, which hold across pid
/// namespaces, where process ids do not: the run holding the output folder's lock owns
/// the staging at its top, and each locale folder is swept only while this sweep holds
/// that folder's lock too, so a folder that is another run's output folder (a nested
/// `OUT/de` written by a run in another container, say) is passed over. Within a folder
/// held, a file is removed only if, besides, the process its name records is not one
/// this process can see alive: this process's own staging is never touched.
struct LeftoverSweep: Sendable {
    /// The folders swept already under this lock, relative to the output folder: a run's
    /// locale folders are mostly those swept when the folder was locked.
    private var swept: Set<String> = []

    /// The name of the folder of diff images, in the output folder.
    static let diffFolderName = "_diff"

    /// Sweeps the top of the output folder open at `out`, whose lock the caller holds,
    /// and the folders of the locales whose manifests it holds.
    ///
    /// - Returns: How many files were removed.
    mutating func sweepOutputFolder(_ out: Int32) -> Int {
        var removed = Self.removeStaged(in: out)
        for locale in Self.manifestLocales(in: out) { removed += sweep(locale: locale, in: out) }
        return removed
    }

    /// Sweeps the folder of `locale` in the output folder open at `out`, and its folder of
    /// diff images, unless this sweep did already.
    ///
    /// - Returns: How many files were removed.
    mutating func sweep(locale: String, in out: Int32) -> Int {
        guard Self.isFolderName(locale), swept.insert(locale).inserted else { return 0 }
        var removed = Self.withFolder(locale, in: out, Self.sweepIfFree)
        removed += Self.withFolder(Self.diffFolderName, in: out) { diffs in
            Self.withFolder(locale, in: diffs, Self.sweepIfFree)
        }
        return removed
    }

    /// A name that can be a locale folder's: not hidden, no path, no dot.
    private static func isFolderName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".") && !name.contains("/") && !name.contains(".")
    }

    /// Calls `body` with the folder `name` in the folder open at `parent`, if it is a folder
    /// and not a symbolic link; 0 otherwise.
    private static func withFolder(_ name: String, in parent: Int32, _ body: (Int32) -> Int) -> Int {
        let folder = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard folder >= 0 else { return 0 }
        defer { close(folder) }
        return body(folder)
    }

    /// Removes the leftovers in the folder open at `folder` if its lock can be taken at
    /// once: a folder locked is another run's output folder, and its staging is that run's.
    private static func sweepIfFree(_ folder: Int32) -> Int {
        guard flock(folder, LOCK_EX | LOCK_NB) == 0 else { return 0 }
        defer { flock(folder, LOCK_UN) }
        return removeStaged(in: folder)
    }

    /// Removes the staged files in the folder open at `folder` whose process is gone.
    private static func removeStaged(in folder: Int32) -> Int {
        var removed = 0
        for name in names(in: folder) where name.hasPrefix(".") {
            // kill(pid, 0) fails with ESRCH only when no such process exists here, so this
            // process's own staging, and that of a live run into a folder around this one
            // (which stages in its locale folders without their locks), stay.
            guard let pid = AtomicWriter.stagingProcess(ofName: name),
                  kill(pid, 0) != 0, errno == ESRCH else { continue }
            var info = stat()
            guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            if unlinkat(folder, name, 0) == 0 { removed += 1 }
        }
        return removed
    }

    /// The locales whose folders in the output folder open at `out` hold a manifest
    /// labelgen wrote.
    private static func manifestLocales(in out: Int32) -> [String] {
        names(in: out).filter { name in
            isFolderName(name) && withFolder(name, in: out) { hasManifest($0) ? 1 : 0 } == 1
        }
    }

    /// Whether the folder open at `folder` holds a manifest labelgen wrote: a file (not a
    /// link) whose last field, `tool`, names labelgen. A web app's `manifest.json` in a
    /// user's folder does not make it a locale folder.
    private static func hasManifest(_ folder: Int32) -> Bool {
        let file = openat(folder, "manifest.json", O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard file >= 0 else { return false }
        defer { close(file) }
        var info = stat()
        guard fstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
        let count = Int(min(info.st_size, 256))
        var tail = [UInt8](repeating: 0, count: count)
        guard pread(file, &tail, count, info.st_size - off_t(count)) == count else { return false }
        return isManifestEnd(String(decoding: tail, as: UTF8.self))
    }

    /// Whether `text` ends as a manifest labelgen writes does: its last field, on a line of
    /// its own, is `"tool" : "labelgen <version>"`, and then the closing brace.
    static func isManifestEnd(_ text: String) -> Bool {
        let end = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard end.hasSuffix("}") else { return false }
        let lines = end.dropLast().split(separator: "\n", omittingEmptySubsequences: true)
        guard let last = lines.last?.trimmingCharacters(in: .whitespaces) else { return false }
        return last.hasPrefix("\"tool\" : \"labelgen ") && last.hasSuffix("\"") && last.count > 21
    }

    /// The names in the folder open at `folder`, read through a descriptor of its own so
    /// the folder's stays open.
    private static func names(in folder: Int32) -> [String] {
        let copy = dup(folder)
        guard copy >= 0 else { return [] }
        guard let stream = fdopendir(copy) else {
            close(copy)
            return []
        }
        defer { closedir(stream) }
        rewinddir(stream)
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }
}
