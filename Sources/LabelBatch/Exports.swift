// The shared types LabelBatch's API uses (limits, key patterns, source places) live in
// LabelCore; clients that import LabelBatch see them without importing it.
@_exported import LabelCore
