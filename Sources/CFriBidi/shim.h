#include <fribidi.h>

// FriBidi's paragraph types are macros built from other macros, which Swift does not
// import; these constants carry their values.
static const FriBidiParType CFriBidi_PAR_LTR = FRIBIDI_PAR_LTR;
static const FriBidiParType CFriBidi_PAR_RTL = FRIBIDI_PAR_RTL;
static const FriBidiParType CFriBidi_PAR_ON = FRIBIDI_PAR_ON;
