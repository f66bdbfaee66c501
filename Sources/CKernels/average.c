/* The mean of each pixel of a row and its neighbours within a radius (Sources/ScoreDocument/Detection/
   GrayImage+Smoothing.swift, `averageRow`: the window clamped at the row's ends, the sum divided and truncated),
   sixteen pixels at a time with SSE2 where the window lies inside the row. The division is a multiplication by
   m = ⌈65536 / window⌉ keeping the high half, exact for every sum of the window (at most 255 × window) when
   255 × window × (m × window − 65536) < 65536: the error it adds stays below 1 / window, less than the distance
   from any sum / window up to the next whole number. Other windows are left to the Swift loop. */
#include "CKernels.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* The clamped window's sum at x, divided (the ends of the row). */
static inline uint8_t tm_average_at(const uint8_t *row, ptrdiff_t w, ptrdiff_t radius, ptrdiff_t x) {
    int sum = 0;
    for (ptrdiff_t i = x - radius; i <= x + radius; i++) sum += row[i < 0 ? 0 : i >= w ? w - 1 : i];
    return (uint8_t)(sum / (int)(2 * radius + 1));
}

int tm_average_row(const uint8_t *row, uint8_t *out, ptrdiff_t width, ptrdiff_t radius) {
#if defined(__SSE2__)
    const ptrdiff_t window = 2 * radius + 1;
    if (radius < 1 || window > 255 || width < window + 16) return 0;
    const uint32_t m = (uint32_t)((65536 + window - 1) / window);
    const uint64_t excess = (uint64_t)m * (uint64_t)window - 65536;
    if (m > 65535 || 255 * (uint64_t)window * excess >= 65536) return 0;
    const __m128i multiplier = _mm_set1_epi16((short)m), zero = _mm_setzero_si128();
    ptrdiff_t x = 0;
    for (; x < radius; x++) out[x] = tm_average_at(row, width, radius, x);
    /* Inside: every pixel of the window lies in the row. */
    const ptrdiff_t inner = width - radius;
    for (; x + 16 <= inner; x += 16) {
        __m128i low = zero, high = zero;
        for (ptrdiff_t i = -radius; i <= radius; i++) {
            const __m128i v = _mm_loadu_si128((const __m128i *)(row + x + i));
            low = _mm_add_epi16(low, _mm_unpacklo_epi8(v, zero));
            high = _mm_add_epi16(high, _mm_unpackhi_epi8(v, zero));
        }
        low = _mm_mulhi_epu16(low, multiplier);
        high = _mm_mulhi_epu16(high, multiplier);
        _mm_storeu_si128((__m128i *)(out + x), _mm_packus_epi16(low, high));
    }
    for (; x < width; x++) out[x] = tm_average_at(row, width, radius, x);
    return 1;
#else
    (void)row; (void)out; (void)width; (void)radius;
    return 0;
#endif
}
