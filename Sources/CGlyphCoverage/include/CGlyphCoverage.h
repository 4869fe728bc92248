#ifndef CGLYPHCOVERAGE_H
#define CGLYPHCOVERAGE_H

#include <stddef.h>
#include <stdint.h>

// A glyph outline's exact-area coverage, plain or grown by an outside stroke, for the
// glyph masks that labels are composed of. In C because every first use of a glyph at a
// size and phase runs it, and it must cost a fraction of a general stroker and scan
// converter: the grown shape is rasterized as the one offset contour that bounds it (see
// GlyphCoverage.c), in one pass of signed-area accumulation.

// Outline steps, in the order of `coordinates`: a move or a line takes (x, y), a
// quadratic (cx, cy, x, y), a cubic (c1x, c1y, c2x, c2y, x, y), a close nothing.
enum {
    GLYPH_COVERAGE_MOVE = 0,
    GLYPH_COVERAGE_LINE = 1,
    GLYPH_COVERAGE_QUADRATIC = 2,
    GLYPH_COVERAGE_CUBIC = 3,
    GLYPH_COVERAGE_CLOSE = 4,
};

// How an outside stroke turns at the outline's corners; inside curves it is always round.
enum {
    GLYPH_COVERAGE_JOIN_MITER = 0,
    GLYPH_COVERAGE_JOIN_ROUND = 1,
    GLYPH_COVERAGE_JOIN_BEVEL = 2,
};

// Writes into `out` (`width` x `height` bytes, row by row) the coverage, 0 to 255, of the
// outline (`steps` and their `coordinates`, in pixels of the mask, y down) filled with
// the non-zero rule, or with `outset` > 0 of the outline together with the band `outset`
// pixels wide that surrounds it outside (an outside stroke), turning with `join` at
// corners (miters longer than `miter_limit` times the band's double width are bevelled,
// as Cairo and PostScript measure them). Curves are flattened to within `tolerance`
// pixels. Every point must lie inside the mask once grown by `outset` (or by the miter's
// reach). Returns 0, or -1 when memory ran out (`out` is then undefined).
int glyph_coverage(const uint8_t *steps, size_t step_count, const double *coordinates,
                   double outset, int join, double miter_limit, double tolerance,
                   uint8_t *out, int width, int height);

#endif
