/* Audio decoding (libsndfile), resampling (libsamplerate) and real FFTs (KissFFT) for score following.
   The libraries are loaded on first use (see lazy.c); callers see only these few functions. */
#ifndef TM_CAUDIO_H
#define TM_CAUDIO_H
#include <stddef.h>

/* Reads `path` as mono float samples (channels averaged). On success returns 0 and sets `*samples` (free with
   tm_audio_free), `*frames` and `*rate`; on failure returns -1 and writes a message into `error`. */
int tm_audio_read(const char *path, float **samples, long *frames, int *rate, int *channels, char *error,
                  size_t error_size);
void tm_audio_free(float *samples);

/* The frames, sample rate and channels `path` declares. Returns 0, or -1 with a message in `error`. */
int tm_audio_info(const char *path, long *frames, int *rate, int *channels, char *error, size_t error_size);

/* Reads `path` mixed to mono and resampled to `target_rate` as it is read (never the whole file at its own rate),
   into `out` (room for `capacity` samples), setting `*written`. Returns 0; 1 when the file holds more than
   `capacity` samples (the first `capacity` are written); -1 with a message in `error`. */
int tm_audio_read_into(const char *path, int target_rate, float *out, long capacity, long *written, char *error,
                       size_t error_size);

/* Resamples mono `input` by `ratio` (output rate / input rate) into a new buffer (free with tm_audio_free).
   Returns 0, or -1 with a message in `error`. */
int tm_resample(const float *input, long frames, double ratio, float **output, long *output_frames, char *error,
                size_t error_size);

/* A real forward FFT of size `n` (even): `tm_fft_new` returns NULL if the library cannot make one. */
void *tm_fft_new(int n);
/* Transforms `n` real samples into n/2+1 complex bins, interleaved (re, im) in `spectrum` (n+2 floats). */
void tm_fft_run(void *fft, const float *input, float *spectrum);
void tm_fft_free(void *fft);

/* 1 when all three libraries load, else 0 with the missing library named in `error`. */
int tm_audio_available(char *error, size_t error_size);
#endif
