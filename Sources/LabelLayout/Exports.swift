// `LimitExcess` was LabelLayout's own API before it moved to LabelCore; clients that
// import LabelLayout still see it.
@_exported import LabelCore
