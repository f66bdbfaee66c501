/* The adaptive threshold's ink and solid limits (Sources/ScoreDocument/Detection/InkMask+Adaptive.swift,
   `limits`) four doubles at a time with AVX2. The same IEEE operations in the same order as the Swift loop (no
   fused multiply-add: the target has none), so every limit is the same byte; ThresholdLimitsTests checks it. */
#include "CKernels.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

int tm_kernels_have_avx2(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") ? 1 : 0;
}

/* Swift's `max(a, b)` is `b >= a ? b : a` and `min(a, b)` is `b < a ? b : a`; for the finite values here
   (no NaN) the instructions below give the same numbers. */
__attribute__((target("avx2"))) static inline __m256i tm_levels(__m256d value) {
    const __m256d magic = _mm256_set1_pd(6755399441055744.0);
    __m256d clamped = _mm256_max_pd(_mm256_min_pd(value, _mm256_set1_pd(255)), _mm256_setzero_pd());
    __m256d nearest = _mm256_sub_pd(_mm256_add_pd(clamped, magic), magic);
    __m256d above = _mm256_cmp_pd(nearest, clamped, _CMP_GT_OQ);
    __m256d whole = _mm256_blendv_pd(nearest, _mm256_sub_pd(nearest, _mm256_set1_pd(1)), above);
    return _mm256_castpd_si256(_mm256_add_pd(whole, magic));
}

__attribute__((target("avx2")))
void tm_threshold_limits_avx2(const double *paperTop, const double *paperBottom, const double *grainTop,
                              const double *grainBottom, double ty, double inkLevel, uint8_t *ink, uint8_t *solid,
                              ptrdiff_t count) {
    const __m256d t = _mm256_set1_pd(ty), level = _mm256_set1_pd(inkLevel), sixty = _mm256_set1_pd(60);
    const __m256d fifth = _mm256_set1_pd(0.2), four = _mm256_set1_pd(4), threeFifths = _mm256_set1_pd(0.6);
    /* The low byte of each 64-bit lane, gathered into the first four bytes. */
    const __m256i pick = _mm256_setr_epi8(0, 8, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
                                          0, 8, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1);
    for (ptrdiff_t x = 0; x + 4 <= count; x += 4) {
        __m256d pt = _mm256_loadu_pd(paperTop + x), pb = _mm256_loadu_pd(paperBottom + x);
        __m256d gt = _mm256_loadu_pd(grainTop + x), gb = _mm256_loadu_pd(grainBottom + x);
        __m256d local = _mm256_add_pd(pt, _mm256_mul_pd(_mm256_sub_pd(pb, pt), t));
        __m256d grain = _mm256_add_pd(gt, _mm256_mul_pd(_mm256_sub_pd(gb, gt), t));
        __m256d contrast = _mm256_max_pd(_mm256_sub_pd(local, level), sixty);
        __m256d drop = _mm256_max_pd(_mm256_mul_pd(four, grain), _mm256_mul_pd(fifth, contrast));
        __m256d solidDrop = _mm256_max_pd(drop, _mm256_mul_pd(threeFifths, contrast));
        __m256i inkBytes = _mm256_shuffle_epi8(tm_levels(_mm256_sub_pd(local, drop)), pick);
        __m256i solidBytes = _mm256_shuffle_epi8(tm_levels(_mm256_sub_pd(local, solidDrop)), pick);
        uint16_t a = (uint16_t)_mm256_extract_epi16(inkBytes, 0), b = (uint16_t)_mm256_extract_epi16(inkBytes, 8);
        uint16_t c = (uint16_t)_mm256_extract_epi16(solidBytes, 0), d = (uint16_t)_mm256_extract_epi16(solidBytes, 8);
        ink[x] = (uint8_t)a; ink[x + 1] = (uint8_t)(a >> 8); ink[x + 2] = (uint8_t)b; ink[x + 3] = (uint8_t)(b >> 8);
        solid[x] = (uint8_t)c; solid[x + 1] = (uint8_t)(c >> 8); solid[x + 2] = (uint8_t)d; solid[x + 3] = (uint8_t)(d >> 8);
    }
}
#else
int tm_kernels_have_avx2(void) { return 0; }
void tm_threshold_limits_avx2(const double *paperTop, const double *paperBottom, const double *grainTop,
                              const double *grainBottom, double ty, double inkLevel, uint8_t *ink, uint8_t *solid,
                              ptrdiff_t count) {
    (void)paperTop; (void)paperBottom; (void)grainTop; (void)grainBottom; (void)ty; (void)inkLevel;
    (void)ink; (void)solid; (void)count;
}
#endif
