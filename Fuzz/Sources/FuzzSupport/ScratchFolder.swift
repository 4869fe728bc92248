import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A folder of this process's own, for inputs that can only be loaded from files:
/// `labelgen-fuzz-<pid>` in the temporary folder (`/dev/shm` under `make fuzz`).
///
/// A folder per process, not one per target, because libFuzzer's `-jobs` and `-fork`
/// run several processes of one target at once. It is removed at a normal exit, but
/// libFuzzer leaves with `_exit` after a finding, a timeout, running out of memory or
/// Ctrl-C, and nothing runs after SIGKILL; so each new process first removes the folders
/// of processes that no longer exist. At most one folder per killed process is left,
/// and only until the next fuzzer starts.
public enum ScratchFolder {
    static let prefix = "labelgen-fuzz-"

    /// The folder, made on first use, with stale folders of dead processes removed.
    public static let url: URL = {
        let parent = FileManager.default.temporaryDirectory
        removeStale(in: parent)
        let url = parent.appendingPathComponent("\(prefix)\(getpid())", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            fatalError("cannot make the fuzz scratch folder \(url.path): \(error)")
        }
        atexit { try? FileManager.default.removeItem(at: ScratchFolder.url) }
        return url
    }()

    /// Writes `data` to `name` inside the folder, replacing what was there.
    @discardableResult
    public static func write(_ data: Data, to name: String) -> URL {
        let file = url.appendingPathComponent(name)
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: file)
        } catch {
            fatalError("cannot write the fuzz input to \(file.path): \(error)")
        }
        return file
    }

    /// Removes the folders whose process is gone. A process of another user answers
    /// EPERM, not ESRCH, so only folders of processes known to be dead are touched.
    static func removeStale(in parent: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return }
        for name in names where name.hasPrefix(prefix) {
            guard let pid = pid_t(name.dropFirst(prefix.count)), pid > 0, pid != getpid() else { continue }
            if kill(pid, 0) == -1 && errno == ESRCH {
                try? FileManager.default.removeItem(at: parent.appendingPathComponent(name, isDirectory: true))
            }
        }
    }
}
