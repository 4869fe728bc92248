import XCTest
#if canImport(Testing)
import Testing
#endif

/// Reports a failed snapshot to the test framework that runs the test, as SnapshotTesting
/// reports its own: a Swift Testing issue inside a Swift Testing test, else an XCTest failure.
enum SnapshotIssue {
    static func record(_ message: String, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
        #if canImport(Testing)
        if Test.current != nil {
            Issue.record(Comment(rawValue: message),
                         sourceLocation: SourceLocation(fileID: "\(fileID)", filePath: "\(filePath)",
                                                        line: Int(line), column: Int(column)))
            return
        }
        #endif
        XCTFail(message, file: filePath, line: line)
    }
}
