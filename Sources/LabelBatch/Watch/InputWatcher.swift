import Foundation

/// The files a watch looks at: a run's tables, style, pictures and fonts.
package struct WatchedInputs: Sendable, Equatable {
    /// Files whose saving starts a new run, by absolute path. They need not exist yet: a
    /// picture the markup names may be added later.
    package var files: Set<String>
    /// Folders, subfolders included, in which any font file (`.ttf`, `.otf`, …) that is
    /// added, saved or removed starts a new run, as it changes the labels' input hashes.
    package var fontFolders: Set<String>

    /// The inputs `files` and `fontFolders`; relative paths are made absolute.
    package init(files: [String] = [], fontFolders: [String] = []) {
        self.files = Set(files.map(Self.absolute))
        self.fontFolders = Set(fontFolders.map(Self.absolute))
    }

    /// Adds the inputs of `other`.
    package mutating func formUnion(_ other: WatchedInputs) {
        files.formUnion(other.files)
        fontFolders.formUnion(other.fontFolders)
    }

    /// Whether a change of the file at `path` (absolute) concerns these inputs.
    func concerns(_ path: String) -> Bool {
        if files.contains(path) { return true }
        guard Self.fontExtensions.contains((path as NSString).pathExtension.lowercased()) else { return false }
        return fontFolders.contains { path.hasPrefix($0 + "/") }
    }

    /// Every folder whose entries must be watched: each file's folder (editors replace a
    /// file by renaming another over it, so the file itself cannot be watched), each font
    /// folder and its subfolders.
    var folders: Set<String> {
        var folders = Set(files.map { ($0 as NSString).deletingLastPathComponent })
        for root in fontFolders {
            folders.insert(root)
            guard let walker = FileManager.default.enumerator(at: URL(fileURLWithPath: root),
                                                              includingPropertiesForKeys: [.isDirectoryKey]) else { continue }
            for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isDirectoryKey]))?.isDirectory == true {
                folders.insert(url.path)
            }
        }
        return folders
    }

    /// The font files below the font folders, for polling.
    var fontFiles: [String] {
        fontFolders.flatMap { root -> [String] in
            guard let walker = FileManager.default.enumerator(at: URL(fileURLWithPath: root),
                                                              includingPropertiesForKeys: nil) else { return [] }
            return walker.compactMap { ($0 as? URL)?.path }.filter(concerns)
        }
    }

    /// The extensions `FontFingerprints` hashes, so a watch and the input hashes agree.
    static let fontExtensions: Set<String> = ["ttf", "otf", "ttc", "otc", "woff", "woff2"]

    private static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}

/// Waits for watched inputs to change. On Linux it asks the kernel (inotify) to report
/// changes in the folders holding the inputs; where that is not possible (another
/// system, or the kernel's limit on watches is reached) it compares the files' sizes,
/// modification times and inode numbers twice a second.
final class InputWatcher {
    /// How changes are noticed.
    enum Method: Sendable {
        /// inotify: changes are reported by the kernel as they happen.
        case inotify
        /// Comparing the files' metadata every `interval`.
        case polling(interval: Duration)
    }

    private var inputs: WatchedInputs
    private let source: ChangeSource
    /// Why inotify could not be used, when the watcher fell back to polling.
    let fallbackReason: String?

    /// Watches `inputs` by `method`; inotify falls back to polling every half second when
    /// it is unavailable.
    init(watching inputs: WatchedInputs, method: Method = .inotify) {
        self.inputs = inputs
        switch method {
        case .inotify:
            #if os(Linux)
            do {
                source = try InotifySource(folders: inputs.folders)
                fallbackReason = nil
            } catch {
                source = PollingSource(inputs: inputs, interval: .milliseconds(500))
                fallbackReason = error.reason
            }
            #else
            source = PollingSource(inputs: inputs, interval: .milliseconds(500))
            fallbackReason = "inotify is only available on Linux"
            #endif
        case .polling(let interval):
            source = PollingSource(inputs: inputs, interval: interval)
            fallbackReason = nil
        }
    }

    /// Whether changes are noticed by polling rather than reported by the kernel.
    var isPolling: Bool { source is PollingSource }

    /// Watches `inputs` from now on, in addition to folders already watched; changes
    /// noticed meanwhile are not lost.
    func update(_ inputs: WatchedInputs) {
        self.inputs = inputs
        source.watch(inputs)
    }

    /// Waits until a watched input changes, then until `quiet` passes with no further
    /// change (an editor's save, or a script's, is often several writes), but no longer
    /// than `longest` in all.
    ///
    /// - Parameter timeout: How long to wait for a first change; nil waits for ever.
    /// - Returns: The changed inputs' paths, sorted, each once; empty when none changed
    ///   within `timeout`.
    func waitForChanges(quiet: Duration, longest: Duration = .seconds(2), timeout: Duration? = nil) -> [String] {
        var changed: Set<String> = []
        let giveUp = timeout.map { ContinuousClock.now + $0 }
        while changed.isEmpty {
            let remaining = giveUp.map { max(.zero, $0 - ContinuousClock.now) }
            changed.formUnion(source.changes(within: remaining).filter(inputs.concerns))
            if let giveUp, ContinuousClock.now >= giveUp, changed.isEmpty { return [] }
        }
        let deadline = ContinuousClock.now + longest
        while ContinuousClock.now < deadline {
            let more = source.changes(within: quiet)
            if more.isEmpty { break }
            changed.formUnion(more.filter(inputs.concerns))
        }
        return changed.sorted()
    }
}

/// Something that reports changed paths.
private protocol ChangeSource: AnyObject {
    /// Paths changed since the last call, waiting up to `timeout` (forever when nil) for
    /// one; empty when none changed in time. Paths may name files no one watches.
    func changes(within timeout: Duration?) -> [String]
    /// Watches these inputs too.
    func watch(_ inputs: WatchedInputs)
}

extension Duration {
    /// Whole milliseconds, rounded up, for `poll(2)`.
    fileprivate var milliseconds: Int32 {
        let (seconds, attoseconds) = components
        return Int32(clamping: seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    }
}

// MARK: - inotify

#if os(Linux)
/// An inotify instance watching folders for entries written, renamed in or out,
/// created and deleted. It owns its descriptor and closes it when freed.
private final class InotifySource: ChangeSource {
    private let descriptor: Int32
    /// Watched folders by watch descriptor.
    private var folders: [Int32: String] = [:]
    /// Every folder asked for, watched or not: one that is missing (not made yet, or
    /// deleted and about to be made again, as an export script does) is looked for again.
    private var wanted: Set<String> = []

    struct Failure: Error {
        var reason: String
    }

    init(folders: Set<String>) throws {
        descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else {
            throw Failure(reason: "inotify is unavailable: \(String(cString: strerror(errno)))")
        }
        do {
            try add(folders)
        } catch {
            close(descriptor)
            throw error
        }
    }

    deinit { close(descriptor) }

    func watch(_ inputs: WatchedInputs) {
        // Only the system's limit on watches fails here, and then the folders that
        // did get a watch still report.
        _ = try? add(inputs.folders)
    }

    /// Watches `paths` where they exist; those that do not are kept in `wanted`.
    /// - Returns: The folders that got a watch.
    @discardableResult
    private func add(_ paths: Set<String>) throws -> [String] {
        wanted.formUnion(paths)
        let events = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_MOVE_SELF)
        var added: [String] = []
        for folder in paths.sorted() where !folders.values.contains(folder) {
            let watch = inotify_add_watch(descriptor, folder, events | UInt32(IN_ONLYDIR))
            if watch >= 0 {
                folders[watch] = folder
                added.append(folder)
            } else if errno == ENOSPC || errno == ENOMEM {
                throw Failure(reason: "the system's limit on inotify watches is reached "
                              + "(fs.inotify.max_user_watches)")
            }
        }
        return added
    }

    /// Watches the wanted folders that exist again, and reports every file in them: they
    /// may have been written before the watch began.
    private func rewatchMissing() -> [String] {
        let missing = wanted.subtracting(folders.values)
        guard !missing.isEmpty, let added = try? add(missing) else { return [] }
        return added.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted().map { folder + "/" + $0 }
        }
    }

    func changes(within timeout: Duration?) -> [String] {
        var paths = rewatchMissing()
        guard paths.isEmpty else { return paths }
        // Nothing reports a missing folder's coming back (its parent is not watched), so
        // while one is missing the wait is cut into half seconds to look for it.
        var wait = timeout
        if wanted.count > folders.count {
            wait = min(timeout ?? .milliseconds(500), .milliseconds(500))
        }
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        if poll(&request, 1, wait.map(\.milliseconds) ?? -1) > 0 {
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                guard count > 0 else { break }
                paths += parse(buffer[..<count])
            }
        }
        return paths + rewatchMissing()
    }

    /// The paths of the events in `bytes`: each a `struct inotify_event` (watch, mask,
    /// cookie, name length) followed by the name, padded with NULs.
    private func parse(_ bytes: ArraySlice<UInt8>) -> [String] {
        var paths: [String] = []
        var offset = bytes.startIndex
        let header = MemoryLayout<inotify_event>.size
        while offset + header <= bytes.endIndex {
            func field(_ at: Int) -> UInt32 {
                bytes[(offset + at)..<(offset + at + 4)].reversed().reduce(0) { $0 << 8 | UInt32($1) }
            }
            let watch = Int32(bitPattern: field(0))
            let mask = field(4)
            let nameLength = Int(field(12))
            let nameBytes = bytes[(offset + header)..<min(offset + header + nameLength, bytes.endIndex)]
            let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
            if let folder = folders[watch], !name.isEmpty { paths.append(folder + "/" + name) }
            if mask & UInt32(IN_MOVE_SELF) != 0 {
                // The watch follows the folder to its new name; the path is what matters.
                inotify_rm_watch(descriptor, watch)
                folders[watch] = nil
            }
            if mask & UInt32(IN_IGNORED) != 0 {
                // The folder was deleted (or its watch removed): it is missing from now on.
                folders[watch] = nil
            }
            offset += header + nameLength
        }
        return paths
    }
}

extension Error {
    fileprivate var reason: String { (self as? InotifySource.Failure)?.reason ?? "\(self)" }
}
#else
extension Error {
    fileprivate var reason: String { "\(self)" }
}
#endif

// MARK: - Polling

/// Compares the watched files' metadata with what it was at the previous look.
private final class PollingSource: ChangeSource {
    private let interval: Duration
    private var inputs: WatchedInputs
    /// What each file looked like, nil when it did not exist.
    private var seen: [String: Stamp?] = [:]

    struct Stamp: Equatable {
        var size: Int64
        var modified: timespec
        var inode: UInt64

        static func == (a: Stamp, b: Stamp) -> Bool {
            a.size == b.size && a.inode == b.inode
                && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
        }
    }

    init(inputs: WatchedInputs, interval: Duration) {
        self.inputs = inputs
        self.interval = interval
        seen = look()
    }

    func watch(_ inputs: WatchedInputs) {
        self.inputs = inputs
        // Files watched before keep their earlier stamps, so a change made meanwhile shows.
        for (path, stamp) in look() where seen[path] == nil { seen[path] = stamp }
    }

    func changes(within timeout: Duration?) -> [String] {
        let deadline = timeout.map { ContinuousClock.now + $0 }
        while true {
            let now = look()
            let changed = Set(now.keys).union(seen.keys).filter { now[$0] ?? nil != seen[$0] ?? nil }
            seen = now
            if !changed.isEmpty { return changed.sorted() }
            if let deadline, ContinuousClock.now >= deadline { return [] }
            Thread.sleep(forTimeInterval: Double(interval.milliseconds) / 1000)
        }
    }

    private func look() -> [String: Stamp?] {
        var stamps: [String: Stamp?] = [:]
        for path in Array(inputs.files) + inputs.fontFiles {
            var info = stat()
            guard stat(path, &info) == 0 else {
                stamps[path] = .some(nil)
                continue
            }
            #if os(Linux)
            let modified = info.st_mtim
            #else
            let modified = info.st_mtimespec
            #endif
            stamps[path] = Stamp(size: Int64(info.st_size), modified: modified, inode: UInt64(info.st_ino))
        }
        return stamps
    }
}
