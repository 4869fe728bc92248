#include "CLineBreak.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/ubrk.h>
#include <unicode/uloc.h>
#include <unicode/utypes.h>

struct CLBIterator {
    UBreakIterator *iterator;
    CLBKind kind;
};

CLBIterator *clb_open(CLBKind kind, const char *locale, const char *keywords, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    UBreakIteratorType type = UBRK_LINE;
    switch (kind) {
    case CLB_LINE: type = UBRK_LINE; break;
    case CLB_GRAPHEME: type = UBRK_CHARACTER; break;
    case CLB_WORD: type = UBRK_WORD; break;
    }
    // ICU wants "zh_Hans" style ids; it accepts BCP 47 tags after conversion.
    char icuLocale[ULOC_FULLNAME_CAPACITY] = "";
    if (locale && *locale) {
        UErrorCode convert = U_ZERO_ERROR;
        uloc_forLanguageTag(locale, icuLocale, sizeof icuLocale, NULL, &convert);
        if (U_FAILURE(convert)) icuLocale[0] = 0;
    }
    // Keywords such as "lb=strict;lw=phrase" pick the rule set: ICU reads them from the
    // locale id, where a BCP 47 tag of the caller's may already have others.
    if (keywords && *keywords) {
        char copy[128];
        snprintf(copy, sizeof copy, "%s", keywords);
        char *saved = NULL;
        for (char *pair = strtok_r(copy, ";", &saved); pair; pair = strtok_r(NULL, ";", &saved)) {
            char *equals = strchr(pair, '=');
            if (!equals) continue;
            *equals = 0;
            UErrorCode set = U_ZERO_ERROR;
            uloc_setKeywordValue(pair, equals + 1, icuLocale, sizeof icuLocale, &set);
            if (U_FAILURE(set)) {
                if (status) *status = set;
                return NULL;
            }
        }
    }
    UBreakIterator *iterator = ubrk_open(type, icuLocale, NULL, 0, &error);
    if (U_FAILURE(error) || iterator == NULL) {
        if (status) *status = error;
        if (iterator) ubrk_close(iterator);
        return NULL;
    }
    CLBIterator *result = malloc(sizeof *result);
    if (!result) {
        ubrk_close(iterator);
        if (status) *status = U_MEMORY_ALLOCATION_ERROR;
        return NULL;
    }
    result->iterator = iterator;
    result->kind = kind;
    if (status) *status = U_ZERO_ERROR;
    return result;
}

void clb_close(CLBIterator *iterator) {
    if (!iterator) return;
    ubrk_close(iterator->iterator);
    free(iterator);
}

int32_t clb_boundaries(CLBIterator *iterator, const uint16_t *text, int32_t length,
                       int32_t *offsets, uint8_t *hard, int32_t capacity, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    ubrk_setText(iterator->iterator, (const UChar *)text, length, &error);
    if (U_FAILURE(error)) {
        if (status) *status = error;
        return -1;
    }
    int32_t count = 0;
    ubrk_first(iterator->iterator);
    for (int32_t next = ubrk_next(iterator->iterator);
         next != UBRK_DONE && count < capacity;
         next = ubrk_next(iterator->iterator)) {
        offsets[count] = next;
        if (hard) {
            int32_t rule = ubrk_getRuleStatus(iterator->iterator);
            hard[count] = (iterator->kind == CLB_LINE && rule >= UBRK_LINE_HARD && rule < UBRK_LINE_HARD_LIMIT) ? 1 : 0;
        }
        count++;
    }
    // Detach the text so the iterator never holds a pointer past this call.
    UErrorCode reset = U_ZERO_ERROR;
    ubrk_setText(iterator->iterator, NULL, 0, &reset);
    if (status) *status = U_ZERO_ERROR;
    return count;
}

const char *clb_error_name(int32_t status) {
    return u_errorName((UErrorCode)status);
}
