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
#endif
