/* The ink of a scanned page kept for the bar-number OCR (Sources/ScoreDocument/OCR/ScanInk.swift): its pixels darker
   than a threshold, as a bitmap and their grey levels, taken from the page image while it is decoded for detection
   so that the OCR does not decode the page a second time. SSE2 (baseline x86-64) sixteen pixels at a time, plain C
   elsewhere: the same pixels either way. */
#include "CKernels.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* Bit i of the result is set when p[i] < threshold (1 <= threshold), for the 64 pixels at p. */
static inline uint64_t tm_ink_word(const uint8_t *p, uint8_t threshold) {
#if defined(__SSE2__)
    const __m128i below = _mm_set1_epi8((char)(threshold - 1));
    uint64_t word = 0;
    for (int k = 0; k < 4; k++) {
        __m128i v = _mm_loadu_si128((const __m128i *)(p + 16 * k));
        /* v <= threshold - 1, unsigned: min(v, threshold - 1) == v. */
        __m128i dark = _mm_cmpeq_epi8(_mm_min_epu8(v, below), v);
        word |= (uint64_t)(uint16_t)_mm_movemask_epi8(dark) << (16 * k);
    }
    return word;
#else
    uint64_t word = 0;
    for (int i = 0; i < 64; i++) word |= (uint64_t)(p[i] < threshold) << i;
    return word;
#endif
}

ptrdiff_t tm_ink_extract(const uint8_t *pixels, ptrdiff_t width, ptrdiff_t height, ptrdiff_t stride, uint8_t threshold,
                         uint64_t *bits, ptrdiff_t words, uint8_t *values, ptrdiff_t capacity) {
    ptrdiff_t count = 0;
    for (ptrdiff_t y = 0; y < height; y++) {
        const uint8_t *row = pixels + y * stride;
        uint64_t *line = bits + y * words;
        for (ptrdiff_t w = 0; w < words; w++) {
            ptrdiff_t x0 = 64 * w;
            uint64_t word = 0;
            if (threshold > 0) {
                if (x0 + 64 <= width) {
                    word = tm_ink_word(row + x0, threshold);
                } else {
                    for (ptrdiff_t x = x0; x < width; x++) word |= (uint64_t)(row[x] < threshold) << (x - x0);
                }
            }
            line[w] = word;
            if (!word) continue;
            if (count + __builtin_popcountll(word) > capacity) return -1;
            while (word) {
                values[count++] = row[x0 + __builtin_ctzll(word)];
                word &= word - 1;
            }
        }
    }
    return count;
}

void tm_ink_sample_histogram(const uint8_t *pixels, ptrdiff_t width, ptrdiff_t height, ptrdiff_t stride, ptrdiff_t step,
                             int64_t *histogram) {
    ptrdiff_t x = 0, y = 0;
    while (y < height) {
        histogram[pixels[y * stride + x]]++;
        x += step;
        while (x >= width) {
            x -= width;
            y++;
        }
    }
}

ptrdiff_t tm_isolated_dark(const uint8_t *row, ptrdiff_t width, ptrdiff_t stride) {
    ptrdiff_t n = 0, x = 1;
#if defined(__SSE2__)
    const __m128i darkest = _mm_set1_epi8(63), light = _mm_set1_epi8((char)192);
    for (; x + 17 <= width; x += 16) {
        const __m128i c = _mm_loadu_si128((const __m128i *)(row + x));
        /* c <= 63 and v >= 192, unsigned: min(c, 63) == c and max(v, 192) == v. */
        __m128i isolated = _mm_cmpeq_epi8(_mm_min_epu8(c, darkest), c);
        if (!_mm_movemask_epi8(isolated)) continue;
        const __m128i left = _mm_loadu_si128((const __m128i *)(row + x - 1));
        const __m128i right = _mm_loadu_si128((const __m128i *)(row + x + 1));
        const __m128i up = _mm_loadu_si128((const __m128i *)(row + x - stride));
        const __m128i down = _mm_loadu_si128((const __m128i *)(row + x + stride));
        isolated = _mm_and_si128(isolated, _mm_cmpeq_epi8(_mm_max_epu8(left, light), left));
        isolated = _mm_and_si128(isolated, _mm_cmpeq_epi8(_mm_max_epu8(right, light), right));
        isolated = _mm_and_si128(isolated, _mm_cmpeq_epi8(_mm_max_epu8(up, light), up));
        isolated = _mm_and_si128(isolated, _mm_cmpeq_epi8(_mm_max_epu8(down, light), down));
        n += __builtin_popcount((unsigned)_mm_movemask_epi8(isolated));
    }
#endif
    for (; x < width - 1; x++) {
        if (row[x] < 64 && row[x - 1] >= 192 && row[x + 1] >= 192 && row[x - stride] >= 192 && row[x + stride] >= 192) n++;
    }
    return n;
}
