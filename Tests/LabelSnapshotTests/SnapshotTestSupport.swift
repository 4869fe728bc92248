import Foundation
import Testing

/// Runs `body`, which records missing references: SnapshotTesting reports each recording
/// as a failure, which is expected here; anything else fails the test (a thrown error
/// is rethrown).
func recordingReferences(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) throws {
    try withKnownIssue("missing references are recorded", sourceLocation: sourceLocation) {
        try body()
    } matching: { issue in
        issue.comments.contains { $0.rawValue.contains("No reference was found on disk. Automatically recorded snapshot") }
    }
}

/// A new empty folder under the temporary folder; the test removes it with `defer`.
struct TemporaryFolder {
    let url: URL
    var path: String { url.path }

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("label-snapshot-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
}
