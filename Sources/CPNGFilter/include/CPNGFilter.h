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

// What rld_tokenize found in one block.
typedef struct {
    size_t count;       // tokens written
    size_t matches;     // of which matches
    size_t extra_bits;  // the matches' length extra bits, together
} rld_block_stats;

// The tokens of RunLengthDeflate's block data[start..<end): a byte equal to the one
// before it (data[start - 1] included) continues a run, and each run of n such bytes
// becomes matches at distance 1 of up to 258 (the last at least 3) and literals for what
// is left; every other byte is a literal. A token below 256 is a literal, 256 + n a match
// of n bytes. `tokens` holds end - start entries; `frequencies`, 286 counts (literals,
// end of block, lengths' codes 257 to 285), is added to, end of block included. In C
// for the vector loop over runs: transparent rows are most of a label's bytes.
void rld_tokenize(const uint8_t *data, size_t start, size_t end, uint16_t *tokens, uint32_t *frequencies,
                  rld_block_stats *stats);

// Appends the codes of `count` tokens to a bit stream packed least significant bit first:
// token k's code is the low code_sizes[tokens[k]] bits (at most 32) of
// code_bits[tokens[k]]. `pending` holds the *pending_bits (below 32) bits not yet stored.
// Whole bytes go to `out`, which has room for them and 8 bytes more (written over with
// zeros); returns how many, and leaves the rest (below 8 bits) in `pending`.
size_t rld_write_tokens(const uint16_t *tokens, size_t count, const uint32_t *code_bits, const uint8_t *code_sizes,
                        uint8_t *out, uint64_t *pending, int *pending_bits);

// The Adler-32 checksum of `count` bytes (RFC 1950), which ends a zlib stream; 32 bytes a
// step with SSE2.
uint32_t rld_adler32(const uint8_t *data, size_t count);

// The Adler-32 checksum `adler` of some bytes, continued over `count` more: the checksum
// of a stream that arrives a piece at a time.
uint32_t rld_adler32_update(uint32_t adler, const uint8_t *data, size_t count);

#endif
