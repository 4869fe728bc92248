#include "CPNGFilter.h"

#include <string.h>

static uint8_t paeth(uint8_t a, uint8_t b, uint8_t c) {
    int p = (int)a + (int)b - (int)c;
    int pa = p > a ? p - a : a - p, pb = p > b ? p - b : b - p, pc = p > c ? p - c : c - p;
    if (pa <= pb && pa <= pc) return a;
    return pb <= pc ? b : c;
}

// What filter `filter` predicts a byte to be from its left (a), upper (b) and upper-left (c)
// neighbours.
static uint8_t predict(int filter, uint8_t a, uint8_t b, uint8_t c) {
    switch (filter) {
    case 0: return 0;
    case 1: return a;
    case 2: return b;
    case 3: return (uint8_t)(((unsigned)a + (unsigned)b) / 2);
    default: return paeth(a, b, c);
    }
}

// Filter `filter` of one row into `out`; returns the sum of the output's magnitudes.
static size_t filter_row(int filter, const uint8_t *row, const uint8_t *above, size_t count, uint8_t *out) {
    size_t cost = 0;
    for (size_t i = 0; i < count; i++) {
        uint8_t a = i >= 4 ? row[i - 4] : 0, b = above ? above[i] : 0, c = i >= 4 && above ? above[i - 4] : 0;
        uint8_t value = (uint8_t)(row[i] - predict(filter, a, b, c));
        out[i] = value;
        cost += value < 128 ? value : 256 - value;
    }
    return cost;
}

void png_filter_adaptive(const uint8_t *pixels, size_t width, size_t height, uint8_t *scratch, uint8_t *out) {
    size_t row_bytes = width * 4;
    for (size_t y = 0; y < height; y++) {
        const uint8_t *row = pixels + y * row_bytes;
        const uint8_t *above = y > 0 ? row - row_bytes : NULL;
        int best = 0;
        size_t best_cost = (size_t)-1;
        for (int filter = 0; filter < 5; filter++) {
            size_t cost = filter_row(filter, row, above, row_bytes, scratch + (size_t)filter * row_bytes);
            if (cost < best_cost) {
                best = filter;
                best_cost = cost;
            }
        }
        uint8_t *target = out + y * (row_bytes + 1);
        target[0] = (uint8_t)best;
        memcpy(target + 1, scratch + (size_t)best * row_bytes, row_bytes);
    }
}

int png_unfilter(const uint8_t *filtered, size_t width, size_t height, uint8_t *out) {
    size_t row_bytes = width * 4;
    for (size_t y = 0; y < height; y++) {
        const uint8_t *in = filtered + y * (row_bytes + 1);
        uint8_t *row = out + y * row_bytes;
        const uint8_t *above = y > 0 ? row - row_bytes : NULL;
        int filter = in[0];
        if (filter > 4) return 0;
        for (size_t i = 0; i < row_bytes; i++) {
            uint8_t a = i >= 4 ? row[i - 4] : 0, b = above ? above[i] : 0, c = i >= 4 && above ? above[i - 4] : 0;
            row[i] = (uint8_t)(in[1 + i] + predict(filter, a, b, c));
        }
    }
    return 1;
}
