/* The vertical step of enlarging a scan bilinearly (Sources/ScoreDocument/GrayResampler.swift, `bilinear`): two
   source rows already interpolated across (16-bit, at most 255 × 128) blended with 7-bit weights and rounded,
   eight pixels at a time with SSE2's multiply-add of 16-bit pairs: the same sums as the Swift loop. */
#include "CKernels.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

void tm_blend_rows(const int16_t *top, const int16_t *bottom, int32_t weight, uint8_t *out, ptrdiff_t width) {
    ptrdiff_t x = 0;
#if defined(__SSE2__)
    /* Each pair (top, bottom) times (128 − weight, weight), added: one 32-bit sum per pixel. */
    const __m128i weights = _mm_set1_epi32((int32_t)((uint32_t)(uint16_t)(128 - weight) | ((uint32_t)(uint16_t)weight << 16)));
    const __m128i rounding = _mm_set1_epi32(8192);
    for (; x + 8 <= width; x += 8) {
        const __m128i t = _mm_loadu_si128((const __m128i *)(top + x)), b = _mm_loadu_si128((const __m128i *)(bottom + x));
        __m128i low = _mm_madd_epi16(_mm_unpacklo_epi16(t, b), weights);
        __m128i high = _mm_madd_epi16(_mm_unpackhi_epi16(t, b), weights);
        low = _mm_srai_epi32(_mm_add_epi32(low, rounding), 14);
        high = _mm_srai_epi32(_mm_add_epi32(high, rounding), 14);
        const __m128i words = _mm_packs_epi32(low, high);
        _mm_storel_epi64((__m128i *)(out + x), _mm_packus_epi16(words, words));
    }
#endif
    for (; x < width; x++) out[x] = (uint8_t)((top[x] * (128 - weight) + bottom[x] * weight + 8192) >> 14);
}

void tm_interpolate_row(const uint8_t *source, const int32_t *left, const int32_t *right, const int16_t *weight,
                        int16_t *line, ptrdiff_t width) {
    for (ptrdiff_t x = 0; x < width; x++) {
        const int16_t w = weight[x];
        line[x] = (int16_t)(source[left[x]] * (128 - w) + source[right[x]] * w);
    }
}
