import Foundation
import LabelBatch
import Testing

// Helpers for running the built `labelgen` executable end to end.

/// What one run of `labelgen` did.
struct CLIResult: Sendable, CustomStringConvertible {
    var status: Int32
    var stdout: String
    var stderr: String

    var description: String { "exit \(status)\n--- stdout:\n\(stdout)--- stderr:\n\(stderr)" }
}

enum CLIError: Error, CustomStringConvertible {
    case executableNotFound(searched: [String])

    var description: String {
        switch self {
        case .executableNotFound(let searched):
            return "labelgen executable not found; run `swift build` first (searched: \(searched.joined(separator: ", ")))"
        }
    }
}

/// Holds a `Process` for the cancellation handler, which must be `@Sendable`.
private final class ProcessBox: @unchecked Sendable {
    // @unchecked: `Process` is thread-safe enough for `terminate()` from another thread.
    let process: Process
    init(_ process: Process) { self.process = process }
}

enum CLI {
    /// The package root: this file is `<root>/Tests/labelgenTests/Support.swift`.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let fontsFolder: URL = packageRoot.appendingPathComponent("Fonts")

    /// The `labelgen` binary next to the test bundle in the build products folder.
    static func executable() throws -> URL {
        var starts: [URL] = []
        if let first = CommandLine.arguments.first, !first.isEmpty {
            starts.append(URL(fileURLWithPath: first).standardizedFileURL)
        }
        starts.append(Bundle.main.bundleURL.standardizedFileURL)
        var searched: [String] = []
        let manager = FileManager.default
        for start in starts {
            var folder = start.deletingLastPathComponent()
            while true {
                let candidate = folder.appendingPathComponent("labelgen")
                searched.append(candidate.path)
                var isDirectory: ObjCBool = false
                if manager.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue,
                   manager.isExecutableFile(atPath: candidate.path) {
                    return candidate
                }
                let parent = folder.deletingLastPathComponent()
                if parent.path == folder.path || folder.path == "/" { break }
                folder = parent
            }
        }
        let fallback = packageRoot.appendingPathComponent(".build/debug/labelgen")
        searched.append(fallback.path)
        if manager.isExecutableFile(atPath: fallback.path) { return fallback }
        throw CLIError.executableNotFound(searched: searched)
    }

    /// Runs `labelgen` with `arguments` in `directory` (default: the package root), with
    /// `LABELGEN_FONTS` set to the bundled fonts and `environment`'s changes (nil removes
    /// a variable), and captures everything it prints. A `launcher` (a command and its
    /// options, such as one that switches user) runs `labelgen` in its place.
    static func run(_ arguments: [String], in directory: URL? = nil,
                    environment changes: [String: String?] = [:],
                    launcher: [String] = []) async throws -> CLIResult {
        let executable = try executable()
        let captures = FileManager.default.temporaryDirectory
            .appendingPathComponent("labelgen-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: captures, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: captures) }
        let outURL = captures.appendingPathComponent("stdout")
        let errURL = captures.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let outHandle = try FileHandle(forWritingTo: outURL)
        let errHandle = try FileHandle(forWritingTo: errURL)

        let process = Process()
        if let command = launcher.first {
            process.executableURL = URL(fileURLWithPath: command)
            process.arguments = Array(launcher.dropFirst()) + [executable.path] + arguments
        } else {
            process.executableURL = executable
            process.arguments = arguments
        }
        process.currentDirectoryURL = directory ?? packageRoot
        var environment = ProcessInfo.processInfo.environment
        environment["LABELGEN_FONTS"] = fontsFolder.path
        for (name, value) in changes { environment[name] = value }
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = outHandle
        process.standardError = errHandle

        let box = ProcessBox(process)
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                box.process.terminationHandler = { _ in continuation.resume() }
                do {
                    try box.process.run()
                } catch {
                    box.process.terminationHandler = nil
                    continuation.resume(throwing: error)
                }
            }
        } onCancel: {
            if box.process.isRunning { box.process.terminate() }
        }
        try outHandle.close()
        try errHandle.close()
        return CLIResult(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }
}

/// A fresh temporary folder; call `remove()` (usually in a `defer`).
struct TempDir {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("labelgenTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: url) }

    /// `url/relative`.
    func callAsFunction(_ relative: String) -> URL { url.appendingPathComponent(relative) }

    var path: String { url.path }

    /// Writes `text` to `relative`, creating folders as needed; returns its URL.
    @discardableResult
    func write(_ text: String, to relative: String) throws -> URL {
        let file = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file
    }

    /// Writes a JSON value (dictionaries, arrays, strings, numbers) to `relative`.
    @discardableResult
    func writeJSON(_ value: Any, to relative: String) throws -> URL {
        let data = try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])
        return try write(String(decoding: data, as: UTF8.self), to: relative)
    }
}

/// Small styles that render quickly.
enum Styles {
    /// Noto Sans 24 px in a 200×80 box, up to 2 lines, canvas box.
    static func basic(scales: [Double] = [1, 2], extra: [String: Any] = [:]) -> [String: Any] {
        var style: [String: Any] = [
            "font": ["family": "Noto Sans", "size": 24],
            "fill": "#202020",
            "box": ["width": 200, "height": 80],
            "maxLines": 2,
            "canvas": "box",
            "scales": scales,
        ]
        for (key, value) in extra { style[key] = value }
        return style
    }
}

// MARK: - Files

enum Files {
    /// Every regular file below `folder`, hidden ones included, as relative paths.
    static func list(_ folder: URL) -> [String] {
        let manager = FileManager.default
        // A folder that was never made holds no files; one that cannot be read is a
        // failure, not an empty folder, or checks for leftovers would pass unseen.
        guard manager.fileExists(atPath: folder.path) else { return [] }
        let paths: [String]
        do { paths = try manager.subpathsOfDirectory(atPath: folder.path) } catch {
            Issue.record("cannot list \(folder.path): \(error)")
            return []
        }
        return paths.filter { relative in
            var isDirectory: ObjCBool = false
            return manager.fileExists(atPath: folder.appendingPathComponent(relative).path, isDirectory: &isDirectory)
                && !isDirectory.boolValue
        }.sorted()
    }

    /// The bytes of every file below `folder`, by relative path.
    static func contents(_ folder: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for relative in list(folder) {
            result[relative] = try Data(contentsOf: folder.appendingPathComponent(relative))
        }
        return result
    }

    struct Identity: Equatable, CustomStringConvertible {
        var modified: Date
        var inode: UInt64
        var description: String { "inode \(inode), modified \(modified.timeIntervalSince1970)" }
    }

    /// Modification date and inode number of every file below `folder`.
    static func identities(_ folder: URL) throws -> [String: Identity] {
        var result: [String: Identity] = [:]
        for relative in list(folder) {
            // A file gone since the listing was a running labelgen's staged file, renamed since.
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(relative).path) else {
                continue
            }
            let modified = try #require(attributes[.modificationDate] as? Date)
            let number = try #require(attributes[.systemFileNumber] as? NSNumber)
            result[relative] = Identity(modified: modified, inode: number.uint64Value)
        }
        return result
    }
}

// MARK: - PNG

enum PNG {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Width and height from the IHDR chunk, or nil if `data` is not a PNG.
    static func size(of data: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data)
        guard bytes.count >= 24, Array(bytes[0..<8]) == signature,
              Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        func bigEndian(_ offset: Int) -> Int {
            bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        return (bigEndian(16), bigEndian(20))
    }
}

// MARK: - Manifest (what a game reads)

struct ManifestFile: Decodable {
    var tool: String
    var locale: String
    var style: String
    var fonts: [Font]?
    var labels: [Label]

    struct Font: Decodable {
        var file: String
        var family: String
        var hash: String
    }

    struct Label: Decodable {
        var key: String
        var text: String
        var fontSize: Double
        var truncated: Bool
        var lines: [String]
        var fontFiles: [String]?
        var missingCharacters: [String]?
        var box: Size
        var images: [Image]
    }

    struct Image: Decodable {
        var scale: Double
        var file: String
        var width: Int
        var height: Int
        var boxOrigin: [Int]
        var baselines: [Int]
        var hash: String
    }

    struct Size: Decodable {
        var width: Double
        var height: Double
    }

    static func load(_ url: URL) throws -> ManifestFile {
        try JSONDecoder().decode(ManifestFile.self, from: Data(contentsOf: url))
    }

    func label(_ key: String) throws -> Label {
        try #require(labels.first { $0.key == key }, "no label \(key) in the manifest")
    }
}
