// A test target that depends only on the `LabelSnapshotTesting` product can call
// `assertSnapshots` and `assertSnapshot(of:as:)`, load string tables and styles, lay out
// and render labels: every module this library's API speaks of comes with it.
@_exported import LabelLayout
@_exported import SnapshotTesting
@_exported import StringTables
@_exported import StyledText
@_exported import TextRender
