#ifndef LABELGEN_CFUZZERDRIVER_H
#define LABELGEN_CFUZZERDRIVER_H

#include <stddef.h>
#include <stdint.h>

// libFuzzer's driver (compiler-rt's FuzzerInterface.h), linked by -sanitize=fuzzer.
// SwiftPM names an executable's entry point `<module>_main` and points `main` at it, so
// libFuzzer's own `main` is never linked; each target's entry point calls this instead.
int LLVMFuzzerRunDriver(int *argc, char ***argv,
                        int (*callback)(const uint8_t *data, size_t size));

#endif
