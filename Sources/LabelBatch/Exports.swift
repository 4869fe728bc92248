// `JSONFile` was LabelBatch's own API before it moved to LabelCore; clients that import
// LabelBatch still see it.
@_exported import LabelCore
