/* Tesseract's C API, loaded with dlopen the first time a scanned page's printed bar numbers are read (as
   Sources/CAudio/lazy.c loads the audio libraries): a `tonmeister` command that never reads a scan does not load
   it, and a machine without it reads scans without their printed numbers instead of failing to start. The types
   come from tesseract/capi.h, so each function pointer has the library's own signature. */
#include "CTesseract.h"
#include "stubs.h"
#include <dlfcn.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <tesseract/capi.h>

static const char *const names[] = {"libtesseract.so.5", "libtesseract.so"};
static void *library;

static pthread_mutex_t loading = PTHREAD_MUTEX_INITIALIZER;

/* libtesseract loaded (under `loading`), or NULL. */
static void *tm_load(void) {
    /* libtesseract runs its networks on OpenMP threads, which spin on a busy machine and gain nothing on the few
       characters read here; one thread unless the user chose otherwise (read when libgomp loads). */
    setenv("OMP_THREAD_LIMIT", "1", 0);
    /* libcurl and libarchive (and the 31 libraries they need) replaced by stand-ins that are never called (stubs.c);
       should libtesseract not load with them, they are let go and it loads with its own. Lazy binding: of the
       functions of the libraries libtesseract needs, only those called are bound, not all at load (1.3 ms of
       processor time and 4 ms of wall time less with all 55, perf stat of 30 loads; libtesseract itself is linked to
       bind at load); every function used here is looked up by tm_symbol, so a missing one is still found at once. */
    void *stubs[2], *handle = NULL;
    int stubbed = tm_stub_tesseract_network_libraries(stubs);
    for (int i = 0; i < 2 && !handle; i++) handle = dlopen(names[i], RTLD_LAZY | RTLD_LOCAL);
    if (!handle && stubbed) {
        for (int k = 0; k < 2; k++)
            if (stubs[k]) dlclose(stubs[k]);
        for (int i = 0; i < 2 && !handle; i++) handle = dlopen(names[i], RTLD_LAZY | RTLD_LOCAL);
    }
    return handle;
}

/* The address of `symbol` in libtesseract, or NULL with a message in `error`. */
static void *tm_symbol(const char *symbol, char *error, size_t error_size) {
    void *handle = __atomic_load_n(&library, __ATOMIC_ACQUIRE);
    if (!handle) {
        pthread_mutex_lock(&loading);
        handle = __atomic_load_n(&library, __ATOMIC_ACQUIRE);
        if (!handle && (handle = tm_load())) __atomic_store_n(&library, handle, __ATOMIC_RELEASE);
        pthread_mutex_unlock(&loading);
        if (!handle) {
            if (error) snprintf(error, error_size, "cannot load %s; install libtesseract5 and tesseract-ocr-eng "
                                "(scripts/install-deps)", names[0]);
            return NULL;
        }
    }
    void *address = dlsym(handle, symbol);
    if (!address && error) snprintf(error, error_size, "%s has no %s", names[0], symbol);
    return address;
}

#define TM_GET(name, fail)                                                                                    \
    __typeof__(&name) name##_f = (__typeof__(&name))tm_symbol(#name, error, error_size);                       \
    if (!name##_f) return fail;

/* `tesseract::UnicharAmbigs::LoadUniversal(const UNICHARSET &, UNICHARSET *)`, defined here as doing nothing.
   Debian's libtesseract is built with the legacy engine, and its initialisation parses the universal table of
   character ambiguities for that engine even when only the LSTM engine is asked for (`OEM_LSTM_ONLY`; Tesseract 5.3,
   src/ccmain/tessedit.cpp): 90 % of the processor time of loading the English model (about 0.1 s) and 8 MB. Only the
   legacy engine reads that table (its adaptive classifier and its language model's `NoDangerousAmbig`), and bar
   numbers are read with the LSTM engine alone, so the table is not built: the executable exports this definition
   (Package.swift: `--export-dynamic-symbol`) and the library's own call, made through its procedure linkage table,
   binds to it. Without the export the library's definition runs, and only time is lost. */
__attribute__((visibility("default"), used)) void _ZN9tesseract13UnicharAmbigs13LoadUniversalERKNS_10UNICHARSETEPS1_(
    void *self, const void *encoder_set, void *unicharset) {
    (void)self;
    (void)encoder_set;
    (void)unicharset;
}

/* Leptonica's `bmfCreate`, defined here as making no font. Every Tesseract reader makes a bitmap font for labelling
   its debugging images (`DebugPixa`, made with the reader), decoding it from an embedded PNG: 1 ms of processor time
   per reader, for images only written when one of Tesseract's debugging variables is set, which is never done here.
   Exported like the definition above (Package.swift); Leptonica's functions that draw text refuse a missing font with
   an error rather than failing. */
__attribute__((visibility("default"), used)) void *bmfCreate(const char *directory, int fontsize) {
    (void)directory;
    (void)fontsize;
    return NULL;
}

int tm_ocr_skips_debug_font(void) { return dlsym(RTLD_DEFAULT, "bmfCreate") == (void *)&bmfCreate; }

int tm_ocr_skips_universal_ambiguities(void) {
    void *bound = dlsym(RTLD_DEFAULT, "_ZN9tesseract13UnicharAmbigs13LoadUniversalERKNS_10UNICHARSETEPS1_");
    return bound == (void *)&_ZN9tesseract13UnicharAmbigs13LoadUniversalERKNS_10UNICHARSETEPS1_;
}

int tm_ocr_uses_library_stand_ins(void) {
    void *handle = __atomic_load_n(&library, __ATOMIC_ACQUIRE);
    return handle && tm_stubs_serve(handle);
}

int tm_ocr_available(char *error, size_t error_size) {
    static const char *const used[] = {"TessBaseAPICreate", "TessBaseAPIInit3", "TessBaseAPIInit5",
                                       "TessBaseAPISetVariable", "TessBaseAPISetPageSegMode", "TessBaseAPISetImage",
                                       "TessBaseAPISetSourceResolution", "TessBaseAPIGetUTF8Text",
                                       "TessBaseAPIMeanTextConf", "TessBaseAPIClear", "TessDeleteText",
                                       "TessBaseAPIEnd", "TessBaseAPIDelete"};
    for (size_t i = 0; i < sizeof used / sizeof used[0]; i++)
        if (!tm_symbol(used[i], error, error_size)) return 0;
    return 1;
}

/* The components of a traineddata file (tesseract/ccutil/tessdatamanager.h) the LSTM engine reads. */
enum { TM_LSTM = 17, TM_LSTM_PUNC_DAWG = 18, TM_LSTM_SYSTEM_DAWG = 19, TM_LSTM_NUMBER_DAWG = 20, TM_LSTM_UNICHARSET = 21,
       TM_LSTM_RECODER = 22, TM_VERSION = 23, TM_ENTRIES = 24 };

/* The English model's file: in $TESSDATA_PREFIX, else where Debian and a source build put it; -1 when none opens
   (then Tesseract looks for it itself). */
static int tm_open_model(void) {
    const char *prefix = getenv("TESSDATA_PREFIX");
    if (prefix && *prefix) {
        char path[4096];
        snprintf(path, sizeof path, "%s/eng.traineddata", prefix);
        return open(path, O_RDONLY | O_CLOEXEC);
    }
    static const char *const paths[] = {"/usr/share/tesseract-ocr/5/tessdata/eng.traineddata",
                                        "/usr/share/tesseract-ocr/4.00/tessdata/eng.traineddata",
                                        "/usr/local/share/tessdata/eng.traineddata", "/usr/share/tessdata/eng.traineddata"};
    for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++) {
        int fd = open(paths[i], O_RDONLY | O_CLOEXEC);
        if (fd >= 0) return fd;
    }
    return -1;
}

/* The English model with only what the LSTM engine reads (its network, character set, recoder, the punctuation and
   number dictionaries, the version), in Tesseract's traineddata layout: a count, a table of offsets (-1: absent),
   the components in order. NULL when the file is not there, not in that layout, or has no LSTM network. The system
   dictionary (90 % of the file) is left out: `load_system_dawg` set at initialisation would not reach the LSTM
   engine's own dictionary, and with digits only allowed it never matches a word. */
static char *tm_lstm_model(int *size) {
    int fd = tm_open_model();
    if (fd < 0) return NULL;
    char *out = NULL;
    off_t length = lseek(fd, 0, SEEK_END);
    int32_t count = 0;
    int64_t offsets[TM_ENTRIES];
    if (length <= 0 || pread(fd, &count, 4, 0) != 4 || count < TM_VERSION || count > TM_ENTRIES ||
        pread(fd, offsets, 8 * (size_t)count, 4) != (ssize_t)(8 * count) || offsets[TM_LSTM] <= 0) {
        close(fd);
        return NULL;
    }
    static const int kept[] = {TM_LSTM, TM_LSTM_PUNC_DAWG, TM_LSTM_NUMBER_DAWG, TM_LSTM_UNICHARSET, TM_LSTM_RECODER, TM_VERSION};
    int64_t starts[TM_ENTRIES], ends[TM_ENTRIES], table[TM_ENTRIES];
    int64_t total = 4 + 8 * (int64_t)count;
    for (int i = 0; i < count; i++) {
        table[i] = -1;
        starts[i] = ends[i] = -1;
        if (offsets[i] < 0) continue;
        int j = i + 1;
        while (j < count && offsets[j] < 0) j++;
        starts[i] = offsets[i];
        ends[i] = j < count ? offsets[j] : length;
        if (starts[i] < 4 + 8 * (int64_t)count || ends[i] < starts[i] || ends[i] > length) {
            close(fd);
            return NULL;
        }
    }
    for (size_t k = 0; k < sizeof kept / sizeof kept[0]; k++) {
        int i = kept[k];
        if (i < count && starts[i] >= 0) total += ends[i] - starts[i];
    }
    if (total > (1 << 28) || !(out = malloc((size_t)total))) {
        close(fd);
        return NULL;
    }
    int64_t at = 4 + 8 * (int64_t)count;
    for (int i = 0; i < count; i++) {
        int wanted = 0;
        for (size_t k = 0; k < sizeof kept / sizeof kept[0]; k++) wanted |= kept[k] == i;
        if (!wanted || starts[i] < 0) continue;
        int64_t n = ends[i] - starts[i];
        if (pread(fd, out + at, (size_t)n, starts[i]) != (ssize_t)n) {
            free(out);
            close(fd);
            return NULL;
        }
        table[i] = at;
        at += n;
    }
    close(fd);
    memcpy(out, &count, 4);
    memcpy(out + 4, table, 8 * (size_t)count);
    *size = (int)total;
    return out;
}

void *tm_ocr_new(const char *whitelist, int mode, char *error, size_t error_size) {
    if (!tm_ocr_available(error, error_size)) return NULL;
    TM_GET(TessBaseAPICreate, NULL)
    TM_GET(TessBaseAPIInit3, NULL)
    TM_GET(TessBaseAPIInit5, NULL)
    TM_GET(TessBaseAPISetVariable, NULL)
    TM_GET(TessBaseAPISetPageSegMode, NULL)
    TM_GET(TessBaseAPIDelete, NULL)
    TessBaseAPI *api = TessBaseAPICreate_f();
    if (!api) {
        snprintf(error, error_size, "Tesseract could not make a reader");
        return NULL;
    }
    /* The LSTM engine alone, from the parts of the model it reads (a tenth of the file); a model without them is
       left to Tesseract's own loading from the data directory the library was built with (Debian:
       /usr/share/tesseract-ocr/5/tessdata) or TESSDATA_PREFIX. */
    int size = 0;
    char *model = tm_lstm_model(&size);
    int status = model ? TessBaseAPIInit5_f(api, model, size, "eng", OEM_LSTM_ONLY, NULL, 0, NULL, NULL, 0, 0) : -1;
    free(model);
    if (status != 0 && TessBaseAPIInit3_f(api, NULL, "eng") != 0) {
        TessBaseAPIDelete_f(api);
        snprintf(error, error_size, "Tesseract has no English model (eng.traineddata); install tesseract-ocr-eng");
        return NULL;
    }
    TessBaseAPISetVariable_f(api, "tessedit_char_whitelist", whitelist);
    /* Each region is one line of a few characters: no dictionary, no page layout analysis. */
    TessBaseAPISetVariable_f(api, "load_system_dawg", "0");
    TessBaseAPISetVariable_f(api, "load_freq_dawg", "0");
    /* Dark ink on white only: a line read with low confidence (a slur, a dynamic, a notehead) is not read a second
       time inverted, which doubled the network's work on most regions (Tesseract 5.3 names the switch
       tessedit_do_invert; later versions, invert_threshold). */
    TessBaseAPISetVariable_f(api, "tessedit_do_invert", "0");
    TessBaseAPISetVariable_f(api, "invert_threshold", "0");
    TessBaseAPISetPageSegMode_f(api, (TessPageSegMode)mode);
    return api;
}
int tm_ocr_read(void *reader, const unsigned char *pixels, int width, int height, int stride, int ppi, char *text,
                size_t text_size, int *confidence) {
    char *error = NULL;
    size_t error_size = 0;
    TM_GET(TessBaseAPISetImage, -1)
    TM_GET(TessBaseAPISetSourceResolution, -1)
    TM_GET(TessBaseAPIGetUTF8Text, -1)
    TM_GET(TessBaseAPIMeanTextConf, -1)
    TM_GET(TessBaseAPIClear, -1)
    TM_GET(TessDeleteText, -1)
    if (!reader || !pixels || width < 1 || height < 1 || stride < width || text_size < 1) return -1;
    TessBaseAPI *api = reader;
    TessBaseAPISetImage_f(api, pixels, width, height, 1, stride);
    TessBaseAPISetSourceResolution_f(api, ppi);
    char *read = TessBaseAPIGetUTF8Text_f(api);
    if (!read) {
        TessBaseAPIClear_f(api);
        return -1;
    }
    size_t length = strlen(read);
    while (length > 0 && (read[length - 1] == '\n' || read[length - 1] == ' ')) length--;
    if (length >= text_size) length = text_size - 1;
    memcpy(text, read, length);
    text[length] = 0;
    TessDeleteText_f(read);
    *confidence = TessBaseAPIMeanTextConf_f(api);
    TessBaseAPIClear_f(api);
    return 0;
}

void tm_ocr_free(void *reader) {
    char *error = NULL;
    size_t error_size = 0;
    TM_GET(TessBaseAPIEnd, )
    TM_GET(TessBaseAPIDelete, )
    TessBaseAPIEnd_f(reader);
    TessBaseAPIDelete_f(reader);
}
