/* The longest run of a staff-line candidate row (Sources/ScoreDocument/Detection/StaffLineFinder.swift): the pixels
   inked in any of three mask rows, read 64 at a time as a bitmap (SSE2, baseline x86-64; plain C elsewhere), each
   stretch of ink in a word taken at once. The same run as reading pixel by pixel: DetectionPassesTests checks it. */
#include "CKernels.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* Bit i set when a[i] | b[i] | c[i] is not 0, for the 64 pixels at a, b and c. */
static inline uint64_t tm_inked64(const uint8_t *a, const uint8_t *b, const uint8_t *c) {
#if defined(__SSE2__)
    const __m128i zero = _mm_setzero_si128();
    uint64_t word = 0;
    for (int k = 0; k < 4; k++) {
        __m128i v = _mm_or_si128(_mm_or_si128(_mm_loadu_si128((const __m128i *)(a + 16 * k)),
                                              _mm_loadu_si128((const __m128i *)(b + 16 * k))),
                                 _mm_loadu_si128((const __m128i *)(c + 16 * k)));
        uint64_t paper = (uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(v, zero));
        word |= (~paper & 0xFFFFu) << (16 * k);
    }
    return word;
#else
    uint64_t word = 0;
    for (int i = 0; i < 64; i++) word |= (uint64_t)((a[i] | b[i] | c[i]) != 0) << i;
    return word;
#endif
}

void tm_longest_run(const uint8_t *a, const uint8_t *b, const uint8_t *c, ptrdiff_t width, ptrdiff_t gap,
                    ptrdiff_t *runStart, ptrdiff_t *runEnd) {
    ptrdiff_t best = 0, bestStart = 0, bestEnd = -1, start = -1, last = -gap - 2;
    for (ptrdiff_t x0 = 0; x0 < width; x0 += 64) {
        uint64_t word = 0;
        if (x0 + 64 <= width) {
            word = tm_inked64(a + x0, b + x0, c + x0);
        } else {
            for (ptrdiff_t x = x0; x < width; x++) word |= (uint64_t)((a[x] | b[x] | c[x]) != 0) << (x - x0);
        }
        while (word) {
            int from = __builtin_ctzll(word);
            /* The stretch of ink from bit `from`: `length` bits (the bits above the word's end read as paper). */
            uint64_t paper = ~(word >> from);
            int length = paper ? __builtin_ctzll(paper) : 64;
            ptrdiff_t first = x0 + from, end = first + length - 1;
            if (gap >= 0) {
                /* Pixel by pixel, only the stretch's first may start a new run, and its last makes the run longest. */
                if (start < 0 || first - last - 1 > gap) start = first;
                last = end;
                if (last - start + 1 > best) { best = last - start + 1; bestStart = start; bestEnd = last; }
            } else {
                /* A negative gap: every pixel starts a run of one. */
                for (ptrdiff_t x = first; x <= end; x++) {
                    start = x;
                    last = x;
                    if (1 > best) { best = 1; bestStart = x; bestEnd = x; }
                }
            }
            if (from + length >= 64) break;
            word &= ~(((UINT64_C(1) << length) - 1) << from);
        }
    }
    *runStart = bestStart;
    *runEnd = bestEnd;
}
