/* Tesseract OCR (its C API, tesseract/capi.h), loaded on first use (see lazy.c): reads one short line of text in
   a small 8-bit gray image. Callers see only these few functions. */
#ifndef TM_CTESSERACT_H
#define TM_CTESSERACT_H
#include <stddef.h>

/* 1 when libtesseract loads and has every function used here, else 0 with a message in `error`. */
int tm_ocr_available(char *error, size_t error_size);

/* 1 when libtesseract's own call to tesseract::UnicharAmbigs::LoadUniversal binds to lazy.c's empty definition
   (the executable exports it, see Package.swift): loading the model then skips the legacy engine's table of
   character ambiguities, which the LSTM engine used here never reads. */
int tm_ocr_skips_universal_ambiguities(void);

/* 1 when Leptonica's bmfCreate, which each Tesseract reader calls for its debugging images' font, binds to lazy.c's
   definition that makes none (exported by the executable like the one above): 1 ms less per reader. */
int tm_ocr_skips_debug_font(void);

/* 1 when libtesseract is loaded with the stand-ins for libcurl and libarchive that stubs.c makes in memory (neither
   is ever called here; with them, loading Tesseract's libraries takes 3 ms rather than 7-8), 0 when it is loaded with
   the real ones or not at all. */
int tm_ocr_uses_library_stand_ins(void);

/* A reader of one line of text (page segmentation mode `mode`: 7 a single line, 8 a single word) made only of the
   characters in `whitelist`, with the LSTM engine of the English model ("eng": from TESSDATA_PREFIX or Tesseract's
   data directory, only the parts that engine reads). Returns NULL with
   a message in `error` when the library or its model cannot be loaded. One reader per thread. */
void *tm_ocr_new(const char *whitelist, int mode, char *error, size_t error_size);

/* Reads `pixels` (`width` × `height` 8-bit gray, `stride` bytes per row, 0 black) scanned at `ppi`. Writes the
   text (UTF-8, trailing white space removed, cut to `text_size`) into `text` and its mean confidence (0-100)
   into `confidence`; returns 0, or -1 when nothing could be read. */
int tm_ocr_read(void *reader, const unsigned char *pixels, int width, int height, int stride, int ppi, char *text,
                size_t text_size, int *confidence);

void tm_ocr_free(void *reader);
#endif
