import Foundation

/// Progress on standard error: a counter redrawn in place on a terminal, a line per
/// locale otherwise, nothing with `--quiet`.
final class Progress: @unchecked Sendable {
    // @unchecked: every mutation happens under `lock`.
    private let total: Int
    private let quiet: Bool
    private let isTerminal = isatty(STDERR_FILENO) == 1
    private var done = 0
    private var lastDrawn = Date.distantPast
    private let lock = NSLock()

    init(total: Int, quiet: Bool) {
        self.total = total
        self.quiet = quiet
    }

    func advance() {
        lock.lock()
        defer { lock.unlock() }
        done += 1
        guard !quiet, isTerminal else { return }
        let now = Date()
        guard done == total || now.timeIntervalSince(lastDrawn) > 0.1 else { return }
        lastDrawn = now
        let width = 30
        let filled = total == 0 ? width : width * done / total
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        write("\r[\(bar)] \(done)/\(total) labels")
        if done == total { write("\n") }
    }

    func note(_ line: String) {
        guard !quiet else { return }
        lock.lock()
        defer { lock.unlock() }
        write(line + "\n")
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
