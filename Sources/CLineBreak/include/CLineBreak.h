#ifndef CLINEBREAK_H
#define CLINEBREAK_H

#include <stdint.h>

// ICU renames its C functions with a version suffix through macros (ubrk_open is really
// ubrk_open_72), which Swift cannot import, and its headers clash with the copy of ICU
// inside Foundation. This shim exposes the few break-iterator calls the layout engine
// needs as plain functions over an opaque handle.

typedef struct CLBIterator CLBIterator;

typedef enum {
    CLB_LINE = 0,      // UAX #14 line-break opportunities, locale-tailored (Thai, CJK...)
    CLB_GRAPHEME = 1,  // extended grapheme clusters (UAX #29)
    CLB_WORD = 2       // word boundaries
} CLBKind;

// Opens an iterator of `kind` for `locale` (a BCP 47 or ICU locale id, may be ""), with
// ICU locale keywords such as "lb=strict;lw=phrase" (may be NULL or "").
// Returns NULL when ICU cannot create it; `*status` then holds ICU's error code.
CLBIterator *clb_open(CLBKind kind, const char *locale, const char *keywords, int32_t *status);
void clb_close(CLBIterator *iterator);

// Writes the boundaries of `text` (UTF-16, `length` units) after its start, in order,
// into `offsets` (at most `capacity`, length + 1 always suffices). For line iterators
// `hard` (may be NULL) receives 1 for a mandatory break (after a newline), else 0.
// Returns the number written, or -1 on an ICU error (code in `*status`).
// The text is only read during the call.
int32_t clb_boundaries(CLBIterator *iterator, const uint16_t *text, int32_t length,
                       int32_t *offsets, uint8_t *hard, int32_t capacity, int32_t *status);

// A readable name for an ICU error code, for error messages.
const char *clb_error_name(int32_t status);

#endif
