#include "CPNGFilter.h"

#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

// The extra bits of each length code (symbols 257 to 285).
static const uint8_t length_extra_bits[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
                                              3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};

// The code (0 to 28) of each match length 3 to 258 (RFC 1951, 3.2.5); 258 has a code of
// its own although 227 + 31 would also reach it.
static const uint8_t length_codes[259] = {
    0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 12, 12, 13,
    13, 13, 13, 14, 14, 14, 14, 15, 15, 15, 15, 16, 16, 16, 16, 16, 16, 16, 16, 17, 17, 17, 17, 17,
    17, 17, 17, 18, 18, 18, 18, 18, 18, 18, 18, 19, 19, 19, 19, 19, 19, 19, 19, 20, 20, 20, 20, 20,
    20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 21, 21, 21, 21, 21, 21, 21, 21, 21, 21, 21, 21, 21,
    21, 21, 21, 22, 22, 22, 22, 22, 22, 22, 22, 22, 22, 22, 22, 22, 22, 22, 22, 23, 23, 23, 23, 23,
    23, 23, 23, 23, 23, 23, 23, 23, 23, 23, 23, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24,
    24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 25, 25, 25, 25, 25,
    25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25,
    25, 25, 25, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26,
    26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27,
    27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 28,
};

// The first index from `j` on (at most `end`) whose byte is not `byte`. Transparent rows
// are long runs of zeros, so the vector loop tests 64 bytes per branch.
static size_t run_end(const uint8_t *data, size_t j, size_t end, uint8_t byte) {
    // Most runs in a shadow are one or two bytes long.
    for (size_t stop = j + 2 < end ? j + 2 : end; j < stop; j++) {
        if (data[j] != byte) return j;
    }
#if defined(__SSE2__)
    __m128i pattern = _mm_set1_epi8((char)byte);
    while (j + 64 <= end) {
        __m128i a = _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(data + j)), pattern);
        __m128i b = _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(data + j + 16)), pattern);
        __m128i c = _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(data + j + 32)), pattern);
        __m128i d = _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(data + j + 48)), pattern);
        if (_mm_movemask_epi8(_mm_and_si128(_mm_and_si128(a, b), _mm_and_si128(c, d))) != 0xFFFF) break;
        j += 64;
    }
    while (j + 16 <= end) {
        unsigned equal = (unsigned)_mm_movemask_epi8(
            _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(data + j)), pattern));
        if (equal != 0xFFFF) return j + (size_t)__builtin_ctz(~equal);
        j += 16;
    }
#else
    uint64_t pattern = (uint64_t)byte * 0x0101010101010101ULL;
    while (j + 8 <= end) {
        uint64_t word;
        memcpy(&word, data + j, 8);
        uint64_t differing = word ^ pattern;
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        if (differing) return j + (size_t)(__builtin_ctzll(differing) >> 3);
#else
        if (differing) return j + (size_t)(__builtin_clzll(differing) >> 3);
#endif
        j += 8;
    }
#endif
    while (j < end && data[j] == byte) j++;
    return j;
}

void rld_tokenize(const uint8_t *data, size_t start, size_t end, uint16_t *tokens, uint32_t *frequencies,
                  rld_block_stats *stats) {
    // Literals counted in four tables by position, summed at the end: a soft shadow's
    // Sub-filtered bytes repeat the same few values, and one table would make every
    // increment wait for the one before.
    uint32_t counts[4][256];
    memset(counts, 0, sizeof counts);
    size_t t = 0, matches = 0, extra_bits = 0;
    // A match may reach back into the previous block: the window spans blocks.
    int previous = start > 0 ? data[start - 1] : -1;
    size_t i = start;
    while (i < end) {
#if defined(__SSE2__)
        // Sixteen bytes at a time while none of them is part of a run of three or more
        // repeats: all literals, even those that repeat the byte before (a run of one or
        // two is sent as literals). A soft shadow's bytes are mostly such: zeros in twos
        // and threes between alpha steps. Runs are found from which of 32 bytes equal
        // the one before them, so one starting in the first 16 is seen whole enough.
        // Here no run is under way: byte i - 1 was a literal or ended one.
        if (i > 0) {
            while (i + 32 <= end) {
                __m128i low = _mm_loadu_si128((const __m128i *)(data + i));
                __m128i high = _mm_loadu_si128((const __m128i *)(data + i + 16));
                unsigned repeats = (unsigned)_mm_movemask_epi8(
                                       _mm_cmpeq_epi8(low, _mm_loadu_si128((const __m128i *)(data + i - 1)))) |
                                   (unsigned)_mm_movemask_epi8(
                                       _mm_cmpeq_epi8(high, _mm_loadu_si128((const __m128i *)(data + i + 15)))) << 16;
                unsigned third = repeats & repeats >> 1 & repeats >> 2;
                unsigned in_runs = (third | third << 1 | third << 2) & 0xFFFF;
                // The tokens buffer has room for 16 more: t <= i - start and i + 16 <= end.
                __m128i zero = _mm_setzero_si128();
                _mm_storeu_si128((__m128i *)(tokens + t), _mm_unpacklo_epi8(low, zero));
                _mm_storeu_si128((__m128i *)(tokens + t + 8), _mm_unpackhi_epi8(low, zero));
                size_t literals = in_runs ? (size_t)__builtin_ctz(in_runs) : 16;
                for (size_t k = 0; k < literals; k++) counts[k & 3][data[i + k]]++;
                t += literals;
                i += literals;
                if (in_runs) break;
            }
            previous = data[i - 1];
        }
#endif
        uint8_t byte = data[i];
        if (byte != previous) {
            tokens[t++] = byte;
            counts[0][byte]++;
            previous = byte;
            i++;
            continue;
        }
        size_t j = run_end(data, i + 1, end, byte);
        size_t run = j - i;
        while (run >= 3) {
            // Leave at least 3 for the last match, which cannot be shorter.
            size_t length = run > 258 ? (run - 258 < 3 ? run - 3 : 258) : run;
            int code = length_codes[length];
            tokens[t++] = (uint16_t)(256 + length);
            frequencies[257 + code]++;
            extra_bits += length_extra_bits[code];
            matches++;
            run -= length;
        }
        while (run > 0) {
            tokens[t++] = byte;
            counts[0][byte]++;
            run--;
        }
        i = j;
    }
    for (int b = 0; b < 256; b++) frequencies[b] += counts[0][b] + counts[1][b] + counts[2][b] + counts[3][b];
    frequencies[256]++;
    stats->count = t;
    stats->matches = matches;
    stats->extra_bits = extra_bits;
}

size_t rld_write_tokens(const uint16_t *tokens, size_t count, const uint32_t *code_bits, const uint8_t *code_sizes,
                        uint8_t *out, uint64_t *pending, int *pending_bits) {
    uint64_t bits = *pending;
    int used = *pending_bits;
    size_t written = 0;
    while (used >= 8) {
        out[written++] = (uint8_t)bits;
        bits >>= 8;
        used -= 8;
    }
    // Eight bytes stored after every code and the whole bytes among them kept: no branch
    // on the bit count, which the 1-bit codes of a label's zeros make unpredictable.
    for (size_t k = 0; k < count; k++) {
        uint16_t token = tokens[k];
        bits |= (uint64_t)code_bits[token] << used;
        used += code_sizes[token];
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        uint64_t word = bits;
#else
        uint64_t word = __builtin_bswap64(bits);
#endif
        memcpy(out + written, &word, 8);
        written += (size_t)(used >> 3);
        bits >>= used & ~7;
        used &= 7;
    }
    *pending = bits;
    *pending_bits = used;
    return written;
}

uint32_t rld_adler32(const uint8_t *data, size_t count) {
    return rld_adler32_update(1, data, count);
}

uint32_t rld_adler32_update(uint32_t adler, const uint8_t *data, size_t count) {
    const uint32_t modulus = 65521;
    uint64_t a = adler & 0xFFFF, b = adler >> 16;
    while (count > 0) {
        // 5552 bytes at most between reductions: no 32-bit lane below can overflow.
        size_t chunk = count < 5552 ? count : 5552;
        count -= chunk;
        size_t k = 0;
#if defined(__SSE2__)
        size_t blocks = chunk / 32;
        if (blocks > 0) {
            // Per 32-byte block: the bytes' sum (SAD against zero), their sum weighted
            // 32 down to 1 (pairs multiplied and added as 16-bit lanes), and the sums of
            // the blocks before it, which each count 32 times more in b.
            const __m128i zero = _mm_setzero_si128();
            const __m128i w0 = _mm_setr_epi16(32, 31, 30, 29, 28, 27, 26, 25);
            const __m128i w1 = _mm_setr_epi16(24, 23, 22, 21, 20, 19, 18, 17);
            const __m128i w2 = _mm_setr_epi16(16, 15, 14, 13, 12, 11, 10, 9);
            const __m128i w3 = _mm_setr_epi16(8, 7, 6, 5, 4, 3, 2, 1);
            __m128i sums = zero, earlier = zero, weighted = zero;
            for (size_t block = 0; block < blocks; block++) {
                __m128i x0 = _mm_loadu_si128((const __m128i *)(data + k));
                __m128i x1 = _mm_loadu_si128((const __m128i *)(data + k + 16));
                earlier = _mm_add_epi32(earlier, sums);
                sums = _mm_add_epi32(sums, _mm_add_epi32(_mm_sad_epu8(x0, zero), _mm_sad_epu8(x1, zero)));
                weighted = _mm_add_epi32(weighted, _mm_add_epi32(
                    _mm_add_epi32(_mm_madd_epi16(_mm_unpacklo_epi8(x0, zero), w0),
                                  _mm_madd_epi16(_mm_unpackhi_epi8(x0, zero), w1)),
                    _mm_add_epi32(_mm_madd_epi16(_mm_unpacklo_epi8(x1, zero), w2),
                                  _mm_madd_epi16(_mm_unpackhi_epi8(x1, zero), w3))));
                k += 32;
            }
            uint32_t lanes[4];
            _mm_storeu_si128((__m128i *)lanes, sums);
            uint64_t sum = (uint64_t)lanes[0] + lanes[2];
            _mm_storeu_si128((__m128i *)lanes, earlier);
            uint64_t before = (uint64_t)lanes[0] + lanes[2];
            _mm_storeu_si128((__m128i *)lanes, weighted);
            uint64_t weights = (uint64_t)lanes[0] + lanes[1] + lanes[2] + lanes[3];
            b += a * 32 * blocks + 32 * before + weights;
            a += sum;
        }
#endif
        for (; k < chunk; k++) {
            a += data[k];
            b += a;
        }
        a %= modulus;
        b %= modulus;
        data += chunk;
    }
    return (uint32_t)(b << 16 | a);
}
