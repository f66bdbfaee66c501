/* One output row of InkMask.deskewed (Sources/ScoreDocument/Detection/InkMask+Deskew.swift): the same stretches,
   found with the same double arithmetic (no contraction into fused multiply-adds, as Swift computes them), each
   written inline as the darkest of the 2×2 block at each source pixel (read from two source rows: no pass over the
   page takes the blocks' darkest beforehand), and the source the row `ahead` rows below will read prefetched.
   A rotation by a small angle reads each source row in stretches a few dozen to a few hundred pixels long, about
   twenty source rows for one output row: without the prefetch every stretch waits for memory (about 9 ms of a
   300 dpi page's 19 ms of deskewing, perf over the corpus's scans; 6.2 ms -> 2.3 ms for one A4 page at 0.5°). */
#include "CKernels.h"
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#pragma clang fp contract(off)

static inline uint8_t tm_max(uint8_t a, uint8_t b) { return a > b ? a : b; }

/* `dst[i]` = the darkest of `src[i]`, `src[i + 1]`, `src[width + i]` and `src[width + i + 1]` for `n` pixels (the 2×2
   block at each, read from two rows), sixteen at a time where there is SSE2. */
static inline void tm_darkest_run(uint8_t *dst, const uint8_t *src, ptrdiff_t width, ptrdiff_t n) {
    const uint8_t *below = src + width;
#if defined(__SSE2__)
    while (n >= 16) {
        const __m128i a = _mm_max_epu8(_mm_loadu_si128((const __m128i *)src), _mm_loadu_si128((const __m128i *)(src + 1)));
        const __m128i b = _mm_max_epu8(_mm_loadu_si128((const __m128i *)below), _mm_loadu_si128((const __m128i *)(below + 1)));
        _mm_storeu_si128((__m128i *)dst, _mm_max_epu8(a, b));
        dst += 16;
        src += 16;
        below += 16;
        n -= 16;
    }
#endif
    while (n > 0) {
        *dst++ = tm_max(tm_max(src[0], src[1]), tm_max(below[0], below[1]));
        src++;
        below++;
        n--;
    }
}

void tm_deskew_row(uint8_t *row, const uint8_t *source, ptrdiff_t width, ptrdiff_t height, double ax, double ay,
                   double c, double s, ptrdiff_t ahead) {
    const double right = (double)(width - 1), bottom = (double)(height - 1);
    ptrdiff_t u = 0;
    while (u < width) {
        const double fx = ax + (double)u * c, fy = ay + (double)u * s;
        if (!(fx >= 0 && fy >= 0 && fx < right && fy < bottom)) {
            row[u] = 0;
            u += 1;
            continue;
        }
        const ptrdiff_t x = (ptrdiff_t)fx, y = (ptrdiff_t)fy;
        /* How long (x − u, y) stays the same: until x falls a column behind u (cos < 1) or y reaches the next row. */
        double limit = (double)(width - u);
        if (c < 1) {
            const double l = (fx - (double)x) / (1 - c) + 1;
            limit = l < limit ? l : limit;
        }
        if (s > 0) {
            const double l = ((double)(y + 1) - fy) / s;
            limit = l < limit ? l : limit;
        } else if (s < 0) {
            const double l = (fy - (double)y) / -s + 1;
            limit = l < limit ? l : limit;
        }
        double capped = (double)width < limit ? (double)width : limit;
        capped = capped < 1 ? 1 : capped;
        ptrdiff_t n = (ptrdiff_t)capped;
        if (width - u < n) n = width - u;
        if (width - 1 - x < n) n = width - 1 - x;
        if (n < 1) n = 1;
        /* The estimate is checked at the stretch's last pixel (both change monotonically along the row). */
        while (n > 1) {
            const double gx = ax + (double)(u + n - 1) * c, gy = ay + (double)(u + n - 1) * s;
            if (gx >= 0 && gy >= 0 && (ptrdiff_t)gx == x + n - 1 && (ptrdiff_t)gy == y) break;
            n -= 1;
        }
        const uint8_t *from = source + y * width + x;
        if (ahead > 0 && y + ahead + 1 < height) {
            const uint8_t *later = from + ahead * width;
            for (ptrdiff_t k = 0; k < n + 64; k += 64) {
                __builtin_prefetch(later + k);
                __builtin_prefetch(later + width + k);
            }
        }
        /* x + n <= width - 1 and y + 1 <= height - 1: the block's right column and lower row are on the page. */
        tm_darkest_run(row + u, from, width, n);
        u += n;
    }
}
