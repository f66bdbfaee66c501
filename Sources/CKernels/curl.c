/* One row of PageCurl.straightened (Sources/ScoreDocument/Detection/PageCurl.swift) over its bent columns: each
   column's shift computed with the same double arithmetic as the Swift loop (no fused multiply-add, half away from
   zero), then the row copied in runs of one shift, each from its source row in one piece (paper where that row lies
   off the page). The shifts change every few dozen columns on a curled page, so the copies replace a lookup per
   pixel. */
#include "CKernels.h"
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#pragma clang fp contract(off)

/* Swift's `PageCurl.rounded(Double(above) * (1 - t) + Double(below) * t)`. The offsets of a page are far inside
   the range of an int32. */
static inline int32_t tm_curl_shift(float above, float below, double t) {
    const double value = (double)above * (1 - t) + (double)below * t;
    const int32_t whole = (int32_t)value;
    const double fraction = value - (double)whole;
    /* Without branches, so the loop of them runs on vector registers. */
    return whole + (int32_t)(fraction >= 0.5) - (int32_t)(fraction <= -0.5);
}

#if defined(__SSE2__)
/* tm_curl_shift of two columns: their shifts in the low two int32 lanes. The same operations in the same order:
   float to double, two products and their sum, truncation, the fraction left and its two comparisons. */
static inline __m128i tm_curl_shifts2(__m128d above, __m128d below, __m128d weightAbove, __m128d weightBelow,
                                      __m128d half, __m128d minusHalf) {
    const __m128d value = _mm_add_pd(_mm_mul_pd(above, weightAbove), _mm_mul_pd(below, weightBelow));
    const __m128i whole = _mm_cvttpd_epi32(value);
    const __m128d fraction = _mm_sub_pd(value, _mm_cvtepi32_pd(whole));
    /* Each comparison is all ones (−1) in a 64-bit lane where it holds; its low 32 bits, gathered, are −1 or 0. */
    const __m128i up = _mm_shuffle_epi32(_mm_castpd_si128(_mm_cmpge_pd(fraction, half)), _MM_SHUFFLE(3, 3, 2, 0));
    const __m128i down = _mm_shuffle_epi32(_mm_castpd_si128(_mm_cmple_pd(fraction, minusHalf)), _MM_SHUFFLE(3, 3, 2, 0));
    return _mm_add_epi32(_mm_sub_epi32(whole, up), down);
}
#endif

void tm_curl_row(uint8_t *row, const uint8_t *source, ptrdiff_t width, ptrdiff_t height, ptrdiff_t y,
                 const float *above, const float *below, ptrdiff_t last, double t, ptrdiff_t lower, ptrdiff_t upper,
                 int32_t *shifts) {
    /* Up to the bends' last column the columns are read in order (four at a time where there is SSE2); beyond it
       every column takes the last one's shift. */
    const ptrdiff_t along = upper < last ? upper : last;
    ptrdiff_t x = lower;
#if defined(__SSE2__)
    const __m128d weightAbove = _mm_set1_pd(1 - t), weightBelow = _mm_set1_pd(t);
    const __m128d half = _mm_set1_pd(0.5), minusHalf = _mm_set1_pd(-0.5);
    for (; x + 4 <= along; x += 4) {
        const __m128 a = _mm_loadu_ps(above + x), b = _mm_loadu_ps(below + x);
        const __m128i low = tm_curl_shifts2(_mm_cvtps_pd(a), _mm_cvtps_pd(b), weightAbove, weightBelow, half, minusHalf);
        const __m128i high = tm_curl_shifts2(_mm_cvtps_pd(_mm_movehl_ps(a, a)), _mm_cvtps_pd(_mm_movehl_ps(b, b)),
                                             weightAbove, weightBelow, half, minusHalf);
        _mm_storeu_si128((__m128i *)(shifts + (x - lower)), _mm_unpacklo_epi64(low, high));
    }
#endif
    for (; x < along; x++) shifts[x - lower] = tm_curl_shift(above[x], below[x], t);
    if (x < upper) {
        const int32_t held = tm_curl_shift(above[last], below[last], t);
        for (; x < upper; x++) shifts[x - lower] = held;
    }
    x = lower;
    while (x < upper) {
        const int32_t shift = shifts[x - lower];
        ptrdiff_t end = x + 1;
        while (end < upper && shifts[end - lower] == shift) end++;
        const ptrdiff_t from = y + shift;
        if (from >= 0 && from < height) {
            memcpy(row + x, source + from * width + x, (size_t)(end - x));
        } else {
            memset(row + x, 0, (size_t)(end - x));
        }
        x = end;
    }
}
