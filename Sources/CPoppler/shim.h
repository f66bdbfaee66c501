#ifndef TONMEISTER_CPOPPLER_SHIM_H
#define TONMEISTER_CPOPPLER_SHIM_H
#include <glib.h>
#include <poppler.h>
#include <cairo.h>
#include <cairo-pdf.h>
#endif
