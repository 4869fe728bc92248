import Foundation
import LabelBatch
import LabelCore

/// Progress on standard error: a counter redrawn in place on a terminal, nothing
/// otherwise, and notes (the summary) as lines; nothing at all with `--quiet`.
final class TerminalProgress: Sendable {
    private let quiet: Bool
    private let isTerminal = isatty(STDERR_FILENO) == 1
    /// When the bar was last drawn: at most ten times a second, and at the end. Held
    /// while drawing, so that two threads' bars never interleave.
    private let lastDrawn = Locked(Date.distantPast)

    init(quiet: Bool) {
        self.quiet = quiet
    }

    /// Shows how far the drawing has come.
    func update(_ progress: BatchProgress) {
        update(progress, naming: nil)
    }

    /// Shows how far the drawing of one locale has come, in a run drawn a locale at a
    /// time: a bar per locale, each named.
    func updateLocale(_ progress: BatchProgress) {
        update(progress, naming: progress.locale)
    }

    private func update(_ progress: BatchProgress, naming locale: String?) {
        guard !quiet, isTerminal else { return }
        lastDrawn.withLock { lastDrawn in
            let now = Date()
            guard progress.done == progress.total || now.timeIntervalSince(lastDrawn) > 0.1 else { return }
            lastDrawn = now
            let width = 30
            let filled = progress.total == 0 ? width : width * progress.done / progress.total
            let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
            write("\r[\(bar)] \(progress.done)/\(progress.total) labels" + (locale.map { " of \($0)" } ?? ""))
            if progress.done == progress.total { write("\n") }
        }
    }

    /// Prints a line, unless quiet.
    func note(_ line: String) {
        guard !quiet else { return }
        write(line + "\n")
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
