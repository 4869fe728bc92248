// Images, their codecs and Cairo's status were TextRender's own API before they moved to
// LabelImage; clients that import TextRender still see them.
@_exported import LabelImage
