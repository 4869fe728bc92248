// libhyphen (Debian: libhyphen-dev) ships no pkg-config file, so this module names the
// header and the library itself.
#include <hyphen.h>
