/* The adaptive threshold's ink and solid limits (Sources/ScoreDocument/Detection/InkMask+Adaptive.swift,
   `limits`) four doubles at a time with AVX2. The same IEEE operations in the same order as the Swift loop (no
   fused multiply-add: the target has none), so every limit is the same byte; ThresholdLimitsTests checks it. The
   four limits are truncated and packed to bytes in vector registers and stored as one word each. */
#include "CKernels.h"
#include <string.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

int tm_kernels_have_avx2(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") ? 1 : 0;
}

/* Swift's `max(a, b)` is `b >= a ? b : a` and `min(a, b)` is `b < a ? b : a`; for the finite values here
   (no NaN) the instructions below give the same numbers. A level is the value clamped to 0...255 and truncated
   (`InkMask.level`): truncation toward zero is the floor of a value that is not negative. */
__attribute__((target("avx2"))) static inline __m128i tm_levels(__m256d value) {
    const __m256d clamped = _mm256_max_pd(_mm256_min_pd(value, _mm256_set1_pd(255)), _mm256_setzero_pd());
    return _mm256_cvttpd_epi32(clamped);
}

/* The low bytes of four int32 lanes (each 0...255), as one 32-bit word: four pixels' limits. */
__attribute__((target("avx2"))) static inline uint32_t tm_bytes(__m128i levels) {
    const __m128i words = _mm_packs_epi32(levels, levels);
    return (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(words, words));
}

__attribute__((target("avx2")))
void tm_threshold_limits_avx2(const double *paperTop, const double *paperBottom, const double *grainTop,
                              const double *grainBottom, double ty, double inkLevel, uint8_t *ink, uint8_t *solid,
                              ptrdiff_t count) {
    const __m256d t = _mm256_set1_pd(ty), level = _mm256_set1_pd(inkLevel), sixty = _mm256_set1_pd(60);
    const __m256d fifth = _mm256_set1_pd(0.2), four = _mm256_set1_pd(4), threeFifths = _mm256_set1_pd(0.6);
    for (ptrdiff_t x = 0; x + 4 <= count; x += 4) {
        __m256d pt = _mm256_loadu_pd(paperTop + x), pb = _mm256_loadu_pd(paperBottom + x);
        __m256d gt = _mm256_loadu_pd(grainTop + x), gb = _mm256_loadu_pd(grainBottom + x);
        __m256d local = _mm256_add_pd(pt, _mm256_mul_pd(_mm256_sub_pd(pb, pt), t));
        __m256d grain = _mm256_add_pd(gt, _mm256_mul_pd(_mm256_sub_pd(gb, gt), t));
        __m256d contrast = _mm256_max_pd(_mm256_sub_pd(local, level), sixty);
        __m256d drop = _mm256_max_pd(_mm256_mul_pd(four, grain), _mm256_mul_pd(fifth, contrast));
        __m256d solidDrop = _mm256_max_pd(drop, _mm256_mul_pd(threeFifths, contrast));
        const uint32_t inkBytes = tm_bytes(tm_levels(_mm256_sub_pd(local, drop)));
        const uint32_t solidBytes = tm_bytes(tm_levels(_mm256_sub_pd(local, solidDrop)));
        memcpy(ink + x, &inkBytes, 4);
        memcpy(solid + x, &solidBytes, 4);
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
