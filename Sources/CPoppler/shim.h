#ifndef TONMEISTER_CPOPPLER_SHIM_H
#define TONMEISTER_CPOPPLER_SHIM_H
#include <glib.h>
#include <poppler.h>
#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-script.h>

/* poppler_document_new_from_data is deprecated in favour of _from_bytes, but in poppler 22 (Debian 12)
   _from_bytes crashes when given a wrong password, so Tonmeister uses _from_data without a password and
   _from_file with one (see Sources/ScoreDocument/ScoreDocument.swift). This wrapper keeps the deliberate
   use of the deprecated call from warning on every build. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
static inline PopplerDocument *tonmeister_document_from_data(char *data, int length, GError **error) {
    return poppler_document_new_from_data(data, length, NULL, error);
}
#pragma GCC diagnostic pop
#endif
