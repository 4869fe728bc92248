import Foundation
import Testing
@testable import LabelBatch

/// What a watch notices, by inotify and by polling alike: files saved in place or
/// replaced by a rename, font files anywhere in a font folder, and nothing else.
@Suite("Watching inputs for changes")
struct InputWatcherTests {
    static let methods: [InputWatcher.Method] = [.inotify, .polling(interval: .milliseconds(20))]

    /// The watcher's answer once its debounce has passed; a minute at most, so a broken
    /// watcher fails the test instead of hanging it.
    private func changes(_ watcher: InputWatcher) -> [String] {
        watcher.waitForChanges(quiet: .milliseconds(100), timeout: .seconds(60))
    }

    private func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    @Test("a file saved in place or renamed over is reported, once; files beside it are not", arguments: methods)
    func savedFiles(method: InputWatcher.Method) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let table = scratch("strings/en.json")
        try write("{}", to: table)
        try write("{}", to: scratch("strings/de.json"))
        let watcher = InputWatcher(watching: WatchedInputs(files: [table.path]), method: method)
        #expect(watcher.isPolling == (method != .inotify))

        try write(#"{"a": "A"}"#, to: scratch("strings/de.json"))
        try write(#"{"a": "B"}"#, to: scratch("strings/en.json.new"))
        #expect(rename(scratch("strings/en.json.new").path, table.path) == 0)
        #expect(changes(watcher) == [table.path])

        let handle = try FileHandle(forWritingTo: table)
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(#"{"a": "Saved in place"}"#.utf8))
        try handle.close()
        #expect(changes(watcher) == [table.path])

        try write(#"{"b": "Not watched"}"#, to: scratch("strings/de.json"))
        #expect(watcher.waitForChanges(quiet: .milliseconds(100), timeout: .milliseconds(500)).isEmpty)
    }

    @Test("a font file added in a font folder's subfolder is reported; other files are not", arguments: methods)
    func fontFolders(method: InputWatcher.Method) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try write("", to: scratch("fonts/extra/README.md"))
        let watcher = InputWatcher(watching: WatchedInputs(fontFolders: [scratch("fonts").path]), method: method)
        try write("notes", to: scratch("fonts/extra/README.md"))
        try write("font bytes", to: scratch("fonts/extra/New.ttf"))
        #expect(changes(watcher) == [scratch("fonts/extra/New.ttf").path])
    }

    @Test("a folder deleted and made again, as export scripts do, is watched again; one moved away is not", arguments: methods)
    func remadeFolders(method: InputWatcher.Method) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let table = scratch("strings/en.json")
        try write("{}", to: table)
        let watcher = InputWatcher(watching: WatchedInputs(files: [table.path]), method: method)

        try FileManager.default.removeItem(at: scratch("strings"))
        try write(#"{"a": "A"}"#, to: table)
        #expect(changes(watcher) == [table.path])
        try write(#"{"a": "B"}"#, to: table)
        #expect(changes(watcher) == [table.path], "a save after the folder was made again went unseen")

        // Moved away, the folder's files are no longer the inputs, whatever their names.
        try FileManager.default.moveItem(at: scratch("strings"), to: scratch("strings.old"))
        _ = watcher.waitForChanges(quiet: .milliseconds(100), timeout: .milliseconds(500))
        try write(#"{"a": "C"}"#, to: scratch("strings.old/en.json"))
        #expect(watcher.waitForChanges(quiet: .milliseconds(100), timeout: .milliseconds(500)).isEmpty)
        try write(#"{"a": "D"}"#, to: table)
        #expect(changes(watcher) == [table.path])
    }

    @Test("inputs added later, in folders not watched before, are reported", arguments: methods)
    func updatedInputs(method: InputWatcher.Method) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let style = scratch("style.json")
        let picture = scratch("pictures/coin.png")
        try write("{}", to: style)
        try write("1", to: picture)
        var inputs = WatchedInputs(files: [style.path])
        let watcher = InputWatcher(watching: inputs, method: method)
        inputs.formUnion(WatchedInputs(files: [picture.path]))
        watcher.update(inputs)
        // Being watched is no change.
        #expect(watcher.waitForChanges(quiet: .milliseconds(100), timeout: .milliseconds(300)).isEmpty)
        try write("22", to: picture)
        #expect(changes(watcher) == [picture.path])
    }
}

extension InputWatcher.Method: Equatable, CustomTestStringConvertible {
    public static func == (a: Self, b: Self) -> Bool {
        switch (a, b) {
        case (.inotify, .inotify): true
        case (.polling(let x), .polling(let y)): x == y
        default: false
        }
    }

    public var testDescription: String {
        switch self {
        case .inotify: "inotify"
        case .polling: "polling"
        }
    }
}
