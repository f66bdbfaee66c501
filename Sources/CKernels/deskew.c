/* One output row of InkMask.deskewed (Sources/ScoreDocument/Detection/InkMask+Deskew.swift): the same stretches,
   found with the same double arithmetic (no contraction into fused multiply-adds, as Swift computes them), each
   copied inline rather than by a call to memmove, and the source the row `ahead` rows below will read prefetched.
   A rotation by a small angle reads each source row in stretches a few dozen to a few hundred pixels long, about
   twenty source rows for one output row: without the prefetch every stretch waits for memory (about 9 ms of a
   300 dpi page's 19 ms of deskewing, perf over the corpus's scans; 6.2 ms -> 2.3 ms for one A4 page at 0.5°). */
#include "CKernels.h"
#include <string.h>

#pragma clang fp contract(off)

/* Copies `n` bytes from `src` to `dst` (not overlapping). */
static inline void tm_copy_run(uint8_t *dst, const uint8_t *src, ptrdiff_t n) {
    while (n >= 16) {
        memcpy(dst, src, 16);
        dst += 16;
        src += 16;
        n -= 16;
    }
    if (n >= 8) {
        memcpy(dst, src, 8);
        dst += 8;
        src += 8;
        n -= 8;
    }
    while (n > 0) {
        *dst++ = *src++;
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
        if (ahead > 0 && y + ahead < height) {
            const uint8_t *later = from + ahead * width;
            for (ptrdiff_t k = 0; k < n + 64; k += 64) __builtin_prefetch(later + k);
        }
        tm_copy_run(row + u, from, n);
        u += n;
    }
}
