import Foundation

/// A fresh directory under the system's temporary directory, removed by `cleanUp`.
public struct TemporaryDirectory {
    /// The folder.
    public let url: URL

    /// Creates the folder.
    public init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("LabelgenTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Writes `text` to `relativePath`, creating folders, and returns its URL.
    public func write(_ text: String, to relativePath: String) throws -> URL {
        let file = url.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file
    }

    /// Removes the folder and everything in it.
    public func cleanUp() {
        try? FileManager.default.removeItem(at: url)
    }
}
