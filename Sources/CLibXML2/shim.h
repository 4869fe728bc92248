#include <libxml/xmlversion.h>
// With ICU enabled, libxml2's encoding.h includes ICU's headers, which clash with
// Foundation's bundled copy of ICU in any Swift module that sees both. Only the ICU
// converter fields of xmlCharEncodingHandler depend on it, a struct Swift code never
// lays out (it is reached through pointers only), so the headers are read without it.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
