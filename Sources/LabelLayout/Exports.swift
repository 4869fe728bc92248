// Font faces, font sources and `LimitExcess` were LabelLayout's own API before they moved
// to LabelFonts and LabelCore; clients that import LabelLayout still see them.
@_exported import LabelCore
@_exported import LabelFonts
