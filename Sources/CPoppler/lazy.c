/* Trampolines that load cairo, poppler-glib and GLib the first time one of their functions is called.

   Linking these libraries made every `tonmeister` process load 44 shared libraries at start (poppler-glib
   brings GIO, cairo brings X11, ...): about 5.5 ms before `main`, for commands that never open a PDF and for
   scanned pages Tonmeister decodes itself. Each function below finds the real one with dlsym on first use. */
#include "CPoppler.h"
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

enum { TM_CAIRO, TM_POPPLER, TM_GOBJECT, TM_GLIB, TM_LIBRARIES };

/* The shared object each library is loaded from; the unversioned name (from the -dev package) is the fallback. */
static const char *const names[TM_LIBRARIES][2] = {
    {"libcairo.so.2", "libcairo.so"},
    {"libpoppler-glib.so.8", "libpoppler-glib.so"},
    {"libgobject-2.0.so.0", "libgobject-2.0.so"},
    {"libglib-2.0.so.0", "libglib-2.0.so"},
};
static void *handles[TM_LIBRARIES];

/* The address of `symbol` in `library`, loading the library if needed. A missing library or symbol is an
   installation fault, not bad input: it is named on standard error and the process exits with status 1. */
static void *tm_lazy_symbol(int library, const char *symbol) {
    void *handle = __atomic_load_n(&handles[library], __ATOMIC_ACQUIRE);
    if (!handle) {
        for (int i = 0; i < 2 && !handle; i++) handle = dlopen(names[library][i], RTLD_NOW | RTLD_GLOBAL);
        if (!handle) {
            fprintf(stderr, "tonmeister: cannot load %s (%s); install the libraries scripts/install-deps installs\n",
                    names[library][0], dlerror());
            exit(1);
        }
        __atomic_store_n(&handles[library], handle, __ATOMIC_RELEASE);
    }
    void *address = dlsym(handle, symbol);
    if (!address) {
        fprintf(stderr, "tonmeister: %s has no %s\n", names[library][0], symbol);
        exit(1);
    }
    return address;
}

/* `f`: the real `name` of `library`, looked up on the first call and kept (a function returning `type`). */
#define TM_REAL(library, type, name, parameters)                                                               \
    static type(*real) parameters;                                                                             \
    type(*f) parameters = __atomic_load_n(&real, __ATOMIC_ACQUIRE);                                             \
    if (!f) {                                                                                                  \
        f = (type(*) parameters)tm_lazy_symbol(library, #name);                                                \
        __atomic_store_n(&real, f, __ATOMIC_RELEASE);                                                          \
    }
#define TM_LAZY(library, type, name, parameters, arguments)                                                    \
    type name parameters {                                                                                     \
        TM_REAL(library, type, name, parameters)                                                               \
        return f arguments;                                                                                    \
    }
/* C forbids `return` with a void expression, hence a second form. */
#define TM_LAZY_VOID(library, name, parameters, arguments)                                                     \
    void name parameters {                                                                                     \
        TM_REAL(library, void, name, parameters)                                                               \
        f arguments;                                                                                           \
    }

TM_LAZY_VOID(TM_CAIRO, cairo_arc, (cairo_t *cr, double xc, double yc, double radius, double angle1, double angle2), (cr, xc, yc, radius, angle1, angle2))
TM_LAZY(TM_CAIRO, cairo_t *, cairo_create, (cairo_surface_t *target), (target))
TM_LAZY_VOID(TM_CAIRO, cairo_destroy, (cairo_t *cr), (cr))
TM_LAZY_VOID(TM_CAIRO, cairo_device_destroy, (cairo_device_t *device), (device))
TM_LAZY_VOID(TM_CAIRO, cairo_device_finish, (cairo_device_t *device), (device))
TM_LAZY_VOID(TM_CAIRO, cairo_fill, (cairo_t *cr), (cr))
TM_LAZY_VOID(TM_CAIRO, cairo_fill_preserve, (cairo_t *cr), (cr))
TM_LAZY(TM_CAIRO, cairo_surface_t *, cairo_image_surface_create, (cairo_format_t format, int width, int height), (format, width, height))
TM_LAZY(TM_CAIRO, unsigned char *, cairo_image_surface_get_data, (cairo_surface_t *surface), (surface))
TM_LAZY(TM_CAIRO, int, cairo_image_surface_get_height, (cairo_surface_t *surface), (surface))
TM_LAZY(TM_CAIRO, int, cairo_image_surface_get_stride, (cairo_surface_t *surface), (surface))
TM_LAZY(TM_CAIRO, int, cairo_image_surface_get_width, (cairo_surface_t *surface), (surface))
TM_LAZY_VOID(TM_CAIRO, cairo_line_to, (cairo_t *cr, double x, double y), (cr, x, y))
TM_LAZY_VOID(TM_CAIRO, cairo_move_to, (cairo_t *cr, double x, double y), (cr, x, y))
TM_LAZY_VOID(TM_CAIRO, cairo_new_path, (cairo_t *cr), (cr))
TM_LAZY_VOID(TM_CAIRO, cairo_new_sub_path, (cairo_t *cr), (cr))
TM_LAZY_VOID(TM_CAIRO, cairo_paint, (cairo_t *cr), (cr))
TM_LAZY(TM_CAIRO, cairo_surface_t *, cairo_pdf_surface_create, (const char *filename, double width_in_points, double height_in_points), (filename, width_in_points, height_in_points))
TM_LAZY_VOID(TM_CAIRO, cairo_pdf_surface_set_metadata, (cairo_surface_t *surface, cairo_pdf_metadata_t metadata, const char *utf8), (surface, metadata, utf8))
TM_LAZY_VOID(TM_CAIRO, cairo_pdf_surface_set_size, (cairo_surface_t *surface, double width_in_points, double height_in_points), (surface, width_in_points, height_in_points))
TM_LAZY_VOID(TM_CAIRO, cairo_rectangle, (cairo_t *cr, double x, double y, double width, double height), (cr, x, y, width, height))
TM_LAZY_VOID(TM_CAIRO, cairo_restore, (cairo_t *cr), (cr))
TM_LAZY_VOID(TM_CAIRO, cairo_save, (cairo_t *cr), (cr))
TM_LAZY_VOID(TM_CAIRO, cairo_scale, (cairo_t *cr, double sx, double sy), (cr, sx, sy))
TM_LAZY(TM_CAIRO, cairo_device_t *, cairo_script_create_for_stream, (cairo_write_func_t write_func, void *closure), (write_func, closure))
TM_LAZY(TM_CAIRO, cairo_surface_t *, cairo_script_surface_create, (cairo_device_t *script, cairo_content_t content, double width, double height), (script, content, width, height))
TM_LAZY_VOID(TM_CAIRO, cairo_select_font_face, (cairo_t *cr, const char *family, cairo_font_slant_t slant, cairo_font_weight_t weight), (cr, family, slant, weight))
TM_LAZY_VOID(TM_CAIRO, cairo_set_dash, (cairo_t *cr, const double *dashes, int num_dashes, double offset), (cr, dashes, num_dashes, offset))
TM_LAZY_VOID(TM_CAIRO, cairo_set_font_size, (cairo_t *cr, double size), (cr, size))
TM_LAZY_VOID(TM_CAIRO, cairo_set_line_width, (cairo_t *cr, double width), (cr, width))
TM_LAZY_VOID(TM_CAIRO, cairo_set_source_rgb, (cairo_t *cr, double red, double green, double blue), (cr, red, green, blue))
TM_LAZY_VOID(TM_CAIRO, cairo_set_source_rgba, (cairo_t *cr, double red, double green, double blue, double alpha), (cr, red, green, blue, alpha))
TM_LAZY_VOID(TM_CAIRO, cairo_show_page, (cairo_t *cr), (cr))
TM_LAZY_VOID(TM_CAIRO, cairo_show_text, (cairo_t *cr, const char *utf8), (cr, utf8))
TM_LAZY(TM_CAIRO, cairo_status_t, cairo_status, (cairo_t *cr), (cr))
TM_LAZY(TM_CAIRO, const char *, cairo_status_to_string, (cairo_status_t status), (status))
TM_LAZY_VOID(TM_CAIRO, cairo_stroke, (cairo_t *cr), (cr))
TM_LAZY_VOID(TM_CAIRO, cairo_surface_destroy, (cairo_surface_t *surface), (surface))
TM_LAZY_VOID(TM_CAIRO, cairo_surface_finish, (cairo_surface_t *surface), (surface))
TM_LAZY_VOID(TM_CAIRO, cairo_surface_flush, (cairo_surface_t *surface), (surface))
TM_LAZY_VOID(TM_CAIRO, cairo_surface_mark_dirty, (cairo_surface_t *surface), (surface))
TM_LAZY(TM_CAIRO, cairo_status_t, cairo_surface_status, (cairo_surface_t *surface), (surface))
TM_LAZY(TM_CAIRO, cairo_status_t, cairo_surface_write_to_png_stream, (cairo_surface_t *surface, cairo_write_func_t write_func, void *closure), (surface, write_func, closure))
TM_LAZY_VOID(TM_CAIRO, cairo_text_extents, (cairo_t *cr, const char *utf8, cairo_text_extents_t *extents), (cr, utf8, extents))
TM_LAZY_VOID(TM_POPPLER, poppler_page_render_for_printing, (PopplerPage *page, cairo_t *cairo), (page, cairo))
TM_LAZY_VOID(TM_POPPLER, poppler_page_render, (PopplerPage *page, cairo_t *cairo), (page, cairo))
TM_LAZY_VOID(TM_POPPLER, poppler_page_get_size, (PopplerPage *page, double *width, double *height), (page, width, height))
TM_LAZY(TM_POPPLER, GList *, poppler_page_get_image_mapping, (PopplerPage *page), (page))
TM_LAZY_VOID(TM_POPPLER, poppler_page_free_image_mapping, (GList *list), (list))
TM_LAZY(TM_POPPLER, GQuark, poppler_error_quark, (void), ())
TM_LAZY(TM_POPPLER, char *, poppler_page_get_text, (PopplerPage *page), (page))
TM_LAZY(TM_POPPLER, int, poppler_page_get_text_layout, (PopplerPage *page, PopplerRectangle **rectangles, unsigned int *n_rectangles), (page, rectangles, n_rectangles))
TM_LAZY(TM_POPPLER, PopplerDocument *, poppler_document_new_from_file, (const char *uri, const char *password, GError **error), (uri, password, error))
TM_LAZY(TM_POPPLER, PopplerDocument *, poppler_document_new_from_data, (char *data, int length, const char *password, GError **error), (data, length, password, error))
TM_LAZY(TM_POPPLER, PopplerPage *, poppler_document_get_page, (PopplerDocument *document, int index), (document, index))
TM_LAZY(TM_POPPLER, int, poppler_document_get_n_pages, (PopplerDocument *document), (document))
TM_LAZY_VOID(TM_GOBJECT, g_object_unref, (void *object), (object))
TM_LAZY_VOID(TM_GLIB, g_free, (void *memory), (memory))
TM_LAZY_VOID(TM_GLIB, g_error_free, (GError *error), (error))
TM_LAZY(TM_GLIB, char *, g_filename_to_uri, (const char *filename, const char *hostname, GError **error), (filename, hostname, error))
