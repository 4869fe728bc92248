// The photo decoder, the JPEG codec, EXIF orientation, photo limits and compositing were
// Captions' own API before they moved to LabelImage; clients that import Captions still
// see them.
@_exported import LabelImage
