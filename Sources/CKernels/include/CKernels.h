#ifndef TONMEISTER_CKERNELS_H
#define TONMEISTER_CKERNELS_H
/* Pixel kernels written with the processor's wider vector instructions, chosen at run time: the binary is built
   for the baseline x86-64 (SSE2) and only calls a kernel after `tm_kernels_have_avx2` said the processor has it. */
#include <stddef.h>
#include <stdint.h>

/* 1 when the processor has AVX2 (the kernels below may be called), 0 otherwise. */
int tm_kernels_have_avx2(void);

/* The adaptive threshold's ink and solid limits of `count` columns (rounded down to a multiple of 4; the caller
   does the rest) between two block rows, `ty` of the way (0...1), exactly as `InkMask.limits` computes them.
   AVX2 only. */
void tm_threshold_limits_avx2(const double *paperTop, const double *paperBottom, const double *grainTop,
                              const double *grainBottom, double ty, double inkLevel, uint8_t *ink, uint8_t *solid,
                              ptrdiff_t count);

/* The pixels of a `width × height` grey image (`stride` bytes a row) darker than `threshold`: bit x % 64 of word
   y * words + x / 64 of `bits` set for each (`words` at least (width + 63) / 64), their grey levels written row by
   row, left to right, into `values`. Returns how many there are, or -1 when more than `capacity`. */
ptrdiff_t tm_ink_extract(const uint8_t *pixels, ptrdiff_t width, ptrdiff_t height, ptrdiff_t stride, uint8_t threshold,
                         uint64_t *bits, ptrdiff_t words, uint8_t *values, ptrdiff_t capacity);

/* Adds to `histogram` (256 counts) every `step`-th pixel of the image taken as one run of `width × height` pixels
   (rows `stride` bytes apart), from the first. */
void tm_ink_sample_histogram(const uint8_t *pixels, ptrdiff_t width, ptrdiff_t height, ptrdiff_t stride, ptrdiff_t step,
                             int64_t *histogram);

/* The longest run of pixels inked (not 0) in any of the rows `a`, `b`, `c` (`width` pixels each), gaps of up to
   `gap` pixels bridged: its first and last column into `runStart` and `runEnd`, or 0 and -1 when no pixel is inked.
   Of runs equally long, the first. */
void tm_longest_run(const uint8_t *a, const uint8_t *b, const uint8_t *c, ptrdiff_t width, ptrdiff_t gap,
                    ptrdiff_t *runStart, ptrdiff_t *runEnd);

/* One row of a mask rotated about its centre (`InkMask.deskewed`): pixel u of `row` takes the darkest of `source`'s
   2×2 block whose top-left pixel is (⌊ax + u·c⌋, ⌊ay + u·s⌋) when that lies at least a pixel inside the right and
   bottom edges, paper (0) otherwise; the same result as the Swift loops it replaces. `source` is `width × height`; the source rows the row `ahead` rows
   below reads are prefetched (0: none). Baseline x86-64. */
void tm_deskew_row(uint8_t *row, const uint8_t *source, ptrdiff_t width, ptrdiff_t height, double ax, double ay,
                   double c, double s, ptrdiff_t ahead);

/* Columns `lower..<upper` of row `y` of a mask straightened by PageCurl: column x takes `source` (`width × height`)
   at row y + shift, shift the bend `t` of the way from `above` to `below` at column min(x, last), rounded half away
   from zero, or paper (0) when that row lies off the page; the same result as the Swift loop it replaces. `shifts`
   holds at least upper - lower values (scratch). Baseline x86-64. */
void tm_curl_row(uint8_t *row, const uint8_t *source, ptrdiff_t width, ptrdiff_t height, ptrdiff_t y,
                 const float *above, const float *below, ptrdiff_t last, double t, ptrdiff_t lower, ptrdiff_t upper,
                 int32_t *shifts);

/* Counts the `count` pixels at `row` into `counts`: four interleaved tables of 256 (a pixel's level in one of them;
   their sums are the plain counts), sixteen pixels of one level at once. SSE2 where there is one. */
void tm_histogram_row(const uint8_t *row, ptrdiff_t count, int32_t *counts);

/* `out[x]` = the mean (truncated) of `row[x - radius ... x + radius]`, the window clamped to the row's ends, for
   the `width` pixels of `row`; 1 when done, 0 when this radius or width is left to the caller (no SSE2, a window
   over 255 pixels or one whose division by multiplication would not be exact). */
int tm_average_row(const uint8_t *row, uint8_t *out, ptrdiff_t width, ptrdiff_t radius);

/* How many pixels of `row` (columns 1 to width − 2) are darker than 64 with their left, right, upper and lower
   neighbours (rows `stride` bytes apart, both present) at least 192: a dither's dots. SSE2 where there is one. */
ptrdiff_t tm_isolated_dark(const uint8_t *row, ptrdiff_t width, ptrdiff_t stride);

/* `out[x]` = (top[x] × (128 − weight) + bottom[x] × weight + 8192) >> 14 for `width` pixels: two rows interpolated
   across (each 0 to 255 × 128) blended down with a 7-bit weight (0...127). SSE2 where there is one. */
void tm_blend_rows(const int16_t *top, const int16_t *bottom, int32_t weight, uint8_t *out, ptrdiff_t width);

/* `line[x]` = source[left[x]] × (128 − weight[x]) + source[right[x]] × weight[x] for `width` pixels: a source row
   interpolated across with 7-bit weights (at most 255 × 128). */
void tm_interpolate_row(const uint8_t *source, const int32_t *left, const int32_t *right, const int16_t *weight,
                        int16_t *line, ptrdiff_t width);
#endif
