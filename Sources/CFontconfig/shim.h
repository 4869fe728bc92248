#include <fontconfig/fontconfig.h>

// The FC_* property names are string macros; Swift imports them only as C strings
// when they are constants, so they are re-exported here.
static const char *const CFontconfig_FAMILY = FC_FAMILY;
static const char *const CFontconfig_WEIGHT = FC_WEIGHT;
static const char *const CFontconfig_SLANT = FC_SLANT;
static const char *const CFontconfig_FILE = FC_FILE;
static const char *const CFontconfig_INDEX = FC_INDEX;
static const char *const CFontconfig_CHARSET = FC_CHARSET;
static const char *const CFontconfig_LANG = FC_LANG;
