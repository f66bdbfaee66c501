#ifndef TONMEISTER_CZLIB_SHIM_H
#define TONMEISTER_CZLIB_SHIM_H
#include <zlib.h>
#endif
