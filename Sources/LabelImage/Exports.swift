// Image encodings (ImageEncoding) are part of this module's API and live in LabelCore;
// clients that import LabelImage, or TextRender, see them.
@_exported import LabelCore
