import Foundation
import TextRender
#if canImport(Testing)
import Testing
#endif

/// Where the expected, actual and diff images of a failed image comparison go: a folder
/// named after the test and the snapshot, `<test>.<snapshot>`, in a folder named after the
/// test file, under `$SNAPSHOT_ARTIFACTS` or else the temporary folder.
///
/// That is where SnapshotTesting writes its copy of the failed value too
/// (`<TestFile>/<test>.<snapshot>.png`), so the folder sits beside it, and a CI job that
/// keeps `$SNAPSHOT_ARTIFACTS` keeps both.
struct FailureArtifacts: Sendable {
    /// The test file's name without its extension, as SnapshotTesting names the folder
    /// of its references.
    var testFile: String
    /// `<test>.<snapshot>`, spelled as SnapshotTesting spells the reference's file name.
    var name: String

    /// The snapshot being compared. A `Diffing` sees only two images, so the functions
    /// that know the test and the snapshot's name set this around the comparison.
    @TaskLocal static var current: FailureArtifacts?

    /// - Parameters:
    ///   - filePath: The test file's path.
    ///   - testName: The test's name, as given to SnapshotTesting (`#function`).
    ///   - snapshot: The snapshot's name; `nil` for an unnamed snapshot.
    ///   - line: The line of the assertion, which tells unnamed snapshots of a test apart.
    init(filePath: String, testName: String, snapshot: String?, line: UInt) {
        testFile = URL(fileURLWithPath: filePath).deletingPathExtension().lastPathComponent
        name = Self.sanitized(testName) + "." + Self.sanitized(snapshot ?? "line \(line)")
    }

    private init(testFile: String, name: String) {
        self.testFile = testFile
        self.name = name
    }

    /// For a comparison run outside the functions that set ``current``: named after the
    /// running Swift Testing test when there is one.
    static var unattributed: FailureArtifacts {
        #if canImport(Testing)
        if let test = Test.current {
            let file = URL(fileURLWithPath: test.sourceLocation.fileName).deletingPathExtension().lastPathComponent
            return FailureArtifacts(testFile: file, name: sanitized(test.name))
        }
        #endif
        return FailureArtifacts(testFile: "LabelSnapshotTesting", name: "image")
    }

    /// `$SNAPSHOT_ARTIFACTS`, else the temporary folder: the base SnapshotTesting uses.
    static var baseFolder: URL {
        URL(fileURLWithPath: ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"] ?? NSTemporaryDirectory(),
            isDirectory: true)
    }

    /// Writes the images that are not empty as `expected.png`, `actual.png` and
    /// `diff.png`, replacing those of an earlier run, and returns the folder.
    func write(expected: RGBAImage, actual: RGBAImage, diff: RGBAImage) throws -> URL {
        let folder = Self.baseFolder.appendingPathComponent(testFile, isDirectory: true)
            .appendingPathComponent(Self.claims.claim(name, in: testFile), isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let encoder = PNGEncoder()
        for (name, image) in [("expected", expected), ("actual", actual), ("diff", diff)] {
            let file = folder.appendingPathComponent("\(name).png")
            // An image left from an earlier failure would pass for this one's.
            try? FileManager.default.removeItem(at: file)
            guard image.width > 0, image.height > 0 else { continue }
            try encoder.encode(image).write(to: file)
        }
        return folder
    }

    /// SnapshotTesting's file-name rule: every run of non-word characters becomes "-",
    /// with none at either end.
    static func sanitized(_ text: String) -> String {
        text.replacingOccurrences(of: #"\W+"#, with: "-", options: .regularExpression)
            .replacingOccurrences(of: "^-|-$", with: "", options: .regularExpression)
    }

    /// Folder names handed out in this process. A second failure under the same name (an
    /// unnamed snapshot in a loop) gets `-2`, `-3`, … instead of overwriting the images
    /// an earlier failure message points at.
    private static let claims = FolderClaims()
}

/// The set of folder names already written to, shared by every test of the process.
private final class FolderClaims: Sendable {
    /// How often each `<TestFile>/<name>` was handed out.
    private let counts = Locked<[String: Int]>([:])

    func claim(_ name: String, in testFile: String) -> String {
        let key = testFile + "/" + name
        let count = counts.withLock { counts in
            counts[key, default: 0] += 1
            return counts[key]!
        }
        return count == 1 ? name : "\(name)-\(count)"
    }
}
