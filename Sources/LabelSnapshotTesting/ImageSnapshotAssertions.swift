import Foundation
import SnapshotTesting
import TextRender

// SnapshotTesting's `assertSnapshot` and `verifySnapshot` for the two image values.
// They behave as SnapshotTesting's own (which Swift picks for every other value), and
// tell the image `Diffing` the test's and the snapshot's names, which it cannot see, so
// the images of a failure go to a folder named after them.

/// The values whose image snapshots file the images of a failure under the test's and
/// the snapshot's names: rendered labels and plain images.
public protocol ImageSnapshotValue {}

extension RenderedLabel: ImageSnapshotValue {}
extension RGBAImage: ImageSnapshotValue {}

/// Asserts that a rendered label or an image matches its reference image.
///
/// SnapshotTesting's `assertSnapshot(of:as:named:record:timeout:fileID:file:testName:line:column:)`
/// for `RenderedLabel` and `RGBAImage`: the reference is
/// `__Snapshots__/<TestFile>/<test>.<name>.png` (`<test>.<counter>.png` when unnamed). On a
/// mismatch, the expected, actual and diff images go to `<TestFile>/<test>.<name>/`
/// (`<test>.line-<line>/` when unnamed) under `$SNAPSHOT_ARTIFACTS` or else the temporary
/// folder, and the failure names them.
///
/// ```swift
/// let label = try Renderer().render(layout, scale: 2)
/// assertSnapshot(of: label, as: .image(perceptualPrecision: 0.98), named: "de")
/// assertSnapshot(of: label.image, as: .image, named: "de-pixels")
/// ```
///
/// - Parameters:
///   - value: The rendered label or image.
///   - snapshotting: `.image` or `.image(precision:perceptualPrecision:alpha:)`.
///   - name: The snapshot's name, which names its reference; unnamed snapshots are
///     numbered in the order the test takes them.
///   - record: Whether to record the reference instead of comparing (default: the
///     surrounding `withSnapshotTesting(record:)` or `SNAPSHOT_TESTING_RECORD`).
///   - timeout: How long the snapshot may take to be made.
///   - fileID: The file ID failures are reported in.
///   - filePath: The test file; its folder and name place the reference.
///   - testName: The test's name, which starts the reference's file name.
///   - line: The line failures are reported at.
///   - column: The column failures are reported at.
public func assertSnapshot<Value: ImageSnapshotValue>(
    of value: @autoclosure () throws -> Value,
    as snapshotting: Snapshotting<Value, RGBAImage>,
    named name: String? = nil,
    record: SnapshotTestingConfiguration.Record? = nil,
    timeout: TimeInterval = 5,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    testName: String = #function,
    line: UInt = #line,
    column: UInt = #column
) {
    let failure = verifyImageSnapshot(of: value, as: snapshotting, named: name, record: record, snapshotDirectory: nil,
                                      timeout: timeout, fileID: fileID, file: filePath, testName: testName,
                                      line: line, column: column)
    guard let failure else { return }
    SnapshotIssue.record(failure, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Compares a rendered label or an image with its reference image and returns the
/// failure instead of reporting it, for assertion helpers of your own.
///
/// SnapshotTesting's `verifySnapshot(of:as:named:record:snapshotDirectory:timeout:fileID:file:testName:line:column:)`
/// for `RenderedLabel` and `RGBAImage`, which files the images of
/// a mismatch as ``assertSnapshot(of:as:named:record:timeout:fileID:file:testName:line:column:)`` does.
///
/// ```swift
/// if let failure = verifySnapshot(of: label, as: .image, named: "de", record: .never) {
///     print(failure)
/// }
/// ```
///
/// - Parameters:
///   - value: The rendered label or image.
///   - snapshotting: `.image` or `.image(precision:perceptualPrecision:alpha:)`.
///   - name: The snapshot's name, which names its reference.
///   - record: Whether to record the reference instead of comparing.
///   - snapshotDirectory: The folder of the reference; by default
///     `__Snapshots__/<TestFile>/` beside the test file.
///   - timeout: How long the snapshot may take to be made.
///   - fileID: The test file's ID.
///   - filePath: The test file; its name names the folder of the failure's images.
///   - testName: The test's name, which starts the reference's file name.
///   - line: The line of the call, which names the failure's folder of an unnamed snapshot.
///   - column: The column of the call.
/// - Returns: The failure message, or `nil` when the value matches its reference.
public func verifySnapshot<Value: ImageSnapshotValue>(
    of value: @autoclosure () throws -> Value,
    as snapshotting: Snapshotting<Value, RGBAImage>,
    named name: String? = nil,
    record: SnapshotTestingConfiguration.Record? = nil,
    snapshotDirectory: String? = nil,
    timeout: TimeInterval = 5,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    testName: String = #function,
    line: UInt = #line,
    column: UInt = #column
) -> String? {
    verifyImageSnapshot(of: value, as: snapshotting, named: name, record: record, snapshotDirectory: snapshotDirectory,
                        timeout: timeout, fileID: fileID, file: filePath, testName: testName, line: line, column: column)
}

/// SnapshotTesting's comparison, with the failure's folder named for the image `Diffing`.
func verifyImageSnapshot<Value>(
    of value: () throws -> Value,
    as snapshotting: Snapshotting<Value, RGBAImage>,
    named name: String?,
    record: SnapshotTestingConfiguration.Record?,
    snapshotDirectory: String?,
    timeout: TimeInterval,
    fileID: StaticString,
    file filePath: StaticString,
    testName: String,
    line: UInt,
    column: UInt
) -> String? {
    func verify() -> String? {
        SnapshotTesting.verifySnapshot(of: try value(), as: snapshotting, named: name, record: record,
                                       snapshotDirectory: snapshotDirectory, timeout: timeout, fileID: fileID,
                                       file: filePath, testName: testName, line: line, column: column)
    }
    let artifacts = FailureArtifacts(filePath: "\(filePath)", testName: testName, snapshot: name, line: line)
    return FailureArtifacts.$current.withValue(artifacts, operation: verify)
}
