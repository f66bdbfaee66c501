#ifndef TONMEISTER_CPOPPLER_SHIM_H
#define TONMEISTER_CPOPPLER_SHIM_H
#include <poppler.h>
#include <cairo.h>
#endif
