/* Tesseract's C API, loaded with dlopen the first time a scanned page's printed bar numbers are read (as
   Sources/CAudio/lazy.c loads the audio libraries): a `tonmeister` command that never reads a scan does not load
   it, and a machine without it reads scans without their printed numbers instead of failing to start. The types
   come from tesseract/capi.h, so each function pointer has the library's own signature. */
#include "CTesseract.h"
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tesseract/capi.h>

static const char *const names[] = {"libtesseract.so.5", "libtesseract.so"};
static void *library;

/* The address of `symbol` in libtesseract, or NULL with a message in `error`. */
static void *tm_symbol(const char *symbol, char *error, size_t error_size) {
    void *handle = __atomic_load_n(&library, __ATOMIC_ACQUIRE);
    if (!handle) {
        /* libtesseract runs its networks on OpenMP threads, which spin on a busy machine and gain nothing on
           the few characters read here; one thread unless the user chose otherwise (read when libgomp loads). */
        setenv("OMP_THREAD_LIMIT", "1", 0);
        for (int i = 0; i < 2 && !handle; i++) handle = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
        if (!handle) {
            if (error) snprintf(error, error_size, "cannot load %s; install libtesseract5 and tesseract-ocr-eng "
                                "(scripts/install-deps)", names[0]);
            return NULL;
        }
        __atomic_store_n(&library, handle, __ATOMIC_RELEASE);
    }
    void *address = dlsym(handle, symbol);
    if (!address && error) snprintf(error, error_size, "%s has no %s", names[0], symbol);
    return address;
}

#define TM_GET(name, fail)                                                                                    \
    __typeof__(&name) name##_f = (__typeof__(&name))tm_symbol(#name, error, error_size);                       \
    if (!name##_f) return fail;

int tm_ocr_available(char *error, size_t error_size) {
    static const char *const used[] = {"TessBaseAPICreate", "TessBaseAPIInit3", "TessBaseAPISetVariable",
                                       "TessBaseAPISetPageSegMode", "TessBaseAPISetImage",
                                       "TessBaseAPISetSourceResolution", "TessBaseAPIGetUTF8Text",
                                       "TessBaseAPIMeanTextConf", "TessBaseAPIClear", "TessDeleteText",
                                       "TessBaseAPIEnd", "TessBaseAPIDelete"};
    for (size_t i = 0; i < sizeof used / sizeof used[0]; i++)
        if (!tm_symbol(used[i], error, error_size)) return 0;
    return 1;
}

void *tm_ocr_new(const char *whitelist, int mode, char *error, size_t error_size) {
    if (!tm_ocr_available(error, error_size)) return NULL;
    TM_GET(TessBaseAPICreate, NULL)
    TM_GET(TessBaseAPIInit3, NULL)
    TM_GET(TessBaseAPISetVariable, NULL)
    TM_GET(TessBaseAPISetPageSegMode, NULL)
    TM_GET(TessBaseAPIDelete, NULL)
    TessBaseAPI *api = TessBaseAPICreate_f();
    if (!api) {
        snprintf(error, error_size, "Tesseract could not make a reader");
        return NULL;
    }
    /* NULL: the data directory the library was built with (Debian: /usr/share/tesseract-ocr/5/tessdata), or
       TESSDATA_PREFIX. */
    if (TessBaseAPIInit3_f(api, NULL, "eng") != 0) {
        TessBaseAPIDelete_f(api);
        snprintf(error, error_size, "Tesseract has no English model (eng.traineddata); install tesseract-ocr-eng");
        return NULL;
    }
    TessBaseAPISetVariable_f(api, "tessedit_char_whitelist", whitelist);
    /* Each region is one line of a few characters: no dictionary, no page layout analysis. */
    TessBaseAPISetVariable_f(api, "load_system_dawg", "0");
    TessBaseAPISetVariable_f(api, "load_freq_dawg", "0");
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
