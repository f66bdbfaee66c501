/* CCITT fax decoding (Group 3 one- and two-dimensional, Group 4) through libtiff, loaded the first time a bilevel
   scan is decoded (as lazy.c loads cairo and poppler).

   The fax data of a PDF image is handed to libtiff as the one strip of a TIFF that exists only in memory: a
   header and a directory written here, followed by the data itself (read in place, not copied into the file).
   Rows are read one at a time as 1-bit rows and expanded to 8-bit grey straight into the caller's buffer.

   libtiff repairs damaged fax data with a warning (a short row padded, data ending early); any warning or error
   while decoding fails the call here, so the page goes to poppler as before. What libtiff's decoder cannot read
   the way PDF allows it (Group 3 data without end-of-line codes, byte-aligned Group 4 rows) is refused before
   decoding. When libtiff cannot be loaded the functions fail with a message: nothing here ends the process. */
#include "CPoppler.h"
#include <tiffio.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct {
    __typeof__(&TIFFClientOpenExt) open;
    __typeof__(&TIFFClose) close;
    __typeof__(&TIFFReadScanline) readScanline;
    __typeof__(&TIFFOpenOptionsAlloc) optionsAlloc;
    __typeof__(&TIFFOpenOptionsFree) optionsFree;
    __typeof__(&TIFFOpenOptionsSetErrorHandlerExtR) onError;
    __typeof__(&TIFFOpenOptionsSetWarningHandlerExtR) onWarning;
    __typeof__(&TIFFOpenOptionsSetMaxSingleMemAlloc) maxAlloc;
    int loaded; /* 1: every function found; -1: libtiff is missing. */
} tiff;
static pthread_once_t tiffOnce = PTHREAD_ONCE_INIT;
/* The 8 grey bytes of each byte of a 1-bit row, 0xFF where a bit is 1 (black in the stream), first pixel first. */
static uint64_t spread[256];

static void tm_tiff_load(void) {
    for (int byte = 0; byte < 256; byte++) {
        unsigned char pixels[8];
        for (int bit = 0; bit < 8; bit++) pixels[bit] = (byte >> (7 - bit) & 1) ? 0xFF : 0;
        memcpy(&spread[byte], pixels, 8);
    }
    void *handle = dlopen("libtiff.so.6", RTLD_NOW | RTLD_LOCAL);
    if (!handle) handle = dlopen("libtiff.so", RTLD_NOW | RTLD_LOCAL);
    tiff.loaded = -1;
    if (!handle) return;
#define TM_FIND(field, name) if (!(tiff.field = (__typeof__(tiff.field))dlsym(handle, #name))) return;
    TM_FIND(open, TIFFClientOpenExt)
    TM_FIND(close, TIFFClose)
    TM_FIND(readScanline, TIFFReadScanline)
    TM_FIND(optionsAlloc, TIFFOpenOptionsAlloc)
    TM_FIND(optionsFree, TIFFOpenOptionsFree)
    TM_FIND(onError, TIFFOpenOptionsSetErrorHandlerExtR)
    TM_FIND(onWarning, TIFFOpenOptionsSetWarningHandlerExtR)
    TM_FIND(maxAlloc, TIFFOpenOptionsSetMaxSingleMemAlloc)
#undef TM_FIND
    tiff.loaded = 1;
}

int tm_libtiff_available(void) {
    pthread_once(&tiffOnce, tm_tiff_load);
    return tiff.loaded == 1;
}

/* The TIFF in memory: `header` bytes written here, then the caller's fax data; the first message libtiff gave. */
typedef struct {
    unsigned char header[8 + 2 + 12 * 12 + 4];
    size_t headerSize;
    const unsigned char *data;
    size_t dataSize;
    size_t position;
    char message[200];
    int failed;
} tm_fax_file;

static tmsize_t tm_fax_read(thandle_t handle, void *buffer, tmsize_t size) {
    tm_fax_file *file = handle;
    size_t total = file->headerSize + file->dataSize, done = 0;
    unsigned char *out = buffer;
    while (size > 0 && file->position < total) {
        size_t n;
        if (file->position < file->headerSize) {
            n = file->headerSize - file->position;
            if (n > (size_t)size) n = (size_t)size;
            memcpy(out + done, file->header + file->position, n);
        } else {
            size_t at = file->position - file->headerSize;
            n = file->dataSize - at;
            if (n > (size_t)size) n = (size_t)size;
            memcpy(out + done, file->data + at, n);
        }
        file->position += n;
        done += n;
        size -= (tmsize_t)n;
    }
    return (tmsize_t)done;
}

static tmsize_t tm_fax_write(thandle_t handle, void *buffer, tmsize_t size) {
    (void)handle; (void)buffer; (void)size;
    return 0;
}

static toff_t tm_fax_seek(thandle_t handle, toff_t offset, int whence) {
    tm_fax_file *file = handle;
    size_t total = file->headerSize + file->dataSize;
    uint64_t base = whence == SEEK_CUR ? file->position : whence == SEEK_END ? total : 0;
    uint64_t target = base + offset;
    if (target > total) return (toff_t)-1;
    file->position = (size_t)target;
    return target;
}

static int tm_fax_close(thandle_t handle) { (void)handle; return 0; }

static toff_t tm_fax_size(thandle_t handle) {
    tm_fax_file *file = handle;
    return file->headerSize + file->dataSize;
}

static int tm_fax_map(thandle_t handle, void **base, toff_t *size) { (void)handle; (void)base; (void)size; return 0; }
static void tm_fax_unmap(thandle_t handle, void *base, toff_t size) { (void)handle; (void)base; (void)size; }

/* libtiff's errors and warnings: the first is kept, every one fails the decoding, none reaches standard error. */
static int tm_fax_problem(TIFF *tif, void *user, const char *module, const char *format, va_list args) {
    (void)tif; (void)module;
    tm_fax_file *file = user;
    if (!file->failed) vsnprintf(file->message, sizeof file->message, format, args);
    file->failed = 1;
    return 1;
}

/* One directory entry, little-endian: a SHORT (type 3) or LONG (type 4) value held in the entry itself. */
static unsigned char *tm_fax_entry(unsigned char *p, uint16_t tag, uint16_t type, uint32_t value) {
    p[0] = tag & 0xFF; p[1] = tag >> 8; p[2] = type & 0xFF; p[3] = type >> 8;
    p[4] = 1; p[5] = p[6] = p[7] = 0;
    if (type == 3) { p[8] = value & 0xFF; p[9] = (value >> 8) & 0xFF; p[10] = p[11] = 0; }
    else { p[8] = value & 0xFF; p[9] = (value >> 8) & 0xFF; p[10] = (value >> 16) & 0xFF; p[11] = value >> 24; }
    return p + 12;
}

/* Whether `data` starts with an end-of-line code (eleven or more 0 bits, then a 1), fill bits included. */
static int tm_fax_starts_with_eol(const unsigned char *data, size_t size) {
    size_t zeros = 0;
    for (size_t i = 0; i < size; i++) {
        if (data[i] == 0) { zeros += 8; continue; }
        for (int bit = 7; bit >= 0; bit--) {
            if (data[i] >> bit & 1) return zeros >= 11;
            zeros++;
        }
    }
    return 0;
}

static int tm_fax_fail(char *message, int length, const char *what) {
    snprintf(message, (size_t)length, "%s", what);
    return -1;
}

int tm_ccitt_decode(const unsigned char *data, unsigned long size, int k, int columns, int height, int byteAlign,
                    int endOfLine, unsigned char paper, unsigned char *out, long stride, char *message, int length) {
    if (!tm_libtiff_available()) return tm_fax_fail(message, length, "libtiff (libtiff.so.6) is not installed");
    if (columns <= 0 || height <= 0 || size > 0xFFFFFFF0u) return tm_fax_fail(message, length, "an image of no size");
    if (k < 0 && byteAlign) return tm_fax_fail(message, length, "unsupported: byte-aligned Group 4 rows");
    if (k >= 0 && !endOfLine && !tm_fax_starts_with_eol(data, size))
        return tm_fax_fail(message, length, "unsupported: Group 3 data without end-of-line codes");
    tm_fax_file file = {.data = data, .dataSize = size};
    unsigned char *p = file.header;
    memcpy(p, "II*\0\x08\0\0\0", 8);
    uint16_t entries = k < 0 ? 9 : 10;
    p[8] = (unsigned char)entries; p[9] = 0;
    p += 10;
    uint32_t dataOffset = 8 + 2 + 12u * entries + 4;
    p = tm_fax_entry(p, TIFFTAG_IMAGEWIDTH, 4, (uint32_t)columns);
    p = tm_fax_entry(p, TIFFTAG_IMAGELENGTH, 4, (uint32_t)height);
    p = tm_fax_entry(p, TIFFTAG_BITSPERSAMPLE, 3, 1);
    p = tm_fax_entry(p, TIFFTAG_COMPRESSION, 3, k < 0 ? COMPRESSION_CCITTFAX4 : COMPRESSION_CCITTFAX3);
    p = tm_fax_entry(p, TIFFTAG_PHOTOMETRIC, 3, PHOTOMETRIC_MINISWHITE);
    p = tm_fax_entry(p, TIFFTAG_STRIPOFFSETS, 4, dataOffset);
    p = tm_fax_entry(p, TIFFTAG_SAMPLESPERPIXEL, 3, 1);
    p = tm_fax_entry(p, TIFFTAG_ROWSPERSTRIP, 4, (uint32_t)height);
    p = tm_fax_entry(p, TIFFTAG_STRIPBYTECOUNTS, 4, (uint32_t)size);
    if (k >= 0) p = tm_fax_entry(p, TIFFTAG_GROUP3OPTIONS, 4, (k > 0 ? GROUP3OPT_2DENCODING : 0) | (byteAlign ? GROUP3OPT_FILLBITS : 0));
    memset(p, 0, 4);
    file.headerSize = dataOffset;

    TIFFOpenOptions *options = tiff.optionsAlloc();
    if (!options) return tm_fax_fail(message, length, "libtiff could not start");
    tiff.onError(options, tm_fax_problem, &file);
    tiff.onWarning(options, tm_fax_problem, &file);
    /* No single allocation beyond the fax data and the decoder's run lists (two rows of 32-bit run lengths): a
       damaged stream cannot make libtiff reserve more. */
    tiff.maxAlloc(options, (tmsize_t)size + 16 * ((tmsize_t)columns + 64) + (1 << 20));
    TIFF *handle = tiff.open("fax", "rm", (thandle_t)&file, tm_fax_read, tm_fax_write, tm_fax_seek, tm_fax_close,
                             tm_fax_size, tm_fax_map, tm_fax_unmap, options);
    tiff.optionsFree(options);
    if (!handle || file.failed) {
        if (handle) tiff.close(handle);
        return tm_fax_fail(message, length, file.failed ? file.message : "libtiff could not read the fax data");
    }
    size_t rowBytes = ((size_t)columns + 7) / 8;
    unsigned char *bits = malloc(rowBytes + 8);
    if (!bits) { tiff.close(handle); return tm_fax_fail(message, length, "out of memory"); }
    /* A 1 bit (black in the stream) is the paper's opposite. */
    uint64_t paperWord = 0x0101010101010101ull * paper;
    int result = 0;
    for (int row = 0; row < height; row++) {
        if (tiff.readScanline(handle, bits, (uint32_t)row, 0) != 1 || file.failed) {
            if (!file.failed) snprintf(file.message, sizeof file.message, "row %d could not be decoded", row + 1);
            result = tm_fax_fail(message, length, file.message);
            break;
        }
        unsigned char *line = out + (size_t)row * (size_t)stride;
        size_t whole = (size_t)columns / 8;
        for (size_t i = 0; i < whole; i++) {
            uint64_t word = paperWord ^ spread[bits[i]];
            memcpy(line + 8 * i, &word, 8);
        }
        for (int x = (int)(whole * 8); x < columns; x++)
            line[x] = (bits[x >> 3] >> (7 - (x & 7)) & 1) ? (unsigned char)~paper : paper;
    }
    free(bits);
    tiff.close(handle);
    return result;
}
