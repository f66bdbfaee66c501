/* One row's stretch of a block of the adaptive threshold's block histograms (Sources/ScoreDocument/Detection/
   InkMask+Adaptive.swift, `blockHistograms`): each pixel counted in one of four interleaved tables of 256 counts
   (runs of equal pixels do not wait on one counter), and sixteen pixels of one level at once: the paper of a
   bilevel scan is such runs almost everywhere. The four tables' sums are the counts of the plain loop. */
#include "CKernels.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

void tm_histogram_row(const uint8_t *row, ptrdiff_t count, int32_t *counts) {
    ptrdiff_t x = 0;
#if defined(__SSE2__)
    while (x + 16 <= count) {
        const __m128i v = _mm_loadu_si128((const __m128i *)(row + x));
        const __m128i first = _mm_set1_epi8((char)row[x]);
        if (_mm_movemask_epi8(_mm_cmpeq_epi8(v, first)) == 0xFFFF) {
            counts[row[x]] += 16;
        } else {
            for (int k = 0; k < 16; k += 4) {
                counts[row[x + k]]++;
                counts[256 + row[x + k + 1]]++;
                counts[512 + row[x + k + 2]]++;
                counts[768 + row[x + k + 3]]++;
            }
        }
        x += 16;
    }
#endif
    while (x + 4 <= count) {
        counts[row[x]]++;
        counts[256 + row[x + 1]]++;
        counts[512 + row[x + 2]]++;
        counts[768 + row[x + 3]]++;
        x += 4;
    }
    while (x < count) {
        counts[row[x]]++;
        x++;
    }
}
