#ifndef CMAPPEDFILE_H
#define CMAPPEDFILE_H

#include <stddef.h>

/// Maps the first `length` bytes of the open file `fd` privately (readable; a write makes a private copy of its page),
/// guarded against the file being cut short by another program while it is mapped: a read of a page past the file's
/// new end, which raises SIGBUS, is given a page of zeros instead and the mapping is marked damaged
/// (`tm_mapped_file_damaged`). Returns NULL when the file cannot be mapped or too many mappings are guarded at once.
void *tm_mapped_file_open(int fd, size_t length);

/// 1 when a read of the mapping at `base` found its file cut short (and read zeros), else 0.
int tm_mapped_file_damaged(const void *base);

/// Lets the kernel drop the mapping's pages from this process's resident memory (they are read again from the file,
/// through the page cache, when next touched). Never call it on a mapping written to: its private copies would be lost.
void tm_mapped_file_release(void *base, size_t length);

/// How many guarded mappings are open (at most 4096; a file opened beyond that is copied instead of mapped).
int tm_mapped_file_in_use(void);

/// Unmaps the mapping at `base` and stops guarding it.
void tm_mapped_file_close(void *base, size_t length);

#endif
