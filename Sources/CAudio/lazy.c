/* libsndfile, libsamplerate and KissFFT, loaded with dlopen the first time score following needs them
   (as Sources/CPoppler/lazy.c does for poppler): a `tonmeister` command that never reads audio does not load
   them. Unlike poppler's trampolines, a missing library is reported to the caller, who turns it into an error. */
#include "CAudio.h"
#include <dlfcn.h>
#include <sndfile.h>
#include <samplerate.h>
#include <kissfft/kiss_fftr.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { TM_SNDFILE, TM_SAMPLERATE, TM_KISSFFT, TM_AUDIO_LIBRARIES };
static const char *const names[TM_AUDIO_LIBRARIES][2] = {
    {"libsndfile.so.1", "libsndfile.so"},
    {"libsamplerate.so.0", "libsamplerate.so"},
    {"libkissfft-float.so.131", "libkissfft-float.so"},
};
static void *handles[TM_AUDIO_LIBRARIES];

/* The address of `symbol` in `library`, or NULL with a message in `error`. */
static void *tm_symbol(int library, const char *symbol, char *error, size_t error_size) {
    void *handle = __atomic_load_n(&handles[library], __ATOMIC_ACQUIRE);
    if (!handle) {
        for (int i = 0; i < 2 && !handle; i++) handle = dlopen(names[library][i], RTLD_NOW | RTLD_LOCAL);
        if (!handle) {
            if (error) snprintf(error, error_size, "cannot load %s; install the libraries scripts/install-deps installs",
                                names[library][0]);
            return NULL;
        }
        __atomic_store_n(&handles[library], handle, __ATOMIC_RELEASE);
    }
    void *address = dlsym(handle, symbol);
    if (!address && error) snprintf(error, error_size, "%s has no %s", names[library][0], symbol);
    return address;
}

#define TM_GET(library, type, name, parameters, fail)                                                          \
    type(*name##_f) parameters = (type(*) parameters)tm_symbol(library, #name, error, error_size);            \
    if (!name##_f) return fail;

int tm_audio_available(char *error, size_t error_size) {
    return tm_symbol(TM_SNDFILE, "sf_open", error, error_size) && tm_symbol(TM_SAMPLERATE, "src_simple", error, error_size) &&
           tm_symbol(TM_KISSFFT, "kiss_fftr_alloc", error, error_size);
}

/* Opens `path` for reading and checks what it declares; NULL with a message in `error` when it cannot be read. */
static SNDFILE *tm_open_checked(const char *path, SF_INFO *info, char *error, size_t error_size) {
    TM_GET(TM_SNDFILE, SNDFILE *, sf_open, (const char *, int, SF_INFO *), NULL)
    TM_GET(TM_SNDFILE, int, sf_close, (SNDFILE *), NULL)
    TM_GET(TM_SNDFILE, const char *, sf_strerror, (SNDFILE *), NULL)
    memset(info, 0, sizeof *info);
    SNDFILE *file = sf_open_f(path, SFM_READ, info);
    if (!file) {
        snprintf(error, error_size, "%s", sf_strerror_f(NULL));
        return NULL;
    }
    if (info->channels < 1 || info->samplerate < 1 || info->frames < 0 || info->frames > (sf_count_t)1 << 34) {
        snprintf(error, error_size, "the file declares %d channels at %d Hz", info->channels, info->samplerate);
        sf_close_f(file);
        return NULL;
    }
    return file;
}

/* Frames read in one call, and `frames` interleaved frames of `channels` averaged into `mono`. */
static const sf_count_t tm_block = 65536;
static void tm_mix_down(const float *buffer, sf_count_t frames, int channels, float *mono) {
    for (sf_count_t i = 0; i < frames; i++) {
        float sum = 0;
        for (int c = 0; c < channels; c++) sum += buffer[i * channels + c];
        mono[i] = sum / (float)channels;
    }
}

int tm_audio_read(const char *path, float **samples, long *frames, int *rate, int *channels, char *error,
                  size_t error_size) {
    TM_GET(TM_SNDFILE, sf_count_t, sf_readf_float, (SNDFILE *, float *, sf_count_t), -1)
    TM_GET(TM_SNDFILE, int, sf_close, (SNDFILE *), -1)
    SF_INFO info;
    SNDFILE *file = tm_open_checked(path, &info, error, error_size);
    if (!file) return -1;
    float *buffer = malloc(sizeof(float) * (size_t)tm_block * (size_t)info.channels);
    size_t capacity = info.frames > 0 ? (size_t)info.frames : (size_t)tm_block;
    float *mono = malloc(sizeof(float) * capacity);
    if (!buffer || !mono) {
        free(buffer), free(mono), sf_close_f(file);
        snprintf(error, error_size, "out of memory for %lld frames", (long long)info.frames);
        return -1;
    }
    size_t count = 0;
    for (;;) {
        sf_count_t got = sf_readf_float_f(file, buffer, tm_block);
        if (got <= 0) break;
        if (count + (size_t)got > capacity) {
            capacity = (count + (size_t)got) * 2;
            float *grown = realloc(mono, sizeof(float) * capacity);
            if (!grown) {
                free(buffer), free(mono), sf_close_f(file);
                snprintf(error, error_size, "out of memory");
                return -1;
            }
            mono = grown;
        }
        tm_mix_down(buffer, got, info.channels, mono + count);
        count += (size_t)got;
    }
    free(buffer);
    sf_close_f(file);
    *samples = mono;
    *frames = (long)count;
    *rate = info.samplerate;
    *channels = info.channels;
    return 0;
}

void tm_audio_free(float *samples) { free(samples); }

int tm_audio_info(const char *path, long *frames, int *rate, int *channels, char *error, size_t error_size) {
    TM_GET(TM_SNDFILE, int, sf_close, (SNDFILE *), -1)
    SF_INFO info;
    SNDFILE *file = tm_open_checked(path, &info, error, error_size);
    if (!file) return -1;
    sf_close_f(file);
    *frames = (long)info.frames;
    *rate = info.samplerate;
    *channels = info.channels;
    return 0;
}

int tm_audio_read_into(const char *path, int target_rate, float *out, long capacity, long *written, char *error,
                       size_t error_size) {
    TM_GET(TM_SNDFILE, sf_count_t, sf_readf_float, (SNDFILE *, float *, sf_count_t), -1)
    TM_GET(TM_SNDFILE, int, sf_close, (SNDFILE *), -1)
    TM_GET(TM_SAMPLERATE, SRC_STATE *, src_new, (int, int, int *), -1)
    TM_GET(TM_SAMPLERATE, int, src_process, (SRC_STATE *, SRC_DATA *), -1)
    TM_GET(TM_SAMPLERATE, SRC_STATE *, src_delete, (SRC_STATE *), -1)
    TM_GET(TM_SAMPLERATE, const char *, src_strerror, (int), -1)
    SF_INFO info;
    SNDFILE *file = tm_open_checked(path, &info, error, error_size);
    if (!file) return -1;
    float *buffer = malloc(sizeof(float) * (size_t)tm_block * (size_t)info.channels);
    float *mono = malloc(sizeof(float) * (size_t)tm_block);
    int status = 0;
    SRC_STATE *state = NULL;
    if (info.samplerate != target_rate) state = src_new_f(SRC_SINC_FASTEST, 1, &status);
    if (!buffer || !mono || (info.samplerate != target_rate && !state)) {
        free(buffer), free(mono), sf_close_f(file);
        if (state) src_delete_f(state);
        snprintf(error, error_size, "%s", status ? src_strerror_f(status) : "out of memory");
        return -1;
    }
    const double ratio = (double)target_rate / (double)info.samplerate;
    long count = 0;
    int result = 0;
    for (int done = 0; !done && result == 0;) {
        sf_count_t got = sf_readf_float_f(file, buffer, tm_block);
        if (got < 0) got = 0;
        tm_mix_down(buffer, got, info.channels, mono);
        done = got == 0;
        if (!state) {
            if (count + (long)got > capacity) result = 1;
            else memcpy(out + count, mono, sizeof(float) * (size_t)got), count += (long)got;
            continue;
        }
        /* Everything read is handed on; at the end the converter is drained. */
        long used = 0;
        for (;;) {
            SRC_DATA data;
            memset(&data, 0, sizeof data);
            data.data_in = mono + used;
            data.input_frames = (long)got - used;
            data.data_out = out + count;
            data.output_frames = capacity - count;
            data.end_of_input = done;
            data.src_ratio = ratio;
            status = src_process_f(state, &data);
            if (status) {
                snprintf(error, error_size, "cannot resample from %d Hz: %s", info.samplerate, src_strerror_f(status));
                result = -1;
                break;
            }
            used += data.input_frames_used;
            count += data.output_frames_gen;
            if (used >= (long)got && (!done || data.output_frames_gen == 0)) break;
            if (count >= capacity) { result = 1; break; }
            if (data.input_frames_used == 0 && data.output_frames_gen == 0) {
                /* With room left the converter always takes input or gives output: never drop what it did not take. */
                snprintf(error, error_size, "cannot resample from %d Hz: the converter stopped", info.samplerate);
                result = -1;
                break;
            }
        }
    }
    free(buffer), free(mono), sf_close_f(file);
    if (state) src_delete_f(state);
    *written = count;
    return result;
}

int tm_resample(const float *input, long frames, double ratio, float **output, long *output_frames, char *error,
                size_t error_size) {
    TM_GET(TM_SAMPLERATE, int, src_simple, (SRC_DATA *, int, int), -1)
    TM_GET(TM_SAMPLERATE, const char *, src_strerror, (int), -1)
    long capacity = (long)((double)frames * ratio) + 16;
    float *out = malloc(sizeof(float) * (size_t)capacity);
    if (!out) {
        snprintf(error, error_size, "out of memory");
        return -1;
    }
    SRC_DATA data;
    memset(&data, 0, sizeof data);
    data.data_in = input;
    data.input_frames = frames;
    data.data_out = out;
    data.output_frames = capacity;
    data.src_ratio = ratio;
    int status = src_simple_f(&data, SRC_SINC_FASTEST, 1);
    if (status != 0) {
        free(out);
        snprintf(error, error_size, "%s", src_strerror_f(status));
        return -1;
    }
    *output = out;
    *output_frames = data.output_frames_gen;
    return 0;
}

void *tm_fft_new(int n) {
    char *error = NULL;
    size_t error_size = 0;
    TM_GET(TM_KISSFFT, kiss_fftr_cfg, kiss_fftr_alloc, (int, int, void *, size_t *), NULL)
    return kiss_fftr_alloc_f(n, 0, NULL, NULL);
}

void tm_fft_run(void *fft, const float *input, float *spectrum) {
    char *error = NULL;
    size_t error_size = 0;
    static void (*real)(kiss_fftr_cfg, const kiss_fft_scalar *, kiss_fft_cpx *);
    void (*run)(kiss_fftr_cfg, const kiss_fft_scalar *, kiss_fft_cpx *) = __atomic_load_n(&real, __ATOMIC_ACQUIRE);
    if (!run) {
        run = (void (*)(kiss_fftr_cfg, const kiss_fft_scalar *, kiss_fft_cpx *))tm_symbol(TM_KISSFFT, "kiss_fftr", error, error_size);
        if (!run) return;
        __atomic_store_n(&real, run, __ATOMIC_RELEASE);
    }
    run((kiss_fftr_cfg)fft, input, (kiss_fft_cpx *)spectrum);
}

/* KissFFT allocates a plan as one block with its allocator, plain malloc (kiss_fftr_free is free). */
void tm_fft_free(void *fft) { free(fft); }
