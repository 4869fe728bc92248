// JSON, limits, source places and key patterns were StyledText's own API before they
// moved to LabelCore; clients that import StyledText still see them.
@_exported import LabelCore
