/* Stand-ins for the libraries libtesseract needs but never calls for us (stubs.c). */
#ifndef TM_CTESSERACT_STUBS_H
#define TM_CTESSERACT_STUBS_H

/* Makes and opens stand-ins for libcurl.so.4 and libarchive.so.13 unless a library of that name is loaded already;
   their handles (or NULL) in handles[0] and handles[1]. Returns how many were opened. */
int tm_stub_tesseract_network_libraries(void **handles);

/* 1 when the library `handle` (libtesseract) binds libcurl's and libarchive's functions to the stand-ins. */
int tm_stubs_serve(void *handle);
#endif
