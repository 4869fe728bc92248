// ICU's C API for break iterators, found through pkg-config (icu-uc): on a Mac, Homebrew's
// icu4c is keg-only, so its headers and library are where only pkg-config knows.
#include <unicode/ubrk.h>
#include <unicode/uloc.h>
