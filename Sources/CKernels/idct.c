/* The JPEG inverse DCT (libjpeg's accurate integer algorithm, `jidctint.c`) eight lanes at a time with AVX2.
   Sources/ScoreDocument/JPEG/JPEGIDCT.swift holds the same transform for processors without AVX2, and
   JPEGIDCTTests checks the two give the same pixels. Integer arithmetic only (wrapping 32-bit, arithmetic
   shifts), so the result does not depend on the instructions used. */
#include "CKernels.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

int tm_kernels_have_avx2(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") ? 1 : 0;
}

#define TM_AVX2 __attribute__((target("avx2")))

enum { CONST_BITS = 13, PASS1_BITS = 2 };

/* One pass of the 1-D transform on eight vectors (lane i of v[k] is input k of transform i). */
TM_AVX2 static inline void tm_pass(__m256i v[8]) {
#define C(x) _mm256_set1_epi32(x)
#define MUL(a, b) _mm256_mullo_epi32(a, C(b))
    __m256i z1 = MUL(_mm256_add_epi32(v[2], v[6]), 4433);
    __m256i tmp2e = _mm256_add_epi32(z1, MUL(v[6], -15137));
    __m256i tmp3e = _mm256_add_epi32(z1, MUL(v[2], 6270));
    __m256i tmp0e = _mm256_slli_epi32(_mm256_add_epi32(v[0], v[4]), CONST_BITS);
    __m256i tmp1e = _mm256_slli_epi32(_mm256_sub_epi32(v[0], v[4]), CONST_BITS);
    __m256i tmp10 = _mm256_add_epi32(tmp0e, tmp3e), tmp13 = _mm256_sub_epi32(tmp0e, tmp3e);
    __m256i tmp11 = _mm256_add_epi32(tmp1e, tmp2e), tmp12 = _mm256_sub_epi32(tmp1e, tmp2e);
    z1 = _mm256_add_epi32(v[7], v[1]);
    __m256i z2 = _mm256_add_epi32(v[5], v[3]), z3 = _mm256_add_epi32(v[7], v[3]), z4 = _mm256_add_epi32(v[5], v[1]);
    __m256i z5 = MUL(_mm256_add_epi32(z3, z4), 9633);
    __m256i tmp0 = MUL(v[7], 2446), tmp1 = MUL(v[5], 16819), tmp2 = MUL(v[3], 25172), tmp3 = MUL(v[1], 12299);
    z1 = MUL(z1, -7373);
    z2 = MUL(z2, -20995);
    z3 = _mm256_add_epi32(MUL(z3, -16069), z5);
    z4 = _mm256_add_epi32(MUL(z4, -3196), z5);
    tmp0 = _mm256_add_epi32(_mm256_add_epi32(tmp0, z1), z3);
    tmp1 = _mm256_add_epi32(_mm256_add_epi32(tmp1, z2), z4);
    tmp2 = _mm256_add_epi32(_mm256_add_epi32(tmp2, z2), z3);
    tmp3 = _mm256_add_epi32(_mm256_add_epi32(tmp3, z1), z4);
    v[0] = _mm256_add_epi32(tmp10, tmp3); v[7] = _mm256_sub_epi32(tmp10, tmp3);
    v[1] = _mm256_add_epi32(tmp11, tmp2); v[6] = _mm256_sub_epi32(tmp11, tmp2);
    v[2] = _mm256_add_epi32(tmp12, tmp1); v[5] = _mm256_sub_epi32(tmp12, tmp1);
    v[3] = _mm256_add_epi32(tmp13, tmp0); v[4] = _mm256_sub_epi32(tmp13, tmp0);
#undef MUL
#undef C
}

/* Transposes eight vectors of eight 32-bit lanes: afterwards lane i of v[j] is what lane j of v[i] was. */
TM_AVX2 static inline void tm_transpose(__m256i v[8]) {
    __m256i t0 = _mm256_unpacklo_epi32(v[0], v[1]), t1 = _mm256_unpackhi_epi32(v[0], v[1]);
    __m256i t2 = _mm256_unpacklo_epi32(v[2], v[3]), t3 = _mm256_unpackhi_epi32(v[2], v[3]);
    __m256i t4 = _mm256_unpacklo_epi32(v[4], v[5]), t5 = _mm256_unpackhi_epi32(v[4], v[5]);
    __m256i t6 = _mm256_unpacklo_epi32(v[6], v[7]), t7 = _mm256_unpackhi_epi32(v[6], v[7]);
    __m256i u0 = _mm256_unpacklo_epi64(t0, t2), u1 = _mm256_unpackhi_epi64(t0, t2);
    __m256i u2 = _mm256_unpacklo_epi64(t1, t3), u3 = _mm256_unpackhi_epi64(t1, t3);
    __m256i u4 = _mm256_unpacklo_epi64(t4, t6), u5 = _mm256_unpackhi_epi64(t4, t6);
    __m256i u6 = _mm256_unpacklo_epi64(t5, t7), u7 = _mm256_unpackhi_epi64(t5, t7);
    v[0] = _mm256_permute2x128_si256(u0, u4, 0x20); v[1] = _mm256_permute2x128_si256(u1, u5, 0x20);
    v[2] = _mm256_permute2x128_si256(u2, u6, 0x20); v[3] = _mm256_permute2x128_si256(u3, u7, 0x20);
    v[4] = _mm256_permute2x128_si256(u0, u4, 0x31); v[5] = _mm256_permute2x128_si256(u1, u5, 0x31);
    v[6] = _mm256_permute2x128_si256(u2, u6, 0x31); v[7] = _mm256_permute2x128_si256(u3, u7, 0x31);
}

TM_AVX2 void tm_idct_islow_avx2(const int16_t *coefficients, const int32_t *quant, uint8_t *out, ptrdiff_t stride) {
    __m256i v[8];
    for (int k = 0; k < 8; k++) {
        __m256i c = _mm256_cvtepi16_epi32(_mm_loadu_si128((const __m128i *)(coefficients + 8 * k)));
        v[k] = _mm256_mullo_epi32(c, _mm256_loadu_si256((const __m256i *)(quant + 8 * k)));
    }
    /* Columns (lane = column), descaled as jidctint.c stores its workspace. */
    tm_pass(v);
    const __m256i round1 = _mm256_set1_epi32(1 << (CONST_BITS - PASS1_BITS - 1));
    for (int k = 0; k < 8; k++) v[k] = _mm256_srai_epi32(_mm256_add_epi32(v[k], round1), CONST_BITS - PASS1_BITS);
    /* Rows (lane = row), then back to one vector per row of pixels. */
    tm_transpose(v);
    tm_pass(v);
    tm_transpose(v);
    const int shift2 = CONST_BITS + PASS1_BITS + 3;
    const __m256i round2 = _mm256_set1_epi32((1 << (shift2 - 1)) + (128 << shift2));
    const __m256i zero = _mm256_setzero_si256(), top = _mm256_set1_epi32(255);
    for (int i = 0; i < 8; i++) {
        __m256i p = _mm256_srai_epi32(_mm256_add_epi32(v[i], round2), shift2);
        p = _mm256_min_epi32(_mm256_max_epi32(p, zero), top);
        __m128i words = _mm_packs_epi32(_mm256_castsi256_si128(p), _mm256_extracti128_si256(p, 1));
        _mm_storel_epi64((__m128i *)(out + i * stride), _mm_packus_epi16(words, words));
    }
}

#else
int tm_kernels_have_avx2(void) { return 0; }
void tm_idct_islow_avx2(const int16_t *coefficients, const int32_t *quant, uint8_t *out, ptrdiff_t stride) {
    (void)coefficients; (void)quant; (void)out; (void)stride;
}
#endif
