#ifndef CPNGFILTER_H
#define CPNGFILTER_H

#include <stddef.h>
#include <stdint.h>

// PNG's adaptive row filtering, in C because it runs five filters over every byte of an
// image: Swift's unoptimized builds (every test run) take seconds for one @3x label,
// where C takes milliseconds at any optimization level.

// Filters the `height` rows of `width` RGBA pixels in `pixels` (row by row, no padding)
// into `out`, which holds (width * 4 + 1) * height bytes: each row's filter number, then
// its filtered bytes. Each row gets the filter, of the five, whose output has the smallest
// sum of magnitudes (bytes read as signed); ties go to the lower number. `scratch` holds
// width * 4 * 5 bytes.
void png_filter_adaptive(const uint8_t *pixels, size_t width, size_t height, uint8_t *scratch, uint8_t *out);

// Undoes the filters of `height` rows of `width` RGBA pixels: `filtered` holds each row's
// filter number and filtered bytes, as above; `out` receives width * 4 * height bytes.
// Returns 0 when a row names a filter PNG does not have, else 1.
int png_unfilter(const uint8_t *filtered, size_t width, size_t height, uint8_t *out);

#endif
