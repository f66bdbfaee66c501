/* One row of PageCurl.straightened (Sources/ScoreDocument/Detection/PageCurl.swift) over its bent columns: each
   column's shift computed with the same double arithmetic as the Swift loop (no fused multiply-add, half away from
   zero), then the row copied in runs of one shift, each from its source row in one piece (paper where that row lies
   off the page). The shifts change every few dozen columns on a curled page, so the copies replace a lookup per
   pixel. */
#include "CKernels.h"
#include <string.h>

#pragma clang fp contract(off)

/* Swift's `PageCurl.rounded(Double(above) * (1 - t) + Double(below) * t)`. The offsets of a page are far inside
   the range of an int32. */
static inline int32_t tm_curl_shift(float above, float below, double t) {
    const double value = (double)above * (1 - t) + (double)below * t;
    const int32_t whole = (int32_t)value;
    const double fraction = value - (double)whole;
    return fraction >= 0.5 ? whole + 1 : fraction <= -0.5 ? whole - 1 : whole;
}

void tm_curl_row(uint8_t *row, const uint8_t *source, ptrdiff_t width, ptrdiff_t height, ptrdiff_t y,
                 const float *above, const float *below, ptrdiff_t last, double t, ptrdiff_t lower, ptrdiff_t upper,
                 int32_t *shifts) {
    for (ptrdiff_t x = lower; x < upper; x++) {
        const ptrdiff_t column = x < last ? x : last;
        shifts[x - lower] = tm_curl_shift(above[column], below[column], t);
    }
    ptrdiff_t x = lower;
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
