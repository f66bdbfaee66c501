/* JPEG decoding through libjpeg-turbo's TurboJPEG API, loaded the first time a scan is decoded (as lazy.c loads
   cairo and poppler).

   A scanned page is decoded to 8-bit grey (the luma channel, as libjpeg converts YCbCr to greyscale) straight
   into the detection grid's buffer, at full size or scaled down by 2, 4 or 8 in the DCT itself. When libjpeg-turbo
   cannot be loaded the functions fail with a message and the page is rendered by poppler: nothing here ends the
   process. */
#include "CPoppler.h"
#include <turbojpeg.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static struct {
    __typeof__(&tjInitDecompress) init;
    __typeof__(&tjDestroy) destroy;
    __typeof__(&tjDecompressHeader3) header;
    __typeof__(&tjDecompress2) decompress;
    __typeof__(&tjGetErrorStr2) error;
    __typeof__(&tjGetErrorCode) code;
    int loaded; /* 1: every function found; -1: libjpeg-turbo is missing. */
} tj;
static pthread_once_t tjOnce = PTHREAD_ONCE_INIT;

static void tm_turbojpeg_load(void) {
    void *handle = dlopen("libturbojpeg.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!handle) handle = dlopen("libturbojpeg.so", RTLD_NOW | RTLD_LOCAL);
    tj.loaded = -1;
    if (!handle) return;
#define TM_FIND(field, name) if (!(tj.field = (__typeof__(tj.field))dlsym(handle, #name))) return;
    TM_FIND(init, tjInitDecompress)
    TM_FIND(destroy, tjDestroy)
    TM_FIND(header, tjDecompressHeader3)
    TM_FIND(decompress, tjDecompress2)
    TM_FIND(error, tjGetErrorStr2)
    TM_FIND(code, tjGetErrorCode)
#undef TM_FIND
    tj.loaded = 1;
}

int tm_turbojpeg_available(void) {
    pthread_once(&tjOnce, tm_turbojpeg_load);
    return tj.loaded == 1;
}

static int tm_jpeg_fail(void *handle, char *message, int length, const char *what) {
    snprintf(message, (size_t)length, "%s", what ? what : (handle ? tj.error(handle) : "libjpeg-turbo failed"));
    if (handle) tj.destroy(handle);
    return -1;
}

int tm_jpeg_header(const unsigned char *data, unsigned long size, int *width, int *height, int *colorspace,
                   char *message, int length) {
    if (!tm_turbojpeg_available()) return tm_jpeg_fail(NULL, message, length, "libjpeg-turbo (libturbojpeg.so.0) is not installed");
    void *handle = tj.init();
    if (!handle) return tm_jpeg_fail(NULL, message, length, "libjpeg-turbo could not start a decoder");
    int subsampling = 0;
    if (tj.header(handle, data, size, width, height, &subsampling, colorspace) != 0) return tm_jpeg_fail(handle, message, length, NULL);
    tj.destroy(handle);
    return 0;
}

int tm_jpeg_decode_gray(const unsigned char *data, unsigned long size, int scaledWidth, int scaledHeight,
                        unsigned char *out, int pitch, char *message, int length) {
    if (!tm_turbojpeg_available()) return tm_jpeg_fail(NULL, message, length, "libjpeg-turbo (libturbojpeg.so.0) is not installed");
    void *handle = tj.init();
    if (!handle) return tm_jpeg_fail(NULL, message, length, "libjpeg-turbo could not start a decoder");
    /* TJFLAG_LIMITSCANS: a progressive file of more than 500 scans is refused (a decoding-time bomb). A warning
       (damaged data libjpeg decodes past, as poppler does) leaves the image decoded: it is not a failure. */
    if (tj.decompress(handle, data, size, out, scaledWidth, pitch, scaledHeight, TJPF_GRAY,
                      TJFLAG_ACCURATEDCT | TJFLAG_LIMITSCANS) != 0 && tj.code(handle) != TJERR_WARNING)
        return tm_jpeg_fail(handle, message, length, NULL);
    tj.destroy(handle);
    return 0;
}
