#ifndef TONMEISTER_CPOPPLER_H
#define TONMEISTER_CPOPPLER_H
/* The parts of cairo, poppler-glib and GLib that Tonmeister calls, loaded when first called (see lazy.c).

   cairo's own headers declare its functions; Tonmeister defines them (hidden, so the libraries never bind to
   them) as trampolines into the real libraries. poppler-glib's and GLib's headers need include paths found by
   pkg-config, so the few types and functions used are declared here, as in poppler 22 and GLib 2.74. */
#define cairo_public __attribute__((visibility("hidden")))
#include <cairo/cairo.h>
#include <cairo/cairo-pdf.h>
#include <cairo/cairo-script.h>

#define TM_HIDDEN __attribute__((visibility("hidden")))

typedef unsigned int GQuark;
typedef struct _GError { GQuark domain; int code; char *message; } GError;
typedef struct _GList { void *data; struct _GList *next; struct _GList *prev; } GList;

typedef struct _PopplerDocument PopplerDocument;
typedef struct _PopplerPage PopplerPage;
typedef struct _PopplerRectangle { double x1; double y1; double x2; double y2; } PopplerRectangle;
typedef struct _PopplerImageMapping { PopplerRectangle area; int image_id; } PopplerImageMapping;
typedef enum { POPPLER_ERROR_INVALID, POPPLER_ERROR_ENCRYPTED, POPPLER_ERROR_OPEN_FILE, POPPLER_ERROR_BAD_CATALOG,
               POPPLER_ERROR_DAMAGED } PopplerError;

TM_HIDDEN PopplerDocument *poppler_document_new_from_file(const char *uri, const char *password, GError **error);
/* Deprecated for _from_bytes, which in poppler 22 (Debian 12) crashes on a wrong password: Tonmeister opens
   without a password from data and with one from a file (see Sources/ScoreDocument/ScoreDocument.swift). */
TM_HIDDEN PopplerDocument *poppler_document_new_from_data(char *data, int length, const char *password, GError **error);
TM_HIDDEN int poppler_document_get_n_pages(PopplerDocument *document);
TM_HIDDEN PopplerPage *poppler_document_get_page(PopplerDocument *document, int index);
TM_HIDDEN void poppler_page_get_size(PopplerPage *page, double *width, double *height);
TM_HIDDEN void poppler_page_render(PopplerPage *page, cairo_t *cairo);
TM_HIDDEN void poppler_page_render_for_printing(PopplerPage *page, cairo_t *cairo);
TM_HIDDEN GList *poppler_page_get_image_mapping(PopplerPage *page);
TM_HIDDEN void poppler_page_free_image_mapping(GList *list);
TM_HIDDEN GQuark poppler_error_quark(void);
/* The page's text in reading order (UTF-8, g_free it) and one rectangle per character of that text (g_free the
   array): the printed bar numbers are read from these. */
TM_HIDDEN char *poppler_page_get_text(PopplerPage *page);
TM_HIDDEN int poppler_page_get_text_layout(PopplerPage *page, PopplerRectangle **rectangles, unsigned int *n_rectangles);

TM_HIDDEN void g_object_unref(void *object);
TM_HIDDEN void g_free(void *memory);
TM_HIDDEN void g_error_free(GError *error);
TM_HIDDEN char *g_filename_to_uri(const char *filename, const char *hostname, GError **error);
/* FreeType, loaded on first use (fonts.c): the glyph boxes of embedded font programs. */
typedef struct tm_font tm_font;
/* 1 when FreeType (libfreetype.so.6) could be loaded. */
TM_HIDDEN int tm_freetype_available(void);
/* A font program (CFF, Type 1, TrueType, OpenType) read by FreeType from a copy of `data`; NULL when FreeType is
   missing or cannot read it. */
TM_HIDDEN tm_font *tm_font_open(const unsigned char *data, long length);
TM_HIDDEN void tm_font_close(tm_font *font);
TM_HIDDEN long tm_font_glyph_count(const tm_font *font);
/* FreeType's name of the format: "CFF", "Type 1", "TrueType", "CID Type 1", ... */
TM_HIDDEN const char *tm_font_format(const tm_font *font);
/* The control box of the unscaled outline in em (x0, y0, x1, y1, y upward): 0, or 1 for an empty glyph, -1 on error. */
TM_HIDDEN int tm_font_glyph_box(tm_font *font, unsigned glyph, double box[4]);
TM_HIDDEN unsigned tm_font_glyph_named(tm_font *font, const char *name);
TM_HIDDEN int tm_font_glyph_name(tm_font *font, unsigned glyph, char *buffer, unsigned length);
TM_HIDDEN unsigned tm_font_glyph_in_cmap(tm_font *font, int platform, int encoding, unsigned long code, int *found);
TM_HIDDEN unsigned tm_font_builtin_glyph(tm_font *font, unsigned code);
TM_HIDDEN int tm_font_is_cid_keyed(tm_font *font);
TM_HIDDEN long tm_font_cid_of_glyph(tm_font *font, unsigned glyph);

/* libjpeg-turbo's TurboJPEG API, loaded on first use (jpeg.c). Each returns 0, or -1 with `message` filled. */
TM_HIDDEN int tm_turbojpeg_available(void);
TM_HIDDEN int tm_jpeg_header(const unsigned char *data, unsigned long size, int *width, int *height, int *colorspace,
                             char *message, int length);
/* Decodes to 8-bit grey at `scaledWidth` × `scaledHeight` (the full size, or a half, quarter or eighth of it,
   rounded up) into `out`, `pitch` bytes a row. */
TM_HIDDEN int tm_jpeg_decode_gray(const unsigned char *data, unsigned long size, int scaledWidth, int scaledHeight,
                                  unsigned char *out, int pitch, char *message, int length);

/* CCITT fax decoding through libtiff, loaded on first use (ccitt.c). `k` as PDF's /K (negative: Group 4, 0: Group 3
   1-D, positive: Group 3 2-D); the first `height` rows of `columns` pixels go to `out`, `stride` bytes a row, the
   stream's white as `paper` and its black as `255 - paper`. Returns 0, or -1 with `message` filled (a message
   starting "unsupported:" for valid data libtiff cannot read as PDF allows it). */
TM_HIDDEN int tm_libtiff_available(void);
TM_HIDDEN int tm_ccitt_decode(const unsigned char *data, unsigned long size, int k, int columns, int height, int byteAlign,
                              int endOfLine, unsigned char paper, unsigned char *out, long stride, char *message, int length);
#endif
